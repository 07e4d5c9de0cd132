/**
 * The OAuth token endpoint and the JWKS.
 *
 * `POST /api/v1/auth/oauth/token` takes a form body without `x-stack-*` headers; the client is
 * authenticated by `client_id` (the project id) and `client_secret` (its publishable key), sent in
 * the body (client_secret_post) or as HTTP Basic. Grants are a table ({@link makeTokenRoute}):
 * `refresh_token` is here; `authorization_code` (PKCE S256) plugs in the same way.
 *
 * @since 0.1.0
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import { InvalidOAuthClientIdOrSecret, RefreshTokenNotFoundOrExpired } from "stack-auth-effect/KnownErrors"
import type { Project } from "../../EmulatorState.ts"
import * as EmulatorState from "../../EmulatorState.ts"
import * as RequestAuth from "../http/RequestAuth.ts"
import { isValidKey } from "../http/RequestAuth.ts"
import * as RequestSchema from "../http/RequestSchema.ts"
import * as Responses from "../http/Responses.ts"
import * as Router from "../../Router.ts"
import * as Sessions from "../model/SessionRules.ts"
import * as Table from "../state/Table.ts"
import * as Tokens from "../model/Tokens.ts"

/** What a grant handler receives: the request, its form parameters and the authenticated client's project. */
export interface GrantContext {
  readonly context: Router.RouteContext<undefined>
  readonly params: Readonly<Record<string, string>>
  readonly project: Project
}

/** Handles one `grant_type` of the token endpoint. */
export type GrantHandler = (grant: GrantContext) => Effect.Effect<Response, Responses.RouteFailure, Router.RouteEnv>

/**
 * The `expires_in` of the service's token answers: its OAuth library's default hour, whatever the
 * access token's real life (its `exp` claim tells that).
 */
export const tokenAnswerExpiresIn = 3600

/** A successful token response, in the shape OAuth 2 clients (oauth4webapi) accept. */
export const tokenResponse = (fields: { readonly access_token: string; readonly refresh_token?: string } & Record<string, unknown>): Response =>
  Responses.json(
    { token_type: "Bearer", expires_in: tokenAnswerExpiresIn, ...fields },
    200,
    { "cache-control": "no-store", pragma: "no-cache" }
  )

/**
 * `grant_type=refresh_token`: a new access token for the session (`scope: "legacy"`, no refresh
 * token, as the service answers); the refresh token stays valid, unless the emulator's
 * `TokenPolicy` rotates refresh tokens (then the new one is answered).
 */
export const refreshTokenGrant: GrantHandler = ({ context, params, project }) =>
  Effect.gen(function*() {
    const refreshToken = params.refresh_token
    if (refreshToken === undefined || refreshToken.length === 0) {
      return yield* new Responses.OAuthFailure({ status: 400, error: "invalid_request", description: "refresh_token is required" })
    }
    const state = yield* EmulatorState.get
    const now = yield* Clock.currentTimeMillis
    const session = Sessions.findByRefreshToken(state, project.id, refreshToken, now)
    // a deleted user's session still refreshes, as on the service
    if (session === undefined) return yield* new RefreshTokenNotFoundOrExpired({})
    yield* Sessions.touch(session)
    const policy = yield* Tokens.TokenPolicy
    const current = policy.rotateRefreshTokens ? yield* Sessions.rotate(session) : session
    const accessToken = yield* Sessions.accessTokenFor(current, context.url.origin)
    return tokenResponse({
      access_token: accessToken,
      scope: "legacy",
      ...(policy.rotateRefreshTokens ? { refresh_token: current.refreshToken } : {})
    })
  })

/** The grants the emulator supports out of the box. */
export const defaultGrants: Readonly<Record<string, GrantHandler>> = { refresh_token: refreshTokenGrant }

const formParams = (body: unknown): Record<string, string> => {
  const params: Record<string, string> = {}
  if (typeof body === "object" && body !== null) {
    for (const [key, value] of Object.entries(body)) if (typeof value === "string") params[key] = value
  }
  return params
}

const basicCredentials = (request: Request): { id: string; secret: string } | undefined => {
  const header = request.headers.get("authorization")
  if (header === null || !header.toLowerCase().startsWith("basic ")) return undefined
  const decoded = atob(header.slice(6).trim())
  const colon = decoded.indexOf(":")
  if (colon < 0) return undefined
  return { id: decodeURIComponent(decoded.slice(0, colon)), secret: decodeURIComponent(decoded.slice(colon + 1)) }
}

// The service's request schema: a known grant type; every other field is the grant's.
const TokenBody = RequestSchema.object({
  grant_type: RequestSchema.string().oneOf(["authorization_code", "refresh_token"]).defined()
}).allowUnknown().defined()

/** The token endpoint with these grants. */
export const makeTokenRoute = (grants: Readonly<Record<string, GrantHandler>>): Router.Route =>
  Router.post("/auth/oauth/token", "public", (context) =>
    Effect.gen(function*() {
      yield* RequestSchema.check([["body", TokenBody, context.body]], undefined)
      const params = formParams(context.body)
      const basic = basicCredentials(context.request)
      const clientId = basic?.id ?? params.client_id
      const clientSecret = basic?.secret ?? params.client_secret
      const state = yield* EmulatorState.get
      const now = yield* Clock.currentTimeMillis
      const project = clientId === undefined ? undefined : Table.get(state.projects, clientId)
      if (project === undefined || clientSecret === undefined || !isValidKey(state, project.id, "publishableClientKey", clientSecret, now)) {
        // the service's token endpoint names no client id here
        return yield* new InvalidOAuthClientIdOrSecret({ details: { clientId: null } })
      }
      const grantType = params.grant_type ?? ""
      const grant = grants[grantType]
      if (grant === undefined) {
        return yield* new Responses.OAuthFailure({
          status: 400,
          error: "unsupported_grant_type",
          description: `The grant type ${JSON.stringify(grantType)} is not supported`
        })
      }
      return yield* grant({ context, params, project })
    }))

/** `GET /projects/:projectId/.well-known/jwks.json`: the keys access tokens are signed with. */
export const jwksRoute: Router.Route = Router.get("/projects/:projectId/.well-known/jwks.json", "public", ({ params, request }) =>
  Effect.gen(function*() {
    // credentials are not needed, but the ones sent must hold
    yield* RequestAuth.identify(request)
    const state = yield* EmulatorState.get
    const projectId = params.projectId!
    // the service answers an unknown project with a plain 404, no known error
    if (Table.get(state.projects, projectId) === undefined) return yield* new Responses.StatusFailure({ status: 404, message: "Project not found" })
    return Responses.json(Tokens.jwks(EmulatorState.publishedSigningKeys(state)))
  }))

/** Token routes with the default grants. */
export const routes: ReadonlyArray<Router.Route> = [makeTokenRoute(defaultGrants), jwksRoute]
