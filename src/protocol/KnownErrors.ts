/**
 * The catalogue of the protocol's 109 known errors (SPEC §8). Each is a `Schema.TaggedError` whose
 * tag is its PascalCase name, with literal `code` and `status` (a plain number for the abstract
 * family errors, which the service may send with any status), a default `message`, and typed
 * camelCase `details` that encode to the snake_case wire names.
 *
 * Import classes by name: nothing here runs at load time, so unused classes tree-shake away.
 *
 * @since 0.1.0
 * @module
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as WireKeys from "./schemas/WireKeys.ts"
import type { KnownErrorConstructor, KnownErrorShape, WireKnownError } from "./KnownError.ts"

// -----------------------------------------------------------------------------------------------
// Module-private building blocks (marked side-effect free so bundlers can drop unused classes)
// -----------------------------------------------------------------------------------------------

/* @__NO_SIDE_EFFECTS__ */
function tag<const T extends string | number>(value: T): Schema.tag<T> {
  return Schema.tag(value)
}

/** One `status` schema per status value, shared by the classes that answer with it (cold import). */
const statuses = new Map<number, Schema.tag<number>>()

/** A fixed `status` field: a literal with itself as the constructor default. */
/* @__NO_SIDE_EFFECTS__ */
function status<const T extends number>(value: T): Schema.tag<T> {
  let schema = statuses.get(value)
  if (schema === undefined) statuses.set(value, schema = Schema.tag(value))
  return schema as Schema.tag<T>
}

/** A `message` field that defaults to our own short text. */
/* @__NO_SIDE_EFFECTS__ */
function text(defaultMessage: string) {
  return Schema.String.pipe(Schema.withConstructorDefault(Effect.succeed(defaultMessage)))
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

// -----------------------------------------------------------------------------------------------
// Project and access
// -----------------------------------------------------------------------------------------------

/** Family: any failure to authenticate the project (any status). SPEC §8 */
export class ProjectAuthenticationError extends /*#__PURE__*/ Schema.TaggedError<ProjectAuthenticationError>()("ProjectAuthenticationError", {
  code: tag("PROJECT_AUTHENTICATION_ERROR"),
  status: Schema.Number,
  message: text("The project credentials were rejected."),
  details: Opaque
}) {
  static readonly code = "PROJECT_AUTHENTICATION_ERROR"
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): ProjectAuthenticationError =>
    decodeWire(ProjectAuthenticationError, wire)
}

/** Family: project credentials were given but are invalid (any status). SPEC §8 */
export class InvalidProjectAuthentication extends /*#__PURE__*/ Schema.TaggedError<InvalidProjectAuthentication>()("InvalidProjectAuthentication", {
  code: tag("INVALID_PROJECT_AUTHENTICATION"),
  status: Schema.Number,
  message: text("The project credentials are invalid."),
  details: Opaque
}) {
  static readonly code = "INVALID_PROJECT_AUTHENTICATION"
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): InvalidProjectAuthentication =>
    decodeWire(InvalidProjectAuthentication, wire)
}

/** A project key or admin token came without `x-stack-access-type` (status 400). SPEC §8 */
export class ProjectKeyWithoutAccessType extends /*#__PURE__*/ Schema.TaggedError<ProjectKeyWithoutAccessType>()("ProjectKeyWithoutAccessType", {
  code: tag("PROJECT_KEY_WITHOUT_ACCESS_TYPE"),
  status: status(400),
  message: text("Project credentials were sent without an access type.")
}) {
  static readonly code = "PROJECT_KEY_WITHOUT_ACCESS_TYPE"
  static readonly status = 400
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): ProjectKeyWithoutAccessType =>
    decodeWire(ProjectKeyWithoutAccessType, wire)
}

/** `x-stack-access-type` is not client, server or admin (status 400). SPEC §8 */
export class InvalidAccessType extends /*#__PURE__*/ Schema.TaggedError<InvalidAccessType>()("InvalidAccessType", {
  code: tag("INVALID_ACCESS_TYPE"),
  status: status(400),
  message: text("The access type must be client, server or admin.")
}) {
  static readonly code = "INVALID_ACCESS_TYPE"
  static readonly status = 400
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): InvalidAccessType => decodeWire(InvalidAccessType, wire)
}

/** An access type came without `x-stack-project-id` (status 400). SPEC §8 */
export class AccessTypeWithoutProjectId extends /*#__PURE__*/ Schema.TaggedError<AccessTypeWithoutProjectId>()("AccessTypeWithoutProjectId", {
  code: tag("ACCESS_TYPE_WITHOUT_PROJECT_ID"),
  status: status(400),
  message: text("An access type was sent without a project id."),
  details: details({ requestType: Schema.String }, { requestType: "request_type" })
}) {
  static readonly code = "ACCESS_TYPE_WITHOUT_PROJECT_ID"
  static readonly status = 400
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): AccessTypeWithoutProjectId =>
    decodeWire(AccessTypeWithoutProjectId, wire)
}

/** The request needs `x-stack-access-type` and project keys (status 400). SPEC §8 */
export class AccessTypeRequired extends /*#__PURE__*/ Schema.TaggedError<AccessTypeRequired>()("AccessTypeRequired", {
  code: tag("ACCESS_TYPE_REQUIRED"),
  status: status(400),
  message: text("An access type is required.")
}) {
  static readonly code = "ACCESS_TYPE_REQUIRED"
  static readonly status = 400
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): AccessTypeRequired =>
    decodeWire(AccessTypeRequired, wire)
}

/** The access type is too weak for the endpoint (status 401). SPEC §8 */
export class InsufficientAccessType extends /*#__PURE__*/ Schema.TaggedError<InsufficientAccessType>()("InsufficientAccessType", {
  code: tag("INSUFFICIENT_ACCESS_TYPE"),
  status: status(401),
  message: text("This access type may not call this endpoint."),
  details: details(
    { actualAccessType: AccessTypeSchema, allowedAccessTypes: AccessTypes },
    { actualAccessType: "actual_access_type", allowedAccessTypes: "allowed_access_types" }
  )
}) {
  static readonly code = "INSUFFICIENT_ACCESS_TYPE"
  static readonly status = 401
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): InsufficientAccessType =>
    decodeWire(InsufficientAccessType, wire)
}

/** The publishable client key does not match the project (status 401). SPEC §8 */
export class InvalidPublishableClientKey extends /*#__PURE__*/ Schema.TaggedError<InvalidPublishableClientKey>()("InvalidPublishableClientKey", {
  code: tag("INVALID_PUBLISHABLE_CLIENT_KEY"),
  status: status(401),
  message: text("The publishable client key is not valid for this project."),
  details: details({ projectId: Schema.String }, { projectId: "project_id" })
}) {
  static readonly code = "INVALID_PUBLISHABLE_CLIENT_KEY"
  static readonly status = 401
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): InvalidPublishableClientKey =>
    decodeWire(InvalidPublishableClientKey, wire)
}

/** The secret server key does not match the project (status 401). SPEC §8 */
export class InvalidSecretServerKey extends /*#__PURE__*/ Schema.TaggedError<InvalidSecretServerKey>()("InvalidSecretServerKey", {
  code: tag("INVALID_SECRET_SERVER_KEY"),
  status: status(401),
  message: text("The secret server key is not valid for this project."),
  details: details({ projectId: Schema.String }, { projectId: "project_id" })
}) {
  static readonly code = "INVALID_SECRET_SERVER_KEY"
  static readonly status = 401
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): InvalidSecretServerKey =>
    decodeWire(InvalidSecretServerKey, wire)
}

/** The super-secret admin key does not match the project (status 401). SPEC §8 */
export class InvalidSuperSecretAdminKey extends /*#__PURE__*/ Schema.TaggedError<InvalidSuperSecretAdminKey>()("InvalidSuperSecretAdminKey", {
  code: tag("INVALID_SUPER_SECRET_ADMIN_KEY"),
  status: status(401),
  message: text("The super-secret admin key is not valid for this project."),
  details: details({ projectId: Schema.String }, { projectId: "project_id" })
}) {
  static readonly code = "INVALID_SUPER_SECRET_ADMIN_KEY"
  static readonly status = 401
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): InvalidSuperSecretAdminKey =>
    decodeWire(InvalidSuperSecretAdminKey, wire)
}

/** Family: the admin access token is invalid (any status). SPEC §8 */
export class InvalidAdminAccessToken extends /*#__PURE__*/ Schema.TaggedError<InvalidAdminAccessToken>()("InvalidAdminAccessToken", {
  code: tag("INVALID_ADMIN_ACCESS_TOKEN"),
  status: Schema.Number,
  message: text("The admin access token is invalid."),
  details: Opaque
}) {
  static readonly code = "INVALID_ADMIN_ACCESS_TOKEN"
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): InvalidAdminAccessToken =>
    decodeWire(InvalidAdminAccessToken, wire)
}

/** The admin access token is unparsable (status 401). SPEC §8 */
export class UnparsableAdminAccessToken extends /*#__PURE__*/ Schema.TaggedError<UnparsableAdminAccessToken>()("UnparsableAdminAccessToken", {
  code: tag("UNPARSABLE_ADMIN_ACCESS_TOKEN"),
  status: status(401),
  message: text("The admin access token could not be parsed.")
}) {
  static readonly code = "UNPARSABLE_ADMIN_ACCESS_TOKEN"
  static readonly status = 401
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): UnparsableAdminAccessToken =>
    decodeWire(UnparsableAdminAccessToken, wire)
}

