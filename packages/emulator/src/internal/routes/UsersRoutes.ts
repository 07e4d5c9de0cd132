/**
 * User routes: the signed-in user (`/users/me`, client) and the server's user
 * management (`POST /users`, `GET /users`, `GET/PATCH/DELETE /users/:userId`).
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import { CannotGetOwnUserWithoutUser, UserNotFound } from "stack-auth-effect/KnownErrors"
import type { State, User } from "../../EmulatorState.ts"
import * as EmulatorState from "../../EmulatorState.ts"
import * as Fields from "../http/Fields.ts"
import * as S from "../http/RequestSchema.ts"
import { membershipKey } from "../../EmulatorState.ts"
import * as Passwords from "../model/PasswordRules.ts"
import type { Auth } from "../http/RequestAuth.ts"
import * as Responses from "../http/Responses.ts"
import * as Router from "../../Router.ts"
import * as Table from "../state/Table.ts"
import * as Users from "../../EmulatorUsers.ts"
import * as Views from "../http/Views.ts"

/** The service's user update fields, in its order (the client may send the first seven only). */
const serverUpdateBody = S.object({
  display_name: S.string().nullable().optional(),
  profile_image_url: S.url().max(1000000).nullable().optional(),
  client_metadata: S.json().optional(),
  client_read_only_metadata: S.json().optional(),
  server_metadata: S.json().optional(),
  primary_email: S.string().email().nullable().optional().nonEmpty(),
  primary_email_verified: S.boolean().optional(),
  primary_email_auth_enabled: S.boolean().optional(),
  passkey_auth_enabled: S.boolean().optional(),
  password: S.string().max(70).nullable().optional(),
  password_hash: S.string().nonEmpty().optional(),
  otp_auth_enabled: S.boolean().optional(),
  totp_secret_base64: S.base64().nullable().optional(),
  selected_team_id: S.string().uuid().nullable().optional(),
  is_anonymous: S.boolean().oneOf([false]).optional()
}).defined()
const clientUpdateBody = serverUpdateBody.pick([
  "display_name",
  "profile_image_url",
  "client_metadata",
  "selected_team_id",
  "totp_secret_base64",
  "otp_auth_enabled",
  "passkey_auth_enabled"
]).defined()
/** Creation: the update's fields without the selected team, merged after the provider links. */
const serverCreateBody = serverUpdateBody.omit(["selected_team_id"]).concat(S.object({
  oauth_providers: S.array(S.object({
    id: S.string().defined(),
    account_id: S.string().defined(),
    email: S.string().nullable().defined().withDefault(null)
  }).defined()).optional(),
  is_anonymous: S.boolean().optional()
}).defined())
const userParams = S.object({ user_id: S.string().userIdOrMe().defined() })
/** The one query every user route declares (the list's options). */
const userQuery = S.object({
  team_id: S.string().uuid().optional(),
  limit: S.number().integer().minValue(1).optional(),
  cursor: S.string().uuid().optional(),
  order_by: S.string().oneOf(["signed_up_at"]).optional(),
  desc: S.boolean().optional(),
  query: S.string().optional()
})

/** Every field a user body may carry (update or create). */
interface UserBody {
  readonly display_name?: string | null
  readonly profile_image_url?: string | null
  readonly client_metadata?: unknown
  readonly client_read_only_metadata?: unknown
  readonly server_metadata?: unknown
  readonly primary_email?: string | null
  readonly primary_email_verified?: boolean
  readonly primary_email_auth_enabled?: boolean
  readonly passkey_auth_enabled?: boolean
  readonly password?: string | null
  readonly password_hash?: string
  readonly otp_auth_enabled?: boolean
  readonly totp_secret_base64?: string | null
  readonly selected_team_id?: string | null
  readonly is_anonymous?: boolean
  readonly oauth_providers?: ReadonlyArray<{ readonly id: string; readonly account_id: string; readonly email: string | null }>
}

/** Checks a user route's request: the body, the `user_id` parameter (if any) and the query. */
const checkRequest = (
  auth: Auth,
  request: { readonly body?: readonly [S.Field, unknown] | undefined; readonly userId?: string | undefined; readonly query: URLSearchParams }
) =>
  Effect.map(
    S.check(S.crud({
      body: request.body,
      params: request.userId === undefined ? undefined : [userParams, { user_id: request.userId }],
      query: [userQuery, S.queryObject(request.query)]
    }), auth.user?.id),
    (parts) => ({
      body: parts.body as UserBody,
      userId: (parts.params as { user_id?: string }).user_id,
      query: parts.query as { team_id?: string; limit?: number; cursor?: string; desc?: boolean; query?: string }
    })
  )

