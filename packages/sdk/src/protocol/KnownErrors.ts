/**
 * The catalogue of the protocol's 109 known errors. Each is a `Schema.TaggedError` whose
 * tag is its PascalCase name, with literal `code` and `status` (a plain number for the abstract
 * family errors, which the service may send with any status), a default `message`, and typed
 * camelCase `details` that encode to the snake_case wire names.
 *
 * Import classes by name: nothing here runs at load time, so unused classes tree-shake away.
 *
 * @since 0.1.0
 * @module
 */
import type * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as WireKeys from "./internal/schemas/WireKeys.ts"
import type {
  KnownErrorConstructor,
  KnownErrorFields,
  KnownErrorShape,
  KnownErrorStatics,
  WireKnownError
} from "./KnownError.ts"

// -----------------------------------------------------------------------------------------------
// Module-private building blocks (marked side-effect free so bundlers can drop unused classes)
// -----------------------------------------------------------------------------------------------

/** One `status` schema per status value, shared by the classes that answer with it (cold import). */
const statuses = new Map<number, Schema.tag<number>>()

/** A fixed `status` field: a literal with itself as the constructor default. */
/* @__NO_SIDE_EFFECTS__ */
function status<const T extends number>(value: T): Schema.tag<T> {
  let schema = statuses.get(value)
  if (schema === undefined) statuses.set(value, schema = Schema.tag(value))
  return schema as Schema.tag<T>
}

/**
 * Optional camelCase details, renamed to their wire keys by `wire`. Built on first use (a decode,
 * an encode or a constructor given details), not at import: most classes never see details.
 */
/* @__NO_SIDE_EFFECTS__ */
function details<const F extends Schema.Struct.Fields, const M extends { readonly [K in keyof F]?: string }>(
  fields: F,
  wire: M
): Schema.optional<Schema.suspend<DetailsSchema<F, M>>> {
  // the same type as WireKeys.encodeKeys returns (its WireFields spelled inline): generic identity needs the cast
  return Schema.optional(Schema.suspend(() => Schema.Struct(fields).pipe(WireKeys.encodeKeys(wire)) as unknown as DetailsSchema<F, M>))
}

/**
 * The schema of a known error's details (`fields.details`): the camelCase fields `F` over the
 * wire's keys `M`, decoded in one pass.
 */
export type DetailsSchema<F extends Schema.Struct.Fields, M> = Schema.decodeTo<
  Schema.declareConstructor<Schema.Struct<F>["Type"], Schema.Struct<F>["Type"], readonly []>,
  Schema.Struct<{ readonly [K in keyof F as K extends keyof M ? M[K] extends PropertyKey ? M[K] : K : K]: F[K] }>
>

/** Details passed through as they are (family errors, free-form details). */
const Opaque = /*#__PURE__*/ Schema.optional(Schema.Unknown)
const NullableNumber = /*#__PURE__*/ Schema.NullOr(Schema.Number)
const NullableString = /*#__PURE__*/ Schema.NullOr(Schema.String)
const AccessTypeSchema = /*#__PURE__*/ Schema.Literals(["client", "server", "admin"])
const AccessTypes = /*#__PURE__*/ Schema.Array(AccessTypeSchema)
const PermissionScope = /*#__PURE__*/ Schema.Literals(["project", "team"])
const NullablePermissionScope = /*#__PURE__*/ Schema.NullOr(PermissionScope)
const Unknowns = /*#__PURE__*/ Schema.Array(Schema.Unknown)

/** What `decodeWire` needs of a class: its fields, and `status` when it is fixed. */
interface WireClass<E> {
  new(props: never): E
  readonly fields: Schema.Struct.Fields
  readonly status?: number
}

/**
 * Builds an error from the wire: keeps the service's message, takes the wire status only for
 * families, and drops details that do not match the schema (never throws).
 */
function decodeWire<E>(cls: WireClass<E>, wire: WireKnownError): E {
  const props: Record<string, unknown> = {}
  if (typeof wire.message === "string" && wire.message !== "") props.message = wire.message
  if (cls.status === undefined) props.status = wire.status
  const schema = cls.fields.details
  if (schema !== undefined) {
    const decode = Schema.decodeUnknownOption(schema as Schema.Decoder<unknown>)
    props.details = Option.getOrUndefined(decode(wire.details))
  }
  return new (cls as unknown as new(props: object) => E)(props)
}

/** What {@link KnownErrorClass} builds a class from. */
interface Spec<Code extends string, Status extends number | undefined, Details extends Schema.Top | undefined> {
  readonly code: Code
  /** Omitted for family errors: their status is the wire's. */
  readonly status?: Status
  /** The default message (the service's message replaces it in `fromWire`). */
  readonly message: string
  readonly details?: Details
}

/**
 * A catalogue class from its data: a `Schema.TaggedError` with the fields of `KnownErrorFields`,
 * plus `code`, `status` and `fromWire` (one definition instead of the same class body 110 times).
 * `fromWire` is made on first use, for the class it is read from (the subclass, not this base).
 */
/* @__NO_SIDE_EFFECTS__ */
function KnownErrorClass<Self>() {
  return <
    const Tag extends string,
    const Code extends string,
    const Status extends number | undefined = undefined,
    const Details extends Schema.Top | undefined = undefined
  >(
    tag: Tag,
    spec: Spec<Code, Status, Details>
  ): KnownErrorFields<Code, Status, Details> extends infer Fields extends Schema.Struct.Fields
    ? Schema.Class<Self, Schema.TaggedStruct<Tag, Fields>, Cause.YieldableError> & KnownErrorStatics<Self, Code, Status>
    : never => {
    const fields: Record<string, Schema.Top> = {
      code: Schema.tag(spec.code),
      status: spec.status === undefined ? Schema.Number : status(spec.status),
      message: Schema.String.pipe(Schema.withConstructorDefault(Effect.succeed(spec.message)))
    }
    if (spec.details !== undefined) fields.details = spec.details
    const base = Schema.TaggedError<Self>()(tag, fields)
    Object.defineProperty(base, "code", { value: spec.code, enumerable: true })
    if (spec.status !== undefined) Object.defineProperty(base, "status", { value: spec.status, enumerable: true })
    Object.defineProperty(base, "fromWire", {
      enumerable: true,
      get(this: WireClass<Self>) {
        const fromWire = (wire: WireKnownError): Self => decodeWire(this, wire)
        Object.defineProperty(this, "fromWire", { value: fromWire, enumerable: true })
        return fromWire
      }
    })
    return base as never
  }
}

// -----------------------------------------------------------------------------------------------
// Project and access
// -----------------------------------------------------------------------------------------------

/** Family: any failure to authenticate the project (any status). */
export class ProjectAuthenticationError extends /*#__PURE__*/ KnownErrorClass<ProjectAuthenticationError>()("ProjectAuthenticationError", {
  code: "PROJECT_AUTHENTICATION_ERROR",
  message: "The project credentials were rejected.",
  details: Opaque
}) {}

/** Family: project credentials were given but are invalid (any status). */
export class InvalidProjectAuthentication extends /*#__PURE__*/ KnownErrorClass<InvalidProjectAuthentication>()("InvalidProjectAuthentication", {
  code: "INVALID_PROJECT_AUTHENTICATION",
  message: "The project credentials are invalid.",
  details: Opaque
}) {}

/** A project key or admin token came without `x-stack-access-type` (status 400). */
export class ProjectKeyWithoutAccessType extends /*#__PURE__*/ KnownErrorClass<ProjectKeyWithoutAccessType>()("ProjectKeyWithoutAccessType", {
  code: "PROJECT_KEY_WITHOUT_ACCESS_TYPE",
  status: 400,
  message: "Project credentials were sent without an access type."
}) {}

/** `x-stack-access-type` is not client, server or admin (status 400). */
export class InvalidAccessType extends /*#__PURE__*/ KnownErrorClass<InvalidAccessType>()("InvalidAccessType", {
  code: "INVALID_ACCESS_TYPE",
  status: 400,
  message: "The access type must be client, server or admin."
}) {}

/** An access type came without `x-stack-project-id` (status 400). */
export class AccessTypeWithoutProjectId extends /*#__PURE__*/ KnownErrorClass<AccessTypeWithoutProjectId>()("AccessTypeWithoutProjectId", {
  code: "ACCESS_TYPE_WITHOUT_PROJECT_ID",
  status: 400,
  message: "An access type was sent without a project id.",
  details: details({ requestType: Schema.String }, { requestType: "request_type" })
}) {}

/** The request needs `x-stack-access-type` and project keys (status 400). */
export class AccessTypeRequired extends /*#__PURE__*/ KnownErrorClass<AccessTypeRequired>()("AccessTypeRequired", {
  code: "ACCESS_TYPE_REQUIRED",
  status: 400,
  message: "An access type is required."
}) {}

