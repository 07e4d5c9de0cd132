/**
 * The emulator's OAuth front door: the outer flow a client starts at
 * `/auth/oauth/authorize/{provider}`, a built-in mock provider standing in for GitHub, Google and
 * the others, the callback that signs the provider account up, in or links it, and the one-time
 * authorization codes the token endpoint exchanges (PKCE S256).
 *
 * @since 0.1.0
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import {
  ContactChannelAlreadyUsedForAuthBySomeoneElse,
  OAuthConnectionAlreadyConnectedToAnotherUser,
  OAuthProviderAccessDenied,
  OAuthProviderNotFoundOrNotEnabled,
  OuterOAuthTimeout,
  RedirectUrlNotWhitelisted,
  SignUpNotEnabled
} from "stack-auth-effect/KnownErrors"
import type { KnownErrors as AnyKnownError } from "stack-auth-effect/KnownErrors"
import { isTrustedUrl } from "./Domains.ts"
import type { Project, State, User } from "../../EmulatorState.ts"
import * as EmulatorState from "../../EmulatorState.ts"
import * as Mfa from "./MfaRules.ts"
import type * as Responses from "../http/Responses.ts"
import * as Table from "../state/Table.ts"
import * as Users from "../../EmulatorUsers.ts"

/** How long a started flow waits for the provider: 10 minutes, then the outer OAuth timeout (408). */
export const outerFlowLifetimeMillis = 10 * 60 * 1000
/** How long an authorization code can be exchanged: 5 minutes. */
export const authorizationCodeLifetimeMillis = 5 * 60 * 1000

/** A started flow, keyed by the state sent to the (mock) provider. */
export interface OuterFlow {
  readonly innerState: string
  readonly projectId: string
  readonly providerId: string
  readonly redirectUri: string
  readonly state: string
  readonly scope: string
  readonly codeChallenge: string
  readonly codeChallengeMethod: string
  readonly type: "authenticate" | "link"
  /** The signed-in user of `token` (linking, or an anonymous user to upgrade). */
  readonly userId: string | null
  readonly providerScope: string | null
  readonly errorRedirectUrl: string | null
  readonly afterCallbackRedirectUrl: string | null
  readonly expiresAtMillis: number
}

/** A one-time authorization code for the token endpoint. */
export interface AuthorizationCode {
  readonly code: string
  readonly projectId: string
  readonly userId: string
  readonly redirectUri: string
  readonly codeChallenge: string
  readonly codeChallengeMethod: string
  readonly isNewUser: boolean
  readonly afterCallbackRedirectUrl: string | null
  readonly expiresAtMillis: number
}

/** The account the mock provider vouches for. */
export interface MockAccount {
  readonly email: string
  /** The provider's id of the account; derived from the e-mail when absent. */
  readonly accountId?: string | undefined
  readonly displayName?: string | undefined
  /** Whether the provider says the e-mail is verified; `true` when absent. */
  readonly emailVerified?: boolean | undefined
}

/** How the mock provider behaves: ask on an HTML page (default), or approve this account at once. */
export interface MockSettings {
  readonly autoApprove: MockAccount | null
}

/** Started flows. */
export const outerFlows = EmulatorState.extraTable<OuterFlow>("oauthOuterFlows")
/** Unexchanged authorization codes. */
export const authorizationCodes = EmulatorState.extraTable<AuthorizationCode>("oauthAuthorizationCodes")
const settingsTable = EmulatorState.extraTable<MockSettings>("oauthMockProvider")

/** The mock provider's settings. */
export const settings = (state: State): MockSettings => Table.get(settingsTable.get(state), "settings") ?? { autoApprove: null }

/**
 * Makes the mock provider approve `account` without showing its page (`null`: show the page
 * again). For tests: `emulator.run(OAuthFlow.autoApprove({ email }))`.
 */
export const autoApprove = (account: MockAccount | null): Effect.Effect<void, never, EmulatorState.EmulatorState> =>
  EmulatorState.update((state) => settingsTable.set(state, Table.put(settingsTable.get(state), "settings", { autoApprove: account })))

/** The provider's account id of a mock account. */
export const accountIdOf = (account: MockAccount): string => account.accountId ?? `mock-${account.email.trim().toLowerCase()}`

