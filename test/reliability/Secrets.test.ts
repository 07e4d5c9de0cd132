/**
 * Secrets never leak (SPEC §6, house rules): the secret server key, the admin key, every access
 * and refresh token (and the user's password) are absent from everything a call leaves behind —
 * spans (names, attributes, events, the exit each span ended with), logs (messages, causes,
 * annotations), errors (`String`, `JSON.stringify`, `util.inspect`, `Cause.pretty`) and the app's
 * own services and stored tokens. A secret key configured where a browser runs is refused.
 */
import { assert, describe, it, layer } from "@effect/vitest"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import { FetchHttpClient } from "effect/http"
import * as HttpClient from "effect/http/HttpClient"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import { TestClock } from "effect/testing"
import * as AdminProjects from "../../packages/sdk/src/api/AdminProjects.ts"
import * as Auth from "../../packages/sdk/src/api/Auth.ts"
import * as Projects from "../../packages/sdk/src/api/Projects.ts"
import * as ServerUsers from "../../packages/sdk/src/api/ServerUsers.ts"
import * as Users from "../../packages/sdk/src/api/Users.ts"
import * as StackAdminApp from "../../packages/sdk/src/apps/StackAdminApp.ts"
import * as GlobalHost from "../../packages/sdk/src/platform/internal/GlobalHost.ts"
import * as StackClientApp from "../../packages/sdk/src/apps/StackClientApp.ts"
import * as StackServerApp from "../../packages/sdk/src/apps/StackServerApp.ts"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as Faults from "../../packages/emulator/src/Faults.ts"
import { demoProject } from "../../packages/emulator/src/Seeds.ts"
import * as Table from "../../packages/emulator/src/internal/state/Table.ts"
import * as Headers from "../../packages/sdk/src/protocol/Headers.ts"
import * as KnownErrors from "../../packages/sdk/src/protocol/KnownErrors.ts"
import * as Session from "../../packages/sdk/src/session/Session.ts"
import * as TokenStore from "../../packages/sdk/src/session/TokenStore.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"
import * as Call from "../../packages/sdk/src/transport/Call.ts"
import { HttpTransport, TransportFailure } from "../../packages/sdk/src/transport/HttpTransport.ts"
import * as HttpClientTransport from "../../packages/sdk/src/transport/HttpClientTransport.ts"
import * as Limits from "../../packages/sdk/src/transport/Limits.ts"
import * as StackHttp from "../../packages/sdk/src/transport/StackHttp.ts"
import * as Capture from "../support/Capture.ts"
import { labelOf } from "../support/Transport.ts"
import { makeOracleError, oracleSamples } from "../protocol/oracleSamples.ts"
import { demoConfig } from "./support.ts"

const password = "correct-horse-battery-staple-42"
const wrongServerKey = "ssk_wrong_key_that_must_not_leak_5f1d"

/** Asserts that no text contains any secret; returns how many texts were scanned. */
const scan = (texts: ReadonlyArray<string>, secrets: ReadonlyArray<string>, where: string): number => {
  for (const secret of secrets) {
    assert.isAtLeast(secret.length, 8, "a secret to scan for")
    const hit = texts.find((text) => text.includes(secret))
    assert.isUndefined(hit, `${where}: a secret (${secret.slice(0, 6)}…) leaked into: ${hit?.slice(0, 300)}`)
  }
  return texts.length
}

/** Every textual view of a value; for an exit, its error or defect too. */
const textsOf = (value: unknown): ReadonlyArray<string> => {
  if (Exit.isExit(value)) {
    return Exit.isSuccess(value) ? Capture.views(value.value) : [...Capture.views(value.cause), ...Capture.views(Cause.squash(value.cause))]
  }
  return Capture.views(value)
}

const me = { method: "GET", path: "/users/me" } as const
const knownErrorFault = (code: string, status: number) =>
  Faults.status(200, {
    headers: { "content-type": "application/json", [Headers.knownError]: code, [Headers.actualStatus]: String(status) },
    body: JSON.stringify({ code, error: `message of ${code}` })
  })