/** The access type is too weak for the endpoint (status 401). */
export class InsufficientAccessType extends /*#__PURE__*/ KnownErrorClass<InsufficientAccessType>()("InsufficientAccessType", {
  code: "INSUFFICIENT_ACCESS_TYPE",
  status: 401,
  message: "This access type may not call this endpoint.",
  details: details(
    { actualAccessType: AccessTypeSchema, allowedAccessTypes: AccessTypes },
    { actualAccessType: "actual_access_type", allowedAccessTypes: "allowed_access_types" }
  )
}) {}

/** The publishable client key does not match the project (status 401). */
export class InvalidPublishableClientKey extends /*#__PURE__*/ KnownErrorClass<InvalidPublishableClientKey>()("InvalidPublishableClientKey", {
  code: "INVALID_PUBLISHABLE_CLIENT_KEY",
  status: 401,
  message: "The publishable client key is not valid for this project.",
  details: details({ projectId: Schema.String }, { projectId: "project_id" })
}) {}

/** The secret server key does not match the project (status 401). */
export class InvalidSecretServerKey extends /*#__PURE__*/ KnownErrorClass<InvalidSecretServerKey>()("InvalidSecretServerKey", {
  code: "INVALID_SECRET_SERVER_KEY",
  status: 401,
  message: "The secret server key is not valid for this project.",
  details: details({ projectId: Schema.String }, { projectId: "project_id" })
}) {}

/** The super-secret admin key does not match the project (status 401). */
export class InvalidSuperSecretAdminKey extends /*#__PURE__*/ KnownErrorClass<InvalidSuperSecretAdminKey>()("InvalidSuperSecretAdminKey", {
  code: "INVALID_SUPER_SECRET_ADMIN_KEY",
  status: 401,
  message: "The super-secret admin key is not valid for this project.",
  details: details({ projectId: Schema.String }, { projectId: "project_id" })
}) {}

/** Family: the admin access token is invalid (any status). */
export class InvalidAdminAccessToken extends /*#__PURE__*/ KnownErrorClass<InvalidAdminAccessToken>()("InvalidAdminAccessToken", {
  code: "INVALID_ADMIN_ACCESS_TOKEN",
  message: "The admin access token is invalid.",
  details: Opaque
}) {}

/** The admin access token is unparsable (status 401). */
export class UnparsableAdminAccessToken extends /*#__PURE__*/ KnownErrorClass<UnparsableAdminAccessToken>()("UnparsableAdminAccessToken", {
  code: "UNPARSABLE_ADMIN_ACCESS_TOKEN",
  status: 401,
  message: "The admin access token could not be parsed."
}) {}

/** The admin access token has expired (status 401). */
export class AdminAccessTokenExpired extends /*#__PURE__*/ KnownErrorClass<AdminAccessTokenExpired>()("AdminAccessTokenExpired", {
  code: "ADMIN_ACCESS_TOKEN_EXPIRED",
  status: 401,
  message: "Admin access token expired; refresh it.",
  details: details({ expiredAtMillis: NullableNumber }, { expiredAtMillis: "expired_at_millis" })
}) {}

/** The admin access token is not for the internal project (status 401). */
export class InvalidProjectForAdminAccessToken extends /*#__PURE__*/ KnownErrorClass<InvalidProjectForAdminAccessToken>()("InvalidProjectForAdminAccessToken", {
  code: "INVALID_PROJECT_FOR_ADMIN_ACCESS_TOKEN",
  status: 401,
  message: "Admin access tokens must belong to the internal project."
}) {}

/** The admin access token's user is not an admin of the project (status 401). */
export class AdminAccessTokenIsNotAdmin extends /*#__PURE__*/ KnownErrorClass<AdminAccessTokenIsNotAdmin>()("AdminAccessTokenIsNotAdmin", {
  code: "ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN",
  status: 401,
  message: "The admin access token does not grant admin rights on this project."
}) {}

/** Family: the endpoint needs project credentials that were not sent (any status). */
export class ProjectAuthenticationRequired extends /*#__PURE__*/ KnownErrorClass<ProjectAuthenticationRequired>()("ProjectAuthenticationRequired", {
  code: "PROJECT_AUTHENTICATION_REQUIRED",
  message: "Project authentication is required.",
  details: Opaque
}) {}

/** Client authentication required (status 401). */
export class ClientAuthenticationRequired extends /*#__PURE__*/ KnownErrorClass<ClientAuthenticationRequired>()("ClientAuthenticationRequired", {
  code: "CLIENT_AUTHENTICATION_REQUIRED",
  status: 401,
  message: "A publishable client key is required."
}) {}

/** Server authentication required (status 401). */
export class ServerAuthenticationRequired extends /*#__PURE__*/ KnownErrorClass<ServerAuthenticationRequired>()("ServerAuthenticationRequired", {
  code: "SERVER_AUTHENTICATION_REQUIRED",
  status: 401,
  message: "A secret server key is required."
}) {}

/** Client or server authentication required (status 401). */
export class ClientOrServerAuthenticationRequired extends /*#__PURE__*/ KnownErrorClass<ClientOrServerAuthenticationRequired>()("ClientOrServerAuthenticationRequired", {
  code: "CLIENT_OR_SERVER_AUTHENTICATION_REQUIRED",
  status: 401,
  message: "Client or server authentication is required."
}) {}

/** Client or admin authentication required (status 401). */
export class ClientOrAdminAuthenticationRequired extends /*#__PURE__*/ KnownErrorClass<ClientOrAdminAuthenticationRequired>()("ClientOrAdminAuthenticationRequired", {
  code: "CLIENT_OR_ADMIN_AUTHENTICATION_REQUIRED",
  status: 401,
  message: "Client or admin authentication is required."
}) {}

/** Client, server or admin authentication required (status 401). */
export class ClientOrServerOrAdminAuthenticationRequired extends /*#__PURE__*/ KnownErrorClass<ClientOrServerOrAdminAuthenticationRequired>()("ClientOrServerOrAdminAuthenticationRequired", {
  code: "CLIENT_OR_SERVER_OR_ADMIN_AUTHENTICATION_REQUIRED",
  status: 401,
  message: "Client, server or admin authentication is required."
}) {}

/** Admin authentication required (status 401). */
export class AdminAuthenticationRequired extends /*#__PURE__*/ KnownErrorClass<AdminAuthenticationRequired>()("AdminAuthenticationRequired", {
  code: "ADMIN_AUTHENTICATION_REQUIRED",
  status: 401,
  message: "Admin authentication is required."
}) {}

/** The endpoint expects the internal project (status 401). */
export class ExpectedInternalProject extends /*#__PURE__*/ KnownErrorClass<ExpectedInternalProject>()("ExpectedInternalProject", {
  code: "EXPECTED_INTERNAL_PROJECT",
  status: 401,
  message: "This endpoint only serves the internal project."
}) {}

// -----------------------------------------------------------------------------------------------
// Session
// -----------------------------------------------------------------------------------------------

/** Family: any failure to authenticate the session (any status). */
export class SessionAuthenticationError extends /*#__PURE__*/ KnownErrorClass<SessionAuthenticationError>()("SessionAuthenticationError", {
  code: "SESSION_AUTHENTICATION_ERROR",
  message: "The session could not be authenticated.",
  details: Opaque
}) {}

/** Family: session credentials were given but are invalid (any status). */
export class InvalidSessionAuthentication extends /*#__PURE__*/ KnownErrorClass<InvalidSessionAuthentication>()("InvalidSessionAuthentication", {
  code: "INVALID_SESSION_AUTHENTICATION",
  message: "The session credentials are invalid.",
  details: Opaque
}) {}

/** Family: the access token is invalid (any status). */
export class InvalidAccessToken extends /*#__PURE__*/ KnownErrorClass<InvalidAccessToken>()("InvalidAccessToken", {
  code: "INVALID_ACCESS_TOKEN",
  message: "The access token is invalid.",
  details: Opaque
}) {}

/** The access token is unparsable (status 401). */
export class UnparsableAccessToken extends /*#__PURE__*/ KnownErrorClass<UnparsableAccessToken>()("UnparsableAccessToken", {
  code: "UNPARSABLE_ACCESS_TOKEN",
  status: 401,
  message: "The access token could not be parsed."
}) {}

/** The access token has expired (status 401). */
export class AccessTokenExpired extends /*#__PURE__*/ KnownErrorClass<AccessTokenExpired>()("AccessTokenExpired", {
  code: "ACCESS_TOKEN_EXPIRED",
  status: 401,
  message: "Access token expired; refresh the session.",
  details: details({ expiredAtMillis: NullableNumber }, { expiredAtMillis: "expired_at_millis" })
}) {}

/** The access token is for another project (status 401). */
export class InvalidProjectForAccessToken extends /*#__PURE__*/ KnownErrorClass<InvalidProjectForAccessToken>()("InvalidProjectForAccessToken", {
  code: "INVALID_PROJECT_FOR_ACCESS_TOKEN",
  status: 401,
  message: "The access token belongs to another project.",
  details: details(
    { expectedProjectId: Schema.String, actualProjectId: Schema.String },
    { expectedProjectId: "expected_project_id", actualProjectId: "actual_project_id" }
  )
}) {}