const badRequest = (message: string) => new Responses.StatusFailure({ status: 400, message })

/** The service stores a primary e-mail trimmed and lower-cased. */
const withNormalizedEmail = (body: UserBody): UserBody =>
  body.primary_email ? { ...body, primary_email: body.primary_email.trim().toLowerCase() } : body

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
    // no length rule here: the service's user routes accept any password their schema lets through
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

/** The user a route addresses: the signed-in one (`/users/me`) or a (checked) id of the project. */
const target = (auth: Auth, userId: string | undefined) =>
  Effect.gen(function*() {
    if (userId === undefined) {
      if (auth.user === undefined) return yield* new CannotGetOwnUserWithoutUser({})
      return auth.user
    }
    const user = Users.findInProject(yield* EmulatorState.get, auth.project.id, userId)
    if (user === undefined) return yield* new UserNotFound({})
    return user
  })

const view = (auth: Auth, user: User) =>
  Effect.map(EmulatorState.get, (state) =>
    Responses.json(auth.accessType === "client" ? Views.clientUser(state, user) : Views.serverUser(state, user)))

/** `params.user_id` of a route by id; `undefined` for `/users/me`. */
type RouteUser = string | undefined

const read = (auth: Auth, routeUser: RouteUser, query: URLSearchParams) =>
  Effect.gen(function*() {
    const request = yield* checkRequest(auth, { userId: routeUser, query })
    return yield* view(auth, yield* target(auth, request.userId))
  })

const update = (auth: Auth, routeUser: RouteUser, body: unknown, query: URLSearchParams) =>
  Effect.gen(function*() {
    const request = yield* checkRequest(auth, {
      body: [auth.accessType === "client" ? clientUpdateBody : serverUpdateBody, body],
      userId: routeUser,
      query
    })
    const input = withNormalizedEmail(request.body)
    if (auth.accessType === "client" && input.profile_image_url && !Fields.isBase64Image(input.profile_image_url)) {
      return yield* badRequest("Invalid profile image URL")
    }
    if (request.userId === undefined && auth.user === undefined) return yield* new CannotGetOwnUserWithoutUser({})
    // the service reads the password fields before it looks the user up
    const passwordHash = yield* passwordHashOf(input)
    const user = yield* target(auth, request.userId)
    const primary = Views.primaryEmailChannel(user)
    yield* checkPrimaryEmail(
      input.primary_email || primary?.value,
      input.primary_email_auth_enabled ?? primary?.usedForAuth ?? false,
      input.primary_email_verified || (primary?.isVerified ?? false)
    )
    const config = auth.project.config
    if (input.otp_auth_enabled === true && !user.otpAuthEnabled && !config.magicLinkEnabled) {
      return yield* badRequest("OTP auth not enabled in the project")
    }
    if (input.passkey_auth_enabled === true) {
      return yield* badRequest("Cannot manually enable passkey auth, it is enabled iff there is a passkey auth method")
    }
    if (typeof passwordHash === "string" && user.passwordHash === null && !config.credentialEnabled) {
      return yield* badRequest("Password auth not enabled in the project")
    }
    const updated = yield* Users.update(user.id, patchOf(input, passwordHash))
    return yield* view(auth, updated)
  })

const remove = (auth: Auth, routeUser: RouteUser, query: URLSearchParams) =>
  Effect.gen(function*() {
    const request = yield* checkRequest(auth, { userId: routeUser, query })
    const user = yield* target(auth, request.userId)
    if (auth.accessType === "client" && !auth.project.config.clientUserDeletionEnabled) {
      return yield* new Responses.StatusFailure({ status: 400, message: "Client user deletion is not enabled for this project" })
    }
    yield* Users.remove(user.id)
    return Responses.success()
  })

interface ListQuery {
  readonly limit?: number | undefined
  readonly cursor?: string | undefined
  readonly desc?: boolean | undefined
  readonly query?: string | undefined
  readonly team_id?: string | undefined
}

