/**
 * User and team API key routes: create (the whole value, once), list, read,
 * update and revoke (`revoked: true`), and the server's check of a key. Each type is refused when
 * the project does not allow it; clients manage only their own keys, and their teams' keys with
 * `$manage_api_keys` (otherwise the key "does not exist").
 *
 * @since 0.1.0
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import { ApiKeyExpired, ApiKeyNotFound, ApiKeyRevoked, WrongApiKeyType } from "stack-auth-effect/KnownErrors"
import * as ApiKeys from "../model/ApiKeyRules.ts"
import type { ApiKey } from "../../EmulatorState.ts"
import * as EmulatorState from "../../EmulatorState.ts"
import * as Fields from "../http/Fields.ts"
import * as Permissions from "../model/PermissionRules.ts"
import type { Auth } from "../http/RequestAuth.ts"
import * as Responses from "../http/Responses.ts"
import * as S from "../http/RequestSchema.ts"
import * as Router from "../../Router.ts"
import * as Table from "../state/Table.ts"
import * as Teams from "../model/TeamRules.ts"

type KeyType = "user" | "team"

const createFields = {
  description: S.string().defined(),
  expires_at_millis: S.number().nullable().defined(),
  is_public: S.boolean().optional()
}
/** The creation bodies, in the service's order (the owner last). */
const createBody = {
  user: S.object({ ...createFields, user_id: S.string().userIdOrMe().defined() }).defined(),
  team: S.object({ ...createFields, team_id: S.string().defined() }).defined()
}
const updateBody = S.object({ description: S.string().optional(), revoked: S.boolean().oneOf([true]).optional() }).defined()
const checkBody = S.object({ api_key: S.string().defined() }).defined()
const keyParams = S.object({ api_key_id: S.string().uuid().defined() })
/** Every route of a key type declares its owner's query: a user's is optional, a team's required. */
const keyQuery = {
  user: S.object({ user_id: S.string().userIdOrMe().optional() }),
  team: S.object({ team_id: S.string().uuid().defined() })
}

interface Checked {
  readonly body: {
    readonly description?: string
    readonly expires_at_millis?: number | null
    readonly is_public?: boolean
    readonly user_id?: string
    readonly team_id?: string
    readonly revoked?: true
    readonly api_key?: string
  }
  readonly id: string
  readonly query: { readonly user_id?: string; readonly team_id?: string }
}

/** Checks a key route's request (body, `api_key_id` and the owner's query) as the service does. */
const checkRequest = (
  auth: Auth,
  type: KeyType,
  request: { readonly body?: S.Field | undefined; readonly value?: unknown; readonly id?: string | undefined; readonly query: URLSearchParams }
): Effect.Effect<Checked, Responses.RouteFailure> =>
  Effect.map(
    S.check(S.crud({
      body: request.body === undefined ? undefined : [request.body, request.value],
      params: request.id === undefined ? undefined : [keyParams, { api_key_id: request.id }],
      query: [keyQuery[type], S.queryObject(request.query)]
    }), auth.user?.id),
    (parts) => ({ body: (parts.body ?? {}) as Checked["body"], id: (parts.params as { api_key_id?: string }).api_key_id!, query: parts.query as Checked["query"] })
  )

/** The creation and check routes declare only their body (after the access type and URL). */
const checkBodyOnly = (auth: Auth, field: S.Field, value: unknown) =>
  Effect.map(
    S.check([["auth", S.mixed(), undefined], ["url", S.mixed(), undefined], ["body", field, value], ["method", S.mixed(), undefined]], auth.user?.id),
    (parts) => parts.body as Checked["body"]
  )

const badRequest = (message: string) => new Responses.StatusFailure({ status: 400, message })

/** Refuses a key type the project does not allow. */
const requireEnabled = (auth: Auth, type: KeyType) =>
  type === "user"
    ? auth.project.config.allowUserApiKeys ? Effect.void : Effect.fail(badRequest("User API keys are not enabled for this project."))
    : auth.project.config.allowTeamApiKeys ? Effect.void : Effect.fail(badRequest("Team API keys are not enabled for this project."))

/** A client manages its own keys, and its team's with `$manage_api_keys`. */
const requireCanManage = (auth: Auth, owner: { readonly userId: string | null; readonly teamId: string | null }) =>
  Effect.gen(function*() {
    if (auth.accessType !== "client") return
    const user = yield* Teams.requireSignedIn(auth)
    if (owner.userId !== null && owner.userId !== user.id) {
      return yield* new Responses.StatusFailure({ status: 403, message: "Client can only manage their own api keys" })
    }
    if (owner.teamId !== null) {
      const state = yield* EmulatorState.get
      // Not "permission required": the service does not reveal whether the team exists.
      if (!Permissions.hasTeamPermission(state, auth.project.id, owner.teamId, user.id, "$manage_api_keys")) {
        return yield* new ApiKeyNotFound({})
      }
    }
  })