/** Family: the refresh token or its session is unusable (any status). */
export class RefreshTokenError extends /*#__PURE__*/ KnownErrorClass<RefreshTokenError>()("RefreshTokenError", {
  code: "REFRESH_TOKEN_ERROR",
  message: "The refresh token was rejected.",
  details: Opaque
}) {}

/** The refresh token is unknown, expired or revoked (status 401). */
export class RefreshTokenNotFoundOrExpired extends /*#__PURE__*/ KnownErrorClass<RefreshTokenNotFoundOrExpired>()("RefreshTokenNotFoundOrExpired", {
  code: "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED",
  status: 401,
  message: "The refresh token is unknown, or its session ended."
}) {}

/** The session being used cannot delete itself (status 400). */
export class CannotDeleteCurrentSession extends /*#__PURE__*/ KnownErrorClass<CannotDeleteCurrentSession>()("CannotDeleteCurrentSession", {
  code: "CANNOT_DELETE_CURRENT_SESSION",
  status: 400,
  message: "The current session cannot be deleted this way."
}) {}

/** The OAuth provider refused to refresh; sign in again (status 401). */
export class ProviderRejected extends /*#__PURE__*/ KnownErrorClass<ProviderRejected>()("ProviderRejected", {
  code: "PROVIDER_REJECTED",
  status: 401,
  message: "The sign-in provider no longer accepts this session."
}) {}

// -----------------------------------------------------------------------------------------------
// Users and sign-in
// -----------------------------------------------------------------------------------------------

/** A user already has this e-mail (status 409). */
export class UserWithEmailAlreadyExists extends /*#__PURE__*/ KnownErrorClass<UserWithEmailAlreadyExists>()("UserWithEmailAlreadyExists", {
  code: "USER_EMAIL_ALREADY_EXISTS",
  status: 409,
  message: "A user with this e-mail already exists.",
  details: details(
    { email: Schema.String, wouldWorkIfEmailWasVerified: Schema.Boolean },
    { wouldWorkIfEmailWasVerified: "would_work_if_email_was_verified" }
  )
}) {}

/** The e-mail is not verified (status 400). */
export class EmailNotVerified extends /*#__PURE__*/ KnownErrorClass<EmailNotVerified>()("EmailNotVerified", {
  code: "EMAIL_NOT_VERIFIED",
  status: 400,
  message: "The e-mail address is not verified."
}) {}

/** `me` was used without user authentication (status 400). */
export class CannotGetOwnUserWithoutUser extends /*#__PURE__*/ KnownErrorClass<CannotGetOwnUserWithoutUser>()("CannotGetOwnUserWithoutUser", {
  code: "CANNOT_GET_OWN_USER_WITHOUT_USER",
  status: 400,
  message: "'me' was used without a signed-in user."
}) {}

/** The given user id does not exist (status 400). */
export class UserIdDoesNotExist extends /*#__PURE__*/ KnownErrorClass<UserIdDoesNotExist>()("UserIdDoesNotExist", {
  code: "USER_ID_DOES_NOT_EXIST",
  status: 400,
  message: "No user has this id.",
  details: details({ userId: Schema.String }, { userId: "user_id" })
}) {}

/** User not found (status 404). */
export class UserNotFound extends /*#__PURE__*/ KnownErrorClass<UserNotFound>()("UserNotFound", {
  code: "USER_NOT_FOUND",
  status: 404,
  message: "No such user."
}) {}

/** Project not found (status 404). */
export class ProjectNotFound extends /*#__PURE__*/ KnownErrorClass<ProjectNotFound>()("ProjectNotFound", {
  code: "PROJECT_NOT_FOUND",
  status: 404,
  message: "Project not found, or not visible to this user.",
  details: details({ projectId: Schema.String }, { projectId: "project_id" })
}) {}

/** The request's project does not exist (status 400). */
export class CurrentProjectNotFound extends /*#__PURE__*/ KnownErrorClass<CurrentProjectNotFound>()("CurrentProjectNotFound", {
  code: "CURRENT_PROJECT_NOT_FOUND",
  status: 400,
  message: "The project named in x-stack-project-id does not exist.",
  details: details({ projectId: Schema.String }, { projectId: "project_id" })
}) {}

/** The branch does not exist (status 400). */
export class BranchDoesNotExist extends /*#__PURE__*/ KnownErrorClass<BranchDoesNotExist>()("BranchDoesNotExist", {
  code: "BRANCH_DOES_NOT_EXIST",
  status: 400,
  message: "The branch does not exist.",
  details: details({ branchId: Schema.String }, { branchId: "branch_id" })
}) {}

/** Sign-up is not enabled for the project (status 400). */
export class SignUpNotEnabled extends /*#__PURE__*/ KnownErrorClass<SignUpNotEnabled>()("SignUpNotEnabled", {
  code: "SIGN_UP_NOT_ENABLED",
  status: 400,
  message: "Creation of new accounts is not enabled for this project. Please ask the project owner to enable it." // kept word for word
}) {}

/** Password authentication is not enabled (status 400). */
export class PasswordAuthenticationNotEnabled extends /*#__PURE__*/ KnownErrorClass<PasswordAuthenticationNotEnabled>()("PasswordAuthenticationNotEnabled", {
  code: "PASSWORD_AUTHENTICATION_NOT_ENABLED",
  status: 400,
  message: "Password sign-in is turned off for this project."
}) {}

/** Passkey authentication is not enabled (status 400). */
export class PasskeyAuthenticationNotEnabled extends /*#__PURE__*/ KnownErrorClass<PasskeyAuthenticationNotEnabled>()("PasskeyAuthenticationNotEnabled", {
  code: "PASSKEY_AUTHENTICATION_NOT_ENABLED",
  status: 400,
  message: "Passkey sign-in is turned off for this project."
}) {}

/** Anonymous accounts are not enabled (status 400). */
export class AnonymousAccountsNotEnabled extends /*#__PURE__*/ KnownErrorClass<AnonymousAccountsNotEnabled>()("AnonymousAccountsNotEnabled", {
  code: "ANONYMOUS_ACCOUNTS_NOT_ENABLED",
  status: 400,
  message: "Anonymous accounts are turned off for this project."
}) {}

/** Wrong e-mail or password (status 400). */
export class EmailPasswordMismatch extends /*#__PURE__*/ KnownErrorClass<EmailPasswordMismatch>()("EmailPasswordMismatch", {
  code: "EMAIL_PASSWORD_MISMATCH",
  status: 400,
  message: "Wrong e-mail or password." // kept word for word
}) {}

/** The redirect URL is not a trusted domain (status 400). */
export class RedirectUrlNotWhitelisted extends /*#__PURE__*/ KnownErrorClass<RedirectUrlNotWhitelisted>()("RedirectUrlNotWhitelisted", {
  code: "REDIRECT_URL_NOT_WHITELISTED",
  status: 400,
  message: "The redirect URL is not on the project's trusted domains."
}) {}

/** Family: the password breaks a rule (any status). */
export class PasswordRequirementsNotMet extends /*#__PURE__*/ KnownErrorClass<PasswordRequirementsNotMet>()("PasswordRequirementsNotMet", {
  code: "PASSWORD_REQUIREMENTS_NOT_MET",
  message: "The password does not meet the requirements.",
  details: Opaque
}) {}

/** The password is shorter than `minLength` (status 400). */
export class PasswordTooShort extends /*#__PURE__*/ KnownErrorClass<PasswordTooShort>()("PasswordTooShort", {
  code: "PASSWORD_TOO_SHORT",
  status: 400,
  message: "The password is too short.",
  details: details({ minLength: Schema.Number }, { minLength: "min_length" })
}) {}

/** The password is longer than `maxLength` (camelCase on the wire too) (status 400). */
export class PasswordTooLong extends /*#__PURE__*/ KnownErrorClass<PasswordTooLong>()("PasswordTooLong", {
  code: "PASSWORD_TOO_LONG",
  status: 400,
  message: "The password is too long.",
  details: details({ maxLength: Schema.Number }, {})
}) {}

/** The user has no password (status 400). */
export class UserDoesNotHavePassword extends /*#__PURE__*/ KnownErrorClass<UserDoesNotHavePassword>()("UserDoesNotHavePassword", {
  code: "USER_DOES_NOT_HAVE_PASSWORD",
  status: 400,
  message: "This user has no password."
}) {}

/** Family: the verification code cannot be used (any status). */
export class VerificationCodeError extends /*#__PURE__*/ KnownErrorClass<VerificationCodeError>()("VerificationCodeError", {
  code: "VERIFICATION_ERROR",
  message: "The verification code was rejected.",
  details: Opaque
}) {}

