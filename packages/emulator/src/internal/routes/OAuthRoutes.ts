/**
 * OAuth routes of the emulator: `GET /auth/oauth/authorize/{provider}`
 * (reached by redirect) refuses a `redirect_uri`, `error_redirect_url` or
 * `after_callback_redirect_url` off the project's trusted domains (`RedirectUrlNotWhitelisted`,
 * before any code exists), then starts a flow with the built-in mock provider, which shows a small page to
 * pick the test account, or approves at once when told to (`OAuthFlow.autoApprove`, or the query
 * parameter `emulator_login_email`); `GET|POST /auth/oauth/callback/{provider}` finishes it; the
 * token endpoint's `authorization_code` grant ({@link authorizationCodeGrant}) exchanges the code.
 *
 * @since 0.1.0
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import {
  InvalidAuthorizationCode,
  InvalidOAuthClientIdOrSecret,
  InvalidPublishableClientKey,
  OAuthExtraScopeNotAvailableWithSharedOAuthKeys,
  OAuthProviderNotFoundOrNotEnabled,
  RedirectUrlNotWhitelisted,
  UserAuthenticationRequired
} from "stack-auth-effect/KnownErrors"
import { isTrustedUrl } from "../model/Domains.ts"
import * as EmulatorState from "../../EmulatorState.ts"
import * as Html from "../http/Html.ts"
import * as Mfa from "../model/MfaRules.ts"
import * as OAuthFlow from "../model/OAuthFlow.ts"
import { isValidKey, userFromAccessToken } from "../http/RequestAuth.ts"
import * as RequestSchema from "../http/RequestSchema.ts"
import * as Responses from "../http/Responses.ts"
import * as Router from "../../Router.ts"
import * as Sessions from "../model/SessionRules.ts"
import * as Table from "../state/Table.ts"
import * as Users from "../../EmulatorUsers.ts"
import type { GrantHandler } from "./TokensRoutes.ts"
import { tokenResponse } from "./TokensRoutes.ts"

// The service's query schema, field for field in its order (see RequestSchema for the rules; its
// order puts `grant_type` and `response_type` with `type`, whose name they contain).
const text = () => RequestSchema.string().defined()
const AuthorizeParams = RequestSchema.object({ provider_id: text() }).defined()
const AuthorizeQuery = RequestSchema.object({
  type: RequestSchema.string().oneOf(["authenticate", "link"]),
  token: RequestSchema.string(),
  provider_scope: RequestSchema.string(),
  error_redirect_url: RequestSchema.url(),
  error_redirect_uri: RequestSchema.url(),
  after_callback_redirect_url: RequestSchema.string(),
  client_id: text(),
  client_secret: text(),
  redirect_uri: RequestSchema.url().defined(),
  scope: text(),
  state: text(),
  grant_type: RequestSchema.string().oneOf(["authorization_code"]).defined(),
  code_challenge: text(),
  code_challenge_method: text(),
  response_type: text(),
  // the emulator's own: the mock provider's account, to approve at once
  emulator_login_email: RequestSchema.string(),
  account_id: RequestSchema.string(),
  name: RequestSchema.string(),
  email_verified: RequestSchema.string()
}).defined()


const redirect = (url: URL | string, status = 307): Response => new Response(null, { status, headers: { location: url.toString() } })

/** The mock provider's page: pick the test account to sign in with, or refuse. */
export const providerPage = (providerId: string, innerState: string): Response => {
  const action = `${Router.apiBase}/auth/oauth/callback/${encodeURIComponent(providerId)}`
  const html = `<!doctype html>
<html><head><meta charset="utf-8"><title>Sign in with ${Html.escape(providerId)} (emulator)</title></head>
<body style="font-family: sans-serif; max-width: 28rem; margin: 3rem auto">
<h1>Sign in with ${Html.escape(providerId)}</h1>
<p>This is the Stack Auth emulator's mock ${Html.escape(providerId)} provider. Enter a test account.</p>
<form method="get" action="${action}">
<input type="hidden" name="state" value="${Html.escape(innerState)}">
<p><label>E-mail <input name="email" type="email" required value="test@example.com"></label></p>
<p><label>Name <input name="name" value="Test User"></label></p>
<p><label>Account id (optional) <input name="account_id"></label></p>
<p><button type="submit">Sign in</button> <button type="submit" name="error" value="access_denied" formnovalidate>Deny</button></p>
</form>
</body></html>`
  return Html.page(html)
}