/** A user list without `user_id`: the service's own sentence, sent without the request line. */
const requireListOwner = (type: KeyType, query: Checked["query"]) => {
  if (type === "team") return Effect.succeed({ userId: null, teamId: query.team_id! })
  return query.user_id === undefined
    ? Effect.fail(Fields.plainSchemaError("user_id is required for user API keys"))
    : Effect.succeed({ userId: query.user_id, teamId: null })
}

/** The key with that id, of that type, in the project. */
const findKey = (auth: Auth, type: KeyType, id: string) =>
  Effect.gen(function*() {
    const key = Table.get((yield* EmulatorState.get).apiKeys, id)
    if (key === undefined || key.projectId !== auth.project.id || key.type !== type) return yield* new ApiKeyNotFound({})
    yield* requireCanManage(auth, key)
    return key
  })

const routesFor = (type: KeyType): ReadonlyArray<Router.Route> => {
  const base = `/${type}-api-keys`
  return [
    Router.post(base, "client", ({ auth, body }) =>
      Effect.gen(function*() {
        // the body is checked first (a user's `me` resolved with it), then the project's switch
        const input = yield* checkBodyOnly(auth, createBody[type], body)
        yield* requireEnabled(auth, type)
        const owner = type === "user" ? { userId: input.user_id!, teamId: null } : { userId: null, teamId: yield* Teams.uuidParam("body.team_id", input.team_id!) }
        yield* requireCanManage(auth, owner)
        const state = yield* EmulatorState.get
        if (owner.userId !== null) yield* Teams.requireUser(state, auth.project.id, owner.userId)
        if (owner.teamId !== null) yield* Teams.requireTeam(state, auth.project.id, owner.teamId)
        const id = crypto.randomUUID()
        const isPublic = input.is_public ?? false
        const key: ApiKey = {
          id,
          projectId: auth.project.id,
          type,
          ...owner,
          description: input.description!,
          isPublic,
          value: ApiKeys.makeValue({ id, type, isPublic }),
          createdAtMillis: yield* Clock.currentTimeMillis,
          expiresAtMillis: input.expires_at_millis ? input.expires_at_millis : null,
          manuallyRevokedAtMillis: null
        }
        yield* EmulatorState.update((s) => ({ ...s, apiKeys: Table.put(s.apiKeys, id, key) }))
        return Responses.json(ApiKeys.view(key, true))
      })),

    Router.get(base, "client", ({ auth, query }) =>
      Effect.gen(function*() {
        const checked = yield* checkRequest(auth, type, { query })
        yield* requireEnabled(auth, type)
        const owner = yield* requireListOwner(type, checked.query)
        yield* requireCanManage(auth, owner)
        const keys = Table.filter((yield* EmulatorState.get).apiKeys, (k) =>
          k.projectId === auth.project.id && k.type === type && (type === "user" ? k.userId === owner.userId : k.teamId === owner.teamId))
        const newestFirst = keys.slice().reverse().sort((a, b) => b.createdAtMillis - a.createdAtMillis)
        return Responses.list(newestFirst.map((k) => ApiKeys.view(k, false)))
      })),

    Router.post(`${base}/check`, "server", ({ auth, body }) =>
      Effect.gen(function*() {
        const input = yield* checkBodyOnly(auth, checkBody, body)
        yield* requireEnabled(auth, type)
        const key = Table.find((yield* EmulatorState.get).apiKeys, (k) => k.projectId === auth.project.id && k.value === input.api_key)
        if (key === undefined) return yield* new ApiKeyNotFound({})
        if (key.type !== type) return yield* new WrongApiKeyType({ details: { expectedType: type, actualType: key.type } })
        const validity = ApiKeys.validity(key, yield* Clock.currentTimeMillis)
        if (validity === "manually-revoked") return yield* new ApiKeyRevoked({})
        if (validity === "expired") return yield* new ApiKeyExpired({})
        return Responses.json(ApiKeys.view(key, false))
      })),

    Router.get(`${base}/:id`, "client", ({ auth, params, query }) =>
      Effect.gen(function*() {
        const { id } = yield* checkRequest(auth, type, { id: params.id!, query })
        yield* requireEnabled(auth, type)
        const key = yield* findKey(auth, type, id)
        return Responses.json(ApiKeys.view(key, false))
      })),

    Router.patch(`${base}/:id`, "client", ({ auth, body, params, query }) =>
      Effect.gen(function*() {
        const { body: input, id } = yield* checkRequest(auth, type, { body: updateBody, value: body, id: params.id!, query })
        yield* requireEnabled(auth, type)
        const key = yield* findKey(auth, type, id)
        const now = yield* Clock.currentTimeMillis
        const next = ApiKeys.revise(key, input, now)
        yield* EmulatorState.update((s) => ({ ...s, apiKeys: Table.put(s.apiKeys, key.id, next) }))
        return Responses.json(ApiKeys.view(next, false))
      }))
  ]
}

/** User and team API key routes. */
export const routes: ReadonlyArray<Router.Route> = [...routesFor("user"), ...routesFor("team")]