/** Verification code not found (status 404). */
export class VerificationCodeNotFound extends /*#__PURE__*/ KnownErrorClass<VerificationCodeNotFound>()("VerificationCodeNotFound", {
  code: "VERIFICATION_CODE_NOT_FOUND",
  status: 404,
  message: "Unknown verification code."
}) {}

/** Verification code expired (status 400). */
export class VerificationCodeExpired extends /*#__PURE__*/ KnownErrorClass<VerificationCodeExpired>()("VerificationCodeExpired", {
  code: "VERIFICATION_CODE_EXPIRED",
  status: 400,
  message: "The verification code is no longer valid."
}) {}

/** Verification code already used (status 409). */
export class VerificationCodeAlreadyUsed extends /*#__PURE__*/ KnownErrorClass<VerificationCodeAlreadyUsed>()("VerificationCodeAlreadyUsed", {
  code: "VERIFICATION_CODE_ALREADY_USED",
  status: 409,
  message: "The verification link has already been used." // kept word for word
}) {}

/** Verification code attempts exhausted (status 400). */
export class VerificationCodeMaxAttemptsReached extends /*#__PURE__*/ KnownErrorClass<VerificationCodeMaxAttemptsReached>()("VerificationCodeMaxAttemptsReached", {
  code: "VERIFICATION_CODE_MAX_ATTEMPTS_REACHED",
  status: 400,
  message: "Too many attempts with this verification code."
}) {}

/** Password and confirmation differ (status 400). */
export class PasswordConfirmationMismatch extends /*#__PURE__*/ KnownErrorClass<PasswordConfirmationMismatch>()("PasswordConfirmationMismatch", {
  code: "PASSWORD_CONFIRMATION_MISMATCH",
  status: 400,
  message: "The two passwords differ."
}) {}

/** The e-mail is already verified (status 409). */
export class EmailAlreadyVerified extends /*#__PURE__*/ KnownErrorClass<EmailAlreadyVerified>()("EmailAlreadyVerified", {
  code: "EMAIL_ALREADY_VERIFIED",
  status: 409,
  message: "This e-mail is verified already."
}) {}

/** The e-mail belongs to no user that signs in with it (status 400). */
export class EmailNotAssociatedWithUser extends /*#__PURE__*/ KnownErrorClass<EmailNotAssociatedWithUser>()("EmailNotAssociatedWithUser", {
  code: "EMAIL_NOT_ASSOCIATED_WITH_USER",
  status: 400,
  message: "No user can sign in with this e-mail."
}) {}

/** The e-mail is not the user's primary e-mail (status 400). */
export class EmailIsNotPrimaryEmail extends /*#__PURE__*/ KnownErrorClass<EmailIsNotPrimaryEmail>()("EmailIsNotPrimaryEmail", {
  code: "EMAIL_IS_NOT_PRIMARY_EMAIL",
  status: 400,
  message: "The e-mail must be the user's primary e-mail.",
  details: details({ email: Schema.String, primaryEmail: Schema.String }, { primaryEmail: "primary_email" })
}) {}

/** Passkey registration failed (status 400). */
export class PasskeyRegistrationFailed extends /*#__PURE__*/ KnownErrorClass<PasskeyRegistrationFailed>()("PasskeyRegistrationFailed", {
  code: "PASSKEY_REGISTRATION_FAILED",
  status: 400,
  message: "Passkey registration failed."
}) {}

/** A WebAuthn error during a passkey ceremony (status 400). */
export class PasskeyWebAuthnError extends /*#__PURE__*/ KnownErrorClass<PasskeyWebAuthnError>()("PasskeyWebAuthnError", {
  code: "PASSKEY_WEBAUTHN_ERROR",
  status: 400,
  message: "The WebAuthn ceremony failed.",
  details: details({ message: Schema.String, code: Schema.String }, {})
}) {}

/** Passkey authentication failed (status 400). */
export class PasskeyAuthenticationFailed extends /*#__PURE__*/ KnownErrorClass<PasskeyAuthenticationFailed>()("PasskeyAuthenticationFailed", {
  code: "PASSKEY_AUTHENTICATION_FAILED",
  status: 400,
  message: "Passkey sign-in failed."
}) {}

/** Multi-factor authentication required; carries the attempt code (status 400). */
export class MultiFactorAuthenticationRequired extends /*#__PURE__*/ KnownErrorClass<MultiFactorAuthenticationRequired>()("MultiFactorAuthenticationRequired", {
  code: "MULTI_FACTOR_AUTHENTICATION_REQUIRED",
  status: 400,
  message: "A second factor is required to sign in.",
  details: details({ attemptCode: Schema.String }, { attemptCode: "attempt_code" })
}) {}

/** Invalid TOTP code (status 400). */
export class InvalidTotpCode extends /*#__PURE__*/ KnownErrorClass<InvalidTotpCode>()("InvalidTotpCode", {
  code: "INVALID_TOTP_CODE",
  status: 400,
  message: "The TOTP code is invalid. Please try again." // kept word for word
}) {}

/** User authentication required (status 401). */
export class UserAuthenticationRequired extends /*#__PURE__*/ KnownErrorClass<UserAuthenticationRequired>()("UserAuthenticationRequired", {
  code: "USER_AUTHENTICATION_REQUIRED",
  status: 401,
  message: "A signed-in user is required."
}) {}

/** The contact channel is used for sign-in by another user (status 409). */
export class ContactChannelAlreadyUsedForAuthBySomeoneElse extends /*#__PURE__*/ KnownErrorClass<ContactChannelAlreadyUsedForAuthBySomeoneElse>()("ContactChannelAlreadyUsedForAuthBySomeoneElse", {
  code: "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE",
  status: 409,
  message: "Another account already signs in with this contact channel.",
  details: details(
    { type: Schema.String, contactChannelValue: NullableString, wouldWorkIfEmailWasVerified: Schema.Boolean },
    { contactChannelValue: "contact_channel_value", wouldWorkIfEmailWasVerified: "would_work_if_email_was_verified" }
  )
}) {}

// -----------------------------------------------------------------------------------------------
// Permissions and teams
// -----------------------------------------------------------------------------------------------

/** Permission not found (status 404). */
export class PermissionNotFound extends /*#__PURE__*/ KnownErrorClass<PermissionNotFound>()("PermissionNotFound", {
  code: "PERMISSION_NOT_FOUND",
  status: 404,
  message: "Permission not found.",
  details: details({ permissionId: Schema.String }, { permissionId: "permission_id" })
}) {}

/** The permission exists, but for another scope (status 404). */
export class PermissionScopeMismatch extends /*#__PURE__*/ KnownErrorClass<PermissionScopeMismatch>()("PermissionScopeMismatch", {
  code: "WRONG_PERMISSION_SCOPE",
  status: 404,
  message: "The permission exists only in another scope.",
  details: details(
    { permissionId: Schema.String, expectedScope: PermissionScope, actualScope: NullablePermissionScope },
    { permissionId: "permission_id", expectedScope: "expected_scope", actualScope: "actual_scope" }
  )
}) {}

/** A contained permission does not exist (status 400). */
export class ContainedPermissionNotFound extends /*#__PURE__*/ KnownErrorClass<ContainedPermissionNotFound>()("ContainedPermissionNotFound", {
  code: "CONTAINED_PERMISSION_NOT_FOUND",
  status: 400,
  message: "A contained permission does not exist.",
  details: details({ permissionId: Schema.String }, { permissionId: "permission_id" })
}) {}

/** The permission id is taken (status 400). */
export class PermissionIdAlreadyExists extends /*#__PURE__*/ KnownErrorClass<PermissionIdAlreadyExists>()("PermissionIdAlreadyExists", {
  code: "PERMISSION_ID_ALREADY_EXISTS",
  status: 400,
  message: "A permission with this id exists already.",
  details: details({ permissionId: Schema.String }, { permissionId: "permission_id" })
}) {}

/** Team not found (status 404). */
export class TeamNotFound extends /*#__PURE__*/ KnownErrorClass<TeamNotFound>()("TeamNotFound", {
  code: "TEAM_NOT_FOUND",
  status: 404,
  message: "No such team.",
  details: details({ teamId: Schema.String }, { teamId: "team_id" })
}) {}

/**
 * A team with this id already exists (status 409). The service answers it; the protocol package defines
 * it but leaves it out of its exported catalogue, so it sits in {@link extras}, not {@link all}.
 */
export class TeamAlreadyExists extends /*#__PURE__*/ KnownErrorClass<TeamAlreadyExists>()("TeamAlreadyExists", {
  code: "TEAM_ALREADY_EXISTS",
  status: 409,
  message: "A team with this id already exists.",
  details: details({ teamId: Schema.String }, { teamId: "team_id" })
}) {}