/** What the provider answered: an account, or the user refused. */
export type ProviderAnswer = { readonly _tag: "Approved"; readonly account: MockAccount } | { readonly _tag: "Denied" }

const findAccountOwner = (state: State, projectId: string, providerId: string, accountId: string): User | undefined =>
  Table.find(state.users, (u) => u.projectId === projectId && u.oauthAccounts.some((a) => a.providerId === providerId && a.accountId === accountId))

/**
 * Links (or finds linked) the provider's account and records the provider tokens the flow got: the
 * scopes asked of the provider join those the account already held (connected-account access
 * tokens need them).
 */
const linkAccount = (user: User, flow: OuterFlow, account: MockAccount) =>
  EmulatorState.update((state) => {
    const granted = (flow.providerScope ?? "").split(/\s+/).filter((s) => s.length > 0)
    const isThis = (a: User["oauthAccounts"][number]) => a.providerId === flow.providerId && a.accountId === accountIdOf(account)
    return {
      ...state,
      users: Table.modify(state.users, user.id, (u) => ({
        ...u,
        oauthAccounts: u.oauthAccounts.some(isThis)
          ? u.oauthAccounts.map((a) => (isThis(a) ? { ...a, scopes: [...new Set([...(a.scopes ?? []), ...granted])] } : a))
          : [...u.oauthAccounts, { providerId: flow.providerId, accountId: accountIdOf(account), email: account.email, scopes: granted }]
      }))
    }
  })

/** The user an approved account signs in (or links to), and whether it is new. */
const resolveUser = (project: Project, flow: OuterFlow, account: MockAccount) =>
  Effect.gen(function*(): Effect.fn.Return<{ user: User; isNewUser: boolean }, AnyKnownError, EmulatorState.EmulatorState> {
    const state = yield* EmulatorState.get
    const accountId = accountIdOf(account)
    const owner = findAccountOwner(state, project.id, flow.providerId, accountId)
    const current = flow.userId === null ? undefined : Users.findInProject(state, project.id, flow.userId)
    if (flow.type === "link") {
      if (current === undefined) return yield* Effect.die(new Error("link flow without its user"))
      if (owner !== undefined && owner.id !== current.id) return yield* new OAuthConnectionAlreadyConnectedToAnotherUser({})
      yield* linkAccount(current, flow, account)
      return { user: current, isNewUser: false }
    }
    if (owner !== undefined) {
      yield* linkAccount(owner, flow, account)
      return { user: owner, isNewUser: false }
    }
    const emailVerified = account.emailVerified ?? true
    let primaryEmailAuthEnabled = true
    const sameEmail = Users.findByAuthEmail(state, project.id, account.email)
    if (sameEmail !== undefined) {
      const channel = sameEmail.contactChannels.find((c) => c.usedForAuth && c.value.toLowerCase() === account.email.toLowerCase())
      const conflict = (wouldWork: boolean) =>
        new ContactChannelAlreadyUsedForAuthBySomeoneElse({
          details: { type: "email", contactChannelValue: account.email, wouldWorkIfEmailWasVerified: wouldWork }
        })
      switch (project.config.oauthAccountMergeStrategy) {
        case "link_method":
          if (channel?.isVerified !== true) return yield* conflict(true)
          if (!emailVerified) return yield* conflict(false)
          yield* linkAccount(sameEmail, flow, account)
          return { user: sameEmail, isNewUser: false }
        case "raise_error":
          return yield* conflict(false)
        case "allow_duplicates":
          primaryEmailAuthEnabled = false
      }
    }
    if (!project.config.signUpEnabled) return yield* new SignUpNotEnabled({})
    const fields = {
      primaryEmail: account.email,
      primaryEmailVerified: emailVerified,
      primaryEmailAuthEnabled,
      ...(account.displayName === undefined ? {} : { displayName: account.displayName })
    }
    const user = current?.isAnonymous === true
      ? yield* Users.update(current.id, { ...fields, isAnonymous: false }).pipe(Effect.orDie)
      : yield* Users.create({ projectId: project.id, ...fields }).pipe(Effect.orDie)
    yield* linkAccount(user, flow, account)
    return { user, isNewUser: true }
  })

