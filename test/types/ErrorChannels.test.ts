/**
 * Every API call's error channel is exactly the error union its module exports for it (SPEC §8):
 * a caller who matches on `Users.UpdateError` handles precisely what `Users.update` can fail with,
 * no more and no less. Each module's listing must name every call it exports, so a new call without
 * a declared union fails `npm run typecheck` (tsc over test/); vitest runs the blocks too.
 */
import type * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import type * as Stream from "effect/Stream"
import { describe, it } from "@effect/vitest"
import { expectTypeOf } from "vitest"
import {
  AdminProjects,
  AiChat,
  ApiKeys,
  Auth,
  CliAuth,
  ConnectedAccounts,
  ContactChannels,
  EmailTemplates,
  EmailVerification,
  Emails,
  InternalApiKeys,
  Metrics,
  Mfa,
  Notifications,
  OAuth,
  OAuthProviders,
  OwnedProjects,
  Passkeys,
  Passwords,
  PermissionDefinitions,
  Permissions,
  Projects,
  type Redirects,
  ServerUsers,
  Sessions,
  SignInOutcome,
  StackServerApp,
  type StackConfigError,
  TeamInvitations,
  TeamMemberProfiles,
  TeamMemberships,
  Teams,
  Users,
  WebAuthn,
  Webhooks
} from "../../packages/sdk/src/index.ts"
import type { InvalidTokenValue } from "../../packages/sdk/src/session/AccessToken.ts"
import { type ErrorOf, expectNone, type Undeclared } from "./support.ts"

describe("the checker", () => {
  it("names a call whose union differs, a call left out and a name that is not a call", () => {
    expectTypeOf<Undeclared<typeof AdminProjects, {
      get: AdminProjects.GetError
      update: AdminProjects.UpdateError
      remove: AdminProjects.UpdateError // wrong: RemoveError
      // getProductionModeErrors left out
      productionModeErrors: AdminProjects.GetError // not a call: a pure function
    }>>().toEqualTypeOf<"remove" | "getProductionModeErrors" | "productionModeErrors">()
    // an `any` error channel or a wider union is not "exactly"
    // oxlint-disable-next-line no-explicit-any
    expectTypeOf<Undeclared<typeof Metrics, { get: any }>>().toEqualTypeOf<"get">()
    expectTypeOf<Undeclared<typeof Metrics, { get: Metrics.GetError | Users.UserNotSignedIn }>>().toEqualTypeOf<"get">()
    expectTypeOf<Undeclared<typeof Metrics, { get: Metrics.GetError }>>().toEqualTypeOf<never>()
  })
})