layer(Emulator.layer)("secrets in traces, logs and errors", (it) => {
  it.effect("a representative run of client, server and admin calls leaves no key, token or password in any span, log or error", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      const capture = Capture.make()
      const outcomes: Array<unknown> = []
      const keep = <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.tap(Effect.exit(effect), (exit) => Effect.sync(() => outcomes.push(exit)))
      const inject = (injection: Faults.Injection) => emulator.faults.inject(injection)
      const tokensSeen = new Set<string>()
      const noteTokens = Effect.gen(function*() {
        const stored = yield* (yield* TokenStore.TokenStore).get
        if (stored.accessToken) tokensSeen.add(Redacted.value(stored.accessToken))
        if (stored.refreshToken) tokensSeen.add(Redacted.value(stored.refreshToken))
        outcomes.push(stored, yield* (yield* Session.Session).state, yield* StackHttp.StackHttp)
      })

      // client: sign up, read, refresh, stale token, failures of every kind, sign out
      yield* capture.around(Effect.gen(function*() {
        yield* keep(Auth.signUpWithPassword({ email: "secrets@example.com", password, verificationCallbackUrl: "http://localhost:3000/handler/email-verification" }))
        yield* noteTokens
        yield* keep(Users.getCurrent())
        yield* keep(Projects.getCurrent())
        yield* inject({ method: "GET", path: "/users/me", times: 1, fault: knownErrorFault("ACCESS_TOKEN_EXPIRED", 401) })
        yield* keep(Users.getCurrent()) // rejected token: refresh, retry
        yield* noteTokens
        yield* TestClock.adjust("601 seconds")
        yield* keep(Users.getCurrent()) // expired token: refresh
        yield* noteTokens
        yield* keep((yield* Session.Session).getTokens(60_000)) // AccessTokenValidityTooLong
        yield* inject({ method: "GET", path: "/users/me", times: 1, fault: Faults.status(200, { body: "<html>not json</html>" }) })
        yield* keep(Users.getCurrent()) // DecodeError
        yield* inject({ method: "PATCH", path: "/users/me", times: 1, fault: Faults.drop() })
        yield* keep(Users.update({ displayName: "x" })) // ConnectionError with diagnostics
        yield* inject({ method: "GET", path: "/users/me", times: 1, fault: Faults.serverError(503) })
        yield* keep(Users.getCurrent()) // HttpError
        yield* inject({ method: "GET", path: "/users/me", times: 1, fault: Faults.delay("1 hour") })
        const session = yield* Session.Session
        const slow = yield* Effect.forkChild(keep(session.execute({ ...me, timeout: "1 second" })))
        yield* TestClock.adjust("1 second")
        yield* Fiber.await(slow) // TimeoutError
        yield* inject({ method: "GET", path: "/users/me", times: 1, fault: knownErrorFault("SOME_FUTURE_CODE", 400) })
        yield* keep(Users.getCurrent()) // UnknownErrorCode
        yield* inject({ method: "GET", path: "/users/me", times: 1, fault: Faults.status(429, { headers: { "retry-after": "999" }, body: "slow down" }) })
        yield* keep(Users.getCurrent()) // RetryAfterError (above the 20 s cap)
        yield* keep(Call.run(session.execute, { ...me, response: Schema.Unknown, errors: [] }).pipe(
          Effect.andThen(Effect.logDebug("debug line with the session", yield* session.state)),
          Effect.annotateLogs({ user: "me" }),
          Effect.withLogSpan("secrets-scan")
        ))
        yield* inject({ method: "POST", path: "/auth/oauth/token", times: 1, fault: Faults.serverError(500) })
        yield* TestClock.adjust("601 seconds")
        yield* keep(Users.getCurrent().pipe(Limits.withLimits({ retry: { attempts: 1 } }))) // the refresh fails with HTTP 500 (retries off)
        yield* keep(Auth.signInWithPassword({ email: "secrets@example.com", password: `${password}-wrong` })) // EmailPasswordMismatch
        yield* keep(Auth.signInWithPassword({ email: "secrets@example.com", password }))
        yield* noteTokens
        yield* keep(Auth.signOut())
      }).pipe(Effect.provide(TestApps.client())))

      // server: create and list users; a server app with a wrong key
      yield* capture.around(Effect.gen(function*() {
        yield* keep(ServerUsers.create({ primaryEmail: "srv@example.com", password, displayName: "srv" }))
        yield* keep(ServerUsers.list({ limit: 5 }))
        yield* noteTokens
      }).pipe(Effect.provide(TestApps.server())))
      yield* capture.around(keep(ServerUsers.list({}).pipe(Effect.provide(StackServerApp.layer({
        projectId: demoProject.projectId,
        publishableClientKey: demoProject.publishableClientKey,
        secretServerKey: wrongServerKey,
        baseUrl: emulator.baseUrl
      }).pipe(Layer.orDie))))) // InvalidSecretServerKey

      // admin
      yield* capture.around(Effect.gen(function*() {
        yield* keep(AdminProjects.get())
        yield* noteTokens
      }).pipe(Effect.provide(TestApps.admin())))

      assert.isAtLeast(tokensSeen.size, 4, "access and refresh tokens issued during the run")
      const secrets = [demoProject.secretServerKey, demoProject.superSecretAdminKey, wrongServerKey, password, ...tokensSeen]
      const failures = outcomes.filter((o) => Exit.isExit(o) && Exit.isFailure(o)).length
      assert.isAtLeast(failures, 10, "errors of many kinds were produced")
      assert.isTrue(capture.spanNames.includes("Session.refresh"), "the refresh was traced")
      assert.isTrue(capture.spanNames.includes("Auth.signUpWithPassword"))
      assert.isAbove(capture.texts.length, 50)
      const scanned = scan(capture.texts, secrets, "spans and logs") + scan(outcomes.flatMap(textsOf), secrets, "results and errors")
      if (process.env.RELIABILITY_FIGURES) {
        console.log(`secrets: ${secrets.length} secrets, ${capture.spanNames.length} spans, ${outcomes.length} outcomes (${failures} failures), ${scanned} texts scanned`)
      }
      // the tokens noted are the service's real ones, so the scan is looking at the right strings
      // (the emulator's request log redacts them, so they are read from its sessions)
      const issued = Table.values((yield* emulator.state.get).sessions).map((session) => session.refreshToken)
      assert.isTrue(issued.some((t) => tokensSeen.has(t)), "sanity: the scan looks for the values that went over the wire")
    }), { timeout: 30_000 })

  it.effect("every catalogue error and every transport error, built from the wire by a pipeline holding all secrets, prints no secret", () =>
    Effect.gen(function*() {
      const accessToken = "eyJ-access-token-value-never-printed"
      const refreshToken = "refresh-token-value-never-printed-77"
      const secrets = [demoProject.secretServerKey, demoProject.superSecretAdminKey, accessToken, refreshToken]
      const http = yield* Effect.orDie(StackHttp.make({ config: demoConfig(), accessType: "admin" }))
      const capture = Capture.make()
      const tokens = { accessToken: Redacted.make(accessToken), refreshToken: Redacted.make(refreshToken) }
      const errors: Array<unknown> = []
      const answer = (response: () => Response | TransportFailure) => ({
        send: () => Effect.suspend(() => {
          const r = response()
          return r instanceof TransportFailure ? Effect.fail(r) : Effect.succeed(r)
        })
      })
      const run = (transport: ReturnType<typeof answer>, method: "GET" | "POST" = "GET") =>
        capture.around(Effect.exit(Call.run(http.execute, { method, path: "/x", tokens, response: Schema.Struct({ id: Schema.String }), errors: KnownErrors.all })).pipe(
          Effect.provideService(HttpTransport, transport)
        )).pipe(Effect.tap((exit) => Effect.sync(() => errors.push(exit))))

      for (const name of Object.keys(oracleSamples)) {
        const wire = makeOracleError(name).toDescriptiveJson()
        yield* run(answer(() => new Response(JSON.stringify(wire), {
          status: 200,
          headers: { [Headers.knownError]: wire.code, [Headers.actualStatus]: "400", "content-type": "application/json" }
        })))
      }
      assert.strictEqual(errors.length, Object.keys(oracleSamples).length)
      assert.isAtLeast(errors.length, KnownErrors.all.length)
      const tags = new Set(errors.map((e) => Exit.isExit(e) && Exit.isFailure(e) ? (Cause.squash(e.cause) as { _tag: string })._tag : "success"))
      for (const cls of KnownErrors.all) assert.isTrue(tags.has((cls as unknown as { name: string }).name), cls.code)

      // transport errors, each from its real code path
      yield* run(answer(() => new TransportFailure({ reason: "TypeError: fetch failed" })), "POST") // ConnectionError
      yield* run(answer(() => new Response("boom", { status: 500 }))) // HttpError
      yield* run(answer(() => new Response("{", { status: 200 }))) // DecodeError
      yield* run(answer(() => new Response(JSON.stringify({ id: 5 }), { status: 200 }))) // DecodeError (schema)
      yield* run(answer(() => new Response(JSON.stringify({ code: "NEW_CODE", error: "x" }), { headers: { [Headers.knownError]: "NEW_CODE" } }))) // UnknownErrorCode
      yield* run(answer(() => new Response(JSON.stringify({ code: "B" }), { headers: { [Headers.knownError]: "A" } }))) // KnownErrorCodeMismatch (defect)
      const stalled = yield* Effect.forkChild(capture.around(Effect.exit(http.execute({ method: "GET", path: "/x", tokens, timeout: "1 second" }))).pipe(
        Effect.provideService(HttpTransport, { send: () => Effect.never })
      ))
      yield* TestClock.adjust("1 second")
      errors.push(yield* Fiber.join(stalled)) // TimeoutError
      const offline = Object.getOwnPropertyDescriptor(globalThis, "navigator")
      Object.defineProperty(globalThis, "navigator", { value: { onLine: false }, configurable: true })
      yield* run(answer(() => new TransportFailure({ reason: "Failed to fetch" })), "POST").pipe(
        Effect.provide(GlobalHost.layer), // the host an app provides (platform/): it reads navigator.onLine
        Effect.ensuring(Effect.sync(() => Object.defineProperty(globalThis, "navigator", offline!)))
      ) // OfflineError
      errors.push(yield* Effect.exit(Layer.build(TokenStore.layerExplicit({ accessToken: "undefined", refreshToken })))) // InvalidTokenValue
      // the effect/http adapter's failure text
      const viaHttpClient = HttpClientTransport.fromHttpClient(yield* HttpClient.HttpClient.pipe(
        Effect.provide(FetchHttpClient.layer.pipe(Layer.provide(Layer.succeed(FetchHttpClient.Fetch, () => Promise.reject(new TypeError("fetch failed"))))))
      ))
      errors.push(yield* Effect.exit(viaHttpClient.send(new Request("http://localhost:8102/api/v1/users/me", {
        headers: { [Headers.secretServerKey]: demoProject.secretServerKey, [Headers.accessToken]: accessToken, [Headers.refreshToken]: refreshToken }
      }))))
      const transportTags = errors.slice(Object.keys(oracleSamples).length).map((e) =>
        Exit.isExit(e) && Exit.isFailure(e) ? labelOf(Cause.squash(e.cause)) : "success")
      assert.deepStrictEqual(transportTags, [
        "StackTransportError (ConnectionError)", "StackTransportError (HttpError)", "StackTransportError (DecodeError)",
        "StackTransportError (DecodeError)", "UnknownErrorCode", "KnownErrorCodeMismatch", "StackTransportError (TimeoutError)",
        "StackTransportError (OfflineError)", "InvalidTokenValue", "TransportFailure"
      ])
      const scanned = scan(errors.flatMap(textsOf), secrets, "errors") + scan(capture.texts, secrets, "spans and logs")
      if (process.env.RELIABILITY_FIGURES) console.log(`secrets: ${errors.length} errors built from the wire, ${scanned} texts scanned`)
    }))
})