/** Team membership not found (status 404). */
export class TeamMembershipNotFound extends /*#__PURE__*/ KnownErrorClass<TeamMembershipNotFound>()("TeamMembershipNotFound", {
  code: "TEAM_MEMBERSHIP_NOT_FOUND",
  status: 404,
  message: "The user is not a member of the team.",
  details: details({ teamId: Schema.String, userId: Schema.String }, { teamId: "team_id", userId: "user_id" })
}) {}

/** Team membership already exists (status 409). */
export class TeamMembershipAlreadyExists extends /*#__PURE__*/ KnownErrorClass<TeamMembershipAlreadyExists>()("TeamMembershipAlreadyExists", {
  code: "TEAM_MEMBERSHIP_ALREADY_EXISTS",
  status: 409,
  message: "The user is a member of the team already."
}) {}

/** The user lacks a project permission (status 401). */
export class ProjectPermissionRequired extends /*#__PURE__*/ KnownErrorClass<ProjectPermissionRequired>()("ProjectPermissionRequired", {
  code: "PROJECT_PERMISSION_REQUIRED",
  status: 401,
  message: "The user lacks a required project permission.",
  details: details(
    { userId: Schema.String, permissionId: Schema.String },
    { userId: "user_id", permissionId: "permission_id" }
  )
}) {}

/** The user lacks a team permission (status 401). */
export class TeamPermissionRequired extends /*#__PURE__*/ KnownErrorClass<TeamPermissionRequired>()("TeamPermissionRequired", {
  code: "TEAM_PERMISSION_REQUIRED",
  status: 401,
  message: "The user lacks a required team permission.",
  details: details(
    { teamId: Schema.String, userId: Schema.String, permissionId: Schema.String },
    { teamId: "team_id", userId: "user_id", permissionId: "permission_id" }
  )
}) {}

/** The team permission was not found for the user (status 401). */
export class TeamPermissionNotFound extends /*#__PURE__*/ KnownErrorClass<TeamPermissionNotFound>()("TeamPermissionNotFound", {
  code: "TEAM_PERMISSION_NOT_FOUND",
  status: 401,
  message: "The user does not hold this team permission.",
  details: details(
    { teamId: Schema.String, userId: Schema.String, permissionId: Schema.String },
    { teamId: "team_id", userId: "user_id", permissionId: "permission_id" }
  )
}) {}

// -----------------------------------------------------------------------------------------------
// OAuth
// -----------------------------------------------------------------------------------------------

/** The OAuth connection is not connected to a user (status 400). */
export class OAuthConnectionNotConnectedToUser extends /*#__PURE__*/ KnownErrorClass<OAuthConnectionNotConnectedToUser>()("OAuthConnectionNotConnectedToUser", {
  code: "OAUTH_CONNECTION_NOT_CONNECTED_TO_USER",
  status: 400,
  message: "This OAuth connection belongs to no user."
}) {}

/** The OAuth connection misses a required scope (status 400). */
export class OAuthConnectionDoesNotHaveRequiredScope extends /*#__PURE__*/ KnownErrorClass<OAuthConnectionDoesNotHaveRequiredScope>()("OAuthConnectionDoesNotHaveRequiredScope", {
  code: "OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE",
  status: 400,
  message: "The OAuth connection lacks a required scope."
}) {}

/** The OAuth connection is connected to another user (status 409). */
export class OAuthConnectionAlreadyConnectedToAnotherUser extends /*#__PURE__*/ KnownErrorClass<OAuthConnectionAlreadyConnectedToAnotherUser>()("OAuthConnectionAlreadyConnectedToAnotherUser", {
  code: "OAUTH_CONNECTION_ALREADY_CONNECTED_TO_ANOTHER_USER",
  status: 409,
  message: "This OAuth connection belongs to another user."
}) {}

/** Extra scopes are unavailable with shared OAuth keys (status 400). */
export class OAuthExtraScopeNotAvailableWithSharedOAuthKeys extends /*#__PURE__*/ KnownErrorClass<OAuthExtraScopeNotAvailableWithSharedOAuthKeys>()("OAuthExtraScopeNotAvailableWithSharedOAuthKeys", {
  code: "OAUTH_EXTRA_SCOPE_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS",
  status: 400,
  message: "Extra scopes need the project's own OAuth keys."
}) {}

/** Provider access tokens are unavailable with shared OAuth keys (status 400). */
export class OAuthAccessTokenNotAvailableWithSharedOAuthKeys extends /*#__PURE__*/ KnownErrorClass<OAuthAccessTokenNotAvailableWithSharedOAuthKeys>()("OAuthAccessTokenNotAvailableWithSharedOAuthKeys", {
  code: "OAUTH_ACCESS_TOKEN_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS",
  status: 400,
  message: "Provider access tokens need the project's own OAuth keys."
}) {}

/** The OAuth client id or secret is invalid (status 400). */
export class InvalidOAuthClientIdOrSecret extends /*#__PURE__*/ KnownErrorClass<InvalidOAuthClientIdOrSecret>()("InvalidOAuthClientIdOrSecret", {
  code: "INVALID_OAUTH_CLIENT_ID_OR_SECRET",
  status: 400,
  message: "Invalid OAuth client id or secret.",
  details: details({ clientId: NullableString }, { clientId: "client_id" })
}) {}

/** The OAuth scope is invalid (status 400). */
export class InvalidScope extends /*#__PURE__*/ KnownErrorClass<InvalidScope>()("InvalidScope", {
  code: "INVALID_SCOPE",
  status: 400,
  message: "Invalid OAuth scope."
}) {}

/** The authorization code is invalid (status 400). */
export class InvalidAuthorizationCode extends /*#__PURE__*/ KnownErrorClass<InvalidAuthorizationCode>()("InvalidAuthorizationCode", {
  code: "INVALID_AUTHORIZATION_CODE",
  status: 400,
  message: "Invalid authorization code."
}) {}

/** The shared OAuth provider id is invalid (status 400). */
export class InvalidSharedOAuthProviderId extends /*#__PURE__*/ KnownErrorClass<InvalidSharedOAuthProviderId>()("InvalidSharedOAuthProviderId", {
  code: "INVALID_SHARED_OAUTH_PROVIDER_ID",
  status: 400,
  message: "Unknown shared OAuth provider.",
  details: details({ providerId: Schema.String }, { providerId: "provider_id" })
}) {}

/** The standard OAuth provider id is invalid (status 400). */
export class InvalidStandardOAuthProviderId extends /*#__PURE__*/ KnownErrorClass<InvalidStandardOAuthProviderId>()("InvalidStandardOAuthProviderId", {
  code: "INVALID_STANDARD_OAUTH_PROVIDER_ID",
  status: 400,
  message: "Unknown standard OAuth provider.",
  details: details({ providerId: Schema.String }, { providerId: "provider_id" })
}) {}

/** The user is already connected to another OAuth account (status 409). */
export class UserAlreadyConnectedToAnotherOAuthConnection extends /*#__PURE__*/ KnownErrorClass<UserAlreadyConnectedToAnotherOAuthConnection>()("UserAlreadyConnectedToAnotherOAuthConnection", {
  code: "USER_ALREADY_CONNECTED_TO_ANOTHER_OAUTH_CONNECTION",
  status: 409,
  message: "This user is linked to a different account of this provider."
}) {}

/** The outer OAuth flow timed out (status 408). */
export class OuterOAuthTimeout extends /*#__PURE__*/ KnownErrorClass<OuterOAuthTimeout>()("OuterOAuthTimeout", {
  code: "OUTER_OAUTH_TIMEOUT",
  status: 408,
  message: "The OAuth flow has timed out. Please sign in again." // kept word for word
}) {}

/** The OAuth provider is missing or disabled (status 400). */
export class OAuthProviderNotFoundOrNotEnabled extends /*#__PURE__*/ KnownErrorClass<OAuthProviderNotFoundOrNotEnabled>()("OAuthProviderNotFoundOrNotEnabled", {
  code: "OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED",
  status: 400,
  message: "This OAuth provider is unknown or turned off."
}) {}

/** The provider account is already used for sign-in (status 400). */
export class OAuthProviderAccountIdAlreadyUsedForSignIn extends /*#__PURE__*/ KnownErrorClass<OAuthProviderAccountIdAlreadyUsedForSignIn>()("OAuthProviderAccountIdAlreadyUsedForSignIn", {
  code: "OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN",
  status: 400,
  message: "This provider account already signs in another user."
}) {}

/** The OAuth provider denied access (status 400). */
export class OAuthProviderAccessDenied extends /*#__PURE__*/ KnownErrorClass<OAuthProviderAccessDenied>()("OAuthProviderAccessDenied", {
  code: "OAUTH_PROVIDER_ACCESS_DENIED",
  status: 400,
  message: "Access was refused by the OAuth provider."
}) {}

// -----------------------------------------------------------------------------------------------
// Other
// -----------------------------------------------------------------------------------------------

/** The CLI polling code is invalid; details are free-form (status 400). */
export class InvalidPollingCodeError extends /*#__PURE__*/ KnownErrorClass<InvalidPollingCodeError>()("InvalidPollingCodeError", {
  code: "INVALID_POLLING_CODE",
  status: 400,
  message: "Unknown or invalid polling code.",
  details: Opaque
}) {}