/** The admin access token has expired (status 401). SPEC §8 */
export class AdminAccessTokenExpired extends /*#__PURE__*/ Schema.TaggedError<AdminAccessTokenExpired>()("AdminAccessTokenExpired", {
  code: tag("ADMIN_ACCESS_TOKEN_EXPIRED"),
  status: status(401),
  message: text("Admin access token expired; refresh it."),
  details: details({ expiredAtMillis: NullableNumber }, { expiredAtMillis: "expired_at_millis" })
}) {
  static readonly code = "ADMIN_ACCESS_TOKEN_EXPIRED"
  static readonly status = 401
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): AdminAccessTokenExpired =>
    decodeWire(AdminAccessTokenExpired, wire)
}

/** The admin access token is not for the internal project (status 401). SPEC §8 */
export class InvalidProjectForAdminAccessToken extends /*#__PURE__*/ Schema.TaggedError<InvalidProjectForAdminAccessToken>()("InvalidProjectForAdminAccessToken", {
  code: tag("INVALID_PROJECT_FOR_ADMIN_ACCESS_TOKEN"),
  status: status(401),
  message: text("Admin access tokens must belong to the internal project.")
}) {
  static readonly code = "INVALID_PROJECT_FOR_ADMIN_ACCESS_TOKEN"
  static readonly status = 401
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): InvalidProjectForAdminAccessToken =>
    decodeWire(InvalidProjectForAdminAccessToken, wire)
}

/** The admin access token's user is not an admin of the project (status 401). SPEC §8 */
export class AdminAccessTokenIsNotAdmin extends /*#__PURE__*/ Schema.TaggedError<AdminAccessTokenIsNotAdmin>()("AdminAccessTokenIsNotAdmin", {
  code: tag("ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN"),
  status: status(401),
  message: text("The admin access token does not grant admin rights on this project.")
}) {
  static readonly code = "ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN"
  static readonly status = 401
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): AdminAccessTokenIsNotAdmin =>
    decodeWire(AdminAccessTokenIsNotAdmin, wire)
}

/** Family: the endpoint needs project credentials that were not sent (any status). SPEC §8 */
export class ProjectAuthenticationRequired extends /*#__PURE__*/ Schema.TaggedError<ProjectAuthenticationRequired>()("ProjectAuthenticationRequired", {
  code: tag("PROJECT_AUTHENTICATION_REQUIRED"),
  status: Schema.Number,
  message: text("Project authentication is required."),
  details: Opaque
}) {
  static readonly code = "PROJECT_AUTHENTICATION_REQUIRED"
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): ProjectAuthenticationRequired =>
    decodeWire(ProjectAuthenticationRequired, wire)
}

/** Client authentication required (status 401). SPEC §8 */
export class ClientAuthenticationRequired extends /*#__PURE__*/ Schema.TaggedError<ClientAuthenticationRequired>()("ClientAuthenticationRequired", {
  code: tag("CLIENT_AUTHENTICATION_REQUIRED"),
  status: status(401),
  message: text("A publishable client key is required.")
}) {
  static readonly code = "CLIENT_AUTHENTICATION_REQUIRED"
  static readonly status = 401
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): ClientAuthenticationRequired =>
    decodeWire(ClientAuthenticationRequired, wire)
}

/** Server authentication required (status 401). SPEC §8 */
export class ServerAuthenticationRequired extends /*#__PURE__*/ Schema.TaggedError<ServerAuthenticationRequired>()("ServerAuthenticationRequired", {
  code: tag("SERVER_AUTHENTICATION_REQUIRED"),
  status: status(401),
  message: text("A secret server key is required.")
}) {
  static readonly code = "SERVER_AUTHENTICATION_REQUIRED"
  static readonly status = 401
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): ServerAuthenticationRequired =>
    decodeWire(ServerAuthenticationRequired, wire)
}

/** Client or server authentication required (status 401). SPEC §8 */
export class ClientOrServerAuthenticationRequired extends /*#__PURE__*/ Schema.TaggedError<ClientOrServerAuthenticationRequired>()("ClientOrServerAuthenticationRequired", {
  code: tag("CLIENT_OR_SERVER_AUTHENTICATION_REQUIRED"),
  status: status(401),
  message: text("Client or server authentication is required.")
}) {
  static readonly code = "CLIENT_OR_SERVER_AUTHENTICATION_REQUIRED"
  static readonly status = 401
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): ClientOrServerAuthenticationRequired =>
    decodeWire(ClientOrServerAuthenticationRequired, wire)
}

/** Client or admin authentication required (status 401). SPEC §8 */
export class ClientOrAdminAuthenticationRequired extends /*#__PURE__*/ Schema.TaggedError<ClientOrAdminAuthenticationRequired>()("ClientOrAdminAuthenticationRequired", {
  code: tag("CLIENT_OR_ADMIN_AUTHENTICATION_REQUIRED"),
  status: status(401),
  message: text("Client or admin authentication is required.")
}) {
  static readonly code = "CLIENT_OR_ADMIN_AUTHENTICATION_REQUIRED"
  static readonly status = 401
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): ClientOrAdminAuthenticationRequired =>
    decodeWire(ClientOrAdminAuthenticationRequired, wire)
}

/** Client, server or admin authentication required (status 401). SPEC §8 */
export class ClientOrServerOrAdminAuthenticationRequired extends /*#__PURE__*/ Schema.TaggedError<ClientOrServerOrAdminAuthenticationRequired>()("ClientOrServerOrAdminAuthenticationRequired", {
  code: tag("CLIENT_OR_SERVER_OR_ADMIN_AUTHENTICATION_REQUIRED"),
  status: status(401),
  message: text("Client, server or admin authentication is required.")
}) {
  static readonly code = "CLIENT_OR_SERVER_OR_ADMIN_AUTHENTICATION_REQUIRED"
  static readonly status = 401
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): ClientOrServerOrAdminAuthenticationRequired =>
    decodeWire(ClientOrServerOrAdminAuthenticationRequired, wire)
}

/** Admin authentication required (status 401). SPEC §8 */
export class AdminAuthenticationRequired extends /*#__PURE__*/ Schema.TaggedError<AdminAuthenticationRequired>()("AdminAuthenticationRequired", {
  code: tag("ADMIN_AUTHENTICATION_REQUIRED"),
  status: status(401),
  message: text("Admin authentication is required.")
}) {
  static readonly code = "ADMIN_AUTHENTICATION_REQUIRED"
  static readonly status = 401
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): AdminAuthenticationRequired =>
    decodeWire(AdminAuthenticationRequired, wire)
}

/** The endpoint expects the internal project (status 401). SPEC §8 */
export class ExpectedInternalProject extends /*#__PURE__*/ Schema.TaggedError<ExpectedInternalProject>()("ExpectedInternalProject", {
  code: tag("EXPECTED_INTERNAL_PROJECT"),
  status: status(401),
  message: text("This endpoint only serves the internal project.")
}) {
  static readonly code = "EXPECTED_INTERNAL_PROJECT"
  static readonly status = 401
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): ExpectedInternalProject =>
    decodeWire(ExpectedInternalProject, wire)
}

// -----------------------------------------------------------------------------------------------
// Session
// -----------------------------------------------------------------------------------------------

/** Family: any failure to authenticate the session (any status). SPEC §8 */
export class SessionAuthenticationError extends /*#__PURE__*/ Schema.TaggedError<SessionAuthenticationError>()("SessionAuthenticationError", {
  code: tag("SESSION_AUTHENTICATION_ERROR"),
  status: Schema.Number,
  message: text("The session could not be authenticated."),
  details: Opaque
}) {
  static readonly code = "SESSION_AUTHENTICATION_ERROR"
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): SessionAuthenticationError =>
    decodeWire(SessionAuthenticationError, wire)
}

/** Family: session credentials were given but are invalid (any status). SPEC §8 */
export class InvalidSessionAuthentication extends /*#__PURE__*/ Schema.TaggedError<InvalidSessionAuthentication>()("InvalidSessionAuthentication", {
  code: tag("INVALID_SESSION_AUTHENTICATION"),
  status: Schema.Number,
  message: text("The session credentials are invalid."),
  details: Opaque
}) {
  static readonly code = "INVALID_SESSION_AUTHENTICATION"
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): InvalidSessionAuthentication =>
    decodeWire(InvalidSessionAuthentication, wire)
}

/** Family: the access token is invalid (any status). SPEC §8 */
export class InvalidAccessToken extends /*#__PURE__*/ Schema.TaggedError<InvalidAccessToken>()("InvalidAccessToken", {
  code: tag("INVALID_ACCESS_TOKEN"),
  status: Schema.Number,
  message: text("The access token is invalid."),
  details: Opaque
}) {
  static readonly code = "INVALID_ACCESS_TOKEN"
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): InvalidAccessToken =>
    decodeWire(InvalidAccessToken, wire)
}

/** The access token is unparsable (status 401). SPEC §8 */
export class UnparsableAccessToken extends /*#__PURE__*/ Schema.TaggedError<UnparsableAccessToken>()("UnparsableAccessToken", {
  code: tag("UNPARSABLE_ACCESS_TOKEN"),
  status: status(401),
  message: text("The access token could not be parsed.")
}) {
  static readonly code = "UNPARSABLE_ACCESS_TOKEN"
  static readonly status = 401
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): UnparsableAccessToken =>
    decodeWire(UnparsableAccessToken, wire)
}

