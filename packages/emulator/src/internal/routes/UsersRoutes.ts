/**
 * User routes: the signed-in user (`/users/me`, client) and the server's user
 * management (`POST /users`, `GET /users`, `GET/PATCH/DELETE /users/:userId`).
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { CannotGetOwnUserWithoutUser, UserNotFound } from "stack-auth-effect/KnownErrors"
import type { State, User } from "../../EmulatorState.ts"
import * as EmulatorState from "../../EmulatorState.ts"
import * as Fields from "../http/Fields.ts"
import { membershipKey } from "../../EmulatorState.ts"
import * as Passwords from "../model/PasswordRules.ts"
import type { Auth } from "../http/RequestAuth.ts"
import * as Responses from "../http/Responses.ts"
import * as Router from "../../Router.ts"
import * as Table from "../state/Table.ts"
import * as Users from "../../EmulatorUsers.ts"
import * as Views from "../http/Views.ts"

const nullableString = Schema.optional(Schema.NullOr(Schema.String))
const clientUpdateFields = {
  display_name: nullableString,
  profile_image_url: nullableString,
  client_metadata: Schema.optional(Schema.Unknown),
  selected_team_id: nullableString,
  totp_secret_base64: nullableString,
  otp_auth_enabled: Schema.optional(Schema.Boolean),
  passkey_auth_enabled: Schema.optional(Schema.Boolean)
}
const serverFields = {
  client_read_only_metadata: Schema.optional(Schema.Unknown),
  server_metadata: Schema.optional(Schema.Unknown),
  primary_email: nullableString,
  primary_email_verified: Schema.optional(Schema.Boolean),
  primary_email_auth_enabled: Schema.optional(Schema.Boolean),
  password: nullableString,
  password_hash: Schema.optional(Schema.String.check(Schema.isMinLength(1)))
}
const ClientUpdate = Schema.Struct(clientUpdateFields)
const ServerUpdate = Schema.Struct({ ...clientUpdateFields, ...serverFields, is_anonymous: Schema.optional(Schema.Literal(false)) })
const { selected_team_id: _selected, ...createFields } = clientUpdateFields
const ServerCreate = Schema.Struct({
  ...createFields,
  ...serverFields,
  is_anonymous: Schema.optional(Schema.Boolean),
  oauth_providers: Schema.optional(Schema.Array(Schema.Struct({
    id: Schema.String,
    account_id: Schema.String,
    email: nullableString
  })))
})
/** Every field a user body may carry (update or create). */
type UserBody = Omit<typeof ServerUpdate.Type, "is_anonymous"> & { readonly is_anonymous?: boolean | undefined }

const badRequest = (message: string) => new Responses.StatusFailure({ status: 400, message })

/** The value rules of a user body the shapes do not say: e-mail, URL and base64 fields. */
const checkValues = (body: UserBody) => {
  return Fields.check(
    ...(body.primary_email === undefined || body.primary_email === null ? [] : Fields.emailProblems("body.primary_email", body.primary_email)),
    ...Fields.urlProblems("body.profile_image_url", body.profile_image_url),
    body.totp_secret_base64 === undefined || body.totp_secret_base64 === null || Fields.isBase64(body.totp_secret_base64)
      ? undefined
      : "body.totp_secret_base64 is not valid base64"
  )
}

/** The password fields of a body as a stored hash (`undefined`: unchanged). */
const passwordHashOf = (body: UserBody) =>
  Effect.gen(function*() {
    if (body.password !== undefined && body.password_hash !== undefined) {
      return yield* badRequest("Cannot set both password and password_hash at the same time.")
    }
    if (body.password_hash !== undefined) {
      if (!(yield* Passwords.isImportableHash(body.password_hash))) {
        return yield* badRequest("Invalid password hash. Make sure it's a supported algorithm in Modular Crypt Format.")
      }
      return body.password_hash
    }
    if (body.password === undefined) return undefined
    if (body.password === null) return null
    yield* Passwords.check(body.password)
    return yield* Passwords.hash(body.password)
  })