/** CLI authentication failed (status 400). */
export class CliAuthError extends /*#__PURE__*/ KnownErrorClass<CliAuthError>()("CliAuthError", {
  code: "CLI_AUTH_ERROR",
  status: 400,
  message: "CLI login failed."
}) {}

/** The CLI authentication request expired (status 400). */
export class CliAuthExpiredError extends /*#__PURE__*/ KnownErrorClass<CliAuthExpiredError>()("CliAuthExpiredError", {
  code: "CLI_AUTH_EXPIRED_ERROR",
  status: 400,
  message: "CLI authentication request expired. Please try again." // kept word for word
}) {}

/** The CLI authentication token was already used (status 400). */
export class CliAuthUsedError extends /*#__PURE__*/ KnownErrorClass<CliAuthUsedError>()("CliAuthUsedError", {
  code: "CLI_AUTH_USED_ERROR",
  status: 400,
  message: "This authentication token has already been used." // kept word for word
}) {}

/** Family: the API key cannot be used (any status). */
export class ApiKeyNotValid extends /*#__PURE__*/ KnownErrorClass<ApiKeyNotValid>()("ApiKeyNotValid", {
  code: "API_KEY_NOT_VALID",
  message: "The API key is not valid.",
  details: Opaque
}) {}

/** API key expired (status 401). */
export class ApiKeyExpired extends /*#__PURE__*/ KnownErrorClass<ApiKeyExpired>()("ApiKeyExpired", {
  code: "API_KEY_EXPIRED",
  status: 401,
  message: "This API key is past its expiry."
}) {}

/** API key revoked (status 401). */
export class ApiKeyRevoked extends /*#__PURE__*/ KnownErrorClass<ApiKeyRevoked>()("ApiKeyRevoked", {
  code: "API_KEY_REVOKED",
  status: 401,
  message: "The API key was revoked."
}) {}

/** API key not found (status 404). */
export class ApiKeyNotFound extends /*#__PURE__*/ KnownErrorClass<ApiKeyNotFound>()("ApiKeyNotFound", {
  code: "API_KEY_NOT_FOUND",
  status: 404,
  message: "Unknown API key."
}) {}

/** The API key has the wrong type (status 400). */
export class WrongApiKeyType extends /*#__PURE__*/ KnownErrorClass<WrongApiKeyType>()("WrongApiKeyType", {
  code: "WRONG_API_KEY_TYPE",
  status: 400,
  message: "This endpoint takes another type of API key.",
  details: details(
    { expectedType: Schema.String, actualType: Schema.String },
    { expectedType: "expected_type", actualType: "actual_type" }
  )
}) {}

/** A public API key cannot be revoked (status 400). */
export class PublicApiKeyCannotBeRevoked extends /*#__PURE__*/ KnownErrorClass<PublicApiKeyCannotBeRevoked>()("PublicApiKeyCannotBeRevoked", {
  code: "PUBLIC_API_KEY_CANNOT_BE_REVOKED",
  status: 400,
  message: "Public API keys cannot be revoked here."
}) {}

/** E-mail template already exists (status 409). */
export class EmailTemplateAlreadyExists extends /*#__PURE__*/ KnownErrorClass<EmailTemplateAlreadyExists>()("EmailTemplateAlreadyExists", {
  code: "EMAIL_TEMPLATE_ALREADY_EXISTS",
  status: 409,
  message: "The e-mail template exists already."
}) {}

/** Rendering the e-mail failed (status 400). */
export class EmailRenderingError extends /*#__PURE__*/ KnownErrorClass<EmailRenderingError>()("EmailRenderingError", {
  code: "EMAIL_RENDERING_ERROR",
  status: 400,
  message: "The e-mail could not be rendered.",
  details: details({ error: Schema.String }, {})
}) {}

/** The action needs a custom e-mail server (status 400). */
export class RequiresCustomEmailServer extends /*#__PURE__*/ KnownErrorClass<RequiresCustomEmailServer>()("RequiresCustomEmailServer", {
  code: "REQUIRES_CUSTOM_EMAIL_SERVER",
  status: 400,
  message: "Configure a custom e-mail server first."
}) {}

/** The request body is unparsable (status 400). */
export class BodyParsingError extends /*#__PURE__*/ KnownErrorClass<BodyParsingError>()("BodyParsingError", {
  code: "BODY_PARSING_ERROR",
  status: 400,
  message: "The request body could not be parsed."
}) {}

/** The request fails the endpoint's schema (status 400). */
export class SchemaError extends /*#__PURE__*/ KnownErrorClass<SchemaError>()("SchemaError", {
  code: "SCHEMA_ERROR",
  status: 400,
  message: "The request does not match the endpoint's schema.",
  details: details({ message: Schema.String }, {})
}) {}

/** Every overload of the endpoint rejected the request (status 400). */
export class AllOverloadsFailed extends /*#__PURE__*/ KnownErrorClass<AllOverloadsFailed>()("AllOverloadsFailed", {
  code: "ALL_OVERLOADS_FAILED",
  status: 400,
  message: "No overload of this endpoint accepted the request.",
  details: details({ overloadErrors: Unknowns }, { overloadErrors: "overload_errors" })
}) {}

/** An error the service cannot express; `originalErrorCode` stays camelCase on the wire (status 500). */
export class UnsupportedError extends /*#__PURE__*/ KnownErrorClass<UnsupportedError>()("UnsupportedError", {
  code: "UNSUPPORTED_ERROR",
  status: 500,
  message: "The service raised an error this protocol version cannot express.",
  details: details({ originalErrorCode: Schema.String }, {})
}) {}

// -----------------------------------------------------------------------------------------------
// Families: an abstract error and everything that specialises it
// -----------------------------------------------------------------------------------------------

/** ProjectAuthenticationError and every error that specialises it. */
export type ProjectAuthenticationErrorFamily =
  | ProjectAuthenticationError
  | InvalidProjectAuthenticationFamily
  | ProjectAuthenticationRequiredFamily
  | ExpectedInternalProject

/** InvalidProjectAuthentication and every error that specialises it. */
export type InvalidProjectAuthenticationFamily =
  | InvalidProjectAuthentication
  | ProjectKeyWithoutAccessType
  | InvalidAccessType
  | AccessTypeWithoutProjectId
  | AccessTypeRequired
  | InsufficientAccessType
  | InvalidPublishableClientKey
  | InvalidSecretServerKey
  | InvalidSuperSecretAdminKey
  | InvalidAdminAccessTokenFamily

/** InvalidAdminAccessToken and every error that specialises it. */
export type InvalidAdminAccessTokenFamily =
  | InvalidAdminAccessToken
  | UnparsableAdminAccessToken
  | AdminAccessTokenExpired
  | InvalidProjectForAdminAccessToken
  | AdminAccessTokenIsNotAdmin

/** ProjectAuthenticationRequired and every error that specialises it. */
export type ProjectAuthenticationRequiredFamily =
  | ProjectAuthenticationRequired
  | ClientAuthenticationRequired
  | ServerAuthenticationRequired
  | ClientOrServerAuthenticationRequired
  | ClientOrAdminAuthenticationRequired
  | ClientOrServerOrAdminAuthenticationRequired
  | AdminAuthenticationRequired

/** SessionAuthenticationError and every error that specialises it. */
export type SessionAuthenticationErrorFamily =
  | SessionAuthenticationError
  | InvalidSessionAuthenticationFamily

/** InvalidSessionAuthentication and every error that specialises it. */
export type InvalidSessionAuthenticationFamily =
  | InvalidSessionAuthentication
  | InvalidAccessTokenFamily

/** InvalidAccessToken and every error that specialises it. */
export type InvalidAccessTokenFamily =
  | InvalidAccessToken
  | UnparsableAccessToken
  | AccessTokenExpired
  | InvalidProjectForAccessToken

/** RefreshTokenError and every error that specialises it. */
export type RefreshTokenErrorFamily =
  | RefreshTokenError
  | RefreshTokenNotFoundOrExpired
  | CannotDeleteCurrentSession
  | ProviderRejected

/** PasswordRequirementsNotMet and every error that specialises it. */
export type PasswordRequirementsNotMetFamily =
  | PasswordRequirementsNotMet
  | PasswordTooShort
  | PasswordTooLong

/** VerificationCodeError and every error that specialises it. */
export type VerificationCodeErrorFamily =
  | VerificationCodeError
  | VerificationCodeNotFound
  | VerificationCodeExpired
  | VerificationCodeAlreadyUsed
  | VerificationCodeMaxAttemptsReached

/** ApiKeyNotValid and every error that specialises it. */
export type ApiKeyNotValidFamily =
  | ApiKeyNotValid
  | ApiKeyExpired
  | ApiKeyRevoked
  | ApiKeyNotFound
  | WrongApiKeyType
  | PublicApiKeyCannotBeRevoked