/** The user a link flow's access token belongs to (the same check as every authenticated route). */
const linkUserId = (token: string, projectId: string) =>
  Effect.gen(function*() {
    const state = yield* EmulatorState.get
    const session = yield* userFromAccessToken(state, token, projectId, yield* Clock.currentTimeMillis)
    // a deleted user's token names no user: nothing to link an account to
    if (session.user === undefined) return yield* new UserAuthenticationRequired({})
    return session.user.id
  })

const accountFromQuery = (query: URLSearchParams): OAuthFlow.MockAccount | undefined => {
  const email = query.get("emulator_login_email") ?? query.get("email")
  if (email === null || email.length === 0) return undefined
  return {
    email,
    accountId: query.get("account_id") || undefined,
    displayName: query.get("name") || undefined,
    emailVerified: query.get("email_verified") !== "false"
  }
}

const authorize: Router.Handler<undefined> = ({ params, query, url }) =>
  Effect.gen(function*() {
    const get = (name: string) => query.get(name) ?? ""
    const type = (query.get("type") ?? "authenticate") as "authenticate" | "link"
    yield* RequestSchema.check([
      ["params", AuthorizeParams, { provider_id: params.provider }],
      ["query", AuthorizeQuery, RequestSchema.queryObject(query)]
    ], undefined)
    const state = yield* EmulatorState.get
    const now = yield* Clock.currentTimeMillis
    const project = Table.get(state.projects, get("client_id"))
    if (project === undefined) return yield* new InvalidOAuthClientIdOrSecret({ details: { clientId: get("client_id") } })
    if (!isValidKey(state, project.id, "publishableClientKey", get("client_secret"), now)) {
      return yield* new InvalidPublishableClientKey({ details: { projectId: project.id } })
    }
    const provider = project.config.oauthProviders.find((p) => p.id === params.provider)
    if (provider === undefined) return yield* new OAuthProviderNotFoundOrNotEnabled({})
    const token = query.get("token") ?? ""
    if (type === "link" && token.length === 0) {
      return yield* new Responses.StatusFailure({ status: 400, message: "?token= query parameter is required for link type" })
    }
    // every URL the flow may send the browser to must be trusted before anything is issued
    const redirectUri = get("redirect_uri").split("#")[0]!
    const errorRedirectUrl = query.get("error_redirect_uri") ?? query.get("error_redirect_url")
    const after = query.get("after_callback_redirect_url")
    if ([redirectUri, errorRedirectUrl, after].some((url) => url !== null && !isTrustedUrl(project, url))) {
      return yield* new RedirectUrlNotWhitelisted({})
    }
    const providerScope = query.get("provider_scope")
    if (providerScope !== null && providerScope.length > 0 && provider.type === "shared") {
      return yield* new OAuthExtraScopeNotAvailableWithSharedOAuthKeys({})
    }
    const flow: OAuthFlow.OuterFlow = {
      innerState: Mfa.newCode(),
      projectId: project.id,
      providerId: provider.id,
      redirectUri,
      state: get("state"),
      scope: get("scope"),
      codeChallenge: get("code_challenge"),
      codeChallengeMethod: get("code_challenge_method"),
      type,
      userId: token.length > 0 ? yield* linkUserId(token, project.id) : null,
      providerScope: providerScope || null,
      errorRedirectUrl,
      afterCallbackRedirectUrl: after,
      expiresAtMillis: now + OAuthFlow.outerFlowLifetimeMillis
    }
    yield* EmulatorState.update((s) => OAuthFlow.outerFlows.set(s, Table.put(OAuthFlow.outerFlows.get(s), flow.innerState, flow)))
    const account = accountFromQuery(query) ?? OAuthFlow.settings(state).autoApprove ?? undefined
    if (account !== undefined) return redirect(yield* OAuthFlow.complete(flow, { _tag: "Approved", account }))
    const page = new URL(`${Router.apiBase}/auth/oauth/mock-provider/${encodeURIComponent(provider.id)}`, url.origin)
    page.searchParams.set("state", flow.innerState)
    return redirect(page)
  })

