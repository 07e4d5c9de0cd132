/**
 * API keys of users and teams (`/user-api-keys`, `/team-api-keys`): create (the whole
 * value is answered once, kept `Redacted`; afterwards only its last four characters), list, read,
 * update, revoke (`revoked: true`), the key's validity against the `Clock`, and the server's check
 * of a key and look-up of its user or team.
 *
 * A key belongs to exactly one owner: a user (`me` allowed) or a team. Naming both is refused
 * before any request with {@link ApiKeyOwnerConflict}. A project that does not allow a
 * key type answers a plain HTTP 400 (a `StackTransportError`, reason `HttpError`).
 *
 * @since 0.1.0
 * @module
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import type { KnownError, UnknownErrorCode } from "../protocol/KnownError.ts"
import * as KnownErrors from "../protocol/KnownErrors.ts"
import { ApiKey, ApiKeyList, CreatedApiKey, TeamApiKey, UserApiKey } from "../protocol/internal/schemas/ApiKey.ts"
import type { ServerTeam } from "../protocol/internal/schemas/Team.ts"
import type { ServerUser } from "../protocol/internal/schemas/ServerUser.ts"
import * as Session from "../session/Session.ts"
import { ServerAccess } from "../transport/Access.ts"
import * as Call from "../transport/Call.ts"
import type { StackHttp } from "../transport/StackHttp.ts"
import type { TransportError } from "../transport/TransportErrors.ts"
import * as ServerUsers from "./ServerUsers.ts"
import * as Teams from "./Teams.ts"
import * as Traced from "../transport/internal/Traced.ts"

/** An API key of a user or a team, as the service lists it (never its secret value). */
export type { ApiKey } from "../protocol/internal/schemas/ApiKey.ts"

type Common = KnownError | UnknownErrorCode | TransportError

/** Whose key: a user's (`"me"` for the signed-in user) or a team's, never both. */
export type Owner =
  | { readonly userId: string; readonly teamId?: undefined }
  | { readonly teamId: string; readonly userId?: undefined }

/** A key's type: `user` or `team`. */
export type KeyType = "user" | "team"

/** Both a user and a team (or neither) were named as a key's owner; nothing was sent. */
export class ApiKeyOwnerConflict extends /*#__PURE__*/ Schema.TaggedError<ApiKeyOwnerConflict>()("ApiKeyOwnerConflict", {
  reason: Schema.Literals(["both", "neither"])
}) {
  override get message(): string {
    return this.reason === "both"
      ? "An API key belongs to a user or to a team, not both: give userId or teamId"
      : "An API key belongs to a user or to a team: give userId or teamId"
  }
}

interface Target {
  readonly type: KeyType
  readonly base: string
  readonly query: { readonly user_id: string } | { readonly team_id: string }
}

/** The endpoint and owner query of an owner, or the conflict. */
const targetOf = (owner: Owner): Effect.Effect<Target, ApiKeyOwnerConflict> => {
  const { userId, teamId } = owner as { readonly userId?: string | undefined; readonly teamId?: string | undefined }
  if (userId !== undefined && teamId !== undefined) return Effect.fail(new ApiKeyOwnerConflict({ reason: "both" }))
  if (userId !== undefined) return Effect.succeed({ type: "user", base: "/user-api-keys", query: { user_id: userId } })
  if (teamId !== undefined) return Effect.succeed({ type: "team", base: "/team-api-keys", query: { team_id: teamId } })
  return Effect.fail(new ApiKeyOwnerConflict({ reason: "neither" }))
}

/** Options of a new key. */
export type CreateOptions = Owner & {
  readonly description: string
  /** No expiry when left out or `null`. */
  readonly expiresAt?: Date | null | undefined
  readonly isPublic?: boolean | undefined
}

/** What the owner's calls can fail with: signed out, or a team key without `$manage_api_keys` ("not found"). */
export type OwnerError =
  | KnownErrors.SchemaError
  | ApiKeyOwnerConflict
  | KnownErrors.CannotGetOwnUserWithoutUser
  | KnownErrors.UserAuthenticationRequired
  | KnownErrors.ApiKeyNotFound
  | Common

const ownerErrors = [
  KnownErrors.SchemaError,
  KnownErrors.CannotGetOwnUserWithoutUser,
  KnownErrors.UserAuthenticationRequired,
  KnownErrors.ApiKeyNotFound
] as const

/** Creates a key; the answer carries its whole value (`Redacted`), the only time it is shown. `POST /user-api-keys`, `POST /team-api-keys` */
export const create = /*#__PURE__*/ Effect.fnUntraced(
  function*(options: CreateOptions): Effect.fn.Return<CreatedApiKey, OwnerError, Session.Session> {
    const target = yield* targetOf(options)
    return yield* Session.call({
      method: "POST",
      path: target.base,
      body: {
        description: options.description,
        expires_at_millis: options.expiresAt == null ? null : options.expiresAt.getTime(),
        is_public: options.isPublic,
        ...target.query
      },
      response: CreatedApiKey,
      errors: ownerErrors
    })
  },
  /*#__PURE__*/ Traced.span("ApiKeys.create")
)

/** An owner's keys, newest first. `GET /user-api-keys`, `GET /team-api-keys` */
export const list = /*#__PURE__*/ Effect.fnUntraced(
  function*(owner: Owner): Effect.fn.Return<ReadonlyArray<ApiKey>, OwnerError, Session.Session> {
    const target = yield* targetOf(owner)
    const page = yield* Session.call({ method: "GET", path: target.base, query: target.query, response: ApiKeyList, errors: ownerErrors })
    return page.items
  },
  /*#__PURE__*/ Traced.span("ApiKeys.list")
)