describe("the scanner", () => {
  it.effect("catches a secret planted in a log line, a log annotation, a span attribute or an error", () =>
    Effect.gen(function*() {
      const secret = "planted-secret-value-0123"
      const plants: ReadonlyArray<Effect.Effect<unknown, unknown>> = [
        Effect.logInfo(`oops ${secret}`),
        Effect.logDebug("fine").pipe(Effect.annotateLogs({ token: secret })),
        Effect.annotateCurrentSpan("token", secret).pipe(Effect.withSpan("leaky")),
        Effect.fail(new TransportFailure({ reason: secret })).pipe(Effect.withSpan("failing"))
      ]
      for (const plant of plants) {
        const capture = Capture.make()
        yield* Effect.exit(capture.around(plant))
        assert.throws(() => scan(capture.texts, [secret], "control"), /leaked/)
      }
    }))
})

describe("secret keys in a browser", () => {
  /** Runs `effect` where `window` and `document` exist, as on a page. */
  const inBrowser = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
    Effect.acquireUseRelease(
      Effect.sync(() => {
        const g = globalThis as { window?: unknown; document?: unknown }
        const saved = { window: g.window, document: g.document }
        g.window = {}
        g.document = {}
        return saved
      }),
      () => effect,
      (saved) => Effect.sync(() => Object.assign(globalThis, saved))
    )

  const base = { projectId: demoProject.projectId, publishableClientKey: demoProject.publishableClientKey, baseUrl: "http://localhost:8102" }

  it.effect("server and admin apps refuse to start with a secret key where a browser runs; the error names no key", () =>
    Effect.gen(function*() {
      const server = yield* inBrowser(Effect.exit(Layer.build(StackServerApp.layer({ ...base, secretServerKey: demoProject.secretServerKey }))))
      const admin = yield* inBrowser(Effect.exit(Layer.build(StackAdminApp.layer({
        ...base,
        secretServerKey: demoProject.secretServerKey,
        superSecretAdminKey: demoProject.superSecretAdminKey
      }))))
      for (const exit of [server, admin]) {
        assert.isTrue(Exit.isFailure(exit), String(exit === server ? "server" : "admin"))
        const error = Exit.isFailure(exit) ? Cause.squash(exit.cause) : undefined
        assert.strictEqual((error as { _tag?: string })._tag, "StackConfigError")
        scan(textsOf(exit), [demoProject.secretServerKey, demoProject.superSecretAdminKey], "config error")
      }
      const client = yield* inBrowser(Effect.exit(Layer.build(StackClientApp.layer(base))))
      assert.isTrue(Exit.isSuccess(client), "the client app is for browsers")
      const outside = yield* Effect.exit(Layer.build(StackServerApp.layer({ ...base, secretServerKey: demoProject.secretServerKey })))
      assert.isTrue(Exit.isSuccess(outside), "outside a browser the server app starts")
    }))

  it.effect("a server pipeline never sends the admin key, a client pipeline never sends either key", () =>
    Effect.gen(function*() {
      const config = demoConfig()
      const client = StackHttp.buildHeaders(config, "client", { method: "GET", path: "/x" })
      const server = StackHttp.buildHeaders(config, "server", { method: "GET", path: "/x" })
      scan(Object.values(client), [demoProject.secretServerKey, demoProject.superSecretAdminKey], "client headers")
      scan(Object.values(server), [demoProject.superSecretAdminKey], "server headers")
      scan(Capture.views(config), [demoProject.secretServerKey, demoProject.superSecretAdminKey], "the configuration")
    }))
})