/**
 * The callback; every answer deletes the flow's inner-state cookie, as the service's does
 * (`stack-oauth-inner-<state>=; Path=/; Expires=<epoch>`).
 */
const callback: Router.Handler<undefined> = (context) =>
  Effect.map(Effect.result(callbackAnswer(context)), (result) => {
    const form = callbackForm(context)
    const response = result._tag === "Success" ? result.success : Responses.fromFailure(result.failure)
    response.headers.append("set-cookie", `stack-oauth-inner-${form.get("state") ?? ""}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT`)
    return response
  })

const callbackForm = ({ body, query }: Router.RouteContext<undefined>) => {
  const form = new URLSearchParams(query)
  if (typeof body === "object" && body !== null) {
    for (const [key, value] of Object.entries(body)) if (typeof value === "string") form.set(key, value)
  }
  return form
}

const callbackAnswer: Router.Handler<undefined> = (context) =>
  Effect.gen(function*() {
    const form = callbackForm(context)
    const flow = Table.get(OAuthFlow.outerFlows.get(yield* EmulatorState.get), form.get("state") ?? "")
    if (flow === undefined) {
      return yield* new Responses.StatusFailure({ status: 400, message: "Invalid OAuth state. Please try signing in again." })
    }
    const account = accountFromQuery(form)
    const answer: OAuthFlow.ProviderAnswer = form.get("error") !== null || account === undefined
      ? { _tag: "Denied" }
      : { _tag: "Approved", account }
    return redirect(yield* OAuthFlow.complete(flow, answer), 303)
  })

/** OAuth routes. */
export const routes: ReadonlyArray<Router.Route> = [
  Router.get("/auth/oauth/authorize/:provider", "public", authorize),
  Router.get("/auth/oauth/mock-provider/:provider", "public", ({ params, query }) =>
    Effect.succeed(providerPage(params.provider ?? "", query.get("state") ?? ""))),
  Router.get("/auth/oauth/callback/:provider", "public", callback),
  Router.post("/auth/oauth/callback/:provider", "public", callback)
]

/**
 * `grant_type=authorization_code`: one use, within 5 minutes, with the same
 * `redirect_uri` and the PKCE verifier of the flow's S256 challenge. Answers the session's tokens
 * with `is_new_user` and `after_callback_redirect_url`; a user with a second factor gets
 * `MULTI_FACTOR_AUTHENTICATION_REQUIRED` instead.
 */
export const authorizationCodeGrant: GrantHandler = ({ context, params, project }) =>
  Effect.gen(function*() {
    if (!params.code) return yield* new Responses.OAuthFailure({ status: 400, error: "invalid_request", description: "Missing parameter: `code`" })
    const code = yield* OAuthFlow.takeCode(project.id, params.code)
    if (code === undefined) return yield* new InvalidAuthorizationCode({})
    if (!params.redirect_uri) return yield* new Responses.OAuthFailure({ status: 400, error: "invalid_request", description: "Missing parameter: `redirect_uri`" })
    if (params.redirect_uri !== code.redirectUri) {
      return yield* new Responses.StatusFailure({
        status: 400,
        message: "Invalid redirect URI. Your redirect URI must be the same as the one used to get the authorization code."
      })
    }
    if (!params.code_verifier || code.codeChallengeMethod !== "S256" || (yield* OAuthFlow.s256(params.code_verifier)) !== code.codeChallenge) {
      return yield* new InvalidAuthorizationCode({})
    }
    const user = Users.findInProject(yield* EmulatorState.get, project.id, code.userId)
    if (user === undefined) return yield* new InvalidAuthorizationCode({})
    if (Mfa.requiresMfa(user)) return yield* Mfa.mfaRequired(user, false)
    const tokens = yield* Sessions.create({ projectId: project.id, userId: user.id, baseUrl: context.url.origin })
    return tokenResponse({
      access_token: tokens.accessToken,
      refresh_token: tokens.refreshToken,
      scope: "legacy",
      is_new_user: code.isNewUser,
      newUser: code.isNewUser,
      after_callback_redirect_url: code.afterCallbackRedirectUrl,
      afterCallbackRedirectUrl: code.afterCallbackRedirectUrl
    })
  })
