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
import * as Schema from "effect/Schema"
import { ApiKeyExpired, ApiKeyNotFound, ApiKeyRevoked, WrongApiKeyType } from "stack-auth-effect/KnownErrors"
import * as ApiKeys from "../model/ApiKeyRules.ts"
import type { ApiKey } from "../../EmulatorState.ts"
import * as EmulatorState from "../../EmulatorState.ts"
import * as Fields from "../http/Fields.ts"
import * as Permissions from "../model/PermissionRules.ts"
import type { Auth } from "../http/RequestAuth.ts"
import * as Responses from "../http/Responses.ts"
import * as Router from "../../Router.ts"
import * as Table from "../state/Table.ts"
import * as Teams from "../model/TeamRules.ts"

type KeyType = "user" | "team"

const createFields = {
  description: Schema.String,
  expires_at_millis: Schema.NullOr(Schema.Number),
  is_public: Schema.optional(Schema.Boolean)
}
const CreateBody = {
  user: Schema.Struct({ ...createFields, user_id: Schema.String }),
  team: Schema.Struct({ ...createFields, team_id: Schema.String })
}
const UpdateBody = Schema.Struct({ description: Schema.optional(Schema.String), revoked: Schema.optional(Schema.Literal(true)) })
const CheckBody = Schema.Struct({ api_key: Schema.String })

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

/**
 * The owner a list names in its query. The service checks the query first (a team's `team_id` is
 * a required UUID, a user's `user_id` an optional user id or `me`), then whether the project
 * allows the key type, and only then that a user list names its user (a plain sentence).
 */
const listOwnerQuery = (auth: Auth, type: KeyType, value: string | null) =>
  type === "team"
    ? Effect.map(Teams.uuidParam("query.team_id", value), (teamId) => ({ userId: null, teamId }))
    : value === null
    ? Effect.succeed(undefined)
    : Effect.map(Teams.userIdParam(auth, "query.user_id", value), (userId) => ({ userId, teamId: null }))

/** A user list without `user_id`: the service's own sentence, sent without the request line. */
const requireListOwner = <O>(type: KeyType, owner: O | undefined) =>
  owner === undefined ? Effect.fail(Fields.plainSchemaError(`${type}_id is required for ${type} API keys`)) : Effect.succeed(owner)

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
        const input: { readonly description: string; readonly expires_at_millis: number | null; readonly is_public?: boolean | undefined; readonly user_id?: string; readonly team_id?: string } =
          yield* Router.decode(CreateBody[type], body)
        const userId = type === "user" ? yield* Teams.userIdParam(auth, "body.user_id", input.user_id!) : null
        yield* requireEnabled(auth, type)
        const owner = type === "user" ? { userId: userId!, teamId: null } : { userId: null, teamId: yield* Teams.uuidParam("body.team_id", input.team_id!) }
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
          description: input.description,
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
        const named = yield* listOwnerQuery(auth, type, query.get(`${type}_id`))
        yield* requireEnabled(auth, type)
        const owner = yield* requireListOwner(type, named)
        yield* requireCanManage(auth, owner)
        const keys = Table.filter((yield* EmulatorState.get).apiKeys, (k) =>
          k.projectId === auth.project.id && k.type === type && (type === "user" ? k.userId === owner.userId : k.teamId === owner.teamId))
        const newestFirst = keys.slice().reverse().sort((a, b) => b.createdAtMillis - a.createdAtMillis)
        return Responses.list(newestFirst.map((k) => ApiKeys.view(k, false)))
      })),

    Router.post(`${base}/check`, "server", ({ auth, body }) =>
      Effect.gen(function*() {
        const input = yield* Router.decode(CheckBody, body)
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
        const id = yield* Teams.uuidParam("params.api_key_id", params.id!)
        yield* listOwnerQuery(auth, type, query.get(`${type}_id`))
        yield* requireEnabled(auth, type)
        const key = yield* findKey(auth, type, id)
        return Responses.json(ApiKeys.view(key, false))
      })),

    Router.patch(`${base}/:id`, "client", ({ auth, body, params, query }) =>
      Effect.gen(function*() {
        const input = yield* Router.decode(UpdateBody, body)
        const id = yield* Teams.uuidParam("params.api_key_id", params.id!)
        yield* listOwnerQuery(auth, type, query.get(`${type}_id`))
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