describe("each API call fails with exactly its exported error union", () => {
  it("AdminProjects: every call fails with exactly its exported union", () => {
    expectNone<Undeclared<typeof AdminProjects, {
      get: AdminProjects.GetError
      update: AdminProjects.UpdateError
      remove: AdminProjects.RemoveError
      getProductionModeErrors: AdminProjects.GetError
    }>>()
  })

  it("AiChat: every call fails with exactly its exported union", () => {
    expectNone<Undeclared<typeof AiChat, {
      send: AiChat.ChatError
      save: AiChat.ChatError
      list: AiChat.ChatError
    }>>()
  })

  it("ApiKeys: every call fails with exactly its exported union", () => {
    expectNone<Undeclared<typeof ApiKeys, {
      create: ApiKeys.OwnerError
      list: ApiKeys.OwnerError
      get: ApiKeys.OwnerError
      update: ApiKeys.OwnerError
      revoke: ApiKeys.OwnerError
      validity: never // local: reads the clock
      isValid: never // local: reads the clock
      check: ApiKeys.CheckError
      userByApiKey: ApiKeys.UserByApiKeyError
      teamByApiKey: ApiKeys.TeamByApiKeyError
    }>>()
  })

  it("Auth: every call fails with exactly its exported union", () => {
    expectNone<Undeclared<typeof Auth, {
      signUpAnonymously: Auth.SignUpAnonymouslyError
      signOut: Auth.SignOutError
      signUpWithPassword: Auth.SignUpWithPasswordError
      signInWithPassword: Auth.SignInWithPasswordError
      sendSignInCode: Auth.SendSignInCodeError
      signInWithCode: Auth.SignInWithCodeError
      signInWithOtp: Auth.SignInWithCodeError
      signInWithMagicLinkCallback: Auth.SignInWithCodeError | Auth.MissingMagicLinkCode // no single alias
    }>>()
  })

  it("CliAuth: every call fails with exactly its exported union", () => {
    expectNone<Undeclared<typeof CliAuth, {
      promptCliLogin: CliAuth.PromptCliLoginError
      completeCliLogin: CliAuth.CompleteCliLoginError
    }>>()
  })

  it("ConnectedAccounts: every call fails with exactly its exported union", () => {
    expectNone<Undeclared<typeof ConnectedAccounts, {
      getAccessToken: ConnectedAccounts.GetAccessTokenError
      getAccessTokenForUser: ConnectedAccounts.GetAccessTokenForUserError
    }>>()
  })

  it("ContactChannels: every call fails with exactly its exported union", () => {
    expectNone<Undeclared<typeof ContactChannels, {
      list: ContactChannels.ListError
      create: ContactChannels.WriteError
      update: ContactChannels.WriteError
      remove: ContactChannels.RemoveError
      sendVerificationCode: ContactChannels.SendVerificationCodeError
      listForUser: ContactChannels.ListForUserError
      createForUser: ContactChannels.ServerWriteError
      updateForUser: ContactChannels.ServerWriteError
      removeForUser: ContactChannels.RemoveForUserError
      sendVerificationCodeForUser: ContactChannels.SendVerificationCodeForUserError
    }>>()
  })

  it("EmailTemplates: every call fails with exactly its exported union", () => {
    expectNone<Undeclared<typeof EmailTemplates, {
      listTemplates: EmailTemplates.PlainError
      createTemplate: EmailTemplates.PlainError
      updateTemplate: EmailTemplates.UpdateTemplateError
      listThemes: EmailTemplates.PlainError
      createTheme: EmailTemplates.PlainError
      getTheme: EmailTemplates.PlainError
      updateTheme: EmailTemplates.UpdateThemeError
    }>>()
  })

  it("EmailVerification: every call fails with exactly its exported union", () => {
    expectNone<Undeclared<typeof EmailVerification, {
      send: EmailVerification.SendError
      verify: EmailVerification.VerifyError
    }>>()
  })

  it("Emails: every call fails with exactly its exported union", () => {
    expectNone<Undeclared<typeof Emails, {
      send: Emails.SendError
      listSent: Emails.ListSentError
      sendTestEmail: Emails.SendTestEmailError
      sendSignInInvitation: Emails.SendSignInInvitationError
      render: Emails.RenderError
    }>>()
  })

  it("InternalApiKeys: every call fails with exactly its exported union", () => {
    expectNone<Undeclared<typeof InternalApiKeys, {
      create: InternalApiKeys.CreateError
      list: InternalApiKeys.ListError
      get: InternalApiKeys.ByIdError
      update: InternalApiKeys.ByIdError
      revoke: InternalApiKeys.ByIdError
      validity: never // local: reads the clock
    }>>()
  })

  it("Metrics: every call fails with exactly its exported union", () => {
    expectNone<Undeclared<typeof Metrics, {
      get: Metrics.GetError
    }>>()
  })

  it("Mfa: every call fails with exactly its exported union", () => {
    expectNone<Undeclared<typeof Mfa, {
      keepAttemptCode: unknown // generic: keeps the errors of the effect it wraps (checked below)
      signInWithMfa: Mfa.SignInWithMfaError
    }>>()
  })

  it("Notifications: every call fails with exactly its exported union", () => {
    expectNone<Undeclared<typeof Notifications, {
      list: Notifications.Error
      setEnabled: Notifications.Error
      listForUser: Notifications.ServerError
      setEnabledForUser: Notifications.ServerError
    }>>()
  })

  it("OAuth: every call fails with exactly its exported union", () => {
    expectNone<Undeclared<typeof OAuth, {
      cleanRedirectUrl: OAuth.UrlError
      getAuthorizationUrl: OAuth.AuthorizationUrlError
      signInWithRedirect: OAuth.AuthorizationUrlError
      handleCallback: OAuth.HandleCallbackError
    }>>()
  })

  it("OAuthProviders: every call fails with exactly its exported union", () => {
    expectNone<Undeclared<typeof OAuthProviders, {
      list: OAuthProviders.Error
      get: OAuthProviders.Error
      update: OAuthProviders.UpdateError
      remove: OAuthProviders.Error
      listForUser: OAuthProviders.ServerError
      create: OAuthProviders.ServerWriteError
      getForUser: OAuthProviders.ServerError
      updateForUser: OAuthProviders.ServerWriteError
      removeForUser: OAuthProviders.ServerError
    }>>()
  })

  it("OwnedProjects: every call fails with exactly its exported union", () => {
    expectNone<Undeclared<typeof OwnedProjects, {
      list: OwnedProjects.OwnedError
      create: OwnedProjects.CreateError
    }>>()
  })

  it("Passkeys: every call fails with exactly its exported union", () => {
    expectNone<Undeclared<typeof Passkeys, {
      register: Passkeys.RegisterError
      signIn: Passkeys.SignInError
    }>>()
  })

  it("Passwords: every call fails with exactly its exported union", () => {
    expectNone<Undeclared<typeof Passwords, {
      sendResetCode: Passwords.SendResetCodeError
      checkResetCode: Passwords.CheckResetCodeError
      reset: Passwords.ResetError
      update: Passwords.UpdateError
      set: Passwords.SetError
    }>>()
  })

  it("PermissionDefinitions: every call fails with exactly its exported union", () => {
    expectNone<Undeclared<typeof PermissionDefinitions, {
      list: PermissionDefinitions.ListError
      create: PermissionDefinitions.CreateError
      update: PermissionDefinitions.UpdateError
      remove: PermissionDefinitions.RemoveError
    }>>()
  })

  it("Permissions: every call fails with exactly its exported union", () => {
    expectNone<Undeclared<typeof Permissions, {
      listTeam: Permissions.ListOwnError
      listProject: Permissions.ListOwnError
      hasTeamPermission: Permissions.ListOwnError
      hasProjectPermission: Permissions.ListOwnError
      listTeamAsServer: Permissions.ListAnyError
      listProjectAsServer: Permissions.ListAnyError
      grantTeam: Permissions.GrantTeamError
      revokeTeam: Permissions.RevokeTeamError
      grantProject: Permissions.GrantProjectError
      revokeProject: Permissions.RevokeProjectError
    }>>()
  })

  it("Projects: every call fails with exactly its exported union", () => {
    expectNone<Undeclared<typeof Projects, {
      getCurrent: Projects.GetCurrentError
      checkFeatureSupport: Projects.CheckFeatureSupportError
    }>>()
  })

  it("ServerUsers: every call fails with exactly its exported union", () => {
    expectNone<Undeclared<typeof ServerUsers, {
      create: ServerUsers.CreateError
      get: ServerUsers.GetError
      update: ServerUsers.UpdateError
      remove: ServerUsers.RemoveError
      list: ServerUsers.ListError
    }>>()
  })

  it("Sessions: every call fails with exactly its exported union", () => {
    expectNone<Undeclared<typeof Sessions, {
      listMine: Sessions.ListMineError
      revokeMine: Sessions.RevokeMineError
      create: Sessions.CreateError
      list: Sessions.ListError
      revoke: Sessions.RevokeError
    }>>()
  })

  it("SignInOutcome: every call fails with exactly its exported union", () => {
    expectNone<Undeclared<typeof SignInOutcome, {
      storeTokens: never // local: writes the session
    }>>()
  })

  it("TeamInvitations: every call fails with exactly its exported union", () => {
    expectNone<Undeclared<typeof TeamInvitations, {
      send: TeamInvitations.SendError
      list: TeamInvitations.ManageError
      revoke: TeamInvitations.ManageError
      check: TeamInvitations.CheckError
      details: TeamInvitations.AcceptError
      accept: TeamInvitations.AcceptError
    }>>()
  })

  it("TeamMemberProfiles: every call fails with exactly its exported union", () => {
    expectNone<Undeclared<typeof TeamMemberProfiles, {
      list: TeamMemberProfiles.ListError
      get: TeamMemberProfiles.GetError
      update: TeamMemberProfiles.UpdateError
    }>>()
  })

  it("TeamMemberships: every call fails with exactly its exported union", () => {
    expectNone<Undeclared<typeof TeamMemberships, {
      leave: TeamMemberships.LeaveError
      removeMember: TeamMemberships.RemoveMemberError
      add: TeamMemberships.AddError
      remove: TeamMemberships.RemoveError
    }>>()
  })

  it("Teams: every call fails with exactly its exported union", () => {
    expectNone<Undeclared<typeof Teams, {
      list: Teams.ListError
      select: Teams.SelectError
      create: Teams.CreateError
      update: Teams.UpdateError
      remove: Teams.ChangeError
      listAll: Teams.ListAllError
      createAsServer: Teams.CreateAsServerError
      get: Teams.ServerTeamError
      updateAsServer: Teams.UpdateAsServerError
      removeAsServer: Teams.ServerTeamError
      listUsers: Teams.ListUsersError
    }>>()
  })

  it("Users: every call fails with exactly its exported union", () => {
    expectNone<Undeclared<typeof Users, {
      getUser: Users.GetCurrentError | Auth.SignUpAnonymouslyError // the last overload (`or: "anonymous"`); each overload is checked below
      getCurrent: Users.GetCurrentError
      getUserOrNull: Users.GetUserError
      getUserOrThrow: Users.GetUserError | Users.UserNotSignedIn // no single alias
      getUserOrRedirect: Users.GetUserError | Users.RedirectedToSignIn | Redirects.UntrustedRedirectUrl // no single alias
      getUserOrAnonymous: Users.GetCurrentError | Auth.SignUpAnonymouslyError // no single alias
      update: Users.UpdateError
      deleteCurrent: Users.DeleteCurrentError
    }>>()
  })

  it("Webhooks: every call fails with exactly its exported union", () => {
    expectNone<Undeclared<typeof Webhooks, {
      createSvixToken: Webhooks.CreateSvixTokenError
    }>>()
  })

  it("WebAuthn and SignInOutcome export no remote calls of their own", () => {
    expectNone<Undeclared<typeof WebAuthn, {}>>()
    expectNone<Undeclared<typeof SignInOutcome, { storeTokens: never }>>()
  })
})