/**
 * The service's "contains" search as its database runs it: a case-insensitive LIKE of the text
 * between two `%`, the text's own `%` and `_` still wildcards (any run, any one character) and a
 * backslash taking the next character literally; a text ending in a lone backslash matches nothing.
 */
const containsPattern = (text: string): RegExp | undefined => {
  let source = ""
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (c === "\\") {
      const next = text[i + 1]
      if (next === undefined) return undefined
      source += next.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&")
      i++
    } else if (c === "%") source += "[\\s\\S]*"
    else if (c === "_") source += "[\\s\\S]"
    else source += c.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&")
  }
  return new RegExp(source, "i")
}

const listUsers = (state: State, projectId: string, q: ListQuery) => {
  // the service's search: the id (exactly, once stripped of other characters), else the display
  // name or any contact channel's value containing the text (see containsPattern)
  const search = q.query === undefined || q.query === "" ? undefined : containsPattern(q.query) ?? null
  const idSearch = q.query?.replace(/[^a-zA-Z0-9\-_.]/g, "")
  const matchesSearch = (u: User) =>
    search === undefined || u.id === idSearch ||
    (search !== null && [u.displayName ?? "", ...u.contactChannels.map((c) => c.value)].some((s) => search.test(s)))
  const users = Table.filter(state.users, (u) =>
    u.projectId === projectId && matchesSearch(u) &&
    (q.team_id === undefined || Table.get(state.memberships, membershipKey(q.team_id, u.id)) !== undefined))
  const sorted = [...users].sort((a, b) => a.signedUpAtMillis - b.signedUpAtMillis || a.id.localeCompare(b.id))
  if (q.desc === true) sorted.reverse()
  return sorted
}

/** User routes. */
export const routes: ReadonlyArray<Router.Route> = [
  Router.get("/users/me", "client", ({ auth, query }) => read(auth, undefined, query)),
  Router.patch("/users/me", "client", ({ auth, body, query }) => update(auth, undefined, body, query)),
  Router.del("/users/me", "client", ({ auth, query }) => remove(auth, undefined, query)),
  Router.get("/users/:userId", "server", ({ auth, params, query }) => read(auth, params.userId!, query)),
  Router.patch("/users/:userId", "server", ({ auth, body, params, query }) => update(auth, params.userId!, body, query)),
  Router.del("/users/:userId", "server", ({ auth, params, query }) => remove(auth, params.userId!, query)),

  Router.post("/users", "server", ({ auth, body, query }) =>
    Effect.gen(function*() {
      const input = withNormalizedEmail((yield* checkRequest(auth, { body: [serverCreateBody, body], query })).body)
      const passwordHash = yield* passwordHashOf(input)
      yield* checkPrimaryEmail(input.primary_email, input.primary_email_auth_enabled ?? false, input.primary_email_verified ?? false)
      // after the e-mail's uniqueness (checked by Users.create), the service refuses what the project does not offer
      const taken = input.primary_email && input.primary_email_auth_enabled === true &&
        Users.findByAuthEmail(yield* EmulatorState.get, auth.project.id, input.primary_email) !== undefined
      if (!taken) {
        const config = auth.project.config
        const unknownProvider = input.oauth_providers?.find((p) => !config.oauthProviders.some((c) => c.id === p.id))
        if (unknownProvider !== undefined) return yield* badRequest(`OAuth provider ${unknownProvider.id} not found`)
        if (passwordHash && !config.credentialEnabled) return yield* badRequest("Password auth not enabled in the project")
        if (input.otp_auth_enabled === true && !config.magicLinkEnabled) return yield* badRequest("OTP auth not enabled in the project")
      }
      const user = yield* Users.create({
        ...patchOf(input, passwordHash),
        projectId: auth.project.id,
        primaryEmailAuthEnabled: input.primary_email_auth_enabled,
        isAnonymous: input.is_anonymous,
        // the service stores a given secret but leaves the second factor off on creation
        requiresTotpMfa: false,
        oauthAccounts: input.oauth_providers?.map((p) => ({ providerId: p.id, accountId: p.account_id, email: p.email ?? null }))
      })
      const state = yield* EmulatorState.get
      return Responses.created(Views.serverUser(state, Table.get(state.users, user.id) ?? user))
    })),

  Router.get("/users", "server", ({ auth, query }) =>
    Effect.gen(function*() {
      const q = (yield* checkRequest(auth, { query })).query
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
