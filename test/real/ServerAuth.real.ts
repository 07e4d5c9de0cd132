/**
 * Server-side authentication (issue #24) against the real service: the tokens it issues pass our
 * local verifier (with the JWKS it publishes), decode into `CurrentUser`, are refused where the
 * service refuses them, are read from every place a client puts them, and a cookie session whose
 * access token expired is refreshed with the service and written back as `Set-Cookie`. The example
 * service runs against it too. The real tokens' header and claims are compared with the in-process
 * emulator's.
 *
 * Expiry is checked on a clock set past `exp` (the service's tokens live 30 s here); the cookie
 * refresh waits out one real token on the live clock (the refreshed token must pass the same clock).
 */
import { spawn } from "node:child_process"
import { fileURLToPath } from "node:url"
import { assert, describe, it } from "@effect/vitest"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import { decodeJwt, decodeProtectedHeader } from "jose"
import { layer as layerInProcess } from "../../packages/emulator/src/Emulator.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"
import * as Auth from "../../packages/sdk/src/api/Auth.ts"
import * as CookieStorage from "../../packages/sdk/src/platform/CookieStorage.ts"
import * as KnownErrors from "../../packages/sdk/src/protocol/KnownErrors.ts"
import * as AccessTokenVerifier from "../../packages/sdk/src/server/AccessTokenVerifier.ts"
import * as CurrentUser from "../../packages/sdk/src/server/CurrentUser.ts"
import * as ServerAuth from "../../packages/sdk/src/server/ServerAuth.ts"
import * as Session from "../../packages/sdk/src/session/Session.ts"
import * as TokenStore from "../../packages/sdk/src/session/TokenStore.ts"
import * as StackClientApp from "../../packages/sdk/src/apps/StackClientApp.ts"
import { StackHttp } from "../../packages/sdk/src/transport/StackHttp.ts"
import * as Real from "./RealService.ts"

/**
 * The service's public URL as it names itself in `iss`: STACK_ISSUER_URL, or the API URL with
 * 127.0.0.1 spelled localhost (the local real service publishes http://localhost:8140).
 */
const issuerUrl = (): string =>
  process.env.STACK_ISSUER_URL ?? Real.env!.apiUrl.replace("//127.0.0.1", "//localhost")

const r = (headers: Record<string, string>) => new Request("http://backend.test/me", { headers })

/** A browser signed up with a password in a project of the real service: its session tokens. */
const browser = (project: Real.ProjectKeys = Real.envProject()) =>
  Effect.gen(function*() {
    yield* Auth.signUpWithPassword({ email: Real.uniqueEmail("server-auth"), password: Real.password, verificationCallbackUrl: Real.verificationCallbackUrl })
    return (yield* (yield* Session.Session).getTokens())!
  }).pipe(Effect.provide(Real.client(project)))

const signOut = (tokens: Session.ValidTokens, project: Real.ProjectKeys = Real.envProject()) =>
  Auth.signOut().pipe(Effect.provide(
    StackClientApp.layer({
      projectId: project.projectId,
      publishableClientKey: project.publishableClientKey,
      baseUrl: Real.env!.apiUrl,
      tokenStore: TokenStore.layerExplicit({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken }).pipe(Layer.orDie)
    }).pipe(Layer.orDie)
  ))

/**
 * Key-set fetches with room for this shared development server, which can take several seconds
 * per request under load (the default 5 s per attempt suits a production service).
 */
const limits = { timeout: "30 seconds", deadline: "60 seconds" } as const

/** A server app of the environment's project with the local verifier (the service's public URL as issuer). */
const server = (options: AccessTokenVerifier.Options = { issuerUrl: issuerUrl(), limits }, project: Real.ProjectKeys = Real.envProject()) =>
  Layer.provideMerge(AccessTokenVerifier.layer(options), Real.server(project))

