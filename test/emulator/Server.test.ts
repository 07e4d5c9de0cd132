/**
 * The emulator over real HTTP on loopback (random ports, bounded real time).
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as Faults from "../../packages/emulator/src/Faults.ts"
import * as Mail from "../../packages/emulator/src/Mail.ts"
import { demoProject } from "../../packages/emulator/src/Seeds.ts"
import * as Server from "../../packages/emulator/src/EmulatorServer.ts"
import * as StackConfig from "../../packages/sdk/src/transport/StackConfig.ts"
import * as StackHttp from "../../packages/sdk/src/transport/StackHttp.ts"
import { accessHeaders, read } from "./support.ts"

const fetchAnswer = (url: string, init?: RequestInit) =>
  Effect.flatMap(Effect.promise(() => fetch(url, { ...init, signal: AbortSignal.timeout(5000) })), read)

const fetchFails = (url: string, init?: RequestInit) =>
  Effect.promise(() => fetch(url, { ...init, signal: AbortSignal.timeout(5000) }).then(() => false, () => true))

describe("the emulator served on loopback", () => {
  it.live("answers with CORS, serves the mailbox, drops sockets on demand and stops with its scope", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      const info = yield* Effect.scoped(Effect.gen(function*() {
        const info = yield* Server.serve({ port: 0, mailboxPort: 0 })
        assert.match(info.url, /^http:\/\/127\.0\.0\.1:\d+$/)
        const origin = { origin: "http://localhost:3000" }

        const health = yield* fetchAnswer(`${info.url}/health`, { headers: origin })
        assert.strictEqual(health.status, 200)
        // the service's CORS: any origin, never credentials
        assert.strictEqual(health.headers.get("access-control-allow-origin"), "*")
        assert.isNull(health.headers.get("access-control-allow-credentials"))

        const preflight = yield* fetchAnswer(`${info.url}/api/v1/users/me`, {
          method: "OPTIONS",
          headers: { ...origin, "access-control-request-method": "GET", "access-control-request-headers": "x-stack-project-id, x-stack-access-token" }
        })
        assert.strictEqual(preflight.status, 200)
        assert.strictEqual(preflight.text, "")
        assert.include(preflight.headers.get("access-control-allow-headers") ?? "", "x-stack-access-token")
        assert.include(preflight.headers.get("access-control-allow-methods") ?? "", "PATCH")

        const signUp = yield* fetchAnswer(`${info.url}/api/v1/auth/password/sign-up`, {
          method: "POST",
          headers: { ...origin, ...accessHeaders("client"), "content-type": "application/json" },
          body: JSON.stringify({ email: "http@example.com", password: "password123", verification_callback_url: "http://localhost:3000/verify" })
        })
        assert.strictEqual(signUp.status, 200, signUp.text)
        const refused = yield* fetchAnswer(`${info.url}/api/v1/users`, { headers: { ...origin, ...accessHeaders("client") } })
        assert.strictEqual(refused.headers.get("x-stack-known-error"), "INSUFFICIENT_ACCESS_TYPE")
        assert.include(refused.headers.get("access-control-expose-headers") ?? "", "x-stack-known-error")

        const list = yield* fetchAnswer(`${info.mailboxUrl}/api/v1/mailbox/http`)
        assert.strictEqual(list.status, 200)
        assert.strictEqual(list.body.length, 1)
        assert.deepStrictEqual(Object.keys(list.body[0]).sort(), ["date", "from", "id", "mailbox", "posix-millis", "seen", "size", "subject", "to"])
        const message = yield* fetchAnswer(`${info.mailboxUrl}/api/v1/mailbox/http/${list.body[0].id}`)
        assert.include(message.body.body.text, "http://localhost:3000/verify?code=")
        assert.include(message.body.body.html, "?code=")
        const mails = yield* emulator.mailbox.list("http@example.com")
        assert.strictEqual(message.body.body.text, mails[0]!.text)
        assert.isString(Mail.codeOf(mails[0]!))

        // The SDK pipeline over the real fetch transport.
        const http = yield* StackHttp.make({
          accessType: "client",
          config: StackConfig.make({ projectId: demoProject.projectId, publishableClientKey: demoProject.publishableClientKey, baseUrl: info.url })
        })
        const project = yield* http.execute({ method: "GET", path: "/projects/current" })
        assert.strictEqual((project.body as { display_name: string }).display_name, "Demo Project")

        yield* emulator.faults.inject({ path: "/projects/current", times: 1, fault: Faults.drop() })
        assert.isTrue(yield* fetchFails(`${info.url}/api/v1/projects/current`, { headers: accessHeaders("client") }))
        assert.strictEqual((yield* fetchAnswer(`${info.url}/api/v1/projects/current`, { headers: accessHeaders("client") })).status, 200)
        return info
      }))
      assert.isTrue(yield* fetchFails(`${info.url}/health`))
      assert.isTrue(yield* fetchFails(`${info.mailboxUrl}/api/v1/mailbox/http`))
    }).pipe(Effect.provide(Emulator.layer)), 20_000)
})