describe("calls the listings cannot express one by one", () => {
  it("Users.getUser: each `or` adds exactly its own signed-out failure", () => {
    const returnNull = () => Users.getUser()
    const explicitNull = () => Users.getUser({ or: "return-null" })
    const orThrow = () => Users.getUser({ or: "throw" })
    const orRedirect = () => Users.getUser({ or: "redirect" })
    const orAnonymous = () => Users.getUser({ or: "anonymous" })
    expectTypeOf<ErrorOf<typeof returnNull>>().toEqualTypeOf<Users.GetUserError>()
    expectTypeOf<ErrorOf<typeof explicitNull>>().toEqualTypeOf<Users.GetUserError>()
    expectTypeOf<ErrorOf<typeof orThrow>>().toEqualTypeOf<Users.GetUserError | Users.UserNotSignedIn>()
    expectTypeOf<ErrorOf<typeof orRedirect>>()
      .toEqualTypeOf<Users.GetUserError | Users.RedirectedToSignIn | Redirects.UntrustedRedirectUrl>()
    expectTypeOf<ErrorOf<typeof orAnonymous>>().toEqualTypeOf<Users.GetCurrentError | Auth.SignUpAnonymouslyError>()
    expectTypeOf<Effect.Error<typeof Users.loadCurrentOrNull>>().toEqualTypeOf<Users.GetUserError>()
  })

  it("Mfa.keepAttemptCode keeps the error channel of the sign-in it wraps", () => {
    const signIn = () => Mfa.keepAttemptCode(Auth.signInWithPassword({ email: "a@example.com", password: "p" }))
    expectTypeOf<ErrorOf<typeof signIn>>().toEqualTypeOf<Auth.SignInWithPasswordError>()
  })

  it("the user stream fails like one page of the list", () => {
    expectTypeOf<Stream.Error<ReturnType<typeof ServerUsers.stream>>>().toEqualTypeOf<ServerUsers.ListError>()
  })

  it("StackServerApp.actAs builds a client app that fails only on bad tokens or configuration", () => {
    expectTypeOf<Layer.Error<ReturnType<typeof StackServerApp.actAs>>>().toEqualTypeOf<InvalidTokenValue | StackConfigError>()
  })
})