/** The live clock moved by `offsetMillis` (for checks "later" without waiting). */
const shifted = (offsetMillis: number): Clock.Clock => {
  const live = Clock.Clock.defaultValue()
  return {
    currentTimeMillisUnsafe: () => live.currentTimeMillisUnsafe() + offsetMillis,
    currentTimeMillis: Effect.sync(() => live.currentTimeMillisUnsafe() + offsetMillis),
    currentTimeNanosUnsafe: () => live.currentTimeNanosUnsafe() + BigInt(offsetMillis) * 1_000_000n,
    currentTimeNanos: Effect.sync(() => live.currentTimeNanosUnsafe() + BigInt(offsetMillis) * 1_000_000n),
    monotonicTimeNanosUnsafe: () => live.monotonicTimeNanosUnsafe(),
    monotonicTimeNanos: live.monotonicTimeNanos,
    sleep: (duration) => live.sleep(duration)
  }
}

const cookiesOf = (projectId: string, refresh: string, access: string) =>
  `${CookieStorage.refreshCookieName(projectId)}=${encodeURIComponent(refresh)}; ${CookieStorage.accessCookieName}=${
    encodeURIComponent(JSON.stringify([refresh, access]))
  }`

const typesOf = (record: Readonly<Record<string, unknown>>) =>
  Object.fromEntries(Object.keys(record).sort().map((key) => [key, typeof record[key]]))