/** The access token has expired (status 401). SPEC §8 */
export class AccessTokenExpired extends /*#__PURE__*/ Schema.TaggedError<AccessTokenExpired>()("AccessTokenExpired", {
  code: tag("ACCESS_TOKEN_EXPIRED"),
  status: status(401),
  message: text("Access token expired; refresh the session."),
  details: details({ expiredAtMillis: NullableNumber }, { expiredAtMillis: "expired_at_millis" })
}) {
  static readonly code = "ACCESS_TOKEN_EXPIRED"
  static readonly status = 401
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): AccessTokenExpired =>
    decodeWire(AccessTokenExpired, wire)
}

/** The access token is for another project (status 401). SPEC §8 */
export class InvalidProjectForAccessToken extends /*#__PURE__*/ Schema.TaggedError<InvalidProjectForAccessToken>()("InvalidProjectForAccessToken", {
  code: tag("INVALID_PROJECT_FOR_ACCESS_TOKEN"),
  status: status(401),
  message: text("The access token belongs to another project."),
  details: details(
    { expectedProjectId: Schema.String, actualProjectId: Schema.String },
    { expectedProjectId: "expected_project_id", actualProjectId: "actual_project_id" }
  )
}) {
  static readonly code = "INVALID_PROJECT_FOR_ACCESS_TOKEN"
  static readonly status = 401
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): InvalidProjectForAccessToken =>
    decodeWire(InvalidProjectForAccessToken, wire)
}

/** Family: the refresh token or its session is unusable (any status). SPEC §8 */
export class RefreshTokenError extends /*#__PURE__*/ Schema.TaggedError<RefreshTokenError>()("RefreshTokenError", {
  code: tag("REFRESH_TOKEN_ERROR"),
  status: Schema.Number,
  message: text("The refresh token was rejected."),
  details: Opaque
}) {
  static readonly code = "REFRESH_TOKEN_ERROR"
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): RefreshTokenError => decodeWire(RefreshTokenError, wire)
}

/** The refresh token is unknown, expired or revoked (status 401). SPEC §8 */
export class RefreshTokenNotFoundOrExpired extends /*#__PURE__*/ Schema.TaggedError<RefreshTokenNotFoundOrExpired>()("RefreshTokenNotFoundOrExpired", {
  code: tag("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED"),
  status: status(401),
  message: text("The refresh token is unknown, or its session ended.")
}) {
  static readonly code = "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED"
  static readonly status = 401
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): RefreshTokenNotFoundOrExpired =>
    decodeWire(RefreshTokenNotFoundOrExpired, wire)
}

/** The session being used cannot delete itself (status 400). SPEC §8 */
export class CannotDeleteCurrentSession extends /*#__PURE__*/ Schema.TaggedError<CannotDeleteCurrentSession>()("CannotDeleteCurrentSession", {
  code: tag("CANNOT_DELETE_CURRENT_SESSION"),
  status: status(400),
  message: text("The current session cannot be deleted this way.")
}) {
  static readonly code = "CANNOT_DELETE_CURRENT_SESSION"
  static readonly status = 400
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): CannotDeleteCurrentSession =>
    decodeWire(CannotDeleteCurrentSession, wire)
}

/** The OAuth provider refused to refresh; sign in again (status 401). SPEC §8 */
export class ProviderRejected extends /*#__PURE__*/ Schema.TaggedError<ProviderRejected>()("ProviderRejected", {
  code: tag("PROVIDER_REJECTED"),
  status: status(401),
  message: text("The sign-in provider no longer accepts this session.")
}) {
  static readonly code = "PROVIDER_REJECTED"
  static readonly status = 401
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): ProviderRejected => decodeWire(ProviderRejected, wire)
}

// -----------------------------------------------------------------------------------------------
// Users and sign-in
// -----------------------------------------------------------------------------------------------

/** A user already has this e-mail (status 409). SPEC §8 */
export class UserWithEmailAlreadyExists extends /*#__PURE__*/ Schema.TaggedError<UserWithEmailAlreadyExists>()("UserWithEmailAlreadyExists", {
  code: tag("USER_EMAIL_ALREADY_EXISTS"),
  status: status(409),
  message: text("A user with this e-mail already exists."),
  details: details(
    { email: Schema.String, wouldWorkIfEmailWasVerified: Schema.Boolean },
    { wouldWorkIfEmailWasVerified: "would_work_if_email_was_verified" }
  )
}) {
  static readonly code = "USER_EMAIL_ALREADY_EXISTS"
  static readonly status = 409
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): UserWithEmailAlreadyExists =>
    decodeWire(UserWithEmailAlreadyExists, wire)
}

/** The e-mail is not verified (status 400). SPEC §8 */
export class EmailNotVerified extends /*#__PURE__*/ Schema.TaggedError<EmailNotVerified>()("EmailNotVerified", {
  code: tag("EMAIL_NOT_VERIFIED"),
  status: status(400),
  message: text("The e-mail address is not verified.")
}) {
  static readonly code = "EMAIL_NOT_VERIFIED"
  static readonly status = 400
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): EmailNotVerified => decodeWire(EmailNotVerified, wire)
}

/** `me` was used without user authentication (status 400). SPEC §8 */
export class CannotGetOwnUserWithoutUser extends /*#__PURE__*/ Schema.TaggedError<CannotGetOwnUserWithoutUser>()("CannotGetOwnUserWithoutUser", {
  code: tag("CANNOT_GET_OWN_USER_WITHOUT_USER"),
  status: status(400),
  message: text("'me' was used without a signed-in user.")
}) {
  static readonly code = "CANNOT_GET_OWN_USER_WITHOUT_USER"
  static readonly status = 400
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): CannotGetOwnUserWithoutUser =>
    decodeWire(CannotGetOwnUserWithoutUser, wire)
}

/** The given user id does not exist (status 400). SPEC §8 */
export class UserIdDoesNotExist extends /*#__PURE__*/ Schema.TaggedError<UserIdDoesNotExist>()("UserIdDoesNotExist", {
  code: tag("USER_ID_DOES_NOT_EXIST"),
  status: status(400),
  message: text("No user has this id."),
  details: details({ userId: Schema.String }, { userId: "user_id" })
}) {
  static readonly code = "USER_ID_DOES_NOT_EXIST"
  static readonly status = 400
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): UserIdDoesNotExist =>
    decodeWire(UserIdDoesNotExist, wire)
}

/** User not found (status 404). SPEC §8 */
export class UserNotFound extends /*#__PURE__*/ Schema.TaggedError<UserNotFound>()("UserNotFound", {
  code: tag("USER_NOT_FOUND"),
  status: status(404),
  message: text("No such user.")
}) {
  static readonly code = "USER_NOT_FOUND"
  static readonly status = 404
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): UserNotFound => decodeWire(UserNotFound, wire)
}

/** Project not found (status 404). SPEC §8 */
export class ProjectNotFound extends /*#__PURE__*/ Schema.TaggedError<ProjectNotFound>()("ProjectNotFound", {
  code: tag("PROJECT_NOT_FOUND"),
  status: status(404),
  message: text("Project not found, or not visible to this user."),
  details: details({ projectId: Schema.String }, { projectId: "project_id" })
}) {
  static readonly code = "PROJECT_NOT_FOUND"
  static readonly status = 404
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): ProjectNotFound => decodeWire(ProjectNotFound, wire)
}

/** The request's project does not exist (status 400). SPEC §8 */
export class CurrentProjectNotFound extends /*#__PURE__*/ Schema.TaggedError<CurrentProjectNotFound>()("CurrentProjectNotFound", {
  code: tag("CURRENT_PROJECT_NOT_FOUND"),
  status: status(400),
  message: text("The project named in x-stack-project-id does not exist."),
  details: details({ projectId: Schema.String }, { projectId: "project_id" })
}) {
  static readonly code = "CURRENT_PROJECT_NOT_FOUND"
  static readonly status = 400
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): CurrentProjectNotFound =>
    decodeWire(CurrentProjectNotFound, wire)
}

/** The branch does not exist (status 400). SPEC §8 */
export class BranchDoesNotExist extends /*#__PURE__*/ Schema.TaggedError<BranchDoesNotExist>()("BranchDoesNotExist", {
  code: tag("BRANCH_DOES_NOT_EXIST"),
  status: status(400),
  message: text("The branch does not exist."),
  details: details({ branchId: Schema.String }, { branchId: "branch_id" })
}) {
  static readonly code = "BRANCH_DOES_NOT_EXIST"
  static readonly status = 400
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): BranchDoesNotExist =>
    decodeWire(BranchDoesNotExist, wire)
}

/** Sign-up is not enabled for the project (status 400). SPEC §8 */
export class SignUpNotEnabled extends /*#__PURE__*/ Schema.TaggedError<SignUpNotEnabled>()("SignUpNotEnabled", {
  code: tag("SIGN_UP_NOT_ENABLED"),
  status: status(400),
  message: text("Creation of new accounts is not enabled for this project. Please ask the project owner to enable it.") // SPEC §8, verbatim
}) {
  static readonly code = "SIGN_UP_NOT_ENABLED"
  static readonly status = 400
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): SignUpNotEnabled => decodeWire(SignUpNotEnabled, wire)
}