/** The primary e-mail rules: auth or verified without an address is refused. */
const checkPrimaryEmail = (email: string | null | undefined, authEnabled: boolean, verified: boolean) =>
  !email && authEnabled
    ? Effect.fail(badRequest("primary_email_auth_enabled cannot be true without primary_email"))
    : !email && verified
    ? Effect.fail(badRequest("primary_email_verified cannot be true without primary_email"))
    : Effect.void

const patchOf = (body: UserBody, passwordHash: string | null | undefined): Users.UserPatch => ({
  // The service stores an empty display name as none.
  displayName: body.display_name === undefined ? undefined : body.display_name || null,
  profileImageUrl: body.profile_image_url,
  clientMetadata: body.client_metadata,
  clientReadOnlyMetadata: body.client_read_only_metadata,
  serverMetadata: body.server_metadata,
  primaryEmail: body.primary_email,
  primaryEmailVerified: body.primary_email_verified,
  primaryEmailAuthEnabled: body.primary_email_auth_enabled,
  passwordHash,
  otpAuthEnabled: body.otp_auth_enabled,
  passkeyAuthEnabled: body.passkey_auth_enabled,
  totpSecretBase64: body.totp_secret_base64,
  selectedTeamId: body.selected_team_id,
  isAnonymous: body.is_anonymous
})

/** The user a route addresses: `me` (the signed-in user) or an id of the project. */
const target = (auth: Auth, userId: string) =>
  Effect.gen(function*() {
    if (userId === "me") {
      if (auth.user === undefined) return yield* new CannotGetOwnUserWithoutUser({})
      return auth.user
    }
    // a user id other than `me` must be a UUID: the service refuses another before looking it up
    yield* Fields.check(Fields.uuidProblem("params.user_id", userId))
    const user = Users.findInProject(yield* EmulatorState.get, auth.project.id, userId)
    if (user === undefined) return yield* new UserNotFound({})
    return user
  })

const view = (auth: Auth, user: User) =>
  Effect.map(EmulatorState.get, (state) =>
    Responses.json(auth.accessType === "client" ? Views.clientUser(state, user) : Views.serverUser(state, user)))

const read = (auth: Auth, userId: string) => Effect.flatMap(target(auth, userId), (user) => view(auth, user))

const update = (auth: Auth, userId: string, body: unknown) =>
  Effect.gen(function*() {
    const user = yield* target(auth, userId)
    const input: UserBody = auth.accessType === "client"
      ? yield* Router.decode(ClientUpdate, body)
      : yield* Router.decode(ServerUpdate, body)
    yield* checkValues(input)
    if (auth.accessType === "client" && input.profile_image_url && !Fields.isBase64Image(input.profile_image_url)) {
      return yield* badRequest("Invalid profile image URL")
    }
    const passwordHash = yield* passwordHashOf(input)
    const primary = Views.primaryEmailChannel(user)
    yield* checkPrimaryEmail(
      input.primary_email || primary?.value,
      input.primary_email_auth_enabled ?? primary?.usedForAuth ?? false,
      input.primary_email_verified || (primary?.isVerified ?? false)
    )
    const updated = yield* Users.update(user.id, patchOf(input, passwordHash))
    return yield* view(auth, updated)
  })

const remove = (auth: Auth, userId: string) =>
  Effect.gen(function*() {
    const user = yield* target(auth, userId)
    if (auth.accessType === "client" && !auth.project.config.clientUserDeletionEnabled) {
      return yield* new Responses.StatusFailure({ status: 400, message: "Client user deletion is not enabled for this project" })
    }
    yield* Users.remove(user.id)
    return Responses.success()
  })

const listKeys: ReadonlySet<string> = new Set(["team_id", "limit", "cursor", "order_by", "desc", "query"])