describe.skipIf(Real.env === undefined)("real service: server-side authentication (issue #24)", () => {
  it.live("a real token passes the local verifier with the published JWKS; its claims decode into CurrentUser", () =>
    Effect.gen(function*() {
      const project = Real.envProject()
      const tokens = yield* browser()
      const access = Redacted.value(tokens.accessToken)
      const payload = decodeJwt(access)
      const authenticated = yield* ServerAuth.authenticate(r({ authorization: `Bearer ${access}` }))
      const current = authenticated.currentUser
      assert.strictEqual(authenticated.source, "authorization")
      assert.deepStrictEqual(authenticated.setCookies, [])
      assert.strictEqual(current.mode, "local")
      assert.strictEqual(current.userId, payload.sub)
      assert.strictEqual(current.projectId, project.projectId)
      assert.strictEqual(current.branchId, "main")
      assert.strictEqual(current.sessionId, payload.refreshTokenId)
      assert.strictEqual(current.expiresAtMillis, payload.exp! * 1000)
      assert.strictEqual(current.claims.role, "authenticated")
      assert.strictEqual(current.claims.issuer, AccessTokenVerifier.issuerFor(issuerUrl(), project.projectId))
      assert.strictEqual(current.claims.issuedAtMillis, payload.iat! * 1000)
      assert.strictEqual(Redacted.value(current.accessToken), access)
      // the service's tokens live 30 s here
      assert.strictEqual(payload.exp! - payload.iat!, 30)
      // the session id is the one the service lists for the user
      const sessions = yield* ServerAuth.checkRemote(yield* StackHttp, tokens.accessToken)
      assert.strictEqual(sessions.refreshTokenId, current.sessionId)
      // the full user: one /users/me with the caller's token
      const user = yield* current.user
      assert.strictEqual(user.id, current.userId)
      assert.isString(user.primaryEmail)
      // a key set fetched once serves later checks
      const verifier = yield* AccessTokenVerifier.AccessTokenVerifier
      assert.strictEqual(verifier.projectId, project.projectId)
    }).pipe(Effect.provide(server())))

  it.live("the service names itself by its public URL: a verifier told another issuer refuses its tokens", () =>
    Effect.gen(function*() {
      const tokens = yield* browser()
      const wrongIssuer = `http://issuer.invalid:1`
      const error = yield* Effect.flip(AccessTokenVerifier.verify(tokens.accessToken).pipe(Effect.provide(server({ issuerUrl: wrongIssuer, limits }))))
      assert.instanceOf(error, KnownErrors.UnparsableAccessToken)
    }))

  it.live("a token of another project is InvalidProjectForAccessToken, locally and remotely", () =>
    Effect.gen(function*() {
      const other = yield* Real.sharedOwnedProject()
      const tokens = yield* browser(other)
      assert.strictEqual(decodeJwt(Redacted.value(tokens.accessToken)).aud, other.projectId)
      const request = r({ "x-stack-access-token": Redacted.value(tokens.accessToken) })
      const local = yield* Effect.flip(ServerAuth.authenticate(request))
      assert.instanceOf(local, KnownErrors.InvalidProjectForAccessToken)
      assert.strictEqual(ServerAuth.statusOf(local), 401)
      const remote = yield* Effect.flip(ServerAuth.authenticate(request, { mode: "remote" }))
      assert.instanceOf(remote, KnownErrors.InvalidProjectForAccessToken)
      // and the other project's own verifier accepts it
      const claims = yield* AccessTokenVerifier.verify(tokens.accessToken).pipe(Effect.provide(server({ issuerUrl: issuerUrl(), limits }, other)))
      assert.strictEqual(claims.projectId, other.projectId)
    }).pipe(Effect.provide(server())))

  it.live("a tampered or garbled token is refused (UnparsableAccessToken), locally and by the service", () =>
    Effect.gen(function*() {
      const tokens = yield* browser()
      const [header, payload, signature] = Redacted.value(tokens.accessToken).split(".")
      const claims = JSON.parse(Buffer.from(payload!, "base64url").toString("utf8")) as Record<string, unknown>
      const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: crypto.randomUUID() })).toString("base64url")}.${signature}`
      const flipped = `${header}.${payload}.${signature!.slice(0, -2)}${signature!.endsWith("AA") ? "BB" : "AA"}`
      for (const token of [forged, flipped, "not-a-token"]) {
        const local = yield* Effect.flip(ServerAuth.authenticate(r({ "x-stack-access-token": token })))
        assert.instanceOf(local, KnownErrors.UnparsableAccessToken, token)
        const remote = yield* Effect.flip(ServerAuth.authenticate(r({ "x-stack-access-token": token }), { mode: "remote" }))
        assert.instanceOf(remote, KnownErrors.UnparsableAccessToken, token)
      }
    }).pipe(Effect.provide(server())))

  it.live("local mode still accepts a signed-out session's token (until exp); remote mode refuses it", () =>
    Effect.gen(function*() {
      const tokens = yield* browser()
      const request = r({ "x-stack-access-token": Redacted.value(tokens.accessToken) })
      assert.strictEqual((yield* ServerAuth.authenticate(request, { mode: "remote" })).currentUser.mode, "remote")
      yield* signOut(tokens)
      assert.strictEqual((yield* ServerAuth.authenticate(request)).currentUser.mode, "local")
      const error = yield* Effect.flip(ServerAuth.authenticate(request, { mode: "remote" }))
      assert.instanceOf(error, KnownErrors.RefreshTokenNotFoundOrExpired)
      assert.strictEqual(ServerAuth.statusOf(error), 401)
    }).pipe(Effect.provide(server())))

  it.live("a real token past its exp is AccessTokenExpired (on a clock set 31 s later), as the service says", () =>
    Effect.gen(function*() {
      const tokens = yield* browser()
      const exp = decodeJwt(Redacted.value(tokens.accessToken)).exp!
      // passes now, and is remembered as verified: the memory must not outlive exp either
      yield* AccessTokenVerifier.verify(tokens.accessToken)
      const later = yield* Effect.flip(AccessTokenVerifier.verify(tokens.accessToken).pipe(Effect.provideService(Clock.Clock, shifted(31_000))))
      assert.instanceOf(later, KnownErrors.AccessTokenExpired)
      // a tolerance covering the skew lets it pass on the same clock
      const tolerant = yield* AccessTokenVerifier.verify(tokens.accessToken).pipe(
        Effect.provide(server({ issuerUrl: issuerUrl(), limits, clockTolerance: "60 seconds" })),
        Effect.provideService(Clock.Clock, shifted(31_000))
      )
      assert.strictEqual(tolerant.expiresAtMillis, exp * 1000)
    }).pipe(Effect.provide(server())))

  it.live("credentials in every place a client puts them authenticate with a real token", () =>
    Effect.gen(function*() {
      const project = Real.envProject()
      const tokens = yield* browser()
      const access = Redacted.value(tokens.accessToken)
      const refresh = Redacted.value(tokens.refreshToken!)
      const places: ReadonlyArray<readonly [ServerAuth.Authenticated["source"], Record<string, string>]> = [
        ["authorization", { authorization: `Bearer ${access}` }],
        ["x-stack-access-token", { "x-stack-access-token": access, "x-stack-refresh-token": refresh }],
        ["x-stack-auth", { "x-stack-auth": JSON.stringify({ accessToken: access, refreshToken: refresh }) }],
        ["cookie", { cookie: cookiesOf(project.projectId, refresh, access) }]
      ]
      const userId = decodeJwt(access).sub
      for (const [source, headers] of places) {
        for (const mode of ["local", "remote"] as const) {
          const authenticated = yield* ServerAuth.authenticate(r(headers), { mode })
          assert.strictEqual(authenticated.source, source)
          assert.strictEqual(authenticated.currentUser.userId, userId, `${source} ${mode}`)
          assert.deepStrictEqual(authenticated.setCookies, [])
        }
      }
      // only a refresh token (the x-stack-auth JSON without access token): the session is refreshed for the request
      const refreshedOnly = yield* ServerAuth.authenticate(r({ "x-stack-auth": JSON.stringify({ refreshToken: refresh }) }))
      assert.strictEqual(refreshedOnly.currentUser.userId, userId)
      assert.isDefined(refreshedOnly.refreshed)
      assert.deepStrictEqual(refreshedOnly.setCookies, []) // not a cookie session: nothing to write back
      // a handler run as the caller
      const { value } = yield* ServerAuth.forRequest(r({ authorization: `Bearer ${access}` }))(CurrentUser.CurrentUser.use((c) => Effect.succeed(c.userId)))
      assert.strictEqual(value, userId)
    }).pipe(Effect.provide(server())))

  it.live("a cookie session whose access token expired is refreshed with the service; Set-Cookie carries the new cookies", () =>
    Effect.gen(function*() {
      const project = Real.envProject()
      const tokens = yield* browser()
      const access = Redacted.value(tokens.accessToken)
      const refresh = Redacted.value(tokens.refreshToken!)
      const request = r({ cookie: cookiesOf(project.projectId, refresh, access) })
      assert.deepStrictEqual((yield* ServerAuth.authenticate(request)).setCookies, [])
      // wait out the real token (30 s here) on the live clock
      const exp = decodeJwt(access).exp!
      yield* Effect.sleep(Math.max(0, exp * 1000 - Date.now()) + 1_500)
      const expired = yield* Effect.flip(ServerAuth.authenticate(r({ "x-stack-access-token": access })))
      assert.instanceOf(expired, KnownErrors.AccessTokenExpired)
      const { currentUser, refreshed, setCookies } = yield* ServerAuth.authenticate(request)
      assert.strictEqual(currentUser.userId, decodeJwt(access).sub)
      const fresh = Redacted.value(currentUser.accessToken)
      assert.notStrictEqual(fresh, access)
      assert.strictEqual(Redacted.value(refreshed!.accessToken!), fresh)
      assert.deepStrictEqual(setCookies, [
        CookieStorage.serialize(CookieStorage.refreshCookieName(project.projectId), refresh, CookieStorage.attributes(CookieStorage.refreshCookieMaxAgeSeconds, false)),
        CookieStorage.serialize(CookieStorage.accessCookieName, JSON.stringify([refresh, fresh]), CookieStorage.attributes(CookieStorage.accessCookieMaxAgeSeconds, false))
      ])
      const response = ServerAuth.withSetCookies(new Response("ok"), setCookies)
      assert.deepStrictEqual(response.headers.getSetCookie(), [...setCookies])
      // the new access token is the service's: it answers /users/me with it
      assert.strictEqual((yield* currentUser.user).id, currentUser.userId)
    }).pipe(Effect.provide(server())), 120_000)

  it.live("real tokens and the emulator's have the same header and claims (names, types, order of the header)", () =>
    Effect.gen(function*() {
      const real = Redacted.value((yield* browser()).accessToken)
      const emulated = yield* Effect.gen(function*() {
        yield* Auth.signUpWithPassword({ email: "shape@example.com", password: Real.password, verificationCallbackUrl: Real.verificationCallbackUrl })
        return Redacted.value((yield* (yield* Session.Session).getTokens())!.accessToken)
      }).pipe(Effect.provide(TestApps.client()), Effect.provide(layerInProcess))
      const [realHeader, emulatedHeader] = [decodeProtectedHeader(real), decodeProtectedHeader(emulated)]
      assert.deepStrictEqual(Object.keys(emulatedHeader), Object.keys(realHeader))
      assert.strictEqual(realHeader.alg, "ES256")
      assert.strictEqual(emulatedHeader.alg, "ES256")
      assert.isUndefined(realHeader.typ)
      assert.isUndefined(emulatedHeader.typ)
      assert.strictEqual(realHeader.kid!.length, emulatedHeader.kid!.length)
      const [realClaims, emulatedClaims] = [decodeJwt(real), decodeJwt(emulated)]
      assert.deepStrictEqual(Object.keys(emulatedClaims), Object.keys(realClaims))
      assert.deepStrictEqual(typesOf(emulatedClaims), typesOf(realClaims))
      assert.strictEqual(emulatedClaims.role, realClaims.role)
      assert.strictEqual(emulatedClaims.branchId, realClaims.branchId)
    }))

  it.live("the example service (examples/http-api-service) against the real service: GET /me 200 with a real token, 401 without", () =>
    Effect.gen(function*() {
      const e = Real.env!
      const port = 8190 + Math.floor(Math.random() * 9)
      const root = fileURLToPath(new URL("../..", import.meta.url))
      const url = yield* Effect.acquireRelease(
        Effect.callback<string, Error>((resume) => {
          const child = spawn(process.execPath, [
            `${root}node_modules/tsx/dist/cli.mjs`,
            "--conditions=@stack-auth-effect/source",
            "examples/http-api-service/main.ts"
          ], {
            cwd: root,
            env: {
              ...process.env,
              PORT: String(port),
              STACK_API_URL: e.apiUrl,
              STACK_PROJECT_ID: e.projectId,
              STACK_PUBLISHABLE_CLIENT_KEY: e.publishableClientKey,
              STACK_SECRET_SERVER_KEY: e.secretServerKey,
              STACK_ISSUER_URL: issuerUrl()
            },
            stdio: ["ignore", "pipe", "pipe"]
          })
          let output = ""
          const onData = (chunk: Buffer) => {
            output += chunk.toString()
            if (output.includes("example API:")) resume(Effect.succeed(`http://127.0.0.1:${port}`))
          }
          child.stdout.on("data", onData)
          child.stderr.on("data", (chunk: Buffer) => void (output += chunk.toString()))
          child.on("exit", (code) => resume(Effect.fail(new Error(`the example exited (${code}): ${output}`))))
          children.push(child)
          return Effect.sync(() => void child.kill())
        }).pipe(Effect.timeout("90 seconds")),
        () => Effect.sync(() => children.splice(0).forEach((child) => child.kill()))
      )
      const tokens = yield* browser()
      const access = Redacted.value(tokens.accessToken)
      const ok = yield* Effect.promise(() => fetch(`${url}/me`, { headers: { authorization: `Bearer ${access}` } }))
      assert.strictEqual(ok.status, 200)
      assert.deepStrictEqual(yield* Effect.promise(() => ok.json()), { userId: decodeJwt(access).sub })
      const viaHeader = yield* Effect.promise(() => fetch(`${url}/me`, { headers: { "x-stack-access-token": access } }))
      assert.strictEqual(viaHeader.status, 200)
      const none = yield* Effect.promise(() => fetch(`${url}/me`))
      assert.strictEqual(none.status, 401)
      assert.include(none.headers.get("content-type") ?? "", "application/json")
      const forged = yield* Effect.promise(() => fetch(`${url}/me`, { headers: { authorization: `Bearer ${access.slice(0, -4)}AAAA` } }))
      assert.strictEqual(forged.status, 401)
    }).pipe(Effect.scoped), 150_000)
})

const children: Array<ReturnType<typeof spawn>> = []