/** Password authentication is not enabled (status 400). SPEC §8 */
export class PasswordAuthenticationNotEnabled extends /*#__PURE__*/ Schema.TaggedError<PasswordAuthenticationNotEnabled>()("PasswordAuthenticationNotEnabled", {
  code: tag("PASSWORD_AUTHENTICATION_NOT_ENABLED"),
  status: status(400),
  message: text("Password sign-in is turned off for this project.")
}) {
  static readonly code = "PASSWORD_AUTHENTICATION_NOT_ENABLED"
  static readonly status = 400
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): PasswordAuthenticationNotEnabled =>
    decodeWire(PasswordAuthenticationNotEnabled, wire)
}

/** Passkey authentication is not enabled (status 400). SPEC §8 */
export class PasskeyAuthenticationNotEnabled extends /*#__PURE__*/ Schema.TaggedError<PasskeyAuthenticationNotEnabled>()("PasskeyAuthenticationNotEnabled", {
  code: tag("PASSKEY_AUTHENTICATION_NOT_ENABLED"),
  status: status(400),
  message: text("Passkey sign-in is turned off for this project.")
}) {
  static readonly code = "PASSKEY_AUTHENTICATION_NOT_ENABLED"
  static readonly status = 400
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): PasskeyAuthenticationNotEnabled =>
    decodeWire(PasskeyAuthenticationNotEnabled, wire)
}

/** Anonymous accounts are not enabled (status 400). SPEC §8 */
export class AnonymousAccountsNotEnabled extends /*#__PURE__*/ Schema.TaggedError<AnonymousAccountsNotEnabled>()("AnonymousAccountsNotEnabled", {
  code: tag("ANONYMOUS_ACCOUNTS_NOT_ENABLED"),
  status: status(400),
  message: text("Anonymous accounts are turned off for this project.")
}) {
  static readonly code = "ANONYMOUS_ACCOUNTS_NOT_ENABLED"
  static readonly status = 400
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): AnonymousAccountsNotEnabled =>
    decodeWire(AnonymousAccountsNotEnabled, wire)
}

/** Wrong e-mail or password (status 400). SPEC §8 */
export class EmailPasswordMismatch extends /*#__PURE__*/ Schema.TaggedError<EmailPasswordMismatch>()("EmailPasswordMismatch", {
  code: tag("EMAIL_PASSWORD_MISMATCH"),
  status: status(400),
  message: text("Wrong e-mail or password.") // SPEC §8, verbatim
}) {
  static readonly code = "EMAIL_PASSWORD_MISMATCH"
  static readonly status = 400
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): EmailPasswordMismatch =>
    decodeWire(EmailPasswordMismatch, wire)
}

/** The redirect URL is not a trusted domain (status 400). SPEC §8 */
export class RedirectUrlNotWhitelisted extends /*#__PURE__*/ Schema.TaggedError<RedirectUrlNotWhitelisted>()("RedirectUrlNotWhitelisted", {
  code: tag("REDIRECT_URL_NOT_WHITELISTED"),
  status: status(400),
  message: text("The redirect URL is not on the project's trusted domains.")
}) {
  static readonly code = "REDIRECT_URL_NOT_WHITELISTED"
  static readonly status = 400
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): RedirectUrlNotWhitelisted =>
    decodeWire(RedirectUrlNotWhitelisted, wire)
}

/** Family: the password breaks a rule (any status). SPEC §8 */
export class PasswordRequirementsNotMet extends /*#__PURE__*/ Schema.TaggedError<PasswordRequirementsNotMet>()("PasswordRequirementsNotMet", {
  code: tag("PASSWORD_REQUIREMENTS_NOT_MET"),
  status: Schema.Number,
  message: text("The password does not meet the requirements."),
  details: Opaque
}) {
  static readonly code = "PASSWORD_REQUIREMENTS_NOT_MET"
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): PasswordRequirementsNotMet =>
    decodeWire(PasswordRequirementsNotMet, wire)
}

/** The password is shorter than `minLength` (status 400). SPEC §8 */
export class PasswordTooShort extends /*#__PURE__*/ Schema.TaggedError<PasswordTooShort>()("PasswordTooShort", {
  code: tag("PASSWORD_TOO_SHORT"),
  status: status(400),
  message: text("The password is too short."),
  details: details({ minLength: Schema.Number }, { minLength: "min_length" })
}) {
  static readonly code = "PASSWORD_TOO_SHORT"
  static readonly status = 400
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): PasswordTooShort => decodeWire(PasswordTooShort, wire)
}

/** The password is longer than `maxLength` (camelCase on the wire too) (status 400). SPEC §8 */
export class PasswordTooLong extends /*#__PURE__*/ Schema.TaggedError<PasswordTooLong>()("PasswordTooLong", {
  code: tag("PASSWORD_TOO_LONG"),
  status: status(400),
  message: text("The password is too long."),
  details: details({ maxLength: Schema.Number }, {})
}) {
  static readonly code = "PASSWORD_TOO_LONG"
  static readonly status = 400
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): PasswordTooLong => decodeWire(PasswordTooLong, wire)
}

/** The user has no password (status 400). SPEC §8 */
export class UserDoesNotHavePassword extends /*#__PURE__*/ Schema.TaggedError<UserDoesNotHavePassword>()("UserDoesNotHavePassword", {
  code: tag("USER_DOES_NOT_HAVE_PASSWORD"),
  status: status(400),
  message: text("This user has no password.")
}) {
  static readonly code = "USER_DOES_NOT_HAVE_PASSWORD"
  static readonly status = 400
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): UserDoesNotHavePassword =>
    decodeWire(UserDoesNotHavePassword, wire)
}

/** Family: the verification code cannot be used (any status). SPEC §8 */
export class VerificationCodeError extends /*#__PURE__*/ Schema.TaggedError<VerificationCodeError>()("VerificationCodeError", {
  code: tag("VERIFICATION_ERROR"),
  status: Schema.Number,
  message: text("The verification code was rejected."),
  details: Opaque
}) {
  static readonly code = "VERIFICATION_ERROR"
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): VerificationCodeError =>
    decodeWire(VerificationCodeError, wire)
}

/** Verification code not found (status 404). SPEC §8 */
export class VerificationCodeNotFound extends /*#__PURE__*/ Schema.TaggedError<VerificationCodeNotFound>()("VerificationCodeNotFound", {
  code: tag("VERIFICATION_CODE_NOT_FOUND"),
  status: status(404),
  message: text("Unknown verification code.")
}) {
  static readonly code = "VERIFICATION_CODE_NOT_FOUND"
  static readonly status = 404
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): VerificationCodeNotFound =>
    decodeWire(VerificationCodeNotFound, wire)
}

/** Verification code expired (status 400). SPEC §8 */
export class VerificationCodeExpired extends /*#__PURE__*/ Schema.TaggedError<VerificationCodeExpired>()("VerificationCodeExpired", {
  code: tag("VERIFICATION_CODE_EXPIRED"),
  status: status(400),
  message: text("The verification code is no longer valid.")
}) {
  static readonly code = "VERIFICATION_CODE_EXPIRED"
  static readonly status = 400
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): VerificationCodeExpired =>
    decodeWire(VerificationCodeExpired, wire)
}

/** Verification code already used (status 409). SPEC §8 */
export class VerificationCodeAlreadyUsed extends /*#__PURE__*/ Schema.TaggedError<VerificationCodeAlreadyUsed>()("VerificationCodeAlreadyUsed", {
  code: tag("VERIFICATION_CODE_ALREADY_USED"),
  status: status(409),
  message: text("The verification link has already been used.") // SPEC §8, verbatim
}) {
  static readonly code = "VERIFICATION_CODE_ALREADY_USED"
  static readonly status = 409
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): VerificationCodeAlreadyUsed =>
    decodeWire(VerificationCodeAlreadyUsed, wire)
}

/** Verification code attempts exhausted (status 400). SPEC §8 */
export class VerificationCodeMaxAttemptsReached extends /*#__PURE__*/ Schema.TaggedError<VerificationCodeMaxAttemptsReached>()("VerificationCodeMaxAttemptsReached", {
  code: tag("VERIFICATION_CODE_MAX_ATTEMPTS_REACHED"),
  status: status(400),
  message: text("Too many attempts with this verification code.")
}) {
  static readonly code = "VERIFICATION_CODE_MAX_ATTEMPTS_REACHED"
  static readonly status = 400
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): VerificationCodeMaxAttemptsReached =>
    decodeWire(VerificationCodeMaxAttemptsReached, wire)
}

/** Password and confirmation differ (status 400). SPEC §8 */
export class PasswordConfirmationMismatch extends /*#__PURE__*/ Schema.TaggedError<PasswordConfirmationMismatch>()("PasswordConfirmationMismatch", {
  code: tag("PASSWORD_CONFIRMATION_MISMATCH"),
  status: status(400),
  message: text("The two passwords differ.")
}) {
  static readonly code = "PASSWORD_CONFIRMATION_MISMATCH"
  static readonly status = 400
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): PasswordConfirmationMismatch =>
    decodeWire(PasswordConfirmationMismatch, wire)
}

/** The e-mail is already verified (status 409). SPEC §8 */
export class EmailAlreadyVerified extends /*#__PURE__*/ Schema.TaggedError<EmailAlreadyVerified>()("EmailAlreadyVerified", {
  code: tag("EMAIL_ALREADY_VERIFIED"),
  status: status(409),
  message: text("This e-mail is verified already.")
}) {
  static readonly code = "EMAIL_ALREADY_VERIFIED"
  static readonly status = 409
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): EmailAlreadyVerified =>
    decodeWire(EmailAlreadyVerified, wire)
}

