/**
 * The current project (SPEC §3, §7 "Other client calls").
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import type { KnownError, UnknownErrorCode } from "../protocol/KnownError.ts"
import { ClientProject } from "../protocol/schemas/Project.ts"
import * as Session from "../session/Session.ts"
import type { TransportError } from "../transport/TransportErrors.ts"

/** What `getCurrent` can fail with: the protocol declares no error specific to it. */
export type GetCurrentError = KnownError | UnknownErrorCode | TransportError

/** The project the app is configured for, with its client-visible config. SPEC §7 `GET /projects/current` */
export const getCurrent = Effect.fn("Projects.getCurrent")(
  function*(): Effect.fn.Return<ClientProject, GetCurrentError, Session.Session> {
    return yield* Session.call({ method: "GET", path: "/projects/current", response: ClientProject, errors: [] })
  }
)