/** One key of an owner. `GET /user-api-keys/{id}`, `GET /team-api-keys/{id}` */
export const get = /*#__PURE__*/ Effect.fnUntraced(
  function*(owner: Owner, keyId: string): Effect.fn.Return<ApiKey, OwnerError, Session.Session> {
    const target = yield* targetOf(owner)
    return yield* Session.call({
      method: "GET",
      path: `${target.base}/${encodeURIComponent(keyId)}`,
      query: target.query,
      response: ApiKey,
      errors: ownerErrors
    })
  },
  /*#__PURE__*/ Traced.span("ApiKeys.get")
)

/** Changes to a key (passed through): a description, or `revoked: true` (one way). */
export interface UpdateInput {
  readonly description?: string | undefined
  readonly revoked?: true | undefined
}

/** Updates a key. `PATCH /user-api-keys/{id}`, `PATCH /team-api-keys/{id}` */
export const update = /*#__PURE__*/ Effect.fnUntraced(
  function*(owner: Owner, keyId: string, body: UpdateInput): Effect.fn.Return<ApiKey, OwnerError, Session.Session> {
    const target = yield* targetOf(owner)
    return yield* Session.call({
      method: "PATCH",
      path: `${target.base}/${encodeURIComponent(keyId)}`,
      query: target.query,
      body,
      response: ApiKey,
      errors: ownerErrors
    })
  },
  /*#__PURE__*/ Traced.span("ApiKeys.update")
)

/** Revokes a key for good (revoking a revoked key keeps its first revocation time): `PATCH` with `revoked: true`. */
export const revoke = /*#__PURE__*/ Effect.fnUntraced(
  function*(owner: Owner, keyId: string): Effect.fn.Return<ApiKey, OwnerError, Session.Session> {
    return yield* update(owner, keyId, { revoked: true })
  },
  /*#__PURE__*/ Traced.span("ApiKeys.revoke")
)

/** Why a key can or cannot be used. */
export type Validity = "valid" | "expired" | "manually-revoked"

/** A key's validity now (`Clock`): revoked first, then past its expiry, else valid. */
export const validity = (key: Pick<ApiKey, "manuallyRevokedAt" | "expiresAt">): Effect.Effect<Validity> =>
  Effect.map(Clock.currentTimeMillis, (now): Validity =>
    key.manuallyRevokedAt !== undefined
      ? "manually-revoked"
      : key.expiresAt !== undefined && key.expiresAt.getTime() < now
      ? "expired"
      : "valid")

/** Whether a key can be used now. */
export const isValid = (key: Pick<ApiKey, "manuallyRevokedAt" | "expiresAt">): Effect.Effect<boolean> =>
  Effect.map(validity(key), (v) => v === "valid")

// ----- server -----

/** What `check` can fail with: unknown key, a key of the other type, revoked, expired, or a key the service refuses to read. */
export type CheckError =
  | KnownErrors.SchemaError
  | KnownErrors.ApiKeyNotFound
  | KnownErrors.WrongApiKeyType
  | KnownErrors.ApiKeyRevoked
  | KnownErrors.ApiKeyExpired
  | Common

const checkErrors = [KnownErrors.SchemaError, KnownErrors.ApiKeyNotFound, KnownErrors.WrongApiKeyType, KnownErrors.ApiKeyRevoked, KnownErrors.ApiKeyExpired] as const

/** The check call, decoding the key with the schema of its type. */
const checkAs = <A, I>(type: KeyType, response: Schema.Codec<A, I>, apiKey: string | Redacted.Redacted<string>) =>
  Effect.gen(function*() {
    yield* ServerAccess
    return yield* Call.call({
      method: "POST",
      path: `/${type}-api-keys/check`,
      body: { api_key: Redacted.isRedacted(apiKey) ? Redacted.value(apiKey) : apiKey },
      response,
      errors: checkErrors
    })
  })

/** Checks a key presented to the app: its record when it is a valid key of that type. `POST /user-api-keys/check`, `POST /team-api-keys/check` */
export const check = /*#__PURE__*/ Effect.fnUntraced(
  function*(type: KeyType, apiKey: string | Redacted.Redacted<string>): Effect.fn.Return<ApiKey, CheckError, StackHttp | ServerAccess> {
    return yield* checkAs(type, ApiKey, apiKey)
  },
  /*#__PURE__*/ Traced.span("ApiKeys.check")
)

/** What `userByApiKey` can fail with. */
export type UserByApiKeyError = CheckError | ServerUsers.GetError

/** The user a valid user key belongs to: the key checked, then its user read. `POST /user-api-keys/check`, `GET /users/{id}` */
export const userByApiKey = /*#__PURE__*/ Effect.fnUntraced(
  function*(apiKey: string | Redacted.Redacted<string>): Effect.fn.Return<ServerUser, UserByApiKeyError, StackHttp | ServerAccess> {
    const key = yield* checkAs("user", UserApiKey, apiKey)
    return yield* ServerUsers.get(key.userId)
  },
  /*#__PURE__*/ Traced.span("ApiKeys.userByApiKey")
)

/** What `teamByApiKey` can fail with. */
export type TeamByApiKeyError = CheckError | Teams.ServerTeamError

/** The team a valid team key belongs to: the key checked, then its team read. `POST /team-api-keys/check`, `GET /teams/{id}` */
export const teamByApiKey = /*#__PURE__*/ Effect.fnUntraced(
  function*(apiKey: string | Redacted.Redacted<string>): Effect.fn.Return<ServerTeam, TeamByApiKeyError, StackHttp | ServerAccess> {
    const key = yield* checkAs("team", TeamApiKey, apiKey)
    return yield* Teams.get(key.teamId)
  },
  /*#__PURE__*/ Traced.span("ApiKeys.teamByApiKey")
)