const listQuery = (query: URLSearchParams) =>
  Effect.gen(function*() {
    const orderBy = query.get("order_by")
    const limitText = query.get("limit")
    const limit = limitText === null ? undefined : Number(limitText)
    const desc = query.get("desc")
    const uuid = (name: string) => {
      const value = query.get(name)
      return value === null ? undefined : Fields.uuidProblem(`query.${name}`, value)
    }
    // the service's list knows these keys only (`include_anonymous` is refused: anonymous users are listed)
    const unknown = [...new Set(query.keys())].filter((key) => !listKeys.has(key))
    yield* Fields.check(
      unknown.length === 0 ? undefined : Fields.unknownProperties("query", unknown),
      uuid("team_id"),
      limit === undefined || Number.isNaN(limit) ? undefined : Number.isInteger(limit) ? undefined : "query.limit must be an integer",
      limit !== undefined && Number.isNaN(limit) ? `query.limit must be a \`number\` type` : undefined,
      limit === undefined || Number.isNaN(limit) || limit >= 1 ? undefined : "query.limit must be greater than or equal to 1",
      uuid("cursor"),
      orderBy === null || orderBy === "signed_up_at" ? undefined : Fields.oneOf("query.order_by", ["signed_up_at"]),
      desc === null || desc === "true" || desc === "false" ? undefined : "query.desc must be a `boolean` type"
    )
    return {
      limit,
      cursor: query.get("cursor") ?? undefined,
      desc: query.get("desc") === "true",
      search: query.get("query")?.toLowerCase() ?? undefined,
      teamId: query.get("team_id") ?? undefined
    }
  })

const listUsers = (state: State, projectId: string, q: Effect.Success<ReturnType<typeof listQuery>>) => {
  const matchesSearch = (u: User) =>
    q.search === undefined || u.id === q.search ||
    [u.displayName ?? "", Views.primaryEmailChannel(u)?.value ?? ""].some((s) => s.toLowerCase().includes(q.search!))
  const users = Table.filter(state.users, (u) =>
    u.projectId === projectId && matchesSearch(u) &&
    (q.teamId === undefined || Table.get(state.memberships, membershipKey(q.teamId, u.id)) !== undefined))
  const sorted = [...users].sort((a, b) => a.signedUpAtMillis - b.signedUpAtMillis || a.id.localeCompare(b.id))
  if (q.desc) sorted.reverse()
  return sorted
}

/** User routes. */
export const routes: ReadonlyArray<Router.Route> = [
  Router.get("/users/me", "client", ({ auth }) => read(auth, "me")),
  Router.patch("/users/me", "client", ({ auth, body }) => update(auth, "me", body)),
  Router.del("/users/me", "client", ({ auth }) => remove(auth, "me")),
  Router.get("/users/:userId", "server", ({ auth, params }) => read(auth, params.userId!)),
  Router.patch("/users/:userId", "server", ({ auth, body, params }) => update(auth, params.userId!, body)),
  Router.del("/users/:userId", "server", ({ auth, params }) => remove(auth, params.userId!)),

  Router.post("/users", "server", ({ auth, body }) =>
    Effect.gen(function*() {
      const input = yield* Router.decode(ServerCreate, body)
      yield* checkValues(input)
      const passwordHash = yield* passwordHashOf(input)
      yield* checkPrimaryEmail(input.primary_email, input.primary_email_auth_enabled ?? false, input.primary_email_verified ?? false)
      const user = yield* Users.create({
        ...patchOf(input, passwordHash),
        projectId: auth.project.id,
        primaryEmailAuthEnabled: input.primary_email_auth_enabled,
        isAnonymous: input.is_anonymous,
        oauthAccounts: input.oauth_providers?.map((p) => ({ providerId: p.id, accountId: p.account_id, email: p.email ?? null }))
      })
      const state = yield* EmulatorState.get
      return Responses.created(Views.serverUser(state, Table.get(state.users, user.id) ?? user))
    })),

  Router.get("/users", "server", ({ auth, query }) =>
    Effect.gen(function*() {
      const q = yield* listQuery(query)
      const state = yield* EmulatorState.get
      const sorted = listUsers(state, auth.project.id, q)
      // The cursor names the first user of the page; one the list does not hold gives an empty page.
      const start = q.cursor === undefined ? 0 : sorted.findIndex((u) => u.id === q.cursor)
      if (start < 0) return Responses.paginated([], null)
      const end = q.limit === undefined ? sorted.length : start + q.limit
      const page = sorted.slice(start, end)
      const next = sorted[end]?.id ?? null
      return Responses.paginated(page.map((u) => Views.serverUser(state, u)), next)
    }))
]
