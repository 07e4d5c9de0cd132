/**
 * Projects the signed-in dashboard user owns (only in the project named `internal`;
 * `GET` and `POST /internal/projects`): list and create them with the user's session in the
 * `internal` project (`StackAdminApp.forOwnedProject` administers one with that session).
 *
 * @since 0.1.0
 * @module
 */
import * as Effect from "effect/Effect"
import * as KnownErrors from "../protocol/KnownErrors.ts"
import { AdminProject, AdminProjectList } from "../protocol/internal/schemas/AdminProject.ts"
import * as Session from "../session/Session.ts"
import type * as Call from "../transport/Call.ts"
import { type ConfigUpdate, toWireUpdate } from "./AdminProjects.ts"
import * as Traced from "../transport/internal/Traced.ts"

const ownedErrors = [KnownErrors.ExpectedInternalProject, KnownErrors.UserAuthenticationRequired] as const
/** What the owned-project calls can fail with: not the `internal` project, or not signed in. */
export type OwnedError = Call.CallError<typeof ownedErrors>

/** The projects the signed-in user administers. `GET /internal/projects` */
export const list = /*#__PURE__*/ Effect.fnUntraced(
  function*(): Effect.fn.Return<ReadonlyArray<AdminProject>, OwnedError, Session.Session> {
    const answer = yield* Session.call({ method: "GET", path: "/internal/projects", response: AdminProjectList, errors: ownedErrors })
    return answer.items
  },
  /*#__PURE__*/ Traced.span("OwnedProjects.list")
)

/** A new project. `POST /internal/projects` */
export interface CreateInput {
  readonly displayName: string
  readonly description?: string | undefined
  readonly isProductionMode?: boolean | undefined
  readonly config?: ConfigUpdate | undefined
}

const createErrors = [KnownErrors.SchemaError, ...ownedErrors] as const
/** What {@link create} can fail with: an input the service refuses, or not signed in to the `internal` project. */
export type CreateError = Call.CallError<typeof createErrors>

/**
 * Creates a project owned by the signed-in user (`POST /internal/projects`); the service has
 * users own projects, not teams.
 */
export const create = /*#__PURE__*/ Effect.fnUntraced(
  function*(input: CreateInput): Effect.fn.Return<AdminProject, CreateError, Session.Session> {
    return yield* Session.call({
      method: "POST",
      path: "/internal/projects",
      body: { ...toWireUpdate(input), display_name: input.displayName },
      response: AdminProject,
      errors: createErrors
    })
  },
  /*#__PURE__*/ Traced.span("OwnedProjects.create")
)