/** The e-mail belongs to no user that signs in with it (status 400). SPEC §8 */
export class EmailNotAssociatedWithUser extends /*#__PURE__*/ Schema.TaggedError<EmailNotAssociatedWithUser>()("EmailNotAssociatedWithUser", {
  code: tag("EMAIL_NOT_ASSOCIATED_WITH_USER"),
  status: status(400),
  message: text("No user can sign in with this e-mail.")
}) {
  static readonly code = "EMAIL_NOT_ASSOCIATED_WITH_USER"
  static readonly status = 400
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): EmailNotAssociatedWithUser =>
    decodeWire(EmailNotAssociatedWithUser, wire)
}

/** The e-mail is not the user's primary e-mail (status 400). SPEC §8 */
export class EmailIsNotPrimaryEmail extends /*#__PURE__*/ Schema.TaggedError<EmailIsNotPrimaryEmail>()("EmailIsNotPrimaryEmail", {
  code: tag("EMAIL_IS_NOT_PRIMARY_EMAIL"),
  status: status(400),
  message: text("The e-mail must be the user's primary e-mail."),
  details: details({ email: Schema.String, primaryEmail: Schema.String }, { primaryEmail: "primary_email" })
}) {
  static readonly code = "EMAIL_IS_NOT_PRIMARY_EMAIL"
  static readonly status = 400
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): EmailIsNotPrimaryEmail =>
    decodeWire(EmailIsNotPrimaryEmail, wire)
}

/** Passkey registration failed (status 400). SPEC §8 */
export class PasskeyRegistrationFailed extends /*#__PURE__*/ Schema.TaggedError<PasskeyRegistrationFailed>()("PasskeyRegistrationFailed", {
  code: tag("PASSKEY_REGISTRATION_FAILED"),
  status: status(400),
  message: text("Passkey registration failed.")
}) {
  static readonly code = "PASSKEY_REGISTRATION_FAILED"
  static readonly status = 400
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): PasskeyRegistrationFailed =>
    decodeWire(PasskeyRegistrationFailed, wire)
}

/** A WebAuthn error during a passkey ceremony (status 400). SPEC §8 */
export class PasskeyWebAuthnError extends /*#__PURE__*/ Schema.TaggedError<PasskeyWebAuthnError>()("PasskeyWebAuthnError", {
  code: tag("PASSKEY_WEBAUTHN_ERROR"),
  status: status(400),
  message: text("The WebAuthn ceremony failed."),
  details: details({ message: Schema.String, code: Schema.String }, {})
}) {
  static readonly code = "PASSKEY_WEBAUTHN_ERROR"
  static readonly status = 400
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): PasskeyWebAuthnError =>
    decodeWire(PasskeyWebAuthnError, wire)
}

/** Passkey authentication failed (status 400). SPEC §8 */
export class PasskeyAuthenticationFailed extends /*#__PURE__*/ Schema.TaggedError<PasskeyAuthenticationFailed>()("PasskeyAuthenticationFailed", {
  code: tag("PASSKEY_AUTHENTICATION_FAILED"),
  status: status(400),
  message: text("Passkey sign-in failed.")
}) {
  static readonly code = "PASSKEY_AUTHENTICATION_FAILED"
  static readonly status = 400
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): PasskeyAuthenticationFailed =>
    decodeWire(PasskeyAuthenticationFailed, wire)
}

/** Multi-factor authentication required; carries the attempt code (status 400). SPEC §8 */
export class MultiFactorAuthenticationRequired extends /*#__PURE__*/ Schema.TaggedError<MultiFactorAuthenticationRequired>()("MultiFactorAuthenticationRequired", {
  code: tag("MULTI_FACTOR_AUTHENTICATION_REQUIRED"),
  status: status(400),
  message: text("A second factor is required to sign in."),
  details: details({ attemptCode: Schema.String }, { attemptCode: "attempt_code" })
}) {
  static readonly code = "MULTI_FACTOR_AUTHENTICATION_REQUIRED"
  static readonly status = 400
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): MultiFactorAuthenticationRequired =>
    decodeWire(MultiFactorAuthenticationRequired, wire)
}

/** Invalid TOTP code (status 400). SPEC §8 */
export class InvalidTotpCode extends /*#__PURE__*/ Schema.TaggedError<InvalidTotpCode>()("InvalidTotpCode", {
  code: tag("INVALID_TOTP_CODE"),
  status: status(400),
  message: text("The TOTP code is invalid. Please try again.") // SPEC §8, verbatim
}) {
  static readonly code = "INVALID_TOTP_CODE"
  static readonly status = 400
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): InvalidTotpCode => decodeWire(InvalidTotpCode, wire)
}

/** User authentication required (status 401). SPEC §8 */
export class UserAuthenticationRequired extends /*#__PURE__*/ Schema.TaggedError<UserAuthenticationRequired>()("UserAuthenticationRequired", {
  code: tag("USER_AUTHENTICATION_REQUIRED"),
  status: status(401),
  message: text("A signed-in user is required.")
}) {
  static readonly code = "USER_AUTHENTICATION_REQUIRED"
  static readonly status = 401
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): UserAuthenticationRequired =>
    decodeWire(UserAuthenticationRequired, wire)
}

/** The contact channel is used for sign-in by another user (status 409). SPEC §8 */
export class ContactChannelAlreadyUsedForAuthBySomeoneElse extends /*#__PURE__*/ Schema.TaggedError<ContactChannelAlreadyUsedForAuthBySomeoneElse>()("ContactChannelAlreadyUsedForAuthBySomeoneElse", {
  code: tag("CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE"),
  status: status(409),
  message: text("Another account already signs in with this contact channel."),
  details: details(
    { type: Schema.String, contactChannelValue: NullableString, wouldWorkIfEmailWasVerified: Schema.Boolean },
    { contactChannelValue: "contact_channel_value", wouldWorkIfEmailWasVerified: "would_work_if_email_was_verified" }
  )
}) {
  static readonly code = "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE"
  static readonly status = 409
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): ContactChannelAlreadyUsedForAuthBySomeoneElse =>
    decodeWire(ContactChannelAlreadyUsedForAuthBySomeoneElse, wire)
}

// -----------------------------------------------------------------------------------------------
// Permissions and teams
// -----------------------------------------------------------------------------------------------

/** Permission not found (status 404). SPEC §8 */
export class PermissionNotFound extends /*#__PURE__*/ Schema.TaggedError<PermissionNotFound>()("PermissionNotFound", {
  code: tag("PERMISSION_NOT_FOUND"),
  status: status(404),
  message: text("Permission not found."),
  details: details({ permissionId: Schema.String }, { permissionId: "permission_id" })
}) {
  static readonly code = "PERMISSION_NOT_FOUND"
  static readonly status = 404
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): PermissionNotFound =>
    decodeWire(PermissionNotFound, wire)
}

/** The permission exists, but for another scope (status 404). SPEC §8 */
export class PermissionScopeMismatch extends /*#__PURE__*/ Schema.TaggedError<PermissionScopeMismatch>()("PermissionScopeMismatch", {
  code: tag("WRONG_PERMISSION_SCOPE"),
  status: status(404),
  message: text("The permission exists only in another scope."),
  details: details(
    { permissionId: Schema.String, expectedScope: PermissionScope, actualScope: NullablePermissionScope },
    { permissionId: "permission_id", expectedScope: "expected_scope", actualScope: "actual_scope" }
  )
}) {
  static readonly code = "WRONG_PERMISSION_SCOPE"
  static readonly status = 404
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): PermissionScopeMismatch =>
    decodeWire(PermissionScopeMismatch, wire)
}

/** A contained permission does not exist (status 400). SPEC §8 */
export class ContainedPermissionNotFound extends /*#__PURE__*/ Schema.TaggedError<ContainedPermissionNotFound>()("ContainedPermissionNotFound", {
  code: tag("CONTAINED_PERMISSION_NOT_FOUND"),
  status: status(400),
  message: text("A contained permission does not exist."),
  details: details({ permissionId: Schema.String }, { permissionId: "permission_id" })
}) {
  static readonly code = "CONTAINED_PERMISSION_NOT_FOUND"
  static readonly status = 400
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): ContainedPermissionNotFound =>
    decodeWire(ContainedPermissionNotFound, wire)
}

/** The permission id is taken (status 400). SPEC §8 */
export class PermissionIdAlreadyExists extends /*#__PURE__*/ Schema.TaggedError<PermissionIdAlreadyExists>()("PermissionIdAlreadyExists", {
  code: tag("PERMISSION_ID_ALREADY_EXISTS"),
  status: status(400),
  message: text("A permission with this id exists already."),
  details: details({ permissionId: Schema.String }, { permissionId: "permission_id" })
}) {
  static readonly code = "PERMISSION_ID_ALREADY_EXISTS"
  static readonly status = 400
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): PermissionIdAlreadyExists =>
    decodeWire(PermissionIdAlreadyExists, wire)
}

