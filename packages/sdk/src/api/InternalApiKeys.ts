/**
 * The project's own key sets, admin only (`/internal/api-keys`): create (the full keys are shown
 * once), list, read (last four characters only), update, revoke (one way), and their validity.
 *
 * @since 0.1.0
 * @module
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as KnownErrors from "../protocol/KnownErrors.ts"
import {
  InternalApiKey,
  InternalApiKeyFirstView,
  InternalApiKeyList
} from "../protocol/internal/schemas/InternalApiKey.ts"
import { AdminAccess } from "../transport/Access.ts"
import * as Call from "../transport/Call.ts"
import type { StackHttp } from "../transport/StackHttp.ts"
import * as Traced from "../transport/internal/Traced.ts"

/** A key set as read, and as first shown. */
export type { InternalApiKey, InternalApiKeyFirstView } from "../protocol/internal/schemas/InternalApiKey.ts"

const basePath = "/internal/api-keys"
const keyPath = (id: string) => `${basePath}/${encodeURIComponent(id)}`

/** What a new key set holds and until when. `POST /internal/api-keys` */
export interface CreateInput {
  readonly description: string
  readonly expiresAt: Date
  readonly hasPublishableClientKey: boolean
  readonly hasSecretServerKey: boolean
  readonly hasSuperSecretAdminKey: boolean
}

/** What {@link create} and {@link list} can fail with: no error specific to them. */
export type CreateError = KnownErrors.SchemaError | Call.CallError<readonly []>

/** Creates a key set; the answer is the only time its full keys are shown. */
export const create = /*#__PURE__*/ Effect.fnUntraced(
  function*(input: CreateInput): Effect.fn.Return<InternalApiKeyFirstView, CreateError, StackHttp | AdminAccess> {
    yield* AdminAccess
    return yield* Call.call({
      method: "POST",
      path: basePath,
      body: {
        description: input.description,
        expires_at_millis: input.expiresAt.getTime(),
        has_publishable_client_key: input.hasPublishableClientKey,
        has_secret_server_key: input.hasSecretServerKey,
        has_super_secret_admin_key: input.hasSuperSecretAdminKey
      },
      response: InternalApiKeyFirstView,
      errors: [KnownErrors.SchemaError]
    })
  },
  /*#__PURE__*/ Traced.span("InternalApiKeys.create")
)

/** What {@link list} can fail with. */
export type ListError = Call.CallError<readonly []>

/** The project's key sets, newest first, keys by their last four characters. `GET /internal/api-keys` */
export const list = /*#__PURE__*/ Effect.fnUntraced(
  function*(): Effect.fn.Return<ReadonlyArray<InternalApiKey>, ListError, StackHttp | AdminAccess> {
    yield* AdminAccess
    return (yield* Call.call({ method: "GET", path: basePath, response: InternalApiKeyList, errors: [] })).items
  },
  /*#__PURE__*/ Traced.span("InternalApiKeys.list")
)

const byIdErrors = [KnownErrors.SchemaError, KnownErrors.ApiKeyNotFound] as const
/** What {@link get}, {@link update} and {@link revoke} can fail with. */
export type ByIdError = Call.CallError<typeof byIdErrors>

/** One key set. `GET /internal/api-keys/{id}` */
export const get = /*#__PURE__*/ Effect.fnUntraced(
  function*(id: string): Effect.fn.Return<InternalApiKey, ByIdError, StackHttp | AdminAccess> {
    yield* AdminAccess
    return yield* Call.call({ method: "GET", path: keyPath(id), response: InternalApiKey, errors: byIdErrors })
  },
  /*#__PURE__*/ Traced.span("InternalApiKeys.get")
)

/** What `update` takes: the key's new description. */
export interface UpdateInput {
  readonly description: string
}

/** Changes a key set's description. `PATCH /internal/api-keys/{id}` */
export const update = /*#__PURE__*/ Effect.fnUntraced(
  function*(id: string, input: UpdateInput): Effect.fn.Return<InternalApiKey, ByIdError, StackHttp | AdminAccess> {
    yield* AdminAccess
    return yield* Call.call({ method: "PATCH", path: keyPath(id), body: { description: input.description }, response: InternalApiKey, errors: byIdErrors })
  },
  /*#__PURE__*/ Traced.span("InternalApiKeys.update")
)

/** Revokes a key set for good: active to revoked, one way (`revoked: true`). `PATCH /internal/api-keys/{id}` */
export const revoke = /*#__PURE__*/ Effect.fnUntraced(
  function*(id: string): Effect.fn.Return<InternalApiKey, ByIdError, StackHttp | AdminAccess> {
    yield* AdminAccess
    return yield* Call.call({ method: "PATCH", path: keyPath(id), body: { revoked: true }, response: InternalApiKey, errors: byIdErrors })
  },
  /*#__PURE__*/ Traced.span("InternalApiKeys.revoke")
)

/** Whether a key set can be used: `valid`, or why not (expiry is checked before revocation). */
export type Validity = "valid" | "expired" | "manually-revoked"

/** The validity of a key set at `nowMillis`; expiry is checked before revocation. */
export const validityAt = (
  key: Pick<InternalApiKey, "expiresAt" | "manuallyRevokedAt">,
  nowMillis: number
): Validity =>
  key.expiresAt.getTime() < nowMillis ? "expired" : key.manuallyRevokedAt != null ? "manually-revoked" : "valid"

/** The validity of a key set now (by Effect's `Clock`). */
export const validity = (key: Pick<InternalApiKey, "expiresAt" | "manuallyRevokedAt">): Effect.Effect<Validity> =>
  Effect.map(Clock.currentTimeMillis, (now) => validityAt(key, now))
