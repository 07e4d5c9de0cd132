/**
 * The SDK's one OAuth 2 client (`/auth/oauth/token`): the configured service's token
 * endpoint, the project as a `client_secret_post` client (project id and publishable key) with a
 * 30 s clock tolerance, and token requests built and checked by `oauth4webapi` but sent through
 * `HttpTransport`. The fiber's interruption aborts a request, and its answer's body is read inside
 * the same interruptible region, so an interrupted exchange never leaves a download running.
 *
 * Used by OAuth flows (`api/OAuth.ts`) only, and oauth4webapi is imported on first use: the refresh
 * grant is our own code (`session/Refresh.ts`), so apps that never start an OAuth flow neither
 * bundle nor load it.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import type * as oauth from "oauth4webapi"
import * as Headers from "../../protocol/Headers.ts"
import { KnownError } from "../../protocol/KnownError.ts"
import { hasNullBody, HttpTransport, readBody, toTransportFailure, TransportFailure } from "../HttpTransport.ts"
import * as Limits from "../Limits.ts"
import type { StackConfig } from "../StackConfig.ts"
import * as TokenEndpoint from "./TokenEndpoint.ts"

/** The token endpoint's path under `/api/v1`. */
export const tokenPath = TokenEndpoint.tokenPath

/** How the client authenticates at the token endpoint (`client_secret_post`). */
export const tokenEndpointAuthMethod = TokenEndpoint.tokenEndpointAuthMethod

/** Tolerance for clock differences when checking timestamps of token responses. */
export const clockToleranceSeconds = 30

/** The oauth4webapi library, imported on first use (a Node process or a bundle without OAuth never loads it). */
export type Library = typeof oauth

/** Imports oauth4webapi once; later calls reuse the first import. */
export const library: Effect.Effect<Library> = /*#__PURE__*/ Effect.promise(() => (loading ??= import("oauth4webapi")))
let loading: Promise<Library> | undefined

/** The authorization server, client and client authentication of one configuration. */
export interface OAuthClient {
  readonly oauth: Library
  readonly tokenEndpoint: string
  readonly authorizationServer: oauth.AuthorizationServer
  readonly client: oauth.Client
  readonly clientAuth: oauth.ClientAuth
}

/** The OAuth client of a configuration: the project id and its publishable key (`client_secret_post`). */
export const make = (config: StackConfig): Effect.Effect<OAuthClient> =>
  Effect.map(library, (oauth) => {
    const tokenEndpoint = TokenEndpoint.url(config)
    return {
      oauth,
      tokenEndpoint,
      authorizationServer: { issuer: config.baseUrl, token_endpoint: tokenEndpoint },
      client: {
        client_id: config.projectId,
        token_endpoint_auth_method: tokenEndpointAuthMethod,
        [oauth.clockTolerance]: clockToleranceSeconds
      },
      clientAuth: config.publishableClientKey === undefined ? oauth.None() : oauth.ClientSecretPost(config.publishableClientKey)
    }
  })


/** The answer again, with its body held in memory (the original is read to its end). */
const buffered = (response: Response, text: string): Effect.Effect<Response, TransportFailure> =>
  Effect.try({
    try: () =>
      new Response(hasNullBody(response.status) ? null : text, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers
      }),
    catch: toTransportFailure
  })

/**
 * Sends one token-endpoint request that `request` builds with oauth4webapi (given the options:
 * the fiber's AbortSignal, insecure requests allowed for an `http:` service, and a `customFetch`
 * through `HttpTransport`), then reads the answer's whole body interruptibly. Answers the response
 * with its body buffered, ready for oauth4webapi's `process*Response`.
 */
export const send = (
  oauthClient: OAuthClient,
  request: (options: oauth.TokenEndpointRequestOptions) => Promise<Response>
): Effect.Effect<Response, TransportFailure> =>
  Effect.gen(function*() {
    const transport = yield* HttpTransport
    const context = yield* Effect.context<never>()
    const customFetch = async (target: string, init: oauth.CustomFetchOptions<"POST", URLSearchParams>): Promise<Response> => {
      // the signal is the fiber's: aborting it interrupts the send, which aborts the request
      const sent = await Effect.runPromiseWith(context)(
        // never follows a redirect: the code and verifier go nowhere but the configured service
        Effect.catch(transport.send(new Request(target, { ...init, redirect: "manual" })), Effect.succeed), // the failure as a value, thrown below
        { signal: init.signal }
      )
      if (sent instanceof TransportFailure) throw sent
      return sent
    }
    const response = yield* Effect.tryPromise({
      try: (signal) =>
        request({
          signal,
          [oauthClient.oauth.allowInsecureRequests]: oauthClient.tokenEndpoint.startsWith("http:"),
          [oauthClient.oauth.customFetch]: customFetch
        }),
      catch: toTransportFailure
    })
    const text = yield* Effect.tryPromise({
      try: (signal) => readBody(response, signal, Limits.defaults.maxResponseBytes),
      catch: toTransportFailure
    })
    return yield* buffered(response, text)
  })

/**
 * The known error a token-endpoint answer carries (`x-stack-known-error`, message and details from
 * the body), or `undefined`. The answer must be one {@link send} buffered.
 */
export const knownError = (response: Response): Effect.Effect<KnownError | undefined> => {
  const code = response.headers.get(Headers.knownError)
  if (code === null) return Effect.succeed(undefined)
  return Effect.tryPromise({ try: () => response.clone().json(), catch: () => undefined }).pipe(
    Effect.catch(() => Effect.succeed(undefined)),
    Effect.map((body: { error?: unknown; details?: unknown } | undefined) =>
      new KnownError({
        code,
        status: response.status,
        message: typeof body?.error === "string" ? body.error : code,
        details: body?.details
      })
    )
  )
}