/** Team not found (status 404). SPEC §8 */
export class TeamNotFound extends /*#__PURE__*/ Schema.TaggedError<TeamNotFound>()("TeamNotFound", {
  code: tag("TEAM_NOT_FOUND"),
  status: status(404),
  message: text("No such team."),
  details: details({ teamId: Schema.String }, { teamId: "team_id" })
}) {
  static readonly code = "TEAM_NOT_FOUND"
  static readonly status = 404
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): TeamNotFound => decodeWire(TeamNotFound, wire)
}

/**
 * A team with this id already exists (status 409). SPEC §8 lists it; the protocol package defines
 * it but leaves it out of its exported catalogue, so it sits in {@link extras}, not {@link all}.
 */
export class TeamAlreadyExists extends /*#__PURE__*/ Schema.TaggedError<TeamAlreadyExists>()("TeamAlreadyExists", {
  code: tag("TEAM_ALREADY_EXISTS"),
  status: status(409),
  message: text("A team with this id already exists."),
  details: details({ teamId: Schema.String }, { teamId: "team_id" })
}) {
  static readonly code = "TEAM_ALREADY_EXISTS"
  static readonly status = 409
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): TeamAlreadyExists => decodeWire(TeamAlreadyExists, wire)
}

/** Team membership not found (status 404). SPEC §8 */
export class TeamMembershipNotFound extends /*#__PURE__*/ Schema.TaggedError<TeamMembershipNotFound>()("TeamMembershipNotFound", {
  code: tag("TEAM_MEMBERSHIP_NOT_FOUND"),
  status: status(404),
  message: text("The user is not a member of the team."),
  details: details({ teamId: Schema.String, userId: Schema.String }, { teamId: "team_id", userId: "user_id" })
}) {
  static readonly code = "TEAM_MEMBERSHIP_NOT_FOUND"
  static readonly status = 404
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): TeamMembershipNotFound =>
    decodeWire(TeamMembershipNotFound, wire)
}

/** Team membership already exists (status 409). SPEC §8 */
export class TeamMembershipAlreadyExists extends /*#__PURE__*/ Schema.TaggedError<TeamMembershipAlreadyExists>()("TeamMembershipAlreadyExists", {
  code: tag("TEAM_MEMBERSHIP_ALREADY_EXISTS"),
  status: status(409),
  message: text("The user is a member of the team already.")
}) {
  static readonly code = "TEAM_MEMBERSHIP_ALREADY_EXISTS"
  static readonly status = 409
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): TeamMembershipAlreadyExists =>
    decodeWire(TeamMembershipAlreadyExists, wire)
}

/** The user lacks a project permission (status 401). SPEC §8 */
export class ProjectPermissionRequired extends /*#__PURE__*/ Schema.TaggedError<ProjectPermissionRequired>()("ProjectPermissionRequired", {
  code: tag("PROJECT_PERMISSION_REQUIRED"),
  status: status(401),
  message: text("The user lacks a required project permission."),
  details: details(
    { userId: Schema.String, permissionId: Schema.String },
    { userId: "user_id", permissionId: "permission_id" }
  )
}) {
  static readonly code = "PROJECT_PERMISSION_REQUIRED"
  static readonly status = 401
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): ProjectPermissionRequired =>
    decodeWire(ProjectPermissionRequired, wire)
}

/** The user lacks a team permission (status 401). SPEC §8 */
export class TeamPermissionRequired extends /*#__PURE__*/ Schema.TaggedError<TeamPermissionRequired>()("TeamPermissionRequired", {
  code: tag("TEAM_PERMISSION_REQUIRED"),
  status: status(401),
  message: text("The user lacks a required team permission."),
  details: details(
    { teamId: Schema.String, userId: Schema.String, permissionId: Schema.String },
    { teamId: "team_id", userId: "user_id", permissionId: "permission_id" }
  )
}) {
  static readonly code = "TEAM_PERMISSION_REQUIRED"
  static readonly status = 401
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): TeamPermissionRequired =>
    decodeWire(TeamPermissionRequired, wire)
}

/** The team permission was not found for the user (status 401). SPEC §8 */
export class TeamPermissionNotFound extends /*#__PURE__*/ Schema.TaggedError<TeamPermissionNotFound>()("TeamPermissionNotFound", {
  code: tag("TEAM_PERMISSION_NOT_FOUND"),
  status: status(401),
  message: text("The user does not hold this team permission."),
  details: details(
    { teamId: Schema.String, userId: Schema.String, permissionId: Schema.String },
    { teamId: "team_id", userId: "user_id", permissionId: "permission_id" }
  )
}) {
  static readonly code = "TEAM_PERMISSION_NOT_FOUND"
  static readonly status = 401
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): TeamPermissionNotFound =>
    decodeWire(TeamPermissionNotFound, wire)
}

// -----------------------------------------------------------------------------------------------
// OAuth
// -----------------------------------------------------------------------------------------------

/** The OAuth connection is not connected to a user (status 400). SPEC §8 */
export class OAuthConnectionNotConnectedToUser extends /*#__PURE__*/ Schema.TaggedError<OAuthConnectionNotConnectedToUser>()("OAuthConnectionNotConnectedToUser", {
  code: tag("OAUTH_CONNECTION_NOT_CONNECTED_TO_USER"),
  status: status(400),
  message: text("This OAuth connection belongs to no user.")
}) {
  static readonly code = "OAUTH_CONNECTION_NOT_CONNECTED_TO_USER"
  static readonly status = 400
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): OAuthConnectionNotConnectedToUser =>
    decodeWire(OAuthConnectionNotConnectedToUser, wire)
}

/** The OAuth connection misses a required scope (status 400). SPEC §8 */
export class OAuthConnectionDoesNotHaveRequiredScope extends /*#__PURE__*/ Schema.TaggedError<OAuthConnectionDoesNotHaveRequiredScope>()("OAuthConnectionDoesNotHaveRequiredScope", {
  code: tag("OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE"),
  status: status(400),
  message: text("The OAuth connection lacks a required scope.")
}) {
  static readonly code = "OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE"
  static readonly status = 400
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): OAuthConnectionDoesNotHaveRequiredScope =>
    decodeWire(OAuthConnectionDoesNotHaveRequiredScope, wire)
}

/** The OAuth connection is connected to another user (status 409). SPEC §8 */
export class OAuthConnectionAlreadyConnectedToAnotherUser extends /*#__PURE__*/ Schema.TaggedError<OAuthConnectionAlreadyConnectedToAnotherUser>()("OAuthConnectionAlreadyConnectedToAnotherUser", {
  code: tag("OAUTH_CONNECTION_ALREADY_CONNECTED_TO_ANOTHER_USER"),
  status: status(409),
  message: text("This OAuth connection belongs to another user.")
}) {
  static readonly code = "OAUTH_CONNECTION_ALREADY_CONNECTED_TO_ANOTHER_USER"
  static readonly status = 409
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): OAuthConnectionAlreadyConnectedToAnotherUser =>
    decodeWire(OAuthConnectionAlreadyConnectedToAnotherUser, wire)
}

/** Extra scopes are unavailable with shared OAuth keys (status 400). SPEC §8 */
export class OAuthExtraScopeNotAvailableWithSharedOAuthKeys extends /*#__PURE__*/ Schema.TaggedError<OAuthExtraScopeNotAvailableWithSharedOAuthKeys>()("OAuthExtraScopeNotAvailableWithSharedOAuthKeys", {
  code: tag("OAUTH_EXTRA_SCOPE_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS"),
  status: status(400),
  message: text("Extra scopes need the project's own OAuth keys.")
}) {
  static readonly code = "OAUTH_EXTRA_SCOPE_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS"
  static readonly status = 400
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): OAuthExtraScopeNotAvailableWithSharedOAuthKeys =>
    decodeWire(OAuthExtraScopeNotAvailableWithSharedOAuthKeys, wire)
}

/** Provider access tokens are unavailable with shared OAuth keys (status 400). SPEC §8 */
export class OAuthAccessTokenNotAvailableWithSharedOAuthKeys extends /*#__PURE__*/ Schema.TaggedError<OAuthAccessTokenNotAvailableWithSharedOAuthKeys>()("OAuthAccessTokenNotAvailableWithSharedOAuthKeys", {
  code: tag("OAUTH_ACCESS_TOKEN_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS"),
  status: status(400),
  message: text("Provider access tokens need the project's own OAuth keys.")
}) {
  static readonly code = "OAUTH_ACCESS_TOKEN_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS"
  static readonly status = 400
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): OAuthAccessTokenNotAvailableWithSharedOAuthKeys =>
    decodeWire(OAuthAccessTokenNotAvailableWithSharedOAuthKeys, wire)
}

/** The OAuth client id or secret is invalid (status 400). SPEC §8 */
export class InvalidOAuthClientIdOrSecret extends /*#__PURE__*/ Schema.TaggedError<InvalidOAuthClientIdOrSecret>()("InvalidOAuthClientIdOrSecret", {
  code: tag("INVALID_OAUTH_CLIENT_ID_OR_SECRET"),
  status: status(400),
  message: text("Invalid OAuth client id or secret."),
  details: details({ clientId: NullableString }, { clientId: "client_id" })
}) {
  static readonly code = "INVALID_OAUTH_CLIENT_ID_OR_SECRET"
  static readonly status = 400
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): InvalidOAuthClientIdOrSecret =>
    decodeWire(InvalidOAuthClientIdOrSecret, wire)
}