/** Where a failed callback sends the user: the callback or error page with the error in the query. */
const redirectOrFail = (project: Project, flow: OuterFlow, error: AnyKnownError): Effect.Effect<URL, AnyKnownError> => {
  const target = [flow.redirectUri, flow.errorRedirectUrl].find((url) => url !== null && isTrustedUrl(project, url))
  if (target === undefined || target === null) return Effect.fail(error)
  const url = new URL(target)
  url.searchParams.set("error", "server_error")
  url.searchParams.set("error_description", error.message)
  url.searchParams.set("errorCode", error.code)
  url.searchParams.set("message", error.message)
  url.searchParams.set("details", JSON.stringify((error as { readonly details?: unknown }).details ?? {}))
  return Effect.succeed(url)
}

/**
 * Finishes a flow with the provider's answer: signs the account up, in or links it and
 * answers the app's callback URL with `code` and `state` (only a trusted one: else
 * `RedirectUrlNotWhitelisted`, and no code); failures go to the callback (or error) page as
 * `errorCode`, `message`, `details`, or are answered when neither URL is trusted.
 */
export const complete = (flow: OuterFlow, answer: ProviderAnswer): Effect.Effect<URL, Responses.RouteFailure, EmulatorState.EmulatorState> =>
  Effect.gen(function*() {
    const state = yield* EmulatorState.get
    const project = Table.get(state.projects, flow.projectId)
    if (project === undefined) return yield* Effect.die(new Error(`project ${flow.projectId} of an OAuth flow is gone`))
    const now = yield* Clock.currentTimeMillis
    const outcome = yield* Effect.gen(function*() {
      if (flow.expiresAtMillis < now) return yield* new OuterOAuthTimeout({})
      if (!project.config.oauthProviders.some((p) => p.id === flow.providerId)) return yield* new OAuthProviderNotFoundOrNotEnabled({})
      if (answer._tag === "Denied") return yield* new OAuthProviderAccessDenied({})
      return yield* resolveUser(project, flow, answer.account)
    }).pipe(Effect.result)
    yield* EmulatorState.update((s) => outerFlows.set(s, Table.remove(outerFlows.get(s), flow.innerState)))
    if (outcome._tag === "Failure") return yield* redirectOrFail(project, flow, outcome.failure)
    // no code for a callback page the project does not trust (any more):
    if (!isTrustedUrl(project, flow.redirectUri)) return yield* new RedirectUrlNotWhitelisted({})
    const code: AuthorizationCode = {
      code: Mfa.newCode(),
      projectId: project.id,
      userId: outcome.success.user.id,
      redirectUri: flow.redirectUri,
      codeChallenge: flow.codeChallenge,
      codeChallengeMethod: flow.codeChallengeMethod,
      isNewUser: outcome.success.isNewUser,
      afterCallbackRedirectUrl: flow.afterCallbackRedirectUrl,
      expiresAtMillis: now + authorizationCodeLifetimeMillis
    }
    yield* EmulatorState.update((s) => authorizationCodes.set(s, Table.put(authorizationCodes.get(s), code.code, code)))
    const url = new URL(flow.redirectUri)
    url.searchParams.set("code", code.code)
    url.searchParams.set("state", flow.state)
    return url
  })

/** Takes an authorization code (one use): `undefined` when unknown, expired or another project's. */
export const takeCode = (projectId: string, code: string): Effect.Effect<AuthorizationCode | undefined, never, EmulatorState.EmulatorState> =>
  Effect.flatMap(Clock.currentTimeMillis, (now) =>
    EmulatorState.modify((state) => {
      const row = Table.get(authorizationCodes.get(state), code)
      if (row === undefined || row.projectId !== projectId) return [undefined, state] as const
      const next = authorizationCodes.set(state, Table.remove(authorizationCodes.get(state), code))
      return [row.expiresAtMillis < now ? undefined : row, next] as const
    }))

/** The S256 PKCE challenge of a verifier: base64url(SHA-256(verifier)). */
export const s256 = (verifier: string): Effect.Effect<string> =>
  Effect.promise(async () => {
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)))
    return btoa(String.fromCharCode(...digest)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")
  })
