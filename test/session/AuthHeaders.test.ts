import { assert, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import * as Auth from "../../packages/sdk/src/api/Auth.ts"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as AuthHeaders from "../../packages/sdk/src/session/AuthHeaders.ts"
import * as Session from "../../packages/sdk/src/session/Session.ts"
import * as TokenStore from "../../packages/sdk/src/session/TokenStore.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"

layer(Emulator.layer)("AuthHeaders: forwarding the browser's session to a backend", (it) => {
  it.effect("the headers carry the session's tokens, which a backend reads back from the request", () =>
    Effect.gen(function*() {
      yield* Auth.signUpWithPassword({ email: "forward@example.com", password: "correct horse battery", verificationCallbackUrl: "http://localhost:3000/handler/email-verification" })
      const headers = yield* AuthHeaders.getAuthHeaders()
      const tokens = (yield* (yield* Session.Session).getTokens())!
      const read = TokenStore.tokensFromRequest(new Request("http://backend.test/", { headers: { ...headers } }), { projectId: "any" })
      assert.strictEqual(Redacted.value(read.accessToken!), Redacted.value(tokens.accessToken))
      assert.strictEqual(Redacted.value(read.refreshToken!), Redacted.value(tokens.refreshToken!))
      const json = yield* AuthHeaders.getAuthJson()
      assert.deepStrictEqual(JSON.parse(headers["x-stack-auth"]), json)
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("signed out, both tokens are null and a backend sees no caller", () =>
    Effect.gen(function*() {
      assert.deepStrictEqual(yield* AuthHeaders.getAuthJson(), { accessToken: null, refreshToken: null })
      const headers = yield* AuthHeaders.getAuthHeaders()
      assert.deepStrictEqual(TokenStore.tokensFromRequest(new Request("http://backend.test/", { headers: { ...headers } }), { projectId: "any" }), {})
    }).pipe(Effect.provide(TestApps.client())))
})