/** The OAuth scope is invalid (status 400). SPEC §8 */
export class InvalidScope extends /*#__PURE__*/ Schema.TaggedError<InvalidScope>()("InvalidScope", {
  code: tag("INVALID_SCOPE"),
  status: status(400),
  message: text("Invalid OAuth scope.")
}) {
  static readonly code = "INVALID_SCOPE"
  static readonly status = 400
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): InvalidScope => decodeWire(InvalidScope, wire)
}

/** The authorization code is invalid (status 400). SPEC §8 */
export class InvalidAuthorizationCode extends /*#__PURE__*/ Schema.TaggedError<InvalidAuthorizationCode>()("InvalidAuthorizationCode", {
  code: tag("INVALID_AUTHORIZATION_CODE"),
  status: status(400),
  message: text("Invalid authorization code.")
}) {
  static readonly code = "INVALID_AUTHORIZATION_CODE"
  static readonly status = 400
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): InvalidAuthorizationCode =>
    decodeWire(InvalidAuthorizationCode, wire)
}

/** The shared OAuth provider id is invalid (status 400). SPEC §8 */
export class InvalidSharedOAuthProviderId extends /*#__PURE__*/ Schema.TaggedError<InvalidSharedOAuthProviderId>()("InvalidSharedOAuthProviderId", {
  code: tag("INVALID_SHARED_OAUTH_PROVIDER_ID"),
  status: status(400),
  message: text("Unknown shared OAuth provider."),
  details: details({ providerId: Schema.String }, { providerId: "provider_id" })
}) {
  static readonly code = "INVALID_SHARED_OAUTH_PROVIDER_ID"
  static readonly status = 400
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): InvalidSharedOAuthProviderId =>
    decodeWire(InvalidSharedOAuthProviderId, wire)
}

/** The standard OAuth provider id is invalid (status 400). SPEC §8 */
export class InvalidStandardOAuthProviderId extends /*#__PURE__*/ Schema.TaggedError<InvalidStandardOAuthProviderId>()("InvalidStandardOAuthProviderId", {
  code: tag("INVALID_STANDARD_OAUTH_PROVIDER_ID"),
  status: status(400),
  message: text("Unknown standard OAuth provider."),
  details: details({ providerId: Schema.String }, { providerId: "provider_id" })
}) {
  static readonly code = "INVALID_STANDARD_OAUTH_PROVIDER_ID"
  static readonly status = 400
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): InvalidStandardOAuthProviderId =>
    decodeWire(InvalidStandardOAuthProviderId, wire)
}

/** The user is already connected to another OAuth account (status 409). SPEC §8 */
export class UserAlreadyConnectedToAnotherOAuthConnection extends /*#__PURE__*/ Schema.TaggedError<UserAlreadyConnectedToAnotherOAuthConnection>()("UserAlreadyConnectedToAnotherOAuthConnection", {
  code: tag("USER_ALREADY_CONNECTED_TO_ANOTHER_OAUTH_CONNECTION"),
  status: status(409),
  message: text("This user is linked to a different account of this provider.")
}) {
  static readonly code = "USER_ALREADY_CONNECTED_TO_ANOTHER_OAUTH_CONNECTION"
  static readonly status = 409
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): UserAlreadyConnectedToAnotherOAuthConnection =>
    decodeWire(UserAlreadyConnectedToAnotherOAuthConnection, wire)
}

/** The outer OAuth flow timed out (status 408). SPEC §8 */
export class OuterOAuthTimeout extends /*#__PURE__*/ Schema.TaggedError<OuterOAuthTimeout>()("OuterOAuthTimeout", {
  code: tag("OUTER_OAUTH_TIMEOUT"),
  status: status(408),
  message: text("The OAuth flow has timed out. Please sign in again.") // SPEC §8, verbatim
}) {
  static readonly code = "OUTER_OAUTH_TIMEOUT"
  static readonly status = 408
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): OuterOAuthTimeout => decodeWire(OuterOAuthTimeout, wire)
}

/** The OAuth provider is missing or disabled (status 400). SPEC §8 */
export class OAuthProviderNotFoundOrNotEnabled extends /*#__PURE__*/ Schema.TaggedError<OAuthProviderNotFoundOrNotEnabled>()("OAuthProviderNotFoundOrNotEnabled", {
  code: tag("OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED"),
  status: status(400),
  message: text("This OAuth provider is unknown or turned off.")
}) {
  static readonly code = "OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED"
  static readonly status = 400
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): OAuthProviderNotFoundOrNotEnabled =>
    decodeWire(OAuthProviderNotFoundOrNotEnabled, wire)
}

/** The provider account is already used for sign-in (status 400). SPEC §8 */
export class OAuthProviderAccountIdAlreadyUsedForSignIn extends /*#__PURE__*/ Schema.TaggedError<OAuthProviderAccountIdAlreadyUsedForSignIn>()("OAuthProviderAccountIdAlreadyUsedForSignIn", {
  code: tag("OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN"),
  status: status(400),
  message: text("This provider account already signs in another user.")
}) {
  static readonly code = "OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN"
  static readonly status = 400
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): OAuthProviderAccountIdAlreadyUsedForSignIn =>
    decodeWire(OAuthProviderAccountIdAlreadyUsedForSignIn, wire)
}

/** The OAuth provider denied access (status 400). SPEC §8 */
export class OAuthProviderAccessDenied extends /*#__PURE__*/ Schema.TaggedError<OAuthProviderAccessDenied>()("OAuthProviderAccessDenied", {
  code: tag("OAUTH_PROVIDER_ACCESS_DENIED"),
  status: status(400),
  message: text("Access was refused by the OAuth provider.")
}) {
  static readonly code = "OAUTH_PROVIDER_ACCESS_DENIED"
  static readonly status = 400
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): OAuthProviderAccessDenied =>
    decodeWire(OAuthProviderAccessDenied, wire)
}

// -----------------------------------------------------------------------------------------------
// Other
// -----------------------------------------------------------------------------------------------

/** The CLI polling code is invalid; details are free-form (status 400). SPEC §8 */
export class InvalidPollingCodeError extends /*#__PURE__*/ Schema.TaggedError<InvalidPollingCodeError>()("InvalidPollingCodeError", {
  code: tag("INVALID_POLLING_CODE"),
  status: status(400),
  message: text("Unknown or invalid polling code."),
  details: Opaque
}) {
  static readonly code = "INVALID_POLLING_CODE"
  static readonly status = 400
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): InvalidPollingCodeError =>
    decodeWire(InvalidPollingCodeError, wire)
}

/** CLI authentication failed (status 400). SPEC §8 */
export class CliAuthError extends /*#__PURE__*/ Schema.TaggedError<CliAuthError>()("CliAuthError", {
  code: tag("CLI_AUTH_ERROR"),
  status: status(400),
  message: text("CLI login failed.")
}) {
  static readonly code = "CLI_AUTH_ERROR"
  static readonly status = 400
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): CliAuthError => decodeWire(CliAuthError, wire)
}

/** The CLI authentication request expired (status 400). SPEC §8 */
export class CliAuthExpiredError extends /*#__PURE__*/ Schema.TaggedError<CliAuthExpiredError>()("CliAuthExpiredError", {
  code: tag("CLI_AUTH_EXPIRED_ERROR"),
  status: status(400),
  message: text("CLI authentication request expired. Please try again.") // SPEC §8, verbatim
}) {
  static readonly code = "CLI_AUTH_EXPIRED_ERROR"
  static readonly status = 400
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): CliAuthExpiredError =>
    decodeWire(CliAuthExpiredError, wire)
}

/** The CLI authentication token was already used (status 400). SPEC §8 */
export class CliAuthUsedError extends /*#__PURE__*/ Schema.TaggedError<CliAuthUsedError>()("CliAuthUsedError", {
  code: tag("CLI_AUTH_USED_ERROR"),
  status: status(400),
  message: text("This authentication token has already been used.") // SPEC §8, verbatim
}) {
  static readonly code = "CLI_AUTH_USED_ERROR"
  static readonly status = 400
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): CliAuthUsedError => decodeWire(CliAuthUsedError, wire)
}

/** Family: the API key cannot be used (any status). SPEC §8 */
export class ApiKeyNotValid extends /*#__PURE__*/ Schema.TaggedError<ApiKeyNotValid>()("ApiKeyNotValid", {
  code: tag("API_KEY_NOT_VALID"),
  status: Schema.Number,
  message: text("The API key is not valid."),
  details: Opaque
}) {
  static readonly code = "API_KEY_NOT_VALID"
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): ApiKeyNotValid => decodeWire(ApiKeyNotValid, wire)
}

/** API key expired (status 401). SPEC §8 */
export class ApiKeyExpired extends /*#__PURE__*/ Schema.TaggedError<ApiKeyExpired>()("ApiKeyExpired", {
  code: tag("API_KEY_EXPIRED"),
  status: status(401),
  message: text("This API key is past its expiry.")
}) {
  static readonly code = "API_KEY_EXPIRED"
  static readonly status = 401
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): ApiKeyExpired => decodeWire(ApiKeyExpired, wire)
}

/** API key revoked (status 401). SPEC §8 */
export class ApiKeyRevoked extends /*#__PURE__*/ Schema.TaggedError<ApiKeyRevoked>()("ApiKeyRevoked", {
  code: tag("API_KEY_REVOKED"),
  status: status(401),
  message: text("The API key was revoked.")
}) {
  static readonly code = "API_KEY_REVOKED"
  static readonly status = 401
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): ApiKeyRevoked => decodeWire(ApiKeyRevoked, wire)
}

