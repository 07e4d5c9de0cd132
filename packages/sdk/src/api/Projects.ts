/**
 * The current project (`GET /projects/current`).
 *
 * @since 0.1.0
 * @module
 */
import { SchemaError } from "../protocol/KnownErrors.ts"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type { KnownError, UnknownErrorCode } from "../protocol/KnownError.ts"
import { ClientProject } from "../protocol/internal/schemas/Project.ts"
import * as Session from "../session/Session.ts"
import * as Call from "../transport/Call.ts"
import type { StackHttp } from "../transport/StackHttp.ts"
import type { TransportError } from "../transport/TransportErrors.ts"
import * as Traced from "../transport/internal/Traced.ts"

/** The project as a client sees it: its name and which sign-in methods it allows. */
export { ClientProject } from "../protocol/internal/schemas/Project.ts"

/** What `getCurrent` can fail with: the protocol declares no error specific to it. */
export type GetCurrentError = KnownError | UnknownErrorCode | TransportError

/** The project the app is configured for, with its client-visible config. `GET /projects/current` */
export const getCurrent = /*#__PURE__*/ Effect.fnUntraced(
  function*(): Effect.fn.Return<ClientProject, GetCurrentError, Session.Session> {
    return yield* Session.call({ method: "GET", path: "/projects/current", response: ClientProject, errors: [] })
  },
  /*#__PURE__*/ Traced.span("Projects.getCurrent")
)

/** The service does not offer a feature the app asked about. `POST /check-feature-support` */
export class FeatureNotSupported extends /*#__PURE__*/ Schema.TaggedError<FeatureNotSupported>()("FeatureNotSupported", {
  name: Schema.String
}) {
  override get message(): string {
    return `${this.name} is not supported by the service`
  }
}

/** What `checkFeatureSupport` fails with: `FeatureNotSupported` once the service has been told. */
export type CheckFeatureSupportError = SchemaError | FeatureNotSupported | KnownError | UnknownErrorCode | TransportError

/**
 * Reports a feature the SDK cannot serve to the service (the body is passed through, with
 * `name`), then fails with `FeatureNotSupported`. The service answers with plain text.
 * `POST /check-feature-support`
 */
export const checkFeatureSupport = /*#__PURE__*/ Effect.fnUntraced(
  function*(options: { readonly name: string; readonly [key: string]: unknown }): Effect.fn.Return<never, CheckFeatureSupportError, StackHttp> {
    yield* Call.call({
      method: "POST",
      path: "/check-feature-support",
      body: options,
      responseType: "text",
      response: Schema.String,
      errors: [SchemaError]
    })
    return yield* new FeatureNotSupported({ name: options.name })
  },
  /*#__PURE__*/ Traced.span("Projects.checkFeatureSupport")
)
