/**
 * Sample constructor arguments for every entry of the oracle's `KnownErrors`
 * (`@stackframe/stack-shared@2.8.27`), and a helper that builds the oracle's error from them.
 * Shared by the catalogue contract test and the HTTP-pipeline tests.
 */
import { createRequire } from "node:module"
import type { KnownErrors as OracleCatalogueValue } from "@stackframe/stack-shared/dist/known-errors"

type OracleCatalogue = typeof OracleCatalogueValue

/** What the tests use of an oracle error instance. */
export interface OracleError extends Error {
  readonly statusCode: number
  readonly errorCode: string
  readonly humanReadableMessage: string
  readonly details?: unknown
  toDescriptiveJson(): { readonly code: string; readonly error: string; readonly details?: unknown }
  getHeaders(): Record<string, ReadonlyArray<string>>
}

/** What the tests use of an oracle error class. */
export interface OracleConstructor {
  new(...args: ReadonlyArray<any>): OracleError
  readonly errorCode: string
}

const require = createRequire(import.meta.url)

/** The oracle's catalogue, keyed by PascalCase name. */
export const OracleKnownErrors: Readonly<Record<string, OracleConstructor>> =
  require("@stackframe/stack-shared/dist/known-errors").KnownErrors

// Families take (status, message, details); the rest take their own arguments.
const samples = {
  // Project and access
  ProjectAuthenticationError: [401, "sample project authentication error", { hint: "family sample" }],
  InvalidProjectAuthentication: [400, "sample invalid project authentication", undefined],
  ProjectKeyWithoutAccessType: [],
  InvalidAccessType: ["superuser"],
  AccessTypeWithoutProjectId: ["client"],
  AccessTypeRequired: [],
  InsufficientAccessType: ["client", ["server", "admin"]],
  InvalidPublishableClientKey: ["proj_publishable"],
  InvalidSecretServerKey: ["proj_server"],
  InvalidSuperSecretAdminKey: ["proj_admin"],
  InvalidAdminAccessToken: [401, "sample invalid admin token", { nested: { deep_key: [1, 2] } }],
  UnparsableAdminAccessToken: [],
  AdminAccessTokenExpired: [new Date(1_700_000_000_000)],
  InvalidProjectForAdminAccessToken: [],
  AdminAccessTokenIsNotAdmin: [],
  ProjectAuthenticationRequired: [401, "sample project authentication required"],
  ClientAuthenticationRequired: [],
  ServerAuthenticationRequired: [],
  ClientOrServerAuthenticationRequired: [],
  ClientOrAdminAuthenticationRequired: [],
  ClientOrServerOrAdminAuthenticationRequired: [],
  AdminAuthenticationRequired: [],
  ExpectedInternalProject: [],
  // Session
  SessionAuthenticationError: [401, "sample session authentication error", { some_key: "x" }],
  InvalidSessionAuthentication: [403, "sample invalid session authentication", undefined],
  InvalidAccessToken: [401, "sample invalid access token", { reason: "sample" }],
  UnparsableAccessToken: [],
  AccessTokenExpired: [new Date(1_700_000_123_000)],
  InvalidProjectForAccessToken: ["proj_expected", "proj_actual"],
  RefreshTokenError: [401, "sample refresh token error", undefined],
  RefreshTokenNotFoundOrExpired: [],
  CannotDeleteCurrentSession: [],
  ProviderRejected: [],
  // Users and sign-in
  UserWithEmailAlreadyExists: ["taken@example.com", true],
  EmailNotVerified: [],
  CannotGetOwnUserWithoutUser: [],
  UserIdDoesNotExist: ["user_missing"],
  UserNotFound: [],
  ProjectNotFound: ["proj_missing"],
  CurrentProjectNotFound: ["proj_current"],
  BranchDoesNotExist: ["branch_x"],
  SignUpNotEnabled: [],
  PasswordAuthenticationNotEnabled: [],
  PasskeyAuthenticationNotEnabled: [],
  AnonymousAccountsNotEnabled: [],
  EmailPasswordMismatch: [],
  RedirectUrlNotWhitelisted: [],
  PasswordRequirementsNotMet: [400, "sample password requirements", { rule: "entropy" }],
  PasswordTooShort: [8],
  PasswordTooLong: [70],
  UserDoesNotHavePassword: [],
  VerificationCodeError: [400, "sample verification error", undefined],
  VerificationCodeNotFound: [],
  VerificationCodeExpired: [],
  VerificationCodeAlreadyUsed: [],
  VerificationCodeMaxAttemptsReached: [],
  PasswordConfirmationMismatch: [],
  EmailAlreadyVerified: [],
  EmailNotAssociatedWithUser: [],
  EmailIsNotPrimaryEmail: ["other@example.com", "primary@example.com"],
  PasskeyRegistrationFailed: ["sample registration failure"],
  PasskeyWebAuthnError: ["sample ceremony failure", "ERROR_CEREMONY_ABORTED"],
  PasskeyAuthenticationFailed: ["sample passkey failure"],
  MultiFactorAuthenticationRequired: ["attempt_123"],
  InvalidTotpCode: [],
  UserAuthenticationRequired: [],
  ContactChannelAlreadyUsedForAuthBySomeoneElse: ["email", "taken@example.com", true],
  // Permissions and teams
  PermissionNotFound: ["perm_missing"],
  PermissionScopeMismatch: ["perm_scoped", "team", "project"],
  ContainedPermissionNotFound: ["perm_contained"],
  PermissionIdAlreadyExists: ["perm_taken"],
  TeamNotFound: ["team_1"],
  TeamMembershipNotFound: ["team_1", "user_1"],
  TeamMembershipAlreadyExists: [],
  ProjectPermissionRequired: ["user_1", "perm_project"],
  TeamPermissionRequired: ["team_1", "user_1", "perm_team"],
  TeamPermissionNotFound: ["team_1", "user_1", "perm_absent"],
  // OAuth
  OAuthConnectionNotConnectedToUser: [],
  OAuthConnectionDoesNotHaveRequiredScope: [],
  OAuthConnectionAlreadyConnectedToAnotherUser: [],
  OAuthExtraScopeNotAvailableWithSharedOAuthKeys: [],
  OAuthAccessTokenNotAvailableWithSharedOAuthKeys: [],
  InvalidOAuthClientIdOrSecret: ["client_1"],
  InvalidScope: ["bogus_scope"],
  InvalidAuthorizationCode: [],
  InvalidSharedOAuthProviderId: ["github"],
  InvalidStandardOAuthProviderId: ["myspace"],
  UserAlreadyConnectedToAnotherOAuthConnection: [],
  OuterOAuthTimeout: [],
  OAuthProviderNotFoundOrNotEnabled: [],
  OAuthProviderAccountIdAlreadyUsedForSignIn: [],
  OAuthProviderAccessDenied: [],
  // Other
  InvalidPollingCodeError: [{ polling_code: "poll_1", reason: "sample" }],
  CliAuthError: ["sample CLI failure"],
  CliAuthExpiredError: [],
  CliAuthUsedError: [],
  ApiKeyNotValid: [401, "sample API key not valid", { key_hint: "sk_..." }],
  ApiKeyExpired: [],
  ApiKeyRevoked: [],
  ApiKeyNotFound: [],
  WrongApiKeyType: ["user", "team"],
  PublicApiKeyCannotBeRevoked: [],
  EmailTemplateAlreadyExists: [],
  EmailRenderingError: ["sample render failure"],
  RequiresCustomEmailServer: [],
  BodyParsingError: ["sample body parsing failure"],
  SchemaError: ["sample schema failure"],
  AllOverloadsFailed: [[{ code: "SCHEMA_ERROR", error: "first" }, { nested_key: [1, 2] }]],
  UnsupportedError: ["SOME_FUTURE_CODE"]
} satisfies { readonly [K in keyof OracleCatalogue]: ConstructorParameters<OracleCatalogue[K]> }

/** Constructor arguments per oracle key (families: status, message, details). */
export const oracleSamples: Readonly<Record<string, ReadonlyArray<unknown>>> = samples

/** The oracle's error for `key`, built from {@link oracleSamples}. */
export const makeOracleError = (key: string): OracleError => {
  const Ctor = OracleKnownErrors[key]
  const args = oracleSamples[key]
  if (Ctor === undefined || args === undefined) throw new Error(`No oracle sample for ${key}`)
  return new Ctor(...args)
}