/** API key not found (status 404). SPEC §8 */
export class ApiKeyNotFound extends /*#__PURE__*/ Schema.TaggedError<ApiKeyNotFound>()("ApiKeyNotFound", {
  code: tag("API_KEY_NOT_FOUND"),
  status: status(404),
  message: text("Unknown API key.")
}) {
  static readonly code = "API_KEY_NOT_FOUND"
  static readonly status = 404
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): ApiKeyNotFound => decodeWire(ApiKeyNotFound, wire)
}

/** The API key has the wrong type (status 400). SPEC §8 */
export class WrongApiKeyType extends /*#__PURE__*/ Schema.TaggedError<WrongApiKeyType>()("WrongApiKeyType", {
  code: tag("WRONG_API_KEY_TYPE"),
  status: status(400),
  message: text("This endpoint takes another type of API key."),
  details: details(
    { expectedType: Schema.String, actualType: Schema.String },
    { expectedType: "expected_type", actualType: "actual_type" }
  )
}) {
  static readonly code = "WRONG_API_KEY_TYPE"
  static readonly status = 400
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): WrongApiKeyType => decodeWire(WrongApiKeyType, wire)
}

/** A public API key cannot be revoked (status 400). SPEC §8 */
export class PublicApiKeyCannotBeRevoked extends /*#__PURE__*/ Schema.TaggedError<PublicApiKeyCannotBeRevoked>()("PublicApiKeyCannotBeRevoked", {
  code: tag("PUBLIC_API_KEY_CANNOT_BE_REVOKED"),
  status: status(400),
  message: text("Public API keys cannot be revoked here.")
}) {
  static readonly code = "PUBLIC_API_KEY_CANNOT_BE_REVOKED"
  static readonly status = 400
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): PublicApiKeyCannotBeRevoked =>
    decodeWire(PublicApiKeyCannotBeRevoked, wire)
}

/** E-mail template already exists (status 409). SPEC §8 */
export class EmailTemplateAlreadyExists extends /*#__PURE__*/ Schema.TaggedError<EmailTemplateAlreadyExists>()("EmailTemplateAlreadyExists", {
  code: tag("EMAIL_TEMPLATE_ALREADY_EXISTS"),
  status: status(409),
  message: text("The e-mail template exists already.")
}) {
  static readonly code = "EMAIL_TEMPLATE_ALREADY_EXISTS"
  static readonly status = 409
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): EmailTemplateAlreadyExists =>
    decodeWire(EmailTemplateAlreadyExists, wire)
}

/** Rendering the e-mail failed (status 400). SPEC §8 */
export class EmailRenderingError extends /*#__PURE__*/ Schema.TaggedError<EmailRenderingError>()("EmailRenderingError", {
  code: tag("EMAIL_RENDERING_ERROR"),
  status: status(400),
  message: text("The e-mail could not be rendered."),
  details: details({ error: Schema.String }, {})
}) {
  static readonly code = "EMAIL_RENDERING_ERROR"
  static readonly status = 400
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): EmailRenderingError =>
    decodeWire(EmailRenderingError, wire)
}

/** The action needs a custom e-mail server (status 400). SPEC §8 */
export class RequiresCustomEmailServer extends /*#__PURE__*/ Schema.TaggedError<RequiresCustomEmailServer>()("RequiresCustomEmailServer", {
  code: tag("REQUIRES_CUSTOM_EMAIL_SERVER"),
  status: status(400),
  message: text("Configure a custom e-mail server first.")
}) {
  static readonly code = "REQUIRES_CUSTOM_EMAIL_SERVER"
  static readonly status = 400
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): RequiresCustomEmailServer =>
    decodeWire(RequiresCustomEmailServer, wire)
}

/** The request body is unparsable (status 400). SPEC §8 */
export class BodyParsingError extends /*#__PURE__*/ Schema.TaggedError<BodyParsingError>()("BodyParsingError", {
  code: tag("BODY_PARSING_ERROR"),
  status: status(400),
  message: text("The request body could not be parsed.")
}) {
  static readonly code = "BODY_PARSING_ERROR"
  static readonly status = 400
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): BodyParsingError => decodeWire(BodyParsingError, wire)
}

/** The request fails the endpoint's schema (status 400). SPEC §8 */
export class SchemaError extends /*#__PURE__*/ Schema.TaggedError<SchemaError>()("SchemaError", {
  code: tag("SCHEMA_ERROR"),
  status: status(400),
  message: text("The request does not match the endpoint's schema."),
  details: details({ message: Schema.String }, {})
}) {
  static readonly code = "SCHEMA_ERROR"
  static readonly status = 400
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): SchemaError => decodeWire(SchemaError, wire)
}

/** Every overload of the endpoint rejected the request (status 400). SPEC §8 */
export class AllOverloadsFailed extends /*#__PURE__*/ Schema.TaggedError<AllOverloadsFailed>()("AllOverloadsFailed", {
  code: tag("ALL_OVERLOADS_FAILED"),
  status: status(400),
  message: text("No overload of this endpoint accepted the request."),
  details: details({ overloadErrors: Unknowns }, { overloadErrors: "overload_errors" })
}) {
  static readonly code = "ALL_OVERLOADS_FAILED"
  static readonly status = 400
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): AllOverloadsFailed =>
    decodeWire(AllOverloadsFailed, wire)
}

/** An error the service cannot express; `originalErrorCode` stays camelCase on the wire (status 500). SPEC §8 */
export class UnsupportedError extends /*#__PURE__*/ Schema.TaggedError<UnsupportedError>()("UnsupportedError", {
  code: tag("UNSUPPORTED_ERROR"),
  status: status(500),
  message: text("The service raised an error this protocol version cannot express."),
  details: details({ originalErrorCode: Schema.String }, {})
}) {
  static readonly code = "UNSUPPORTED_ERROR"
  static readonly status = 500
  /** This error from the service's answer: its message kept, details that do not fit dropped. */
  static readonly fromWire = (wire: WireKnownError): UnsupportedError => decodeWire(UnsupportedError, wire)
}

// -----------------------------------------------------------------------------------------------
// Families: an abstract error and everything that specialises it
// -----------------------------------------------------------------------------------------------

/** ProjectAuthenticationError and every error that specialises it. SPEC §8 */
export type ProjectAuthenticationErrorFamily =
  | ProjectAuthenticationError
  | InvalidProjectAuthenticationFamily
  | ProjectAuthenticationRequiredFamily
  | ExpectedInternalProject

/** InvalidProjectAuthentication and every error that specialises it. SPEC §8 */
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

/** InvalidAdminAccessToken and every error that specialises it. SPEC §8 */
export type InvalidAdminAccessTokenFamily =
  | InvalidAdminAccessToken
  | UnparsableAdminAccessToken
  | AdminAccessTokenExpired
  | InvalidProjectForAdminAccessToken
  | AdminAccessTokenIsNotAdmin

/** ProjectAuthenticationRequired and every error that specialises it. SPEC §8 */
export type ProjectAuthenticationRequiredFamily =
  | ProjectAuthenticationRequired
  | ClientAuthenticationRequired
  | ServerAuthenticationRequired
  | ClientOrServerAuthenticationRequired
  | ClientOrAdminAuthenticationRequired
  | ClientOrServerOrAdminAuthenticationRequired
  | AdminAuthenticationRequired

/** SessionAuthenticationError and every error that specialises it. SPEC §8 */
export type SessionAuthenticationErrorFamily =
  | SessionAuthenticationError
  | InvalidSessionAuthenticationFamily

/** InvalidSessionAuthentication and every error that specialises it. SPEC §8 */
export type InvalidSessionAuthenticationFamily =
  | InvalidSessionAuthentication
  | InvalidAccessTokenFamily

/** InvalidAccessToken and every error that specialises it. SPEC §8 */
export type InvalidAccessTokenFamily =
  | InvalidAccessToken
  | UnparsableAccessToken
  | AccessTokenExpired
  | InvalidProjectForAccessToken

/** RefreshTokenError and every error that specialises it. SPEC §8 */
export type RefreshTokenErrorFamily =
  | RefreshTokenError
  | RefreshTokenNotFoundOrExpired
  | CannotDeleteCurrentSession
  | ProviderRejected

/** PasswordRequirementsNotMet and every error that specialises it. SPEC §8 */
export type PasswordRequirementsNotMetFamily =
  | PasswordRequirementsNotMet
  | PasswordTooShort
  | PasswordTooLong

/** VerificationCodeError and every error that specialises it. SPEC §8 */
export type VerificationCodeErrorFamily =
  | VerificationCodeError
  | VerificationCodeNotFound
  | VerificationCodeExpired
  | VerificationCodeAlreadyUsed
  | VerificationCodeMaxAttemptsReached

/** ApiKeyNotValid and every error that specialises it. SPEC §8 */
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

/** A known error as the service sends it: the status, the `x-stack-known-error` code and the body. SPEC §8 */
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

/** Known errors SPEC §8 lists beyond the protocol package's exported catalogue. */
export const extras = [TeamAlreadyExists] as const satisfies ReadonlyArray<KnownErrorConstructor>

/** Any known error of the catalogue (the 109 of {@link all} and the {@link extras}). SPEC §8 */
export type KnownErrors = InstanceType<(typeof all)[number] | (typeof extras)[number]>
