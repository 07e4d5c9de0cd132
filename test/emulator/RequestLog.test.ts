/**
 * The emulator's request log keeps no secret (SPEC §7, house rules): secret headers, and secret
 * fields of the query and of JSON and form bodies at any depth, are `<redacted>` before they are
 * stored, so the admin route `/api/v1/emulator/requests` never serves a token, code, verifier,
 * client secret or password. Everything else is kept as sent.
 */
import { assert, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import { TestClock } from "effect/testing"
import * as Auth from "../../packages/sdk/src/api/Auth.ts"
import * as Passwords from "../../packages/sdk/src/api/Passwords.ts"
import * as Users from "../../packages/sdk/src/api/Users.ts"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import type { RecordedRequest } from "../../packages/emulator/src/RequestLog.ts"
import * as RequestLog from "../../packages/emulator/src/RequestLog.ts"
import { demoProject } from "../../packages/emulator/src/Seeds.ts"
import * as TokenStore from "../../packages/sdk/src/session/TokenStore.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"
import { call } from "./support.ts"

/** The log as the admin route serves it: the raw text and the parsed items. */
const servedLog = Effect.map(call({ path: "/emulator/requests", access: "admin" }), (answer) => {
  assert.strictEqual(answer.status, 200, answer.text)
  return { text: answer.text, items: answer.body.items as ReadonlyArray<RecordedRequest> }
})

const assertAbsent = (text: string, secrets: ReadonlyArray<string>) => {
  for (const secret of secrets) assert.notInclude(text, secret, `a secret (${secret.slice(0, 6)}…) is in the served log`)
}

layer(Emulator.layer)("the emulator's request log (SPEC §7)", (it) => {
  it.effect("redacts secret fields of form bodies, JSON bodies at any depth and the query; keeps every other field", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      yield* emulator.requests.clear
      const secrets = {
        refreshToken: "rt-secret-value-0001",
        code: "code-secret-value-0002",
        verifier: "verifier-secret-value-0003",
        oldPassword: "old-password-secret-0004",
        newPassword: "new-password-secret-0005",
        smtpPassword: "smtp-password-secret-0006",
        totpSecret: "totp-secret-value-0007",
        nestedToken: "access-token-in-array-0008",
        queryToken: "access-token-in-query-0009"
      }
      yield* call({
        method: "POST",
        path: "/auth/oauth/token",
        access: "none",
        form: {
          grant_type: "authorization_code",
          code: secrets.code,
          code_verifier: secrets.verifier,
          refresh_token: secrets.refreshToken,
          redirect_uri: "http://localhost:3000/handler/oauth-callback",
          client_id: demoProject.projectId,
          client_secret: demoProject.publishableClientKey
        }
      })
      yield* call({ method: "POST", path: "/auth/password/update", body: { old_password: secrets.oldPassword, new_password: secrets.newPassword } })
      yield* call({
        method: "POST",
        path: "/internal/send-test-email",
        access: "admin",
        body: { recipient_email: "admin@example.com", email_config: { host: "127.0.0.1", port: 1, password: secrets.smtpPassword } }
      })
      yield* call({
        method: "PATCH",
        path: "/users/me",
        body: { display_name: "Kept", totp_secret_base64: secrets.totpSecret, password: null, items: [{ Access_Token: secrets.nestedToken, id: "kept" }] }
      })
      yield* call({ path: `/auth/oauth/authorize/github?state=kept-state&token=${secrets.queryToken}&client_secret=${demoProject.publishableClientKey}` })

      const { text, items } = yield* servedLog
      assertAbsent(text, [...Object.values(secrets), demoProject.publishableClientKey, demoProject.superSecretAdminKey])
      const [token, update, testEmail, patch, authorize] = items
      assert.deepStrictEqual(token!.body, {
        grant_type: "authorization_code",
        code: "<redacted>",
        code_verifier: "<redacted>",
        refresh_token: "<redacted>",
        redirect_uri: "http://localhost:3000/handler/oauth-callback",
        client_id: demoProject.projectId,
        client_secret: "<redacted>"
      })
      assert.deepStrictEqual(update!.body, { old_password: "<redacted>", new_password: "<redacted>" })
      assert.deepStrictEqual(testEmail!.body, {
        recipient_email: "admin@example.com",
        email_config: { host: "127.0.0.1", port: 1, password: "<redacted>" }
      })
      assert.deepStrictEqual(patch!.body, {
        display_name: "Kept",
        totp_secret_base64: "<redacted>",
        password: null,
        items: [{ Access_Token: "<redacted>", id: "kept" }]
      })
      assert.deepStrictEqual(authorize!.query, { state: "kept-state", token: "<redacted>", client_secret: "<redacted>" })
      // the log in the process is the one the route serves (which holds its own request too)
      const all = yield* emulator.requests.all
      assert.deepStrictEqual(JSON.parse(JSON.stringify(all.slice(0, items.length))), items)
    }))

  it.effect("after a real sign-up, refresh and password change, the served log holds none of the user's secrets", () =>
    Effect.gen(function*() {
      const password = "a-long-password-secret-1"
      const newPassword = "a-long-password-secret-2"
      const tokens = yield* Effect.gen(function*() {
        yield* Auth.signUpWithPassword({ email: "log-secrets@example.com", password, verificationCallbackUrl: "http://localhost:3000/handler/email-verification" })
        yield* TestClock.adjust("601 seconds") // the access token expires: the next call refreshes
        yield* Users.getCurrent()
        yield* Passwords.update({ oldPassword: password, newPassword })
        const stored = yield* (yield* TokenStore.TokenStore).get
        return [stored.accessToken, stored.refreshToken].filter((t) => t !== undefined).map(Redacted.value)
      }).pipe(Effect.provide(TestApps.client()))
      assert.lengthOf(tokens, 2)
      const { text, items } = yield* servedLog
      assert.isTrue(items.some((r) => r.path === "/api/v1/auth/oauth/token"), "the refresh is in the log")
      assertAbsent(text, [password, newPassword, ...tokens])
    }))

  it("names the fields it redacts", () => {
    for (const field of ["refresh_token", "access_token", "code", "code_verifier", "client_secret", "password", "old_password", "new_password", "totp", "api_key"]) {
      assert.isTrue(RequestLog.redactedFields.has(field), field)
    }
    assert.deepStrictEqual(RequestLog.redactFields({ a: { password: "x", keep: "y" }, list: [{ code: 1 }] }), {
      a: { password: "<redacted>", keep: "y" },
      list: [{ code: "<redacted>" }]
    })
    // by name, whatever the route: anything naming a password, a secret or a token
    for (const field of ["password_hash", "Password_Hash", "smtp_password", "webhook_secret", "client_secret_2", "id_token", "otp"]) {
      assert.isTrue(RequestLog.isSecretField(field), field)
    }
    for (const field of ["display_name", "primary_email", "tokens_used", "description"]) assert.isFalse(RequestLog.isSecretField(field), field)
  })

  it.effect("a small body's password hash, and every secret of a malformed or unknown route's JSON, are redacted", () =>
    Effect.gen(function*() {
      const emulator = yield* Emulator.Emulator
      yield* emulator.requests.clear
      const hash = "$2a$10$abcdefghijklmnopqrstuuQ8c3K0mJz1rlCzQq3m6ZcXzYfX8Q9Ce"
      yield* call({ method: "POST", path: "/users", access: "server", body: { primary_email: "hash@example.com", password_hash: hash } })
      yield* call({ method: "POST", path: "/no-such-route", access: "none", body: { user: { new_password: "pw-secret-0010", my_secret: "s-0011" } } })
      const { text, items } = yield* servedLog
      assertAbsent(text, [hash, "pw-secret-0010", "s-0011"])
      assert.deepStrictEqual(items[0]!.body, { primary_email: "hash@example.com", password_hash: "<redacted>" })
      assert.deepStrictEqual(items[1]!.body, { user: { new_password: "<redacted>", my_secret: "<redacted>" } })
    }))
})
