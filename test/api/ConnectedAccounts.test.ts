import { assert, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as ConnectedAccounts from "../../packages/sdk/src/api/ConnectedAccounts.ts"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as EmulatorState from "../../packages/emulator/src/EmulatorState.ts"
import type { OAuthAccount } from "../../packages/emulator/src/EmulatorState.ts"
import * as Table from "../../packages/emulator/src/internal/state/Table.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"
import { signUp, withConfig } from "./accountSupport.ts"

/** GitHub configured with the project's own keys (standard), so tokens may be handed out. */
const standardGithub = {
  oauthProviders: [
    { id: "github", type: "standard" as const, clientId: "id", clientSecret: "secret", facebookConfigId: null, microsoftTenantId: null },
    { id: "google", type: "shared" as const, clientId: null, clientSecret: null, facebookConfigId: null, microsoftTenantId: null }
  ]
}

const link = (userId: string, account: OAuthAccount) =>
  Effect.flatMap(Emulator.Emulator, (emulator) =>
    emulator.run(EmulatorState.update((state) => ({
      ...state,
      users: Table.modify(state.users, userId, (u) => ({ ...u, oauthAccounts: [...u.oauthAccounts, account] }))
    }))))

const github = (scopes: ReadonlyArray<string>): OAuthAccount => ({ providerId: "github", accountId: "gh-1", email: null, scopes })

layer(Emulator.layer)("ConnectedAccounts", (it) => {
  it.effect("the current user's access token for granted scopes is returned, redacted", () =>
    Effect.gen(function*() {
      const { userId } = yield* signUp()
      yield* link(userId, github(["repo", "read:user"]))
      const token = yield* withConfig(standardGithub, ConnectedAccounts.getAccessToken("github", { scopes: ["repo"] }))
      assert.isTrue(Option.isSome(token))
      assert.match(Redacted.value(Option.getOrThrow(token)), /^emulated-github-/)
      assert.strictEqual(String(Option.getOrThrow(token)), "<redacted>")
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("a connection without a scope asked for, or no connection, is no access token", () =>
    Effect.gen(function*() {
      const { userId } = yield* signUp()
      const unconnected = yield* withConfig(standardGithub, ConnectedAccounts.getAccessToken("github"))
      assert.isTrue(Option.isNone(unconnected))
      yield* link(userId, github(["read:user"]))
      const missingScope = yield* withConfig(standardGithub, ConnectedAccounts.getAccessToken("github", { scopes: ["repo"] }))
      assert.isTrue(Option.isNone(missingScope))
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("shared provider keys never hand out tokens: OAuthAccessTokenNotAvailableWithSharedOAuthKeys", () =>
    Effect.gen(function*() {
      yield* signUp()
      const error = yield* Effect.flip(ConnectedAccounts.getAccessToken("google"))
      assert.strictEqual(error._tag, "OAuthAccessTokenNotAvailableWithSharedOAuthKeys")
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("a provider the project does not offer fails with OAuthProviderNotFoundOrNotEnabled", () =>
    Effect.gen(function*() {
      yield* signUp()
      const error = yield* Effect.flip(ConnectedAccounts.getAccessToken("gitlab"))
      assert.strictEqual(error._tag, "OAuthProviderNotFoundOrNotEnabled")
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("signed out fails with CannotGetOwnUserWithoutUser", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(ConnectedAccounts.getAccessToken("github"))
      assert.strictEqual(error._tag, "CannotGetOwnUserWithoutUser")
    }).pipe(Effect.provide(TestApps.client())))

  it.effect("a server reads any user's token by id; an unknown user is UserNotFound", () =>
    Effect.gen(function*() {
      const { userId } = yield* signUp().pipe(Effect.provide(TestApps.client()))
      yield* link(userId, github(["repo"]))
      const [token, none] = yield* withConfig(standardGithub, Effect.all([
        ConnectedAccounts.getAccessTokenForUser(userId, "github", { scopes: ["repo"] }),
        ConnectedAccounts.getAccessTokenForUser(userId, "github", { scopes: ["admin:org"] })
      ]))
      assert.isTrue(Option.isSome(token))
      assert.isTrue(Option.isNone(none))
      // the service checks the provider before the user: an unknown user of a configured provider
      const error = yield* withConfig(standardGithub, Effect.flip(ConnectedAccounts.getAccessTokenForUser(crypto.randomUUID(), "github")))
      assert.strictEqual(error._tag, "UserNotFound")
    }).pipe(Effect.provide(TestApps.server())))
})
