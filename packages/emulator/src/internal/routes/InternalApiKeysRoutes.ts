/**
 * `/internal/api-keys`: the project's key sets. Creating one
 * answers its full keys once; reads show the last four characters; `revoked: true` is one way.
 * Request authentication (`RequestAuth.ts`) refuses revoked and expired sets.
 *
 * @since 0.1.0
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import { ApiKeyNotFound } from "stack-auth-effect/KnownErrors"
import * as ApiKeys from "../model/ApiKeyRules.ts"
import type { InternalApiKey } from "../../EmulatorState.ts"
import * as EmulatorState from "../../EmulatorState.ts"
import * as Responses from "../http/Responses.ts"
import * as RequestSchema from "../http/RequestSchema.ts"
import * as Router from "../../Router.ts"
import * as Table from "../state/Table.ts"
import * as Tokens from "../model/Tokens.ts"

/** Shown for a key set without expiry (the seeded ones): the latest time a `Date` holds. */
const noExpiryMillis = 8_640_000_000_000_000

const R = RequestSchema

/** The create body (a route of its own in the service: its request is `auth`, `body`, `method`). */
const createBody = R.object({
  description: R.string().defined(),
  expires_at_millis: R.number().defined(),
  has_publishable_client_key: R.boolean().defined(),
  has_secret_server_key: R.boolean().defined(),
  has_super_secret_admin_key: R.boolean().defined()
}).defined()

interface CreateBody {
  readonly description: string
  readonly expires_at_millis: number
  readonly has_publishable_client_key: boolean
  readonly has_secret_server_key: boolean
  readonly has_super_secret_admin_key: boolean
}

/** The update body (a CRUD route: `revoked` accepts only `true`). */
const updateBody = R.object({ description: R.string(), revoked: R.boolean().oneOf([true]) }).defined()

const keyId = R.object({ api_key_id: R.string().defined().uuid() })

/** The CRUD parts of a request naming one key set: params, and an empty query. */
const crudParts = (params: Readonly<Record<string, string>>, query: URLSearchParams, body?: { readonly value: unknown }) =>
  R.crud({
    ...(body === undefined ? {} : { body: [updateBody, body.value] as const }),
    params: [keyId, { api_key_id: params.id }],
    query: [R.object({}), R.queryObject(query)]
  })

const base = (keys: InternalApiKey) => ({
  id: keys.id,
  description: keys.description,
  created_at_millis: keys.createdAtMillis,
  expires_at_millis: keys.expiresAtMillis ?? noExpiryMillis,
  ...(keys.manuallyRevokedAtMillis === null ? {} : { manually_revoked_at_millis: keys.manuallyRevokedAtMillis })
})

const lastFour = (value: string | null) => (value === null ? undefined : { last_four: value.slice(-4) })

/** A key set as read: keys by their last four characters. */
export const obfuscatedView = (keys: InternalApiKey) => ({
  ...base(keys),
  publishable_client_key: lastFour(keys.publishableClientKey),
  secret_server_key: lastFour(keys.secretServerKey),
  super_secret_admin_key: lastFour(keys.superSecretAdminKey)
})

const find = (projectId: string, id: string) =>
  Effect.flatMap(EmulatorState.get, (state) => {
    const keys = Table.get(state.internalApiKeys, id)
    return keys === undefined || keys.projectId !== projectId ? Effect.fail(new ApiKeyNotFound({})) : Effect.succeed(keys)
  })

/** Internal API key routes. */
export const routes: ReadonlyArray<Router.Route> = [
  Router.post("/internal/api-keys", "admin", ({ auth, body }) =>
    Effect.gen(function*() {
      const input = (yield* R.check([["auth", R.mixed(), undefined], ["body", createBody, body], ["method", R.mixed(), undefined]], null)).body as CreateBody
      const now = yield* Clock.currentTimeMillis
      const keys: InternalApiKey = {
        id: crypto.randomUUID(),
        projectId: auth.project.id,
        description: input.description,
        publishableClientKey: input.has_publishable_client_key ? `pck_${Tokens.randomToken()}` : null,
        secretServerKey: input.has_secret_server_key ? `ssk_${Tokens.randomToken()}` : null,
        superSecretAdminKey: input.has_super_secret_admin_key ? `sak_${Tokens.randomToken()}` : null,
        createdAtMillis: now,
        expiresAtMillis: input.expires_at_millis,
        manuallyRevokedAtMillis: null
      }
      yield* EmulatorState.update((state) => ({ ...state, internalApiKeys: Table.put(state.internalApiKeys, keys.id, keys) }))
      return Responses.json({
        ...base(keys),
        publishable_client_key: keys.publishableClientKey ?? undefined,
        secret_server_key: keys.secretServerKey ?? undefined,
        super_secret_admin_key: keys.superSecretAdminKey ?? undefined
      })
    })),

  Router.get("/internal/api-keys", "admin", ({ auth, query }) =>
    Effect.andThen(R.check(R.crud({ query: [R.object({}), R.queryObject(query)] }), null), Effect.map(EmulatorState.get, (state) =>
      Responses.list(
        Table.filter(state.internalApiKeys, (k) => k.projectId === auth.project.id)
          .slice()
          .sort((a, b) => b.createdAtMillis - a.createdAtMillis)
          .map(obfuscatedView)
      )))),

  Router.get("/internal/api-keys/:id", "admin", ({ auth, params, query }) =>
    Effect.gen(function*() {
      yield* R.check(crudParts(params, query), null)
      return Responses.json(obfuscatedView(yield* find(auth.project.id, params.id!)))
    })),

  Router.patch("/internal/api-keys/:id", "admin", ({ auth, body, params, query }) =>
    Effect.gen(function*() {
      const parts = yield* R.check(crudParts(params, query, { value: body }), null)
      const input = parts.body as { readonly description?: string; readonly revoked?: true }
      const keys = yield* find(auth.project.id, params.id!)
      const now = yield* Clock.currentTimeMillis
      const next = ApiKeys.revise(keys, input, now) // one way: a revoked set stays revoked, at its first revocation time
      yield* EmulatorState.update((state) => ({ ...state, internalApiKeys: Table.put(state.internalApiKeys, next.id, next) }))
      return Responses.json(obfuscatedView(next))
    }))
]