/** Each family's name and the union of its errors. */
export interface Families {
  readonly ProjectAuthenticationError: ProjectAuthenticationErrorFamily
  readonly InvalidProjectAuthentication: InvalidProjectAuthenticationFamily
  readonly InvalidAdminAccessToken: InvalidAdminAccessTokenFamily
  readonly ProjectAuthenticationRequired: ProjectAuthenticationRequiredFamily
  readonly SessionAuthenticationError: SessionAuthenticationErrorFamily
  readonly InvalidSessionAuthentication: InvalidSessionAuthenticationFamily
  readonly InvalidAccessToken: InvalidAccessTokenFamily
  readonly RefreshTokenError: RefreshTokenErrorFamily
  readonly PasswordRequirementsNotMet: PasswordRequirementsNotMetFamily
  readonly VerificationCodeError: VerificationCodeErrorFamily
  readonly ApiKeyNotValid: ApiKeyNotValidFamily
}

/** The name of a family: the tag of its abstract error. */
export type FamilyName = keyof Families

/** The codes of each family (no classes attached: cheap to import). */
export const familyCodes: { readonly [F in FamilyName]: ReadonlySet<string> } = {
  ProjectAuthenticationError: /*#__PURE__*/ new Set([
    "PROJECT_AUTHENTICATION_ERROR", "INVALID_PROJECT_AUTHENTICATION", "PROJECT_KEY_WITHOUT_ACCESS_TYPE",
    "INVALID_ACCESS_TYPE", "ACCESS_TYPE_WITHOUT_PROJECT_ID", "ACCESS_TYPE_REQUIRED",
    "INSUFFICIENT_ACCESS_TYPE", "INVALID_PUBLISHABLE_CLIENT_KEY", "INVALID_SECRET_SERVER_KEY",
    "INVALID_SUPER_SECRET_ADMIN_KEY", "INVALID_ADMIN_ACCESS_TOKEN", "UNPARSABLE_ADMIN_ACCESS_TOKEN",
    "ADMIN_ACCESS_TOKEN_EXPIRED", "INVALID_PROJECT_FOR_ADMIN_ACCESS_TOKEN",
    "ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN", "PROJECT_AUTHENTICATION_REQUIRED",
    "CLIENT_AUTHENTICATION_REQUIRED", "SERVER_AUTHENTICATION_REQUIRED",
    "CLIENT_OR_SERVER_AUTHENTICATION_REQUIRED", "CLIENT_OR_ADMIN_AUTHENTICATION_REQUIRED",
    "CLIENT_OR_SERVER_OR_ADMIN_AUTHENTICATION_REQUIRED", "ADMIN_AUTHENTICATION_REQUIRED",
    "EXPECTED_INTERNAL_PROJECT"
  ]),
  InvalidProjectAuthentication: /*#__PURE__*/ new Set([
    "INVALID_PROJECT_AUTHENTICATION", "PROJECT_KEY_WITHOUT_ACCESS_TYPE", "INVALID_ACCESS_TYPE",
    "ACCESS_TYPE_WITHOUT_PROJECT_ID", "ACCESS_TYPE_REQUIRED", "INSUFFICIENT_ACCESS_TYPE",
    "INVALID_PUBLISHABLE_CLIENT_KEY", "INVALID_SECRET_SERVER_KEY", "INVALID_SUPER_SECRET_ADMIN_KEY",
    "INVALID_ADMIN_ACCESS_TOKEN", "UNPARSABLE_ADMIN_ACCESS_TOKEN", "ADMIN_ACCESS_TOKEN_EXPIRED",
    "INVALID_PROJECT_FOR_ADMIN_ACCESS_TOKEN", "ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN"
  ]),
  InvalidAdminAccessToken: /*#__PURE__*/ new Set([
    "INVALID_ADMIN_ACCESS_TOKEN", "UNPARSABLE_ADMIN_ACCESS_TOKEN", "ADMIN_ACCESS_TOKEN_EXPIRED",
    "INVALID_PROJECT_FOR_ADMIN_ACCESS_TOKEN", "ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN"
  ]),
  ProjectAuthenticationRequired: /*#__PURE__*/ new Set([
    "PROJECT_AUTHENTICATION_REQUIRED", "CLIENT_AUTHENTICATION_REQUIRED",
    "SERVER_AUTHENTICATION_REQUIRED", "CLIENT_OR_SERVER_AUTHENTICATION_REQUIRED",
    "CLIENT_OR_ADMIN_AUTHENTICATION_REQUIRED", "CLIENT_OR_SERVER_OR_ADMIN_AUTHENTICATION_REQUIRED",
    "ADMIN_AUTHENTICATION_REQUIRED"
  ]),
  SessionAuthenticationError: /*#__PURE__*/ new Set([
    "SESSION_AUTHENTICATION_ERROR", "INVALID_SESSION_AUTHENTICATION", "INVALID_ACCESS_TOKEN",
    "UNPARSABLE_ACCESS_TOKEN", "ACCESS_TOKEN_EXPIRED", "INVALID_PROJECT_FOR_ACCESS_TOKEN"
  ]),
  InvalidSessionAuthentication: /*#__PURE__*/ new Set([
    "INVALID_SESSION_AUTHENTICATION", "INVALID_ACCESS_TOKEN", "UNPARSABLE_ACCESS_TOKEN",
    "ACCESS_TOKEN_EXPIRED", "INVALID_PROJECT_FOR_ACCESS_TOKEN"
  ]),
  InvalidAccessToken: /*#__PURE__*/ new Set([
    "INVALID_ACCESS_TOKEN", "UNPARSABLE_ACCESS_TOKEN", "ACCESS_TOKEN_EXPIRED",
    "INVALID_PROJECT_FOR_ACCESS_TOKEN"
  ]),
  RefreshTokenError: /*#__PURE__*/ new Set([
    "REFRESH_TOKEN_ERROR", "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED", "CANNOT_DELETE_CURRENT_SESSION",
    "PROVIDER_REJECTED"
  ]),
  PasswordRequirementsNotMet: /*#__PURE__*/ new Set([
    "PASSWORD_REQUIREMENTS_NOT_MET", "PASSWORD_TOO_SHORT", "PASSWORD_TOO_LONG"
  ]),
  VerificationCodeError: /*#__PURE__*/ new Set([
    "VERIFICATION_ERROR", "VERIFICATION_CODE_NOT_FOUND", "VERIFICATION_CODE_EXPIRED",
    "VERIFICATION_CODE_ALREADY_USED", "VERIFICATION_CODE_MAX_ATTEMPTS_REACHED"
  ]),
  ApiKeyNotValid: /*#__PURE__*/ new Set([
    "API_KEY_NOT_VALID", "API_KEY_EXPIRED", "API_KEY_REVOKED", "API_KEY_NOT_FOUND",
    "WRONG_API_KEY_TYPE", "PUBLIC_API_KEY_CANNOT_BE_REVOKED"
  ])
}

/** The classes of each family, used by {@link catchFamily} to type a generic error. */
export const familyMembers: {
  readonly [F in FamilyName]: ReadonlyArray<KnownErrorConstructor<Families[F]>>
} = {
  ProjectAuthenticationError: [
    ProjectAuthenticationError, InvalidProjectAuthentication, ProjectKeyWithoutAccessType,
    InvalidAccessType, AccessTypeWithoutProjectId, AccessTypeRequired, InsufficientAccessType,
    InvalidPublishableClientKey, InvalidSecretServerKey, InvalidSuperSecretAdminKey,
    InvalidAdminAccessToken, UnparsableAdminAccessToken, AdminAccessTokenExpired,
    InvalidProjectForAdminAccessToken, AdminAccessTokenIsNotAdmin, ProjectAuthenticationRequired,
    ClientAuthenticationRequired, ServerAuthenticationRequired, ClientOrServerAuthenticationRequired,
    ClientOrAdminAuthenticationRequired, ClientOrServerOrAdminAuthenticationRequired,
    AdminAuthenticationRequired, ExpectedInternalProject
  ],
  InvalidProjectAuthentication: [
    InvalidProjectAuthentication, ProjectKeyWithoutAccessType, InvalidAccessType,
    AccessTypeWithoutProjectId, AccessTypeRequired, InsufficientAccessType, InvalidPublishableClientKey,
    InvalidSecretServerKey, InvalidSuperSecretAdminKey, InvalidAdminAccessToken,
    UnparsableAdminAccessToken, AdminAccessTokenExpired, InvalidProjectForAdminAccessToken,
    AdminAccessTokenIsNotAdmin
  ],
  InvalidAdminAccessToken: [
    InvalidAdminAccessToken, UnparsableAdminAccessToken, AdminAccessTokenExpired,
    InvalidProjectForAdminAccessToken, AdminAccessTokenIsNotAdmin
  ],
  ProjectAuthenticationRequired: [
    ProjectAuthenticationRequired, ClientAuthenticationRequired, ServerAuthenticationRequired,
    ClientOrServerAuthenticationRequired, ClientOrAdminAuthenticationRequired,
    ClientOrServerOrAdminAuthenticationRequired, AdminAuthenticationRequired
  ],
  SessionAuthenticationError: [
    SessionAuthenticationError, InvalidSessionAuthentication, InvalidAccessToken, UnparsableAccessToken,
    AccessTokenExpired, InvalidProjectForAccessToken
  ],
  InvalidSessionAuthentication: [
    InvalidSessionAuthentication, InvalidAccessToken, UnparsableAccessToken, AccessTokenExpired,
    InvalidProjectForAccessToken
  ],
  InvalidAccessToken: [
    InvalidAccessToken, UnparsableAccessToken, AccessTokenExpired, InvalidProjectForAccessToken
  ],
  RefreshTokenError: [
    RefreshTokenError, RefreshTokenNotFoundOrExpired, CannotDeleteCurrentSession, ProviderRejected
  ],
  PasswordRequirementsNotMet: [
    PasswordRequirementsNotMet, PasswordTooShort, PasswordTooLong
  ],
  VerificationCodeError: [
    VerificationCodeError, VerificationCodeNotFound, VerificationCodeExpired,
    VerificationCodeAlreadyUsed, VerificationCodeMaxAttemptsReached
  ],
  ApiKeyNotValid: [
    ApiKeyNotValid, ApiKeyExpired, ApiKeyRevoked, ApiKeyNotFound, WrongApiKeyType,
    PublicApiKeyCannotBeRevoked
  ]
}

/** Whether the error's code belongs to the family. */
export const isInFamily = (error: { readonly code: string }, family: FamilyName): boolean =>
  familyCodes[family].has(error.code)

const isKnownErrorLike = (u: unknown): u is KnownErrorShape & { readonly details?: unknown } =>
  typeof u === "object" && u !== null && typeof (u as KnownErrorShape).code === "string" &&
  typeof (u as KnownErrorShape).status === "number" && typeof (u as KnownErrorShape)._tag === "string"

/** The error as its family class: a generic error with a family code is rebuilt from its wire form. */
const asMember = <F extends FamilyName>(
  error: KnownErrorShape & { readonly details?: unknown },
  family: F
): Families[F] => {
  const member = familyMembers[family].find((c) => c.code === error.code)!
  return error instanceof (member as unknown as abstract new(...args: never) => unknown)
    ? error as Families[F]
    : member.fromWire({ status: error.status, code: error.code, message: error.message, details: error.details })
}

/**
 * Recovers from any error whose code is in the family (e.g. `"SessionAuthenticationError"` catches
 * `AccessTokenExpired`). A generic `KnownError` with such a code reaches the handler as its class.
 */
export const catchFamily = <F extends FamilyName, A2, E2, R2>(
  family: F,
  handler: (error: Families[F]) => Effect.Effect<A2, E2, R2>
) =>
<A, E, R>(self: Effect.Effect<A, E, R>): Effect.Effect<A | A2, Exclude<E, Families[F]> | E2, R | R2> =>
  Effect.catchIf(
    self,
    (error: E) => isKnownErrorLike(error) && isInFamily(error, family),
    (error) => handler(asMember(error as KnownErrorShape & { readonly details?: unknown }, family))
  ) as Effect.Effect<A | A2, Exclude<E, Families[F]> | E2, R | R2>

// -----------------------------------------------------------------------------------------------
// Wire form and the whole catalogue
// -----------------------------------------------------------------------------------------------

/** A known error as the service sends it: the status, the `x-stack-known-error` code and the body. */
export interface WireResponse {
  readonly status: number
  readonly code: string
  readonly body: { readonly code: string; readonly error: string; readonly details?: unknown }
}

/**
 * The wire form of an error (for the emulator): details are encoded through the class's schema,
 * so they come out snake_case; errors without a schema pass their details through.
 */
export const toWire = (error: KnownErrorShape & { readonly details?: unknown }): WireResponse => {
  const schema = (error.constructor as { readonly fields?: Schema.Struct.Fields } | undefined)?.fields?.details
  const details = schema === undefined
    ? error.details
    : Schema.encodeSync(schema as Schema.Encoder<unknown>)(error.details)
  const body = details === undefined || details === null
    ? { code: error.code, error: error.message }
    : { code: error.code, error: error.message, details }
  return { status: error.status, code: error.code, body }
}

/** Every known-error class. Tests and the emulator use it; the HTTP pipeline does not. */
export const all = [
  // Project and access
  ProjectAuthenticationError, InvalidProjectAuthentication, ProjectKeyWithoutAccessType,
  InvalidAccessType, AccessTypeWithoutProjectId, AccessTypeRequired, InsufficientAccessType,
  InvalidPublishableClientKey, InvalidSecretServerKey, InvalidSuperSecretAdminKey,
  InvalidAdminAccessToken, UnparsableAdminAccessToken, AdminAccessTokenExpired,
  InvalidProjectForAdminAccessToken, AdminAccessTokenIsNotAdmin, ProjectAuthenticationRequired,
  ClientAuthenticationRequired, ServerAuthenticationRequired, ClientOrServerAuthenticationRequired,
  ClientOrAdminAuthenticationRequired, ClientOrServerOrAdminAuthenticationRequired,
  AdminAuthenticationRequired, ExpectedInternalProject,
  // Session
  SessionAuthenticationError, InvalidSessionAuthentication, InvalidAccessToken, UnparsableAccessToken,
  AccessTokenExpired, InvalidProjectForAccessToken, RefreshTokenError, RefreshTokenNotFoundOrExpired,
  CannotDeleteCurrentSession, ProviderRejected,
  // Users and sign-in
  UserWithEmailAlreadyExists, EmailNotVerified, CannotGetOwnUserWithoutUser, UserIdDoesNotExist,
  UserNotFound, ProjectNotFound, CurrentProjectNotFound, BranchDoesNotExist, SignUpNotEnabled,
  PasswordAuthenticationNotEnabled, PasskeyAuthenticationNotEnabled, AnonymousAccountsNotEnabled,
  EmailPasswordMismatch, RedirectUrlNotWhitelisted, PasswordRequirementsNotMet, PasswordTooShort,
  PasswordTooLong, UserDoesNotHavePassword, VerificationCodeError, VerificationCodeNotFound,
  VerificationCodeExpired, VerificationCodeAlreadyUsed, VerificationCodeMaxAttemptsReached,
  PasswordConfirmationMismatch, EmailAlreadyVerified, EmailNotAssociatedWithUser,
  EmailIsNotPrimaryEmail, PasskeyRegistrationFailed, PasskeyWebAuthnError, PasskeyAuthenticationFailed,
  MultiFactorAuthenticationRequired, InvalidTotpCode, UserAuthenticationRequired,
  ContactChannelAlreadyUsedForAuthBySomeoneElse,
  // Permissions and teams
  PermissionNotFound, PermissionScopeMismatch, ContainedPermissionNotFound, PermissionIdAlreadyExists,
  TeamNotFound, TeamMembershipNotFound, TeamMembershipAlreadyExists, ProjectPermissionRequired,
  TeamPermissionRequired, TeamPermissionNotFound,
  // OAuth
  OAuthConnectionNotConnectedToUser, OAuthConnectionDoesNotHaveRequiredScope,
  OAuthConnectionAlreadyConnectedToAnotherUser, OAuthExtraScopeNotAvailableWithSharedOAuthKeys,
  OAuthAccessTokenNotAvailableWithSharedOAuthKeys, InvalidOAuthClientIdOrSecret, InvalidScope,
  InvalidAuthorizationCode, InvalidSharedOAuthProviderId, InvalidStandardOAuthProviderId,
  UserAlreadyConnectedToAnotherOAuthConnection, OuterOAuthTimeout, OAuthProviderNotFoundOrNotEnabled,
  OAuthProviderAccountIdAlreadyUsedForSignIn, OAuthProviderAccessDenied,
  // Other
  InvalidPollingCodeError, CliAuthError, CliAuthExpiredError, CliAuthUsedError, ApiKeyNotValid,
  ApiKeyExpired, ApiKeyRevoked, ApiKeyNotFound, WrongApiKeyType, PublicApiKeyCannotBeRevoked,
  EmailTemplateAlreadyExists, EmailRenderingError, RequiresCustomEmailServer, BodyParsingError,
  SchemaError, AllOverloadsFailed, UnsupportedError
] as const satisfies ReadonlyArray<KnownErrorConstructor>

/** Known errors the service answers beyond the protocol package's exported catalogue. */
export const extras = [TeamAlreadyExists] as const satisfies ReadonlyArray<KnownErrorConstructor>

/** Any known error of the catalogue (the 109 of {@link all} and the {@link extras}). */
export type KnownErrors = InstanceType<(typeof all)[number] | (typeof extras)[number]>
