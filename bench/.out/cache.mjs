// bench/cache.ts
import * as Layer12 from "effect/Layer";
import * as ManagedRuntime from "effect/ManagedRuntime";

// src/api/Auth.ts
import * as Effect13 from "effect/Effect";
import * as Schema11 from "effect/Schema";

// src/protocol/KnownErrors.ts
import * as Effect from "effect/Effect";
import * as Option from "effect/Option";
import * as Schema from "effect/Schema";
// @__NO_SIDE_EFFECTS__
function tag2(value7) {
  return Schema.tag(value7);
}
// @__NO_SIDE_EFFECTS__
function text(defaultMessage) {
  return Schema.String.pipe(Schema.withConstructorDefault(Effect.succeed(defaultMessage)));
}
// @__NO_SIDE_EFFECTS__
function details(fields, wire) {
  return Schema.optional(Schema.Struct(fields).pipe(Schema.encodeKeys(wire)));
}
var NullableString = /* @__PURE__ */ Schema.NullOr(Schema.String);
function decodeWire(cls, wire) {
  const props = {};
  if (typeof wire.message === "string" && wire.message !== "") props.message = wire.message;
  if (cls.status === void 0) props.status = wire.status;
  const schema = cls.fields.details;
  if (schema !== void 0) {
    const decode = Schema.decodeUnknownOption(schema);
    props.details = Option.getOrUndefined(decode(wire.details));
  }
  return new cls(props);
}
var CannotDeleteCurrentSession = class _CannotDeleteCurrentSession extends (/* @__PURE__ */ Schema.TaggedError()("CannotDeleteCurrentSession", {
  code: /* @__PURE__ */ tag2("CANNOT_DELETE_CURRENT_SESSION"),
  status: /* @__PURE__ */ tag2(400),
  message: /* @__PURE__ */ text("The current session cannot be deleted this way.")
})) {
  static code = "CANNOT_DELETE_CURRENT_SESSION";
  static status = 400;
  static fromWire = (wire) => decodeWire(_CannotDeleteCurrentSession, wire);
};
var UserWithEmailAlreadyExists = class _UserWithEmailAlreadyExists extends (/* @__PURE__ */ Schema.TaggedError()("UserWithEmailAlreadyExists", {
  code: /* @__PURE__ */ tag2("USER_EMAIL_ALREADY_EXISTS"),
  status: /* @__PURE__ */ tag2(409),
  message: /* @__PURE__ */ text("A user with this e-mail already exists."),
  details: /* @__PURE__ */ details(
    { email: Schema.String, wouldWorkIfEmailWasVerified: Schema.Boolean },
    { wouldWorkIfEmailWasVerified: "would_work_if_email_was_verified" }
  )
})) {
  static code = "USER_EMAIL_ALREADY_EXISTS";
  static status = 409;
  static fromWire = (wire) => decodeWire(_UserWithEmailAlreadyExists, wire);
};
var CannotGetOwnUserWithoutUser = class _CannotGetOwnUserWithoutUser extends (/* @__PURE__ */ Schema.TaggedError()("CannotGetOwnUserWithoutUser", {
  code: /* @__PURE__ */ tag2("CANNOT_GET_OWN_USER_WITHOUT_USER"),
  status: /* @__PURE__ */ tag2(400),
  message: /* @__PURE__ */ text("'me' was used without a signed-in user.")
})) {
  static code = "CANNOT_GET_OWN_USER_WITHOUT_USER";
  static status = 400;
  static fromWire = (wire) => decodeWire(_CannotGetOwnUserWithoutUser, wire);
};
var UserIdDoesNotExist = class _UserIdDoesNotExist extends (/* @__PURE__ */ Schema.TaggedError()("UserIdDoesNotExist", {
  code: /* @__PURE__ */ tag2("USER_ID_DOES_NOT_EXIST"),
  status: /* @__PURE__ */ tag2(400),
  message: /* @__PURE__ */ text("No user has this id."),
  details: /* @__PURE__ */ details({ userId: Schema.String }, { userId: "user_id" })
})) {
  static code = "USER_ID_DOES_NOT_EXIST";
  static status = 400;
  static fromWire = (wire) => decodeWire(_UserIdDoesNotExist, wire);
};
var UserNotFound = class _UserNotFound extends (/* @__PURE__ */ Schema.TaggedError()("UserNotFound", {
  code: /* @__PURE__ */ tag2("USER_NOT_FOUND"),
  status: /* @__PURE__ */ tag2(404),
  message: /* @__PURE__ */ text("No such user.")
})) {
  static code = "USER_NOT_FOUND";
  static status = 404;
  static fromWire = (wire) => decodeWire(_UserNotFound, wire);
};
var SignUpNotEnabled = class _SignUpNotEnabled extends (/* @__PURE__ */ Schema.TaggedError()("SignUpNotEnabled", {
  code: /* @__PURE__ */ tag2("SIGN_UP_NOT_ENABLED"),
  status: /* @__PURE__ */ tag2(400),
  message: /* @__PURE__ */ text("Creation of new accounts is not enabled for this project. Please ask the project owner to enable it.")
  // SPEC §8, verbatim
})) {
  static code = "SIGN_UP_NOT_ENABLED";
  static status = 400;
  static fromWire = (wire) => decodeWire(_SignUpNotEnabled, wire);
};
var PasswordAuthenticationNotEnabled = class _PasswordAuthenticationNotEnabled extends (/* @__PURE__ */ Schema.TaggedError()("PasswordAuthenticationNotEnabled", {
  code: /* @__PURE__ */ tag2("PASSWORD_AUTHENTICATION_NOT_ENABLED"),
  status: /* @__PURE__ */ tag2(400),
  message: /* @__PURE__ */ text("Password sign-in is turned off for this project.")
})) {
  static code = "PASSWORD_AUTHENTICATION_NOT_ENABLED";
  static status = 400;
  static fromWire = (wire) => decodeWire(_PasswordAuthenticationNotEnabled, wire);
};
var EmailPasswordMismatch = class _EmailPasswordMismatch extends (/* @__PURE__ */ Schema.TaggedError()("EmailPasswordMismatch", {
  code: /* @__PURE__ */ tag2("EMAIL_PASSWORD_MISMATCH"),
  status: /* @__PURE__ */ tag2(400),
  message: /* @__PURE__ */ text("Wrong e-mail or password.")
  // SPEC §8, verbatim
})) {
  static code = "EMAIL_PASSWORD_MISMATCH";
  static status = 400;
  static fromWire = (wire) => decodeWire(_EmailPasswordMismatch, wire);
};
var RedirectUrlNotWhitelisted = class _RedirectUrlNotWhitelisted extends (/* @__PURE__ */ Schema.TaggedError()("RedirectUrlNotWhitelisted", {
  code: /* @__PURE__ */ tag2("REDIRECT_URL_NOT_WHITELISTED"),
  status: /* @__PURE__ */ tag2(400),
  message: /* @__PURE__ */ text("The redirect URL is not on the project's trusted domains.")
})) {
  static code = "REDIRECT_URL_NOT_WHITELISTED";
  static status = 400;
  static fromWire = (wire) => decodeWire(_RedirectUrlNotWhitelisted, wire);
};
var PasswordTooShort = class _PasswordTooShort extends (/* @__PURE__ */ Schema.TaggedError()("PasswordTooShort", {
  code: /* @__PURE__ */ tag2("PASSWORD_TOO_SHORT"),
  status: /* @__PURE__ */ tag2(400),
  message: /* @__PURE__ */ text("The password is too short."),
  details: /* @__PURE__ */ details({ minLength: Schema.Number }, { minLength: "min_length" })
})) {
  static code = "PASSWORD_TOO_SHORT";
  static status = 400;
  static fromWire = (wire) => decodeWire(_PasswordTooShort, wire);
};
var PasswordTooLong = class _PasswordTooLong extends (/* @__PURE__ */ Schema.TaggedError()("PasswordTooLong", {
  code: /* @__PURE__ */ tag2("PASSWORD_TOO_LONG"),
  status: /* @__PURE__ */ tag2(400),
  message: /* @__PURE__ */ text("The password is too long."),
  details: /* @__PURE__ */ details({ maxLength: Schema.Number }, {})
})) {
  static code = "PASSWORD_TOO_LONG";
  static status = 400;
  static fromWire = (wire) => decodeWire(_PasswordTooLong, wire);
};
var VerificationCodeNotFound = class _VerificationCodeNotFound extends (/* @__PURE__ */ Schema.TaggedError()("VerificationCodeNotFound", {
  code: /* @__PURE__ */ tag2("VERIFICATION_CODE_NOT_FOUND"),
  status: /* @__PURE__ */ tag2(404),
  message: /* @__PURE__ */ text("Unknown verification code.")
})) {
  static code = "VERIFICATION_CODE_NOT_FOUND";
  static status = 404;
  static fromWire = (wire) => decodeWire(_VerificationCodeNotFound, wire);
};
var VerificationCodeExpired = class _VerificationCodeExpired extends (/* @__PURE__ */ Schema.TaggedError()("VerificationCodeExpired", {
  code: /* @__PURE__ */ tag2("VERIFICATION_CODE_EXPIRED"),
  status: /* @__PURE__ */ tag2(400),
  message: /* @__PURE__ */ text("The verification code is no longer valid.")
})) {
  static code = "VERIFICATION_CODE_EXPIRED";
  static status = 400;
  static fromWire = (wire) => decodeWire(_VerificationCodeExpired, wire);
};
var VerificationCodeAlreadyUsed = class _VerificationCodeAlreadyUsed extends (/* @__PURE__ */ Schema.TaggedError()("VerificationCodeAlreadyUsed", {
  code: /* @__PURE__ */ tag2("VERIFICATION_CODE_ALREADY_USED"),
  status: /* @__PURE__ */ tag2(409),
  message: /* @__PURE__ */ text("The verification link has already been used.")
  // SPEC §8, verbatim
})) {
  static code = "VERIFICATION_CODE_ALREADY_USED";
  static status = 409;
  static fromWire = (wire) => decodeWire(_VerificationCodeAlreadyUsed, wire);
};
var VerificationCodeMaxAttemptsReached = class _VerificationCodeMaxAttemptsReached extends (/* @__PURE__ */ Schema.TaggedError()("VerificationCodeMaxAttemptsReached", {
  code: /* @__PURE__ */ tag2("VERIFICATION_CODE_MAX_ATTEMPTS_REACHED"),
  status: /* @__PURE__ */ tag2(400),
  message: /* @__PURE__ */ text("Too many attempts with this verification code.")
})) {
  static code = "VERIFICATION_CODE_MAX_ATTEMPTS_REACHED";
  static status = 400;
  static fromWire = (wire) => decodeWire(_VerificationCodeMaxAttemptsReached, wire);
};
var EmailAlreadyVerified = class _EmailAlreadyVerified extends (/* @__PURE__ */ Schema.TaggedError()("EmailAlreadyVerified", {
  code: /* @__PURE__ */ tag2("EMAIL_ALREADY_VERIFIED"),
  status: /* @__PURE__ */ tag2(409),
  message: /* @__PURE__ */ text("This e-mail is verified already.")
})) {
  static code = "EMAIL_ALREADY_VERIFIED";
  static status = 409;
  static fromWire = (wire) => decodeWire(_EmailAlreadyVerified, wire);
};
var MultiFactorAuthenticationRequired = class _MultiFactorAuthenticationRequired extends (/* @__PURE__ */ Schema.TaggedError()("MultiFactorAuthenticationRequired", {
  code: /* @__PURE__ */ tag2("MULTI_FACTOR_AUTHENTICATION_REQUIRED"),
  status: /* @__PURE__ */ tag2(400),
  message: /* @__PURE__ */ text("A second factor is required to sign in."),
  details: /* @__PURE__ */ details({ attemptCode: Schema.String }, { attemptCode: "attempt_code" })
})) {
  static code = "MULTI_FACTOR_AUTHENTICATION_REQUIRED";
  static status = 400;
  static fromWire = (wire) => decodeWire(_MultiFactorAuthenticationRequired, wire);
};
var InvalidTotpCode = class _InvalidTotpCode extends (/* @__PURE__ */ Schema.TaggedError()("InvalidTotpCode", {
  code: /* @__PURE__ */ tag2("INVALID_TOTP_CODE"),
  status: /* @__PURE__ */ tag2(400),
  message: /* @__PURE__ */ text("The TOTP code is invalid. Please try again.")
  // SPEC §8, verbatim
})) {
  static code = "INVALID_TOTP_CODE";
  static status = 400;
  static fromWire = (wire) => decodeWire(_InvalidTotpCode, wire);
};
var UserAuthenticationRequired = class _UserAuthenticationRequired extends (/* @__PURE__ */ Schema.TaggedError()("UserAuthenticationRequired", {
  code: /* @__PURE__ */ tag2("USER_AUTHENTICATION_REQUIRED"),
  status: /* @__PURE__ */ tag2(401),
  message: /* @__PURE__ */ text("A signed-in user is required.")
})) {
  static code = "USER_AUTHENTICATION_REQUIRED";
  static status = 401;
  static fromWire = (wire) => decodeWire(_UserAuthenticationRequired, wire);
};
var ContactChannelAlreadyUsedForAuthBySomeoneElse = class _ContactChannelAlreadyUsedForAuthBySomeoneElse extends (/* @__PURE__ */ Schema.TaggedError()("ContactChannelAlreadyUsedForAuthBySomeoneElse", {
  code: /* @__PURE__ */ tag2("CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE"),
  status: /* @__PURE__ */ tag2(409),
  message: /* @__PURE__ */ text("Another account already signs in with this contact channel."),
  details: /* @__PURE__ */ details(
    { type: Schema.String, contactChannelValue: NullableString, wouldWorkIfEmailWasVerified: Schema.Boolean },
    { contactChannelValue: "contact_channel_value", wouldWorkIfEmailWasVerified: "would_work_if_email_was_verified" }
  )
})) {
  static code = "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE";
  static status = 409;
  static fromWire = (wire) => decodeWire(_ContactChannelAlreadyUsedForAuthBySomeoneElse, wire);
};
var TeamNotFound = class _TeamNotFound extends (/* @__PURE__ */ Schema.TaggedError()("TeamNotFound", {
  code: /* @__PURE__ */ tag2("TEAM_NOT_FOUND"),
  status: /* @__PURE__ */ tag2(404),
  message: /* @__PURE__ */ text("No such team."),
  details: /* @__PURE__ */ details({ teamId: Schema.String }, { teamId: "team_id" })
})) {
  static code = "TEAM_NOT_FOUND";
  static status = 404;
  static fromWire = (wire) => decodeWire(_TeamNotFound, wire);
};
var TeamMembershipNotFound = class _TeamMembershipNotFound extends (/* @__PURE__ */ Schema.TaggedError()("TeamMembershipNotFound", {
  code: /* @__PURE__ */ tag2("TEAM_MEMBERSHIP_NOT_FOUND"),
  status: /* @__PURE__ */ tag2(404),
  message: /* @__PURE__ */ text("The user is not a member of the team."),
  details: /* @__PURE__ */ details({ teamId: Schema.String, userId: Schema.String }, { teamId: "team_id", userId: "user_id" })
})) {
  static code = "TEAM_MEMBERSHIP_NOT_FOUND";
  static status = 404;
  static fromWire = (wire) => decodeWire(_TeamMembershipNotFound, wire);
};
var TeamPermissionRequired = class _TeamPermissionRequired extends (/* @__PURE__ */ Schema.TaggedError()("TeamPermissionRequired", {
  code: /* @__PURE__ */ tag2("TEAM_PERMISSION_REQUIRED"),
  status: /* @__PURE__ */ tag2(401),
  message: /* @__PURE__ */ text("The user lacks a required team permission."),
  details: /* @__PURE__ */ details(
    { teamId: Schema.String, userId: Schema.String, permissionId: Schema.String },
    { teamId: "team_id", userId: "user_id", permissionId: "permission_id" }
  )
})) {
  static code = "TEAM_PERMISSION_REQUIRED";
  static status = 401;
  static fromWire = (wire) => decodeWire(_TeamPermissionRequired, wire);
};
var SchemaError = class _SchemaError extends (/* @__PURE__ */ Schema.TaggedError()("SchemaError", {
  code: /* @__PURE__ */ tag2("SCHEMA_ERROR"),
  status: /* @__PURE__ */ tag2(400),
  message: /* @__PURE__ */ text("The request does not match the endpoint's schema."),
  details: /* @__PURE__ */ details({ message: Schema.String }, {})
})) {
  static code = "SCHEMA_ERROR";
  static status = 400;
  static fromWire = (wire) => decodeWire(_SchemaError, wire);
};

// src/protocol/schemas/Auth.ts
import * as Schema2 from "effect/Schema";
var SignInTokens = Schema2.Struct({
  accessToken: Schema2.String,
  refreshToken: Schema2.String,
  userId: Schema2.optional(Schema2.String),
  isNewUser: Schema2.optional(Schema2.Boolean)
}).pipe(Schema2.encodeKeys({
  accessToken: "access_token",
  refreshToken: "refresh_token",
  userId: "user_id",
  isNewUser: "is_new_user"
}));
var SendSignInCodeResponse = Schema2.Struct({ nonce: Schema2.String });

// src/session/Session.ts
import * as Context5 from "effect/Context";
import * as Effect10 from "effect/Effect";
import * as Layer4 from "effect/Layer";
import * as PubSub from "effect/PubSub";
import * as Redacted5 from "effect/Redacted";
import * as Ref2 from "effect/Ref";
import * as Schema8 from "effect/Schema";
import * as Semaphore from "effect/Semaphore";
import * as Stream from "effect/Stream";
import * as SubscriptionRef from "effect/SubscriptionRef";

// src/protocol/KnownError.ts
import * as Schema3 from "effect/Schema";
var WireBody = Schema3.Struct({
  code: Schema3.String,
  error: Schema3.optional(Schema3.String),
  details: Schema3.optional(Schema3.Unknown)
});
var KnownError = class extends Schema3.TaggedError()("KnownError", {
  code: Schema3.String,
  status: Schema3.Number,
  message: Schema3.String,
  details: Schema3.optional(Schema3.Unknown)
}) {
};
var UnknownErrorCode = class extends Schema3.TaggedError()("UnknownErrorCode", {
  code: Schema3.String,
  status: Schema3.Number,
  message: Schema3.String,
  details: Schema3.optional(Schema3.Unknown)
}) {
  /** Advice for the developer. */
  get hint() {
    return `The service answered with the error code ${this.code}, which this version of stack-auth-effect does not know. Update stack-auth-effect to handle it.`;
  }
};
var KnownErrorCodeMismatch = class extends Schema3.TaggedError()("KnownErrorCodeMismatch", {
  headerCode: Schema3.String,
  bodyCode: Schema3.String
}) {
  get message() {
    return `Known-error header code ${this.headerCode} differs from the body code ${this.bodyCode}`;
  }
};

// src/transport/Call.ts
import * as Effect4 from "effect/Effect";
import * as Schema6 from "effect/Schema";
import * as SchemaIssue from "effect/SchemaIssue";

// src/protocol/KnownErrorCodes.ts
var codes = /* @__PURE__ */ new Set([
  // Project and access
  "TEAM_ALREADY_EXISTS",
  // SPEC §8; not in the protocol package's exported catalogue
  "PROJECT_AUTHENTICATION_ERROR",
  "INVALID_PROJECT_AUTHENTICATION",
  "PROJECT_KEY_WITHOUT_ACCESS_TYPE",
  "INVALID_ACCESS_TYPE",
  "ACCESS_TYPE_WITHOUT_PROJECT_ID",
  "ACCESS_TYPE_REQUIRED",
  "INSUFFICIENT_ACCESS_TYPE",
  "INVALID_PUBLISHABLE_CLIENT_KEY",
  "INVALID_SECRET_SERVER_KEY",
  "INVALID_SUPER_SECRET_ADMIN_KEY",
  "INVALID_ADMIN_ACCESS_TOKEN",
  "UNPARSABLE_ADMIN_ACCESS_TOKEN",
  "ADMIN_ACCESS_TOKEN_EXPIRED",
  "INVALID_PROJECT_FOR_ADMIN_ACCESS_TOKEN",
  "ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN",
  "PROJECT_AUTHENTICATION_REQUIRED",
  "CLIENT_AUTHENTICATION_REQUIRED",
  "SERVER_AUTHENTICATION_REQUIRED",
  "CLIENT_OR_SERVER_AUTHENTICATION_REQUIRED",
  "CLIENT_OR_ADMIN_AUTHENTICATION_REQUIRED",
  "CLIENT_OR_SERVER_OR_ADMIN_AUTHENTICATION_REQUIRED",
  "ADMIN_AUTHENTICATION_REQUIRED",
  "EXPECTED_INTERNAL_PROJECT",
  // Session
  "SESSION_AUTHENTICATION_ERROR",
  "INVALID_SESSION_AUTHENTICATION",
  "INVALID_ACCESS_TOKEN",
  "UNPARSABLE_ACCESS_TOKEN",
  "ACCESS_TOKEN_EXPIRED",
  "INVALID_PROJECT_FOR_ACCESS_TOKEN",
  "REFRESH_TOKEN_ERROR",
  "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED",
  "CANNOT_DELETE_CURRENT_SESSION",
  "PROVIDER_REJECTED",
  // Users and sign-in
  "USER_EMAIL_ALREADY_EXISTS",
  "EMAIL_NOT_VERIFIED",
  "CANNOT_GET_OWN_USER_WITHOUT_USER",
  "USER_ID_DOES_NOT_EXIST",
  "USER_NOT_FOUND",
  "PROJECT_NOT_FOUND",
  "CURRENT_PROJECT_NOT_FOUND",
  "BRANCH_DOES_NOT_EXIST",
  "SIGN_UP_NOT_ENABLED",
  "PASSWORD_AUTHENTICATION_NOT_ENABLED",
  "PASSKEY_AUTHENTICATION_NOT_ENABLED",
  "ANONYMOUS_ACCOUNTS_NOT_ENABLED",
  "EMAIL_PASSWORD_MISMATCH",
  "REDIRECT_URL_NOT_WHITELISTED",
  "PASSWORD_REQUIREMENTS_NOT_MET",
  "PASSWORD_TOO_SHORT",
  "PASSWORD_TOO_LONG",
  "USER_DOES_NOT_HAVE_PASSWORD",
  "VERIFICATION_ERROR",
  "VERIFICATION_CODE_NOT_FOUND",
  "VERIFICATION_CODE_EXPIRED",
  "VERIFICATION_CODE_ALREADY_USED",
  "VERIFICATION_CODE_MAX_ATTEMPTS_REACHED",
  "PASSWORD_CONFIRMATION_MISMATCH",
  "EMAIL_ALREADY_VERIFIED",
  "EMAIL_NOT_ASSOCIATED_WITH_USER",
  "EMAIL_IS_NOT_PRIMARY_EMAIL",
  "PASSKEY_REGISTRATION_FAILED",
  "PASSKEY_WEBAUTHN_ERROR",
  "PASSKEY_AUTHENTICATION_FAILED",
  "MULTI_FACTOR_AUTHENTICATION_REQUIRED",
  "INVALID_TOTP_CODE",
  "USER_AUTHENTICATION_REQUIRED",
  "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE",
  // Permissions and teams
  "PERMISSION_NOT_FOUND",
  "WRONG_PERMISSION_SCOPE",
  "CONTAINED_PERMISSION_NOT_FOUND",
  "PERMISSION_ID_ALREADY_EXISTS",
  "TEAM_NOT_FOUND",
  "TEAM_MEMBERSHIP_NOT_FOUND",
  "TEAM_MEMBERSHIP_ALREADY_EXISTS",
  "PROJECT_PERMISSION_REQUIRED",
  "TEAM_PERMISSION_REQUIRED",
  "TEAM_PERMISSION_NOT_FOUND",
  // OAuth
  "OAUTH_CONNECTION_NOT_CONNECTED_TO_USER",
  "OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE",
  "OAUTH_CONNECTION_ALREADY_CONNECTED_TO_ANOTHER_USER",
  "OAUTH_EXTRA_SCOPE_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS",
  "OAUTH_ACCESS_TOKEN_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS",
  "INVALID_OAUTH_CLIENT_ID_OR_SECRET",
  "INVALID_SCOPE",
  "INVALID_AUTHORIZATION_CODE",
  "INVALID_SHARED_OAUTH_PROVIDER_ID",
  "INVALID_STANDARD_OAUTH_PROVIDER_ID",
  "USER_ALREADY_CONNECTED_TO_ANOTHER_OAUTH_CONNECTION",
  "OUTER_OAUTH_TIMEOUT",
  "OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED",
  "OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN",
  "OAUTH_PROVIDER_ACCESS_DENIED",
  // Other
  "INVALID_POLLING_CODE",
  "CLI_AUTH_ERROR",
  "CLI_AUTH_EXPIRED_ERROR",
  "CLI_AUTH_USED_ERROR",
  "API_KEY_NOT_VALID",
  "API_KEY_EXPIRED",
  "API_KEY_REVOKED",
  "API_KEY_NOT_FOUND",
  "WRONG_API_KEY_TYPE",
  "PUBLIC_API_KEY_CANNOT_BE_REVOKED",
  "EMAIL_TEMPLATE_ALREADY_EXISTS",
  "EMAIL_RENDERING_ERROR",
  "REQUIRES_CUSTOM_EMAIL_SERVER",
  "BODY_PARSING_ERROR",
  "SCHEMA_ERROR",
  "ALL_OVERLOADS_FAILED",
  "UNSUPPORTED_ERROR"
]);

// src/transport/StackHttp.ts
import * as Clock from "effect/Clock";
import * as Context2 from "effect/Context";
import * as Duration from "effect/Duration";
import * as Effect3 from "effect/Effect";
import * as Layer2 from "effect/Layer";
import * as Random from "effect/Random";
import * as Redacted from "effect/Redacted";

// src/protocol/Headers.ts
var projectId = "x-stack-project-id";
var accessType = "x-stack-access-type";
var clientVersion = "x-stack-client-version";
var publishableClientKey = "x-stack-publishable-client-key";
var secretServerKey = "x-stack-secret-server-key";
var superSecretAdminKey = "x-stack-super-secret-admin-key";
var adminAccessToken = "x-stack-admin-access-token";
var accessToken = "x-stack-access-token";
var refreshToken = "x-stack-refresh-token";
var randomNonce = "x-stack-random-nonce";
var overrideErrorStatus = "x-stack-override-error-status";
var actualStatus = "x-stack-actual-status";
var knownError = "x-stack-known-error";
var allowAnonymousUser = "x-stack-allow-anonymous-user";

// src/protocol/Nonce.ts
var alphabet = "0123456789abcdefghjkmnpqrstvwxyz";
var nonceBits = 224;
var toCrockfordBase32 = (bytes) => {
  let out = "";
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = buffer << 8 | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[buffer >>> bits - 5 & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += alphabet[buffer << 5 - bits & 31];
  return out;
};
var nonceBytes = nonceBits / 8;
var poolNonces = 64;
var pool = new Uint8Array(0);
var next = 0;
var make = () => {
  if (next + nonceBytes > pool.length) {
    pool = globalThis.crypto.getRandomValues(new Uint8Array(nonceBytes * poolNonces));
    next = 0;
  }
  const bytes = pool.subarray(next, next + nonceBytes);
  next += nonceBytes;
  return toCrockfordBase32(bytes);
};

// src/protocol/Version.ts
var packageVersion = "0.1.0";
var clientVersion2 = `js stack-auth-effect@${packageVersion}`;

// src/transport/HttpTransport.ts
import * as Context from "effect/Context";
import * as Effect2 from "effect/Effect";
import * as Layer from "effect/Layer";
import * as Schema4 from "effect/Schema";
var TransportFailure = class extends Schema4.TaggedError()("TransportFailure", {
  reason: Schema4.String
}) {
};
var describe = (cause) => cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
var readWhole = (response) => response.text().then((text2) => ({ response, text: text2 }));
var fromFetch = (fetch2) => ({
  send: (request) => Effect2.tryPromise({
    try: (signal) => fetch2(request, { signal }),
    catch: (cause) => new TransportFailure({ reason: describe(cause) })
  }),
  exchange: (url, init) => Effect2.tryPromise({
    try: (signal) => fetch2(url, { ...init, signal }).then(readWhole),
    catch: (cause) => new TransportFailure({ reason: describe(cause) })
  })
});
var HttpTransport = Context.Reference(
  "stack-auth-effect/transport/HttpTransport",
  { defaultValue: () => fromFetch((input, init) => globalThis.fetch(input, init)) }
);

// src/transport/TransportErrors.ts
import * as Schema5 from "effect/Schema";
var DiagnosticProbe = Schema5.Struct({
  name: Schema5.String,
  url: Schema5.String,
  result: Schema5.String
});
var StackConnectionError = class extends Schema5.TaggedError()("StackConnectionError", {
  method: Schema5.String,
  path: Schema5.String,
  reason: Schema5.String,
  attempts: Schema5.Number,
  diagnostics: Schema5.Array(DiagnosticProbe)
}) {
  get message() {
    return `Unable to connect to the service (${this.method} ${this.path} after ${this.attempts} attempt(s)): ${this.reason}`;
  }
};
var StackOfflineError = class extends Schema5.TaggedError()("StackOfflineError", {
  method: Schema5.String,
  path: Schema5.String
}) {
  get message() {
    return "You are offline";
  }
};
var StackHttpError = class extends Schema5.TaggedError()("StackHttpError", {
  method: Schema5.String,
  path: Schema5.String,
  status: Schema5.Number,
  body: Schema5.String
}) {
  get message() {
    return `${this.method} ${this.path} answered HTTP ${this.status}: ${this.body.slice(0, 200)}`;
  }
};
var StackDecodeError = class extends Schema5.TaggedError()("StackDecodeError", {
  method: Schema5.String,
  path: Schema5.String,
  issue: Schema5.String
}) {
  get message() {
    return `Unexpected response from ${this.method} ${this.path}: ${this.issue}`;
  }
};
var StackTimeoutError = class extends Schema5.TaggedError()("StackTimeoutError", {
  method: Schema5.String,
  path: Schema5.String,
  timeoutMillis: Schema5.Number
}) {
  get message() {
    return `${this.method} ${this.path} did not answer within ${this.timeoutMillis} ms`;
  }
};
var StackConfigError = class extends Schema5.TaggedError()("StackConfigError", {
  reason: Schema5.String
}) {
  get message() {
    return this.reason;
  }
};

// src/transport/StackHttp.ts
var retryPolicy = {
  attempts: 5,
  baseDelayMillis: 1e3,
  jitterMin: 0.5,
  jitterMax: 1.5
};
var idempotentMethods = /* @__PURE__ */ new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE"]);
var probeTimeoutMillis = 3e3;
var diagnosticsProbes = (baseUrl) => [
  { name: "apiHealth", url: `${new URL(baseUrl).origin}/health` },
  { name: "hostedServiceHealth", url: "https://api.stack-auth.com/health" },
  { name: "publicTrace", url: "https://1.1.1.1/cdn-cgi/trace" }
];
var StackHttp = class extends Context2.Service()("stack-auth-effect/transport/StackHttp") {
};
var looksLikeBrowser = () => typeof globalThis.window !== "undefined" && typeof globalThis.document !== "undefined";
var isOffline = () => globalThis.navigator?.onLine === false;
var validate = (options) => {
  const { accessType: accessType2, config: config2 } = options;
  const fail8 = (reason) => Effect3.fail(new StackConfigError({ reason }));
  if (config2.projectId.length === 0) return fail8("A project id is required");
  if ((accessType2 === "server" || accessType2 === "admin") && looksLikeBrowser() && !options.allowSecretKeysInBrowser) {
    if (config2.secretServerKey !== void 0 || config2.superSecretAdminKey !== void 0) {
      return fail8("A secret server key or admin key must never be used in a browser: use the client app there");
    }
  }
  if (accessType2 === "server" && config2.secretServerKey === void 0) {
    return fail8("Server access needs a secret server key");
  }
  return Effect3.void;
};
var buildHeaders = (config2, accessType2, request) => {
  const headers = { ...config2.extraRequestHeaders };
  headers[overrideErrorStatus] = "true";
  headers[projectId] = config2.projectId;
  headers[accessType] = accessType2;
  headers[clientVersion] = clientVersion2;
  headers[allowAnonymousUser] = "true";
  if (config2.publishableClientKey !== void 0) headers[publishableClientKey] = config2.publishableClientKey;
  if (accessType2 !== "client" && config2.secretServerKey !== void 0) {
    headers[secretServerKey] = Redacted.value(config2.secretServerKey);
  }
  if (accessType2 === "admin" && config2.superSecretAdminKey !== void 0) {
    headers[superSecretAdminKey] = Redacted.value(config2.superSecretAdminKey);
  }
  if (request.tokens?.accessToken !== void 0) headers[accessToken] = Redacted.value(request.tokens.accessToken);
  if (request.tokens?.refreshToken !== void 0) headers[refreshToken] = Redacted.value(request.tokens.refreshToken);
  if (request.adminAccessToken !== void 0) headers[adminAccessToken] = Redacted.value(request.adminAccessToken);
  headers[randomNonce] = make();
  if (request.body !== void 0) headers["content-type"] = "application/json";
  return headers;
};
var buildUrl = (config2, request) => {
  let url = `${config2.baseUrl}/api/v1${request.path}`;
  if (url.endsWith("/")) url = url.slice(0, -1);
  if (request.query !== void 0) {
    const params = new URLSearchParams();
    for (const [key, value7] of Object.entries(request.query)) {
      if (value7 !== void 0) params.set(key, String(value7));
    }
    const search = params.toString();
    if (search.length > 0) url += `?${search}`;
  }
  return url;
};
var parseJson = (text2) => {
  if (text2.length === 0) return { ok: true, value: void 0 };
  try {
    return { ok: true, value: JSON.parse(text2) };
  } catch {
    return { ok: false };
  }
};
var retryAfterMillis = (value7, nowMillis) => {
  if (value7 === null) return void 0;
  const seconds2 = Number(value7);
  if (Number.isFinite(seconds2) && seconds2 >= 0) return seconds2 * 1e3;
  const date = Date.parse(value7);
  return Number.isNaN(date) ? void 0 : Math.max(0, date - nowMillis);
};
var readText = async (response, signal) => {
  if (response.body === null) return "";
  const reader = response.body.getReader();
  const cancel = () => void reader.cancel().catch(() => {
  });
  signal.addEventListener("abort", cancel, { once: true });
  try {
    const decoder = new TextDecoder();
    let text2 = "";
    for (; ; ) {
      const { done: done3, value: value7 } = await reader.read();
      if (done3) return text2 + decoder.decode();
      text2 += decoder.decode(value7, { stream: true });
    }
  } finally {
    signal.removeEventListener("abort", cancel);
  }
};
var readResponse = (method, path2, response, networkFailure) => Effect3.tryPromise({
  try: (signal) => readText(response, signal),
  catch: (cause) => String(cause)
}).pipe(
  Effect3.catch(networkFailure),
  Effect3.flatMap((text2) => interpret(method, path2, response, text2))
);
var interpret = (method, path2, response, text2) => {
  const actual = response.headers.get(actualStatus);
  const status = actual !== null && /^\d{3}$/.test(actual) ? Number(actual) : response.status;
  const annotated = Effect3.annotateCurrentSpan("http.status_code", status);
  const headerCode = response.headers.get(knownError);
  if (headerCode === null && status >= 200 && status < 300) {
    const parsed = parseJson(text2);
    return Effect3.andThen(
      annotated,
      parsed.ok ? Effect3.succeed({ status, headers: response.headers, body: parsed.value }) : Effect3.fail(new StackDecodeError({ method, path: path2, issue: "the body is not JSON" }))
    );
  }
  return Effect3.andThen(annotated, unsuccessful(method, path2, response, status, headerCode, text2));
};
var unsuccessful = (method, path2, response, status, headerCode, text2) => Effect3.gen(function* () {
  if (headerCode !== null) {
    const parsed = parseJson(text2);
    const body = parsed.ok ? parsed.value : void 0;
    if (body === void 0 || typeof body !== "object" || body === null || typeof body.code !== "string") {
      return yield* new StackDecodeError({ method, path: path2, issue: `known error ${headerCode} with a body that is not {code, error, details}` });
    }
    if (body.code !== headerCode) return yield* Effect3.die(new KnownErrorCodeMismatch({ headerCode, bodyCode: body.code }));
    return yield* new KnownError({
      code: body.code,
      status,
      message: typeof body.error === "string" ? body.error : body.code,
      details: body.details
    });
  }
  const error = new StackHttpError({ method, path: path2, status, body: text2.slice(0, 2e3) });
  if (status === 429) {
    const waitMillis = retryAfterMillis(response.headers.get("retry-after"), yield* Clock.currentTimeMillis);
    return yield* Effect3.fail({ _tag: "Retry", retry: { _tag: "Status", error, waitMillis } });
  }
  if (status === 508 && text2.includes("INFINITE_LOOP_DETECTED")) {
    return yield* Effect3.fail({ _tag: "Retry", retry: { _tag: "Status", error, waitMillis: void 0 } });
  }
  return yield* error;
});
var runDiagnostics = (baseUrl) => Effect3.gen(function* () {
  const transport = yield* HttpTransport;
  return yield* Effect3.forEach(diagnosticsProbes(baseUrl), (probe) => transport.send(new Request(probe.url, { method: "GET" })).pipe(
    Effect3.map((response) => response.ok ? "OK" : `HTTP ${response.status}`),
    Effect3.catch((failure) => Effect3.succeed(failure.reason)),
    Effect3.timeoutOrElse({ duration: probeTimeoutMillis, orElse: () => Effect3.succeed("timed out") }),
    Effect3.map((result3) => ({ ...probe, result: result3 }))
  ), { concurrency: "unbounded" });
});
var make2 = (options) => (
  // checked when the pipeline is built (not when the Layer value is created): that is where it runs
  Effect3.map(Effect3.suspend(() => validate(options)), () => {
    const { accessType: accessType2, config: config2 } = options;
    const connectionError = (method, path2, reason, attempts) => Effect3.gen(function* () {
      if (isOffline()) return yield* new StackOfflineError({ method, path: path2 });
      const diagnostics = yield* runDiagnostics(config2.baseUrl);
      return yield* new StackConnectionError({ method, path: path2, reason, attempts, diagnostics });
    });
    const execute = (request) => {
      const { method, path: path2 } = request;
      const idempotent = idempotentMethods.has(method);
      const url = buildUrl(config2, request);
      const body = request.body === void 0 ? void 0 : JSON.stringify(request.body);
      const networkFailure = (reason) => idempotent ? Effect3.fail({ _tag: "Retry", retry: { _tag: "Network", reason } }) : connectionError(method, path2, reason, 1);
      const lost = (failure) => networkFailure(failure.reason);
      const attemptOnce = Effect3.flatMap(HttpTransport, (transport) => {
        const init = {
          method,
          headers: buildHeaders(config2, accessType2, request),
          ...body === void 0 ? {} : { body },
          credentials: "omit"
        };
        return transport.exchange !== void 0 ? Effect3.flatMap(
          Effect3.catch(transport.exchange(url, init), lost),
          (exchange) => interpret(method, path2, exchange.response, exchange.text)
        ) : Effect3.flatMap(
          Effect3.catch(transport.send(new Request(url, init)), lost),
          (response) => readResponse(method, path2, response, networkFailure)
        );
      });
      const timed = request.timeout === void 0 ? attemptOnce : attemptOnce.pipe(Effect3.timeoutOrElse({
        duration: request.timeout,
        orElse: () => Effect3.fail(new StackTimeoutError({ method, path: path2, timeoutMillis: Duration.toMillis(Duration.fromInputUnsafe(request.timeout)) }))
      }));
      const loop = (attempt) => timed.pipe(Effect3.catch((failure) => {
        if (failure._tag !== "Retry") return Effect3.fail(failure);
        const retry = failure.retry;
        if (attempt + 1 >= retryPolicy.attempts) {
          return retry._tag === "Network" ? connectionError(method, path2, retry.reason, attempt + 1) : Effect3.fail(retry.error);
        }
        const wait = retry._tag === "Status" && retry.waitMillis !== void 0 ? Effect3.succeed(retry.waitMillis) : Effect3.map(
          Random.nextBetween(retryPolicy.jitterMin, retryPolicy.jitterMax),
          (jitter) => jitter * retryPolicy.baseDelayMillis * 2 ** attempt
        );
        return wait.pipe(
          Effect3.flatMap((millis) => Effect3.sleep(millis)),
          Effect3.andThen(loop(attempt + 1))
        );
      }));
      return Effect3.annotateCurrentSpan({ "http.method": method, "http.path": path2 }).pipe(
        Effect3.andThen(loop(0))
      );
    };
    return { config: config2, accessType: accessType2, execute };
  })
);
var layer = (options) => Layer2.effect(StackHttp, make2(options));

// src/transport/Call.ts
var formatIssue = SchemaIssue.makeFormatterDefault();
var decodeBody = (schema, request, body) => Schema6.decodeUnknownEffect(schema)(body).pipe(
  Effect4.mapError(
    (error) => new StackDecodeError({ method: request.method, path: request.path, issue: formatIssue(error.issue) })
  )
);
var refineKnownError = (errors, error) => {
  for (const constructor of errors) {
    if (constructor.code === error.code) {
      return constructor.fromWire({ status: error.status, code: error.code, message: error.message, details: error.details });
    }
  }
  if (codes.has(error.code)) return error;
  return new UnknownErrorCode({ code: error.code, status: error.status, message: error.message, details: error.details });
};
var run = (execute, options) => execute(options).pipe(
  Effect4.catch(
    (error) => Effect4.fail(error instanceof KnownError ? refineKnownError(options.errors, error) : error)
  ),
  Effect4.flatMap((response) => decodeBody(options.response, options, response.body))
);
var call = (options) => StackHttp.use((http) => run(http.execute, options));

// src/session/AccessToken.ts
import * as Clock2 from "effect/Clock";
import * as Effect5 from "effect/Effect";
import * as Redacted2 from "effect/Redacted";
import * as Schema7 from "effect/Schema";
import { decodeJwt } from "jose/jwt/decode";
var InvalidTokenValue = class extends Schema7.TaggedError()("InvalidTokenValue", {
  kind: Schema7.Literals(["access", "refresh"])
}) {
  get message() {
    return `The ${this.kind} token is the text 'undefined'; a real token is never that value`;
  }
};
var isRejectedValue = (value7) => value7 === "undefined";
var validateValue = (kind, value7) => {
  const redacted = Redacted2.isRedacted(value7) ? value7 : Redacted2.make(value7);
  return isRejectedValue(Redacted2.value(redacted)) ? Effect5.fail(new InvalidTokenValue({ kind })) : Effect5.succeed(redacted);
};
var decodeClaims = (token) => {
  try {
    const payload = decodeJwt(Redacted2.value(token));
    return {
      userId: typeof payload.sub === "string" ? payload.sub : void 0,
      expiresAtMillis: typeof payload.exp === "number" ? payload.exp * 1e3 : Number.POSITIVE_INFINITY
    };
  } catch {
    return { userId: void 0, expiresAtMillis: 0 };
  }
};
var fromRedacted = (token) => ({ token, ...decodeClaims(token) });
var expiresInMillis = (token) => Effect5.map(Clock2.currentTimeMillis, (now) => Math.max(0, token.expiresAtMillis - now));
var isValidFor = (token, millis) => Effect5.map(Clock2.currentTimeMillis, (now) => token.expiresAtMillis - now >= millis && token.expiresAtMillis > now);
var isExpired = (token) => Effect5.map(expiresInMillis(token), (left) => left <= 0);

// src/session/Refresh.ts
import * as Effect7 from "effect/Effect";
import * as Random2 from "effect/Random";
import * as Redacted3 from "effect/Redacted";
import * as Result2 from "effect/Result";
import * as oauth2 from "oauth4webapi";

// src/transport/OAuthClient.ts
import * as Effect6 from "effect/Effect";
import * as Result from "effect/Result";
import * as oauth from "oauth4webapi";
var tokenPath = "/auth/oauth/token";
var tokenEndpointAuthMethod = "client_secret_post";
var clockToleranceSeconds = 30;
var make4 = (config2) => {
  const tokenEndpoint = `${config2.baseUrl}/api/v1${tokenPath}`;
  return {
    tokenEndpoint,
    authorizationServer: { issuer: config2.baseUrl, token_endpoint: tokenEndpoint },
    client: {
      client_id: config2.projectId,
      token_endpoint_auth_method: tokenEndpointAuthMethod,
      [oauth.clockTolerance]: clockToleranceSeconds
    },
    clientAuth: config2.publishableClientKey === void 0 ? oauth.None() : oauth.ClientSecretPost(config2.publishableClientKey)
  };
};
var describe2 = (cause) => cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
var nullBodyStatuses = /* @__PURE__ */ new Set([204, 205, 304]);
var buffered = (response, text2) => Effect6.try({
  try: () => new Response(nullBodyStatuses.has(response.status) ? null : text2, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers
  }),
  catch: (cause) => new TransportFailure({ reason: describe2(cause) })
});
var send = (oauthClient, request) => Effect6.gen(function* () {
  const transport = yield* HttpTransport;
  const context3 = yield* Effect6.context();
  const customFetch2 = async (target, init) => {
    const sent = await Effect6.runPromiseWith(context3)(Effect6.result(transport.send(new Request(target, init))), {
      signal: init.signal
    });
    if (Result.isFailure(sent)) throw sent.failure;
    return sent.success;
  };
  const response = yield* Effect6.tryPromise({
    try: (signal) => request({
      signal,
      [oauth.allowInsecureRequests]: oauthClient.tokenEndpoint.startsWith("http:"),
      [oauth.customFetch]: customFetch2
    }),
    catch: (cause) => cause instanceof TransportFailure ? cause : new TransportFailure({ reason: describe2(cause) })
  });
  const text2 = yield* Effect6.tryPromise({
    try: (signal) => readText(response, signal),
    catch: (cause) => new TransportFailure({ reason: describe2(cause) })
  });
  return yield* buffered(response, text2);
});
var knownError2 = (response) => {
  const code = response.headers.get(knownError);
  if (code === null) return Effect6.succeed(void 0);
  return Effect6.promise(() => response.clone().json().catch(() => void 0)).pipe(
    Effect6.map(
      (body) => new KnownError({
        code,
        status: response.status,
        message: typeof body?.error === "string" ? body.error : code,
        details: body?.details
      })
    )
  );
};

// src/session/Refresh.ts
var tokenPath2 = tokenPath;
var refreshTokenErrorCodes = /* @__PURE__ */ new Set([
  "REFRESH_TOKEN_ERROR",
  "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED",
  "PROVIDER_REJECTED",
  "CANNOT_DELETE_CURRENT_SESSION"
]);
var invalid = { _tag: "Invalid" };
var send2 = (oauthClient, refreshToken3) => send(oauthClient, (options) => oauth2.refreshTokenGrantRequest(
  oauthClient.authorizationServer,
  oauthClient.client,
  oauthClient.clientAuth,
  Redacted3.value(refreshToken3),
  options
));
var sendWithRetries = (oauthClient, refreshToken3) => {
  const loop = (attempt) => send2(oauthClient, refreshToken3).pipe(Effect7.catch((failure) => {
    if (attempt + 1 >= retryPolicy.attempts) {
      const offline = globalThis.navigator?.onLine === false;
      return Effect7.fail(
        offline ? new StackOfflineError({ method: "POST", path: tokenPath2 }) : new StackConnectionError({ method: "POST", path: tokenPath2, reason: failure.reason, attempts: attempt + 1, diagnostics: [] })
      );
    }
    return Random2.nextBetween(retryPolicy.jitterMin, retryPolicy.jitterMax).pipe(
      Effect7.flatMap((jitter) => Effect7.sleep(jitter * retryPolicy.baseDelayMillis * 2 ** attempt)),
      Effect7.andThen(Effect7.suspend(() => loop(attempt + 1)))
    );
  }));
  return loop(0);
};
var processFailure = (status, cause) => {
  if (cause instanceof oauth2.ResponseBodyError) {
    if (cause.error === "invalid_grant") return invalid;
    return new StackHttpError({ method: "POST", path: tokenPath2, status: cause.status, body: cause.error });
  }
  if (cause instanceof oauth2.WWWAuthenticateChallengeError) {
    return new StackHttpError({ method: "POST", path: tokenPath2, status: cause.status, body: "WWW-Authenticate challenge" });
  }
  if (status < 200 || status >= 300) return new StackHttpError({ method: "POST", path: tokenPath2, status, body: "" });
  return new StackDecodeError({ method: "POST", path: tokenPath2, issue: cause instanceof Error ? cause.message : "unreadable token response" });
};
var refreshAccessToken = Effect7.fn("Session.refresh")(function* (config2, refreshToken3) {
  const oauthClient = make4(config2);
  const response = yield* sendWithRetries(oauthClient, refreshToken3);
  const known = yield* knownError2(response);
  if (known !== void 0) return refreshTokenErrorCodes.has(known.code) ? invalid : yield* Effect7.fail(known);
  const result3 = yield* Effect7.result(Effect7.tryPromise({
    try: () => oauth2.processRefreshTokenResponse(oauthClient.authorizationServer, oauthClient.client, response),
    catch: (cause) => cause
  }));
  if (Result2.isFailure(result3)) {
    const failure = processFailure(response.status, result3.failure);
    return failure === invalid ? invalid : yield* Effect7.fail(failure);
  }
  const processed = result3.success;
  if (processed.access_token.length === 0 || processed.access_token === "undefined") {
    return yield* new StackDecodeError({ method: "POST", path: tokenPath2, issue: "access_token is empty or the text 'undefined'" });
  }
  const rotated = processed.refresh_token;
  return {
    _tag: "Refreshed",
    accessToken: Redacted3.make(processed.access_token),
    refreshToken: rotated === void 0 || rotated.length === 0 || rotated === "undefined" ? void 0 : Redacted3.make(rotated)
  };
});

// src/session/RefreshCoordinator.ts
import * as Context3 from "effect/Context";
import * as Deferred from "effect/Deferred";
import * as Effect8 from "effect/Effect";
import * as Exit from "effect/Exit";
import * as Fiber from "effect/Fiber";
var make7 = () => {
  const entries = /* @__PURE__ */ new Map();
  const release = (key, entry) => (exit3) => Effect8.suspend(() => {
    entry.waiters--;
    if (entry.waiters > 0 || !Exit.hasInterrupts(exit3) || entries.get(key) !== entry) return Effect8.void;
    entries.delete(key);
    return entry.fiber === void 0 ? Effect8.void : Fiber.interrupt(entry.fiber);
  });
  const run2 = (key, task) => Effect8.uninterruptibleMask(
    (restore) => Effect8.gen(function* () {
      let entry = entries.get(key);
      if (entry === void 0) {
        const deferred = yield* Deferred.make();
        const created = { deferred, waiters: 0, fiber: void 0 };
        entries.set(key, created);
        created.fiber = yield* task.pipe(
          Effect8.exit,
          Effect8.flatMap((exit3) => Deferred.done(deferred, exit3)),
          Effect8.ensuring(Effect8.sync(() => {
            if (entries.get(key) === created) entries.delete(key);
          })),
          Effect8.forkDetach({ uninterruptible: false })
        );
        entry = created;
      }
      entry.waiters++;
      return yield* restore(Deferred.await(entry.deferred)).pipe(Effect8.onExit(release(key, entry)));
    })
  );
  return { run: run2, inFlight: () => entries.size };
};
var RefreshCoordinator = Context3.Reference(
  "stack-auth-effect/session/RefreshCoordinator",
  { defaultValue: make7 }
);

// src/session/TokenStore.ts
import * as Context4 from "effect/Context";
import * as Effect9 from "effect/Effect";
import * as Layer3 from "effect/Layer";
import * as Redacted4 from "effect/Redacted";
import * as Ref from "effect/Ref";
var TokenStore = class extends Context4.Service()("stack-auth-effect/session/TokenStore") {
};
var empty = {};
var sanitize = (tokens) => {
  const keep = (value7) => {
    if (value7 === null || value7 === void 0) return void 0;
    const redacted = Redacted4.isRedacted(value7) ? value7 : Redacted4.make(value7);
    const raw = Redacted4.value(redacted);
    return raw.length === 0 || isRejectedValue(raw) ? void 0 : redacted;
  };
  const accessToken2 = keep(tokens.accessToken);
  const refreshToken3 = keep(tokens.refreshToken);
  return { ...accessToken2 ? { accessToken: accessToken2 } : {}, ...refreshToken3 ? { refreshToken: refreshToken3 } : {} };
};
var sameTokens = (a, b) => {
  const value7 = (r) => r === void 0 ? void 0 : Redacted4.value(r);
  return value7(a.accessToken) === value7(b.accessToken) && value7(a.refreshToken) === value7(b.refreshToken);
};
var makeMemory = (initial = empty) => Effect9.map(Ref.make(initial), (ref) => ({
  get: Ref.get(ref),
  set: (tokens) => Ref.set(ref, tokens),
  clear: Ref.set(ref, empty)
}));
var layerMemory = Layer3.effect(TokenStore, makeMemory());

// src/session/Session.ts
var minimumValidityMillis = 2e4;
var maximumValidityMillis = 6e4;
var invalidAccessTokenCodes = /* @__PURE__ */ new Set([
  "INVALID_ACCESS_TOKEN",
  "UNPARSABLE_ACCESS_TOKEN",
  "ACCESS_TOKEN_EXPIRED",
  "INVALID_PROJECT_FOR_ACCESS_TOKEN"
]);
var isInvalidAccessToken = (error) => error instanceof KnownError && invalidAccessTokenCodes.has(error.code);
var AccessTokenValidityTooLong = class extends Schema8.TaggedError()("AccessTokenValidityTooLong", {
  requestedMillis: Schema8.Number
}) {
  get message() {
    return `An access token valid for ${this.requestedMillis} ms was asked for; access tokens are too short-lived for ${maximumValidityMillis} ms or more`;
  }
};
var Session = class extends Context5.Service()("stack-auth-effect/session/Session") {
};
var signedOut = { access: void 0, refreshToken: void 0, knownInvalid: true };
var fromStored = (tokens) => ({
  access: tokens.accessToken === void 0 ? void 0 : fromRedacted(tokens.accessToken),
  refreshToken: tokens.refreshToken,
  knownInvalid: tokens.accessToken === void 0 && tokens.refreshToken === void 0
});
var toStored = (state) => ({
  ...state.access ? { accessToken: state.access.token } : {},
  ...state.refreshToken ? { refreshToken: state.refreshToken } : {}
});
var publicState = (state) => state.knownInvalid || state.access === void 0 && state.refreshToken === void 0 ? { _tag: "SignedOut" } : { _tag: "SignedIn", userId: state.access?.userId };
var same = (a, b) => a === void 0 || b === void 0 ? a === b : Redacted5.value(a) === Redacted5.value(b);
var make13 = Effect10.gen(function* () {
  const http = yield* StackHttp;
  const store = yield* TokenStore;
  const ref = yield* Ref2.make(fromStored(sanitize(yield* store.get)));
  const stateRef = yield* SubscriptionRef.make(publicState(yield* Ref2.get(ref)));
  const events = yield* Effect10.acquireRelease(PubSub.unbounded(), PubSub.shutdown);
  const stateLock = yield* Semaphore.make(1);
  const flights = make7();
  const commit = (next2, event, persist) => Effect10.gen(function* () {
    yield* Ref2.set(ref, next2);
    yield* SubscriptionRef.set(stateRef, publicState(next2));
    if (persist) yield* next2.access === void 0 && next2.refreshToken === void 0 ? store.clear : store.set(toStored(next2));
    if (event !== void 0) yield* PubSub.publish(events, event);
  });
  const update6 = (f) => stateLock.withPermits(1)(Effect10.flatMap(Ref2.get(ref), (state) => {
    const [result3, effect5] = f(state);
    return Effect10.as(effect5, result3);
  }));
  const usable = (state, min) => Effect10.gen(function* () {
    if (state.knownInvalid || state.access === void 0) return void 0;
    const enough = state.refreshToken === void 0 ? !(yield* isExpired(state.access)) : yield* isValidFor(state.access, min);
    return enough ? { accessToken: state.access.token, refreshToken: state.refreshToken } : void 0;
  });
  const applyOutcome = (used, outcome) => update6((state) => {
    if (!same(state.refreshToken, used) || state.knownInvalid) return [void 0, Effect10.void];
    if (outcome._tag === "Invalid") return [void 0, commit(signedOut, { _tag: "SignedOut" }, true)];
    const next2 = {
      access: fromRedacted(outcome.accessToken),
      refreshToken: outcome.refreshToken ?? used,
      knownInvalid: false
    };
    return [{ accessToken: next2.access.token, refreshToken: next2.refreshToken }, commit(next2, { _tag: "Refreshed" }, true)];
  });
  const flight = (min) => Effect10.gen(function* () {
    const state = yield* Ref2.get(ref);
    const cached = yield* usable(state, min);
    if (cached !== void 0 || state.knownInvalid || state.refreshToken === void 0) {
      return { tokens: cached, refreshed: false };
    }
    const used = state.refreshToken;
    const coordinator = yield* RefreshCoordinator;
    const key = `${http.config.baseUrl}
${http.config.projectId}
${Redacted5.value(used)}`;
    const outcome = yield* coordinator.run(key, refreshAccessToken(http.config, used));
    return { tokens: yield* applyOutcome(used, outcome), refreshed: true };
  });
  const obtain = (min) => Effect10.gen(function* () {
    const state = yield* Ref2.get(ref);
    const cached = yield* usable(state, min);
    if (cached !== void 0 || state.knownInvalid || state.refreshToken === void 0) return cached;
    const first = yield* flights.run("refresh", flight(min));
    if (first.refreshed || first.tokens === void 0) return first.tokens;
    if ((yield* usable(yield* Ref2.get(ref), min)) !== void 0) return first.tokens;
    return (yield* flights.run("refresh", flight(min))).tokens;
  });
  const getTokens = (minValidityMillis = minimumValidityMillis) => minValidityMillis >= maximumValidityMillis ? Effect10.fail(new AccessTokenValidityTooLong({ requestedMillis: minValidityMillis })) : obtain(minValidityMillis);
  const markAccessTokenExpired = (accessToken2) => update6(
    (state) => state.access !== void 0 && same(state.access.token, accessToken2) ? [void 0, commit({ ...state, access: void 0 }, void 0, true)] : [void 0, Effect10.void]
  );
  const send3 = (request, tokens) => http.execute({ ...request, tokens });
  const executeWith = (request, tokens) => send3(request, tokens).pipe(Effect10.catch(
    (error) => tokens !== void 0 && isInvalidAccessToken(error) ? markAccessTokenExpired(tokens.accessToken).pipe(
      Effect10.andThen(obtain(minimumValidityMillis)),
      Effect10.flatMap((fresh3) => send3(request, fresh3))
    ) : Effect10.fail(error)
  ));
  const execute = (request) => Effect10.flatMap(obtain(minimumValidityMillis), (tokens) => executeWith(request, tokens));
  const invalidate = update6(
    (state) => [void 0, commit(signedOut, publicState(state)._tag === "SignedOut" ? void 0 : { _tag: "SignedOut" }, true)]
  );
  const signOut2 = Effect10.gen(function* () {
    const tokens = yield* obtain(minimumValidityMillis).pipe(
      Effect10.catch((error) => error._tag === "KnownError" ? Effect10.succeed(void 0) : Effect10.fail(error))
    );
    if (tokens === void 0) return;
    yield* executeWith({ method: "DELETE", path: "/auth/sessions/current", body: {} }, tokens).pipe(
      Effect10.catch(
        (error) => error._tag !== "KnownError" ? Effect10.fail(error) : refreshTokenErrorCodes.has(error.code) ? Effect10.void : Effect10.logWarning(`Sign-out: the service answered ${error.code}; signing out locally`)
      )
    );
  }).pipe(Effect10.ensuring(invalidate), Effect10.withSpan("Session.signOut"));
  const setTokens = (tokens) => Effect10.gen(function* () {
    const accessToken2 = yield* validateValue("access", tokens.accessToken);
    const refreshToken3 = yield* validateValue("refresh", tokens.refreshToken);
    const next2 = { access: fromRedacted(accessToken2), refreshToken: refreshToken3, knownInvalid: false };
    yield* update6(() => [void 0, commit(next2, { _tag: "SignedIn" }, true)]);
  }).pipe(Effect10.orDie);
  const applyExternal = (incoming) => update6((state) => {
    const tokens = sanitize(incoming);
    if (tokens.refreshToken !== void 0 && same(tokens.refreshToken, state.refreshToken) && !state.knownInvalid) {
      return tokens.accessToken === void 0 || same(tokens.accessToken, state.access?.token) ? [void 0, Effect10.void] : [void 0, commit({ ...state, access: fromRedacted(tokens.accessToken) }, void 0, false)];
    }
    if (sameTokens(tokens, toStored(state))) return [void 0, Effect10.void];
    const next2 = fromStored(tokens);
    const event = { _tag: publicState(next2)._tag === "SignedIn" ? "SignedIn" : "SignedOut" };
    return [void 0, commit(next2, event, false)];
  });
  if (store.changes !== void 0) {
    yield* Stream.runForEach(store.changes, applyExternal).pipe(Effect10.forkScoped({ startImmediately: true }));
  }
  return Session.of({
    execute,
    setTokens,
    signOut: signOut2,
    invalidate,
    changes: SubscriptionRef.changes(stateRef).pipe(Stream.changes),
    getTokens,
    markAccessTokenExpired,
    state: SubscriptionRef.get(stateRef),
    isKnownInvalid: Effect10.map(Ref2.get(ref), (state) => state.knownInvalid),
    events: Stream.fromPubSub(events)
  });
});
var layer2 = Layer4.effect(Session, make13);
var call2 = (options) => Session.use((session) => run(session.execute, options));

// src/api/Mfa.ts
import * as Context6 from "effect/Context";
import * as Effect12 from "effect/Effect";
import * as Layer5 from "effect/Layer";
import * as Schema10 from "effect/Schema";

// src/api/SignIn.ts
import * as Effect11 from "effect/Effect";
import * as Redacted6 from "effect/Redacted";
import * as Schema9 from "effect/Schema";
var storeTokens = (tokens, isNewUser) => Effect11.gen(function* () {
  yield* (yield* Session).setTokens({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken });
  const userId2 = tokens.userId ?? decodeClaims(Redacted6.make(tokens.accessToken)).userId;
  return { userId: userId2, isNewUser: tokens.isNewUser ?? isNewUser };
});
var NotSignedIn = class extends Schema9.TaggedError()("NotSignedIn", {
  operation: Schema9.String
}) {
  get message() {
    return `${this.operation} needs a signed-in user`;
  }
};

// src/api/Mfa.ts
var attemptCodeStorageKey = "stack_mfa_attempt_code";
var makeStorage = (storage) => ({
  get: Effect12.sync(() => storage.getItem(attemptCodeStorageKey) ?? void 0),
  set: (code) => Effect12.sync(() => storage.setItem(attemptCodeStorageKey, code)),
  clear: Effect12.sync(() => storage.removeItem(attemptCodeStorageKey))
});
var makeMemory2 = () => {
  let code;
  return {
    get: Effect12.sync(() => code),
    set: (next2) => Effect12.sync(() => void (code = next2)),
    clear: Effect12.sync(() => void (code = void 0))
  };
};
var browserSessionStorage = () => {
  try {
    return globalThis.sessionStorage;
  } catch {
    return void 0;
  }
};
var AttemptCodeStore = Context6.Reference(
  "stack-auth-effect/api/Mfa/AttemptCodeStore",
  {
    defaultValue: () => {
      const storage = browserSessionStorage();
      return storage === void 0 ? makeMemory2() : makeStorage(storage);
    }
  }
);
var layerSessionStorage = Layer5.sync(AttemptCodeStore, () => {
  const storage = browserSessionStorage();
  return storage === void 0 ? makeMemory2() : makeStorage(storage);
});
var layerMemory2 = Layer5.sync(AttemptCodeStore, makeMemory2);
var keepAttemptCode = (effect5) => effect5.pipe(Effect12.tapError(
  (error) => error instanceof MultiFactorAuthenticationRequired && error.details !== void 0 ? AttemptCodeStore.use((store) => store.set(error.details.attemptCode)) : Effect12.void
));
var MissingAttemptCode = class extends Schema10.TaggedError()("MissingAttemptCode", {}) {
  get message() {
    return "There is no pending multi-factor sign-in: sign in again";
  }
};
var signInWithMfa = Effect12.fn("Mfa.signInWithMfa")(
  function* (options) {
    const store = yield* AttemptCodeStore;
    const code = options.attemptCode ?? (yield* store.get);
    if (code === void 0) return yield* new MissingAttemptCode();
    const tokens = yield* call2({
      method: "POST",
      path: "/auth/mfa/sign-in",
      body: { type: "totp", totp: options.totp, code },
      response: SignInTokens,
      errors: [
        InvalidTotpCode,
        VerificationCodeNotFound,
        VerificationCodeExpired,
        VerificationCodeAlreadyUsed,
        VerificationCodeMaxAttemptsReached
      ]
    });
    yield* store.clear;
    return yield* storeTokens(tokens, false);
  }
);

// src/api/Auth.ts
var signUpAnonymously = Effect13.fn("Auth.signUpAnonymously")(
  function* () {
    const tokens = yield* call2({ method: "POST", path: "/auth/anonymous/sign-up", response: SignInTokens, errors: [] });
    return yield* storeTokens(tokens, true);
  }
);
var signOut = Effect13.fn("Auth.signOut")(
  function* () {
    yield* (yield* Session).signOut;
  }
);
var signUpWithPassword = Effect13.fn("Auth.signUpWithPassword")(
  function* (options) {
    const tokens = yield* call2({
      method: "POST",
      path: "/auth/password/sign-up",
      body: { email: options.email, password: options.password, verification_callback_url: options.verificationCallbackUrl },
      response: SignInTokens,
      errors: [
        SignUpNotEnabled,
        PasswordAuthenticationNotEnabled,
        UserWithEmailAlreadyExists,
        PasswordTooShort,
        PasswordTooLong,
        RedirectUrlNotWhitelisted,
        MultiFactorAuthenticationRequired
      ]
    }).pipe(keepAttemptCode);
    return yield* storeTokens(tokens, true);
  }
);
var signInWithPassword = Effect13.fn("Auth.signInWithPassword")(
  function* (options) {
    const tokens = yield* call2({
      method: "POST",
      path: "/auth/password/sign-in",
      body: { email: options.email, password: options.password },
      response: SignInTokens,
      errors: [EmailPasswordMismatch, PasswordAuthenticationNotEnabled, MultiFactorAuthenticationRequired]
    }).pipe(keepAttemptCode);
    return yield* storeTokens(tokens, false);
  }
);
var sendSignInCode = Effect13.fn("Auth.sendSignInCode")(
  function* (options) {
    return yield* call2({
      method: "POST",
      path: "/auth/otp/send-sign-in-code",
      body: { email: options.email, callback_url: options.callbackUrl },
      response: SendSignInCodeResponse,
      errors: [RedirectUrlNotWhitelisted, SignUpNotEnabled, UserWithEmailAlreadyExists]
    });
  }
);
var signInWithCode = Effect13.fn("Auth.signInWithCode")(
  function* (code) {
    const tokens = yield* call2({
      method: "POST",
      path: "/auth/otp/sign-in",
      body: { code },
      response: SignInTokens,
      errors: [
        VerificationCodeNotFound,
        VerificationCodeExpired,
        VerificationCodeAlreadyUsed,
        VerificationCodeMaxAttemptsReached,
        MultiFactorAuthenticationRequired
      ]
    }).pipe(keepAttemptCode);
    return yield* storeTokens(tokens, false);
  }
);
var signInWithOtp = Effect13.fn("Auth.signInWithOtp")(
  function* (options) {
    return yield* signInWithCode(options.otp.trim() + options.nonce);
  }
);
var MissingMagicLinkCode = class extends Schema11.TaggedError()("MissingMagicLinkCode", {}) {
  get message() {
    return "The magic link has no code: open the link from the sign-in mail again";
  }
};
var magicLinkCode = (url) => {
  try {
    return new URL(url).searchParams.get("code") ?? void 0;
  } catch {
    return void 0;
  }
};
var signInWithMagicLinkCallback = Effect13.fn("Auth.signInWithMagicLinkCallback")(
  function* (url) {
    const code = magicLinkCode(url);
    if (code === void 0) return yield* new MissingMagicLinkCode();
    return yield* signInWithCode(code);
  }
);

// src/api/Users.ts
import * as Effect16 from "effect/Effect";
import * as Schema15 from "effect/Schema";

// src/handler/Redirects.ts
import * as Effect15 from "effect/Effect";
import * as Schema12 from "effect/Schema";

// src/session/Navigation.ts
import * as Context7 from "effect/Context";
import * as Effect14 from "effect/Effect";
import * as Layer6 from "effect/Layer";
import * as Ref3 from "effect/Ref";
var Navigation = class extends Context7.Service()("stack-auth-effect/session/Navigation") {
};
var layerBrowser = Layer6.sync(Navigation, () => {
  const location = () => globalThis.location;
  return Navigation.of({
    navigate: (url) => Effect14.sync(() => location()?.assign(url)),
    replaceUrl: (url) => Effect14.sync(() => location()?.replace(url))
  });
});
var layerNoop = Layer6.succeed(Navigation, Navigation.of({
  navigate: () => Effect14.void,
  replaceUrl: () => Effect14.void
}));
var NavigationLog = class extends Context7.Service()(
  "stack-auth-effect/session/NavigationLog"
) {
};
var layerTest = Layer6.effectContext(Effect14.gen(function* () {
  const log = yield* Ref3.make([]);
  const record = (kind) => (url) => Ref3.update(log, (visits2) => [...visits2, { kind, url }]);
  return Context7.make(Navigation, Navigation.of({ navigate: record("navigate"), replaceUrl: record("replace") })).pipe(
    Context7.add(NavigationLog, log)
  );
}));
var visits = Effect14.flatMap(NavigationLog, Ref3.get);

// src/handler/HandlerUrls.ts
import * as Context8 from "effect/Context";
var defaultHandlerPath = "/handler";
var defaultHomePath = "/";
var joinPath = (base, page) => `${base.replace(/\/+$/, "")}/${page}`;
var make17 = (options = {}) => {
  const handler2 = options.handler ?? defaultHandlerPath;
  const home = options.home ?? defaultHomePath;
  const afterSignIn = options.afterSignIn ?? home;
  const page = (name) => joinPath(handler2, name);
  const defaults2 = {
    handler: handler2,
    home,
    signIn: page("sign-in"),
    signUp: page("sign-up"),
    signOut: page("sign-out"),
    afterSignIn,
    afterSignUp: afterSignIn,
    afterSignOut: home,
    emailVerification: page("email-verification"),
    passwordReset: page("password-reset"),
    forgotPassword: page("forgot-password"),
    oauthCallback: page("oauth-callback"),
    magicLinkCallback: page("magic-link-callback"),
    accountSettings: page("account-settings"),
    error: page("error"),
    teamInvitation: page("team-invitation"),
    mfa: page("mfa"),
    cliAuthConfirm: page("cli-auth-confirm")
  };
  const overrides = Object.fromEntries(Object.entries(options).filter(([, value7]) => value7 !== void 0));
  return { ...defaults2, ...overrides };
};
var defaults = make17();
var CurrentHandlerUrls = Context8.Reference("stack-auth-effect/handler/HandlerUrls", {
  defaultValue: () => defaults
});

// src/handler/Redirects.ts
var redirectWaitMillis = 2e3;
var afterAuthReturnToParam = "after_auth_return_to";
var UntrustedRedirectUrl = class extends Schema12.TaggedError()("UntrustedRedirectUrl", {
  url: Schema12.String
}) {
  get message() {
    return "Redirect URL is not trusted; should be relative.";
  }
};
var CallbackUrlRequired = class extends Schema12.TaggedError()("CallbackUrlRequired", {
  page: Schema12.String
}) {
  get message() {
    return `A callback URL for the ${this.page} page is needed outside a browser: there is no current page to build it from`;
  }
};
var controlOrBackslash = /[\u0000-\u001F\u007F\\]/;
var scheme = /^[a-zA-Z][a-zA-Z0-9+.-]*:/;
var decodeOnce = (value7) => value7.replace(/%([0-9a-fA-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
var decodings = (value7) => {
  const layers = [value7];
  for (let i = 0; i < 4; i++) {
    const next2 = decodeOnce(layers[layers.length - 1]);
    if (next2 === layers[layers.length - 1]) return layers;
    layers.push(next2);
  }
  return void 0;
};
var hasUnsafeCharacters = (value7) => controlOrBackslash.test(value7) || value7.trim() !== value7;
var isRelative = (url) => {
  if (url.length === 0) return false;
  const layers = decodings(url);
  if (layers === void 0) return false;
  for (const layer5 of layers) {
    if (hasUnsafeCharacters(layer5) || scheme.test(layer5) || layer5.startsWith("//")) return false;
  }
  const base = "https://relative-check.invalid";
  try {
    return new URL(url, base).origin === base;
  } catch {
    return false;
  }
};
var isLocalhost = (hostname) => hostname === "localhost" || hostname.endsWith(".localhost") || hostname === "127.0.0.1" || hostname === "[::1]";
var defaultPort = (protocol) => protocol === "https:" ? "443" : protocol === "http:" ? "80" : "";
var hostMatches = (pattern, hostname) => {
  const want = pattern.split(".");
  const have = hostname.split(".");
  return want.length === have.length && want.every((label, i) => label === "*" ? have[i].length > 0 : label === have[i]);
};
var matchesDomain = (url, pattern) => {
  const match = /^([a-z][a-z0-9+.-]*:)\/\/([^/?#@]+?)(?::(\d+))?(?:[/?#].*)?$/i.exec(pattern.trim());
  if (match === null) return false;
  const [, protocol, host, port] = match;
  if (protocol.toLowerCase() !== url.protocol) return false;
  if ((port ?? defaultPort(url.protocol)) !== (url.port || defaultPort(url.protocol))) return false;
  return hostMatches(host.toLowerCase(), url.hostname);
};
var isTrusted = (url, options = {}) => {
  if (isRelative(url)) return true;
  if (hasUnsafeCharacters(url)) return false;
  const layers = decodings(url);
  if (layers === void 0 || layers.some((layer5) => controlOrBackslash.test(layer5))) return false;
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return false;
  if (parsed.username !== "" || parsed.password !== "") return false;
  if (parsed.hostname.length === 0 || parsed.hostname.endsWith(".")) return false;
  if (options.allowLocalhost === true && isLocalhost(parsed.hostname)) return true;
  return (options.trustedDomains ?? []).some((domain) => matchesDomain(parsed, domain));
};
var validate2 = (url, options = {}) => isTrusted(url, options) ? Effect15.succeed(url) : Effect15.fail(new UntrustedRedirectUrl({ url }));
var currentLocation = Effect15.sync(
  () => globalThis.location?.href
);
var relativePart = (url) => url.pathname + url.search + url.hash;
var withReturnTo = (page, currentUrl) => {
  if (currentUrl === void 0) return page;
  const current = new URL(currentUrl);
  const next2 = new URL(page, current);
  const carried = current.searchParams.get(afterAuthReturnToParam);
  if (carried !== null) next2.searchParams.set(afterAuthReturnToParam, carried);
  else if (next2.origin === current.origin) next2.searchParams.set(afterAuthReturnToParam, relativePart(current));
  return next2.origin === current.origin ? relativePart(next2) : next2.toString();
};
var afterAuthTarget = (fallback, currentUrl, options = {}) => {
  const returnTo = currentUrl === void 0 ? null : new URL(currentUrl).searchParams.get(afterAuthReturnToParam);
  return returnTo === null ? Effect15.succeed(fallback) : validate2(returnTo, options);
};
var callbackUrl = (page, options = {}) => Effect15.gen(function* () {
  if (options.explicit !== void 0) return options.explicit;
  const currentUrl = options.currentUrl ?? (yield* currentLocation);
  if (currentUrl === void 0) return yield* new CallbackUrlRequired({ page });
  const current = new URL(currentUrl);
  const url = new URL(page, current);
  const carried = current.searchParams.get(afterAuthReturnToParam);
  if (carried !== null) url.searchParams.set(afterAuthReturnToParam, carried);
  url.hash = "";
  return url.toString();
});
var redirectTo = Effect15.fn("Redirects.redirectTo")(
  function* (url, options = {}) {
    const target = yield* validate2(url, options);
    const navigation = yield* Navigation;
    yield* options.replace === true ? navigation.replaceUrl(target) : navigation.navigate(target);
    yield* Effect15.sleep(redirectWaitMillis);
  }
);
var redirectToHandler = Effect15.fn("Redirects.redirectToHandler")(
  function* (name, options = {}) {
    const urls = yield* CurrentHandlerUrls;
    const currentUrl = options.currentUrl ?? (yield* currentLocation);
    let target = urls[name];
    if (name === "signIn" || name === "signUp") target = withReturnTo(target, currentUrl);
    if (name === "afterSignIn" || name === "afterSignUp") target = yield* afterAuthTarget(target, currentUrl, options);
    yield* redirectTo(target, options);
  }
);

// src/protocol/schemas/User.ts
import * as Schema14 from "effect/Schema";

// src/protocol/schemas/Team.ts
import * as Schema13 from "effect/Schema";
var clientFields = {
  id: Schema13.String,
  displayName: Schema13.String,
  profileImageUrl: Schema13.NullOr(Schema13.String),
  clientMetadata: Schema13.optional(Schema13.Unknown),
  clientReadOnlyMetadata: Schema13.optional(Schema13.Unknown)
};
var clientKeys = {
  displayName: "display_name",
  profileImageUrl: "profile_image_url",
  clientMetadata: "client_metadata",
  clientReadOnlyMetadata: "client_read_only_metadata"
};
var Team = Schema13.Struct(clientFields).pipe(Schema13.encodeKeys(clientKeys));
var ServerTeam = Schema13.Struct({
  ...clientFields,
  createdAt: Schema13.DateFromMillis,
  serverMetadata: Schema13.optional(Schema13.Unknown)
}).pipe(Schema13.encodeKeys({ ...clientKeys, createdAt: "created_at_millis", serverMetadata: "server_metadata" }));
var TeamList = Schema13.Struct({ items: Schema13.Array(Team) });
var ServerTeamList = Schema13.Struct({ items: Schema13.Array(ServerTeam) });
var TeamMembership = Schema13.Struct({ teamId: Schema13.String, userId: Schema13.String }).pipe(
  Schema13.encodeKeys({ teamId: "team_id", userId: "user_id" })
);

// src/protocol/schemas/User.ts
var UserOAuthProvider = Schema14.Struct({
  id: Schema14.String,
  accountId: Schema14.String,
  email: Schema14.optional(Schema14.NullOr(Schema14.String))
}).pipe(Schema14.encodeKeys({ accountId: "account_id" }));
var CurrentUser = Schema14.Struct({
  id: Schema14.String,
  displayName: Schema14.NullOr(Schema14.String),
  primaryEmail: Schema14.NullOr(Schema14.String),
  primaryEmailVerified: Schema14.Boolean,
  profileImageUrl: Schema14.NullOr(Schema14.String),
  signedUpAt: Schema14.DateFromMillis,
  clientMetadata: Schema14.optional(Schema14.Unknown),
  clientReadOnlyMetadata: Schema14.optional(Schema14.Unknown),
  hasPassword: Schema14.Boolean,
  emailAuthEnabled: Schema14.Boolean,
  otpAuthEnabled: Schema14.Boolean,
  passkeyAuthEnabled: Schema14.Boolean,
  oauthProviders: Schema14.Array(UserOAuthProvider),
  isMultiFactorRequired: Schema14.Boolean,
  isAnonymous: Schema14.Boolean,
  selectedTeamId: Schema14.NullOr(Schema14.String),
  selectedTeam: Schema14.NullOr(Team)
}).pipe(Schema14.encodeKeys({
  displayName: "display_name",
  primaryEmail: "primary_email",
  primaryEmailVerified: "primary_email_verified",
  profileImageUrl: "profile_image_url",
  signedUpAt: "signed_up_at_millis",
  clientMetadata: "client_metadata",
  clientReadOnlyMetadata: "client_read_only_metadata",
  hasPassword: "has_password",
  emailAuthEnabled: "auth_with_email",
  otpAuthEnabled: "otp_auth_enabled",
  passkeyAuthEnabled: "passkey_auth_enabled",
  oauthProviders: "oauth_providers",
  isMultiFactorRequired: "requires_totp_mfa",
  isAnonymous: "is_anonymous",
  selectedTeamId: "selected_team_id",
  selectedTeam: "selected_team"
}));

// src/api/Users.ts
var UserNotSignedIn = class extends Schema15.TaggedError()("UserNotSignedIn", {}) {
  get message() {
    return "User is not signed in but getUser was called with { or: 'throw' }";
  }
};
var RedirectedToSignIn = class extends Schema15.TaggedError()("RedirectedToSignIn", {}) {
  get message() {
    return "The user is not signed in and was sent to the sign-in page";
  }
};
var ClientUserDeletionNotEnabled = class extends Schema15.TaggedError()("ClientUserDeletionNotEnabled", {}) {
  get message() {
    return "This project does not let users delete their own account";
  }
};
var getCurrent = Effect16.fn("Users.getCurrent")(
  function* () {
    return yield* call2({ method: "GET", path: "/users/me", response: CurrentUser, errors: [CannotGetOwnUserWithoutUser] });
  }
);
var currentOrNull = (includeAnonymous) => Effect16.gen(function* () {
  if (yield* (yield* Session).isKnownInvalid) return null;
  const user = yield* getCurrent().pipe(
    Effect16.catchTag("CannotGetOwnUserWithoutUser", () => Effect16.succeed(null))
  );
  return user !== null && user.isAnonymous && !includeAnonymous ? null : user;
});
var getUserOrNull = Effect16.fn("Users.getUserOrNull")(
  function* () {
    return yield* currentOrNull(false);
  }
);
var getUserOrThrow = Effect16.fn("Users.getUserOrThrow")(
  function* () {
    const user = yield* currentOrNull(false);
    if (user === null) return yield* new UserNotSignedIn();
    return user;
  }
);
var getUserOrRedirect = Effect16.fn("Users.getUserOrRedirect")(
  function* (options = {}) {
    const user = yield* currentOrNull(false);
    if (user !== null) return user;
    yield* redirectToHandler("signIn", { replace: true, ...options });
    return yield* new RedirectedToSignIn();
  }
);
var getUserOrAnonymous = Effect16.fn("Users.getUserOrAnonymous")(
  function* () {
    const user = yield* currentOrNull(true);
    if (user !== null) return user;
    yield* signUpAnonymously();
    return yield* getCurrent();
  }
);
function getUser(options = {}) {
  switch (options.or) {
    case "throw":
      return getUserOrThrow();
    case "redirect": {
      const { or: _or, ...redirect } = options;
      return getUserOrRedirect(redirect);
    }
    case "anonymous":
      return getUserOrAnonymous();
    default:
      return getUserOrNull();
  }
}
var update2 = Effect16.fn("Users.update")(
  function* (payload) {
    return yield* call2({
      method: "PATCH",
      path: "/users/me",
      body: payload,
      response: CurrentUser,
      errors: [CannotGetOwnUserWithoutUser, TeamMembershipNotFound]
    });
  }
);
var deleteCurrent = Effect16.fn("Users.deleteCurrent")(
  function* () {
    yield* call2({ method: "DELETE", path: "/users/me", response: Schema15.Unknown, errors: [CannotGetOwnUserWithoutUser] }).pipe(
      // The switch is the only plain (non-known-error) 400 this call answers.
      Effect16.catchTag("StackHttpError", (error) => error.status === 400 ? Effect16.fail(new ClientUserDeletionNotEnabled()) : Effect16.fail(error))
    );
    yield* (yield* Session).invalidate;
  }
);

// src/apps/StackClientApp.ts
import * as Effect17 from "effect/Effect";
import * as Layer8 from "effect/Layer";

// src/transport/StackConfig.ts
import * as Config from "effect/Config";
import * as Option2 from "effect/Option";
import * as Redacted8 from "effect/Redacted";
var defaultBaseUrl = "https://api.stack-auth.com";
var redact = (value7) => value7 === void 0 ? void 0 : Redacted8.isRedacted(value7) ? value7 : Redacted8.make(value7);
var normalizeBaseUrl = (url) => url.replace(/\/+$/, "");
var make19 = (options) => ({
  projectId: options.projectId,
  publishableClientKey: options.publishableClientKey,
  secretServerKey: redact(options.secretServerKey),
  superSecretAdminKey: redact(options.superSecretAdminKey),
  baseUrl: normalizeBaseUrl(options.baseUrl ?? defaultBaseUrl),
  extraRequestHeaders: options.extraRequestHeaders ?? {}
});

// src/apps/AppLayer.ts
import * as Layer7 from "effect/Layer";
var make20 = (config2, accessType2, options) => (
  // `fresh`: Layer values are memoised by identity, and two apps in one Layer graph must never
  // share a session or a default token store.
  Layer7.fresh(layer2).pipe(
    Layer7.provideMerge(Layer7.mergeAll(
      layer({ config: config2, accessType: accessType2, allowSecretKeysInBrowser: options.allowSecretKeysInBrowser }),
      options.tokenStore ?? Layer7.fresh(layerMemory)
    ))
  )
);

// src/apps/StackClientApp.ts
var layer3 = (options) => make20(
  make19({
    projectId: options.projectId,
    publishableClientKey: options.publishableClientKey,
    baseUrl: options.baseUrl,
    extraRequestHeaders: options.extraRequestHeaders
  }),
  "client",
  options
);

// src/cache/Queries.ts
import * as Effect25 from "effect/Effect";

// src/transport/Access.ts
import * as Context9 from "effect/Context";
import * as Layer9 from "effect/Layer";
var ServerAccess = class extends Context9.Service()(
  "stack-auth-effect/transport/ServerAccess"
) {
};
var AdminAccess = class extends Context9.Service()(
  "stack-auth-effect/transport/AdminAccess"
) {
};
var layerServer = Layer9.succeed(ServerAccess, { level: "server" });
var layerAdmin = Layer9.mergeAll(
  Layer9.succeed(ServerAccess, { level: "admin" }),
  Layer9.succeed(AdminAccess, { level: "admin" })
);

// src/api/ServerUsers.ts
import * as Effect18 from "effect/Effect";
import * as Option3 from "effect/Option";
import * as Redacted9 from "effect/Redacted";
import * as Schema17 from "effect/Schema";
import * as Stream2 from "effect/Stream";

// src/protocol/schemas/ServerUser.ts
import * as Schema16 from "effect/Schema";
var ServerTeam2 = Schema16.Struct({
  id: Schema16.String,
  displayName: Schema16.String,
  profileImageUrl: Schema16.NullOr(Schema16.String),
  clientMetadata: Schema16.optional(Schema16.Unknown),
  clientReadOnlyMetadata: Schema16.optional(Schema16.Unknown),
  serverMetadata: Schema16.optional(Schema16.Unknown),
  createdAt: Schema16.DateFromMillis
}).pipe(Schema16.encodeKeys({
  displayName: "display_name",
  profileImageUrl: "profile_image_url",
  clientMetadata: "client_metadata",
  clientReadOnlyMetadata: "client_read_only_metadata",
  serverMetadata: "server_metadata",
  createdAt: "created_at_millis"
}));
var ServerUser = Schema16.Struct({
  id: Schema16.String,
  displayName: Schema16.NullOr(Schema16.String),
  primaryEmail: Schema16.NullOr(Schema16.String),
  primaryEmailVerified: Schema16.Boolean,
  primaryEmailAuthEnabled: Schema16.Boolean,
  profileImageUrl: Schema16.NullOr(Schema16.String),
  signedUpAt: Schema16.DateFromMillis,
  lastActiveAt: Schema16.DateFromMillis,
  clientMetadata: Schema16.optional(Schema16.Unknown),
  clientReadOnlyMetadata: Schema16.optional(Schema16.Unknown),
  serverMetadata: Schema16.optional(Schema16.Unknown),
  hasPassword: Schema16.Boolean,
  otpAuthEnabled: Schema16.Boolean,
  passkeyAuthEnabled: Schema16.Boolean,
  requiresTotpMfa: Schema16.Boolean,
  isAnonymous: Schema16.Boolean,
  oauthProviders: Schema16.Array(UserOAuthProvider),
  selectedTeamId: Schema16.NullOr(Schema16.String),
  selectedTeam: Schema16.NullOr(ServerTeam2)
}).pipe(Schema16.encodeKeys({
  displayName: "display_name",
  primaryEmail: "primary_email",
  primaryEmailVerified: "primary_email_verified",
  primaryEmailAuthEnabled: "primary_email_auth_enabled",
  profileImageUrl: "profile_image_url",
  signedUpAt: "signed_up_at_millis",
  lastActiveAt: "last_active_at_millis",
  clientMetadata: "client_metadata",
  clientReadOnlyMetadata: "client_read_only_metadata",
  serverMetadata: "server_metadata",
  hasPassword: "has_password",
  otpAuthEnabled: "otp_auth_enabled",
  passkeyAuthEnabled: "passkey_auth_enabled",
  requiresTotpMfa: "requires_totp_mfa",
  isAnonymous: "is_anonymous",
  oauthProviders: "oauth_providers",
  selectedTeamId: "selected_team_id",
  selectedTeam: "selected_team"
}));
var ServerUserPage = Schema16.Struct({
  items: Schema16.Array(ServerUser),
  pagination: Schema16.optional(Schema16.Struct({
    nextCursor: Schema16.optional(Schema16.NullOr(Schema16.String))
  }).pipe(Schema16.encodeKeys({ nextCursor: "next_cursor" })))
});

// src/api/ServerUsers.ts
var orderByWire = { signedUpAt: "signed_up_at" };
var InvalidOrderBy = class extends Schema17.TaggedError()("InvalidOrderBy", {
  orderBy: Schema17.String
}) {
  get message() {
    return `Users can only be listed by signedUpAt, not by ${JSON.stringify(this.orderBy)}`;
  }
};
var withPassword = (input) => input.password === void 0 || input.password === null || typeof input.password === "string" ? input : { ...input, password: Redacted9.value(input.password) };
var userPath = (userId2) => `/users/${encodeURIComponent(userId2)}`;
var createErrors = [UserWithEmailAlreadyExists, PasswordTooShort, PasswordTooLong];
var create = Effect18.fn("ServerUsers.create")(
  function* (input) {
    yield* ServerAccess;
    return yield* call({ method: "POST", path: "/users", body: withPassword(input), response: ServerUser, errors: createErrors });
  }
);
var getErrors = [UserNotFound];
var get5 = Effect18.fn("ServerUsers.get")(
  function* (userId2) {
    yield* ServerAccess;
    return yield* call({ method: "GET", path: userPath(userId2), response: ServerUser, errors: getErrors });
  }
);
var updateErrors = [
  UserNotFound,
  UserWithEmailAlreadyExists,
  PasswordTooShort,
  PasswordTooLong,
  TeamMembershipNotFound
];
var update3 = Effect18.fn("ServerUsers.update")(
  function* (userId2, input) {
    yield* ServerAccess;
    return yield* call({ method: "PATCH", path: userPath(userId2), body: withPassword(input), response: ServerUser, errors: updateErrors });
  }
);
var removeErrors = [UserNotFound];
var remove = Effect18.fn("ServerUsers.remove")(
  function* (userId2) {
    yield* ServerAccess;
    yield* call({ method: "DELETE", path: userPath(userId2), body: {}, response: Schema17.Unknown, errors: removeErrors });
  }
);
var listErrors = [SchemaError];
var listQuery = (options) => Effect18.gen(function* () {
  let orderBy;
  if (options.orderBy !== void 0) {
    orderBy = Object.prototype.hasOwnProperty.call(orderByWire, options.orderBy) ? orderByWire[options.orderBy] : void 0;
    if (orderBy === void 0) return yield* new InvalidOrderBy({ orderBy: String(options.orderBy) });
  }
  return {
    ...options.teamId === void 0 ? {} : { team_id: options.teamId },
    cursor: options.cursor,
    limit: options.limit,
    desc: options.desc,
    order_by: orderBy,
    query: options.query === "" ? void 0 : options.query,
    include_anonymous: options.includeAnonymous === true ? "true" : void 0
  };
});
var list = Effect18.fn("ServerUsers.list")(
  function* (options = {}) {
    yield* ServerAccess;
    const query2 = yield* listQuery(options);
    const page = yield* call({ method: "GET", path: "/users", query: query2, response: ServerUserPage, errors: listErrors });
    return { items: page.items, nextCursor: page.pagination?.nextCursor ?? void 0 };
  }
);

// src/api/Teams.ts
import * as Effect19 from "effect/Effect";
import * as Schema18 from "effect/Schema";
var segment = encodeURIComponent;
var list2 = Effect19.fn("Teams.list")(
  function* () {
    const page = yield* call2({
      method: "GET",
      path: "/teams",
      query: { user_id: "me" },
      response: TeamList,
      errors: [CannotGetOwnUserWithoutUser]
    });
    return page.items;
  }
);
var select = Effect19.fn("Teams.select")(
  function* (teamId) {
    yield* call2({
      method: "PATCH",
      path: "/users/me",
      body: { selected_team_id: teamId },
      response: Schema18.Unknown,
      errors: [TeamMembershipNotFound, CannotGetOwnUserWithoutUser]
    });
  }
);
var create2 = Effect19.fn("Teams.create")(
  function* (body) {
    const team = yield* call2({
      method: "POST",
      path: "/teams",
      body: { ...body, creator_user_id: "me" },
      response: Team,
      errors: [UserAuthenticationRequired]
    });
    yield* select(team.id);
    return team;
  }
);
var changeErrors = [
  UserAuthenticationRequired,
  TeamMembershipNotFound,
  TeamPermissionRequired,
  TeamNotFound
];
var update4 = Effect19.fn("Teams.update")(
  function* (teamId, body) {
    return yield* call2({ method: "PATCH", path: `/teams/${segment(teamId)}`, body, response: Team, errors: changeErrors });
  }
);
var remove2 = Effect19.fn("Teams.remove")(
  function* (teamId) {
    yield* call2({ method: "DELETE", path: `/teams/${segment(teamId)}`, response: Schema18.Unknown, errors: changeErrors });
  }
);
var listAll = Effect19.fn("Teams.listAll")(
  function* (options = {}) {
    yield* ServerAccess;
    const page = yield* call({ method: "GET", path: "/teams", query: { user_id: options.userId }, response: ServerTeamList, errors: [] });
    return page.items;
  }
);
var createAsServer = Effect19.fn("Teams.createAsServer")(
  function* (body) {
    yield* ServerAccess;
    return yield* call({ method: "POST", path: "/teams", body, response: ServerTeam, errors: [UserNotFound] });
  }
);
var get6 = Effect19.fn("Teams.get")(
  function* (teamId) {
    yield* ServerAccess;
    return yield* call({ method: "GET", path: `/teams/${segment(teamId)}`, response: ServerTeam, errors: [TeamNotFound] });
  }
);
var updateAsServer = Effect19.fn("Teams.updateAsServer")(
  function* (teamId, body) {
    yield* ServerAccess;
    return yield* call({ method: "PATCH", path: `/teams/${segment(teamId)}`, body, response: ServerTeam, errors: [TeamNotFound] });
  }
);
var removeAsServer = Effect19.fn("Teams.removeAsServer")(
  function* (teamId) {
    yield* ServerAccess;
    yield* call({ method: "DELETE", path: `/teams/${segment(teamId)}`, response: Schema18.Unknown, errors: [TeamNotFound] });
  }
);
var listUsers = Effect19.fn("Teams.listUsers")(
  function* (teamId) {
    return (yield* list({ teamId })).items;
  }
);

// src/api/ContactChannels.ts
import * as Effect20 from "effect/Effect";
import * as Schema20 from "effect/Schema";

// src/protocol/schemas/ContactChannel.ts
import * as Schema19 from "effect/Schema";
var ContactChannel = Schema19.Struct({
  id: Schema19.String,
  userId: Schema19.String,
  type: Schema19.Literal("email"),
  value: Schema19.String,
  isVerified: Schema19.Boolean,
  isPrimary: Schema19.Boolean,
  usedForAuth: Schema19.Boolean
}).pipe(Schema19.encodeKeys({
  userId: "user_id",
  isVerified: "is_verified",
  isPrimary: "is_primary",
  usedForAuth: "used_for_auth"
}));
var ContactChannelList = Schema19.Struct({ items: Schema19.Array(ContactChannel) });

// src/api/ContactChannels.ts
var path = (userId2, channelId) => `/contact-channels/${encodeURIComponent(userId2)}/${encodeURIComponent(channelId)}`;
var list3 = Effect20.fn("ContactChannels.list")(
  function* () {
    const answer = yield* call2({
      method: "GET",
      path: "/contact-channels",
      query: { user_id: "me" },
      response: ContactChannelList,
      errors: [CannotGetOwnUserWithoutUser]
    });
    return answer.items;
  }
);
var writeErrors = [ContactChannelAlreadyUsedForAuthBySomeoneElse, CannotGetOwnUserWithoutUser];
var create3 = Effect20.fn("ContactChannels.create")(
  function* (payload) {
    return yield* call2({
      method: "POST",
      path: "/contact-channels",
      body: { ...payload, user_id: "me" },
      response: ContactChannel,
      errors: writeErrors
    });
  }
);
var update5 = Effect20.fn("ContactChannels.update")(
  function* (channelId, payload) {
    return yield* call2({ method: "PATCH", path: path("me", channelId), body: payload, response: ContactChannel, errors: writeErrors });
  }
);
var remove3 = Effect20.fn("ContactChannels.remove")(
  function* (channelId) {
    yield* call2({ method: "DELETE", path: path("me", channelId), response: Schema20.Unknown, errors: [CannotGetOwnUserWithoutUser] });
  }
);
var sendErrors = [EmailAlreadyVerified, RedirectUrlNotWhitelisted, CannotGetOwnUserWithoutUser];
var sendVerificationCode = Effect20.fn("ContactChannels.sendVerificationCode")(
  function* (channelId, options = {}) {
    const callbackUrl2 = yield* callbackUrl((yield* CurrentHandlerUrls).emailVerification, { explicit: options.callbackUrl });
    yield* call2({
      method: "POST",
      path: `${path("me", channelId)}/send-verification-code`,
      body: { callback_url: callbackUrl2 },
      response: Schema20.Unknown,
      errors: sendErrors
    });
  }
);
var serverWriteErrors = [ContactChannelAlreadyUsedForAuthBySomeoneElse, UserNotFound];
var listForUser = Effect20.fn("ContactChannels.listForUser")(
  function* (userId2) {
    yield* ServerAccess;
    const answer = yield* call({ method: "GET", path: "/contact-channels", query: { user_id: userId2 }, response: ContactChannelList, errors: [] });
    return answer.items;
  }
);
var createForUser = Effect20.fn("ContactChannels.createForUser")(
  function* (userId2, payload) {
    yield* ServerAccess;
    return yield* call({
      method: "POST",
      path: "/contact-channels",
      body: { ...payload, user_id: userId2 },
      response: ContactChannel,
      errors: serverWriteErrors
    });
  }
);
var updateForUser = Effect20.fn("ContactChannels.updateForUser")(
  function* (userId2, channelId, payload) {
    yield* ServerAccess;
    return yield* call({ method: "PATCH", path: path(userId2, channelId), body: payload, response: ContactChannel, errors: serverWriteErrors });
  }
);
var removeForUser = Effect20.fn("ContactChannels.removeForUser")(
  function* (userId2, channelId) {
    yield* ServerAccess;
    yield* call({ method: "DELETE", path: path(userId2, channelId), response: Schema20.Unknown, errors: [UserNotFound] });
  }
);
var sendVerificationCodeForUser = Effect20.fn("ContactChannels.sendVerificationCodeForUser")(
  function* (userId2, channelId, options = {}) {
    yield* ServerAccess;
    const callbackUrl2 = yield* callbackUrl((yield* CurrentHandlerUrls).emailVerification, { explicit: options.callbackUrl });
    yield* call({
      method: "POST",
      path: `${path(userId2, channelId)}/send-verification-code`,
      body: { callback_url: callbackUrl2 },
      response: Schema20.Unknown,
      errors: [...sendErrors, UserIdDoesNotExist]
    });
  }
);

// src/api/Notifications.ts
import * as Effect21 from "effect/Effect";

// src/protocol/schemas/NotificationCategory.ts
import * as Schema21 from "effect/Schema";
var NotificationCategory = Schema21.Struct({
  id: Schema21.String,
  name: Schema21.String,
  enabled: Schema21.Boolean,
  canDisable: Schema21.Boolean
}).pipe(Schema21.encodeKeys({
  id: "notification_category_id",
  name: "notification_category_name",
  canDisable: "can_disable"
}));
var NotificationCategoryList = Schema21.Struct({ items: Schema21.Array(NotificationCategory) });

// src/api/Notifications.ts
var listPath = (userId2) => `/emails/notification-preference/${encodeURIComponent(userId2)}`;
var categoryPath = (userId2, categoryId) => `${listPath(userId2)}/${encodeURIComponent(categoryId)}`;
var list4 = Effect21.fn("Notifications.list")(
  function* () {
    const answer = yield* call2({ method: "GET", path: listPath("me"), response: NotificationCategoryList, errors: [CannotGetOwnUserWithoutUser] });
    return answer.items;
  }
);
var setEnabled = Effect21.fn("Notifications.setEnabled")(
  function* (categoryId, enabled) {
    return yield* call2({
      method: "PATCH",
      path: categoryPath("me", categoryId),
      body: { enabled },
      response: NotificationCategory,
      errors: [CannotGetOwnUserWithoutUser]
    });
  }
);
var listForUser2 = Effect21.fn("Notifications.listForUser")(
  function* (userId2) {
    yield* ServerAccess;
    const answer = yield* call({ method: "GET", path: listPath(userId2), response: NotificationCategoryList, errors: [UserNotFound] });
    return answer.items;
  }
);
var setEnabledForUser = Effect21.fn("Notifications.setEnabledForUser")(
  function* (userId2, categoryId, enabled) {
    yield* ServerAccess;
    return yield* call({
      method: "PATCH",
      path: categoryPath(userId2, categoryId),
      body: { enabled },
      response: NotificationCategory,
      errors: [UserNotFound]
    });
  }
);

// src/api/Projects.ts
import * as Effect22 from "effect/Effect";
import * as Schema23 from "effect/Schema";

// src/protocol/schemas/Project.ts
import * as Schema22 from "effect/Schema";
var EnabledOAuthProvider = Schema22.Struct({ id: Schema22.String });
var ClientProjectConfig = Schema22.Struct({
  signUpEnabled: Schema22.Boolean,
  credentialEnabled: Schema22.Boolean,
  magicLinkEnabled: Schema22.Boolean,
  passkeyEnabled: Schema22.Boolean,
  clientTeamCreationEnabled: Schema22.Boolean,
  clientUserDeletionEnabled: Schema22.Boolean,
  allowUserApiKeys: Schema22.Boolean,
  allowTeamApiKeys: Schema22.Boolean,
  enabledOAuthProviders: Schema22.Array(EnabledOAuthProvider)
}).pipe(Schema22.encodeKeys({
  signUpEnabled: "sign_up_enabled",
  credentialEnabled: "credential_enabled",
  magicLinkEnabled: "magic_link_enabled",
  passkeyEnabled: "passkey_enabled",
  clientTeamCreationEnabled: "client_team_creation_enabled",
  clientUserDeletionEnabled: "client_user_deletion_enabled",
  allowUserApiKeys: "allow_user_api_keys",
  allowTeamApiKeys: "allow_team_api_keys",
  enabledOAuthProviders: "enabled_oauth_providers"
}));
var ClientProject = Schema22.Struct({
  id: Schema22.String,
  displayName: Schema22.String,
  config: ClientProjectConfig
}).pipe(Schema22.encodeKeys({ displayName: "display_name" }));

// src/api/Projects.ts
var getCurrent2 = Effect22.fn("Projects.getCurrent")(
  function* () {
    return yield* call2({ method: "GET", path: "/projects/current", response: ClientProject, errors: [] });
  }
);
var FeatureNotSupported = class extends Schema23.TaggedError()("FeatureNotSupported", {
  name: Schema23.String
}) {
  get message() {
    return `${this.name} is not supported by the service`;
  }
};
var checkFeatureSupport = Effect22.fn("Projects.checkFeatureSupport")(
  function* (options) {
    yield* call({ method: "POST", path: "/check-feature-support", body: options, response: Schema23.Unknown, errors: [] }).pipe(
      Effect22.catchTag("StackDecodeError", () => Effect22.void)
    );
    return yield* new FeatureNotSupported({ name: options.name });
  }
);

// src/api/Sessions.ts
import * as Effect23 from "effect/Effect";
import * as Layer10 from "effect/Layer";
import * as Redacted10 from "effect/Redacted";
import * as Schema25 from "effect/Schema";

// src/protocol/schemas/SessionInfo.ts
import * as Schema24 from "effect/Schema";
var GeoInfo = Schema24.Struct({
  ip: Schema24.optional(Schema24.String),
  countryCode: Schema24.optional(Schema24.NullOr(Schema24.String)),
  regionCode: Schema24.optional(Schema24.NullOr(Schema24.String)),
  cityName: Schema24.optional(Schema24.NullOr(Schema24.String)),
  latitude: Schema24.optional(Schema24.NullOr(Schema24.Number)),
  longitude: Schema24.optional(Schema24.NullOr(Schema24.Number)),
  tzIdentifier: Schema24.optional(Schema24.NullOr(Schema24.String))
});
var SessionInfo = Schema24.Struct({
  id: Schema24.String,
  userId: Schema24.String,
  createdAt: Schema24.DateFromMillis,
  lastUsedAt: Schema24.optional(Schema24.DateFromMillis),
  isImpersonation: Schema24.Boolean,
  isCurrentSession: Schema24.optional(Schema24.Boolean),
  geoInfo: Schema24.optional(GeoInfo)
}).pipe(Schema24.encodeKeys({
  userId: "user_id",
  createdAt: "created_at",
  lastUsedAt: "last_used_at",
  isImpersonation: "is_impersonation",
  isCurrentSession: "is_current_session",
  geoInfo: "last_used_at_end_user_ip_info"
}));
var SessionList = Schema24.Struct({ items: Schema24.Array(SessionInfo) });

// src/api/Sessions.ts
var defaultExpiresInMillis = 31536e6;
var sessionPath = (sessionId) => `/auth/sessions/${encodeURIComponent(sessionId)}`;
var listMineErrors = [CannotGetOwnUserWithoutUser];
var listMine = Effect23.fn("Sessions.listMine")(
  function* () {
    const list6 = yield* call2({
      method: "GET",
      path: "/auth/sessions",
      query: { user_id: "me" },
      response: SessionList,
      errors: listMineErrors
    });
    return list6.items;
  }
);
var revokeMineErrors = [CannotDeleteCurrentSession];
var revokeMine = Effect23.fn("Sessions.revokeMine")(
  function* (sessionId) {
    yield* call2({
      method: "DELETE",
      path: sessionPath(sessionId),
      query: { user_id: "me" },
      response: Schema25.Unknown,
      errors: revokeMineErrors
    });
  }
);
var createErrors2 = [UserIdDoesNotExist];
var create4 = Effect23.fn("Sessions.create")(
  function* (input) {
    yield* ServerAccess;
    const tokens = yield* call({
      method: "POST",
      path: "/auth/sessions",
      body: {
        user_id: input.userId,
        expires_in_millis: input.expiresInMillis ?? defaultExpiresInMillis,
        is_impersonation: input.isImpersonation ?? false
      },
      response: SignInTokens,
      errors: createErrors2
    });
    return { accessToken: Redacted10.make(tokens.accessToken), refreshToken: Redacted10.make(tokens.refreshToken) };
  }
);
var list5 = Effect23.fn("Sessions.list")(
  function* (userId2) {
    yield* ServerAccess;
    const result3 = yield* call({ method: "GET", path: "/auth/sessions", query: { user_id: userId2 }, response: SessionList, errors: [] });
    return result3.items;
  }
);
var revoke = Effect23.fn("Sessions.revoke")(
  function* (sessionId) {
    yield* ServerAccess;
    yield* call({ method: "DELETE", path: sessionPath(sessionId), response: Schema25.Unknown, errors: [] });
  }
);

// src/cache/QueryCache.ts
import * as Cause from "effect/Cause";
import * as Clock3 from "effect/Clock";
import * as Context10 from "effect/Context";
import * as Deferred2 from "effect/Deferred";
import * as Duration2 from "effect/Duration";
import * as Effect24 from "effect/Effect";
import * as Exit2 from "effect/Exit";
import * as Layer11 from "effect/Layer";
import * as Option4 from "effect/Option";
import * as Queue from "effect/Queue";
import * as Scope from "effect/Scope";
import * as Stream3 from "effect/Stream";

// src/cache/Query.ts
var query = (key, load, options = {}) => ({ key, load, sessionBound: options.sessionBound ?? true });
var initialSnapshot = {
  exit: void 0,
  isLoading: false,
  isStale: false,
  updatedAtMillis: void 0
};
var keyId = (key) => JSON.stringify(key);
var isPrefix = (prefix, key) => prefix.length <= key.length && prefix.every((part, i) => part === key[i]);
var resolvedPromise = Object.assign(Promise.resolve(), { status: "fulfilled", value: void 0 });
var makeSettled = () => {
  let resolve;
  const promise2 = new Promise((r) => {
    resolve = r;
  });
  promise2.status = "pending";
  return {
    promise: promise2,
    resolve: () => {
      promise2.status = "fulfilled";
      promise2.value = void 0;
      resolve();
    }
  };
};

// src/cache/QueryCache.ts
var dropAfterMillis = 5e3;
var throttleMillis = 300;
var QueryCache = class extends Context10.Service()("stack-auth-effect/cache/QueryCache") {
};
var make22 = Effect24.gen(function* () {
  const scope = yield* Scope.Scope;
  const entries = /* @__PURE__ */ new Map();
  const listeners = /* @__PURE__ */ new Map();
  const notify = (id) => {
    for (const listener of [...listeners.get(id) ?? []]) listener();
  };
  const show = (id, entry, patch) => {
    entry.snapshot = { ...entry.snapshot, ...patch };
    notify(id);
  };
  const loading = (entry) => entry.running !== void 0 || entry.queued !== void 0;
  const entryOf = (key, sessionBound = true) => {
    const id = keyId(key);
    let entry = entries.get(id);
    if (entry === void 0) {
      entry = {
        key,
        sessionBound,
        loader: void 0,
        snapshot: initialSnapshot,
        subscribers: 0,
        running: void 0,
        queued: void 0,
        runner: false,
        lastStartMillis: void 0,
        dropTimer: void 0,
        version: 0,
        writtenAt: 0,
        invalidatedAt: 0,
        settled: void 0,
        lastSettled: void 0
      };
      entries.set(id, entry);
    }
    return entry;
  };
  const withLoader = (q) => Effect24.map(Effect24.context(), (context3) => {
    const entry = entryOf(q.key, q.sessionBound);
    entry.sessionBound = q.sessionBound;
    entry.loader = Effect24.provideContext(q.load, context3);
    return entry;
  });
  const cancelDrop = (entry) => {
    entry.dropTimer?.interruptUnsafe();
    entry.dropTimer = void 0;
  };
  const scheduleDrop = (entry) => Effect24.suspend(() => {
    cancelDrop(entry);
    if (entry.subscribers > 0) return Effect24.void;
    const id = keyId(entry.key);
    return Effect24.sleep(dropAfterMillis).pipe(
      Effect24.andThen(Effect24.sync(() => {
        entry.dropTimer = void 0;
        if (entry.subscribers === 0 && !loading(entry) && entries.get(id) === entry) entries.delete(id);
      })),
      Effect24.forkIn(scope),
      Effect24.map((fiber) => {
        entry.dropTimer = fiber;
      })
    );
  });
  const resolveSettled = (entry) => {
    const settled = entry.settled;
    if (settled === void 0) return;
    entry.settled = void 0;
    entry.lastSettled = settled.promise;
    settled.resolve();
  };
  const settle = (entry, load, exit3) => Effect24.gen(function* () {
    const id = keyId(entry.key);
    if (entry.writtenAt <= load.version) {
      entry.snapshot = {
        exit: exit3,
        isLoading: loading(entry),
        isStale: entry.invalidatedAt > load.version,
        updatedAtMillis: yield* Clock3.currentTimeMillis
      };
      resolveSettled(entry);
      notify(id);
    } else if (entry.snapshot.isLoading !== loading(entry)) {
      show(id, entry, { isLoading: loading(entry) });
    }
    yield* Deferred2.done(load.deferred, exit3);
    if (entry.subscribers === 0 && !loading(entry)) yield* scheduleDrop(entry);
  });
  const runner = (entry) => Effect24.gen(function* () {
    while (entry.queued !== void 0) {
      const now = yield* Clock3.currentTimeMillis;
      const wait = entry.lastStartMillis === void 0 ? 0 : entry.lastStartMillis + throttleMillis - now;
      if (wait > 0) yield* Effect24.sleep(wait);
      const load = entry.queued;
      entry.queued = void 0;
      entry.running = load;
      load.version = entry.version;
      entry.lastStartMillis = yield* Clock3.currentTimeMillis;
      const loader = entry.loader ?? Effect24.die(new Error(`No loader for ${keyId(entry.key)}`));
      const exit3 = yield* Effect24.exit(loader);
      entry.running = void 0;
      yield* settle(entry, load, exit3);
    }
  }).pipe(
    Effect24.onInterrupt(
      () => Effect24.sync(() => {
        for (const load of [entry.running, entry.queued]) if (load) Deferred2.doneUnsafe(load.deferred, Effect24.interrupt);
        entry.running = void 0;
        entry.queued = void 0;
      })
    ),
    Effect24.ensuring(Effect24.sync(() => {
      entry.runner = false;
    }))
  );
  const requestLoad = (entry) => Effect24.suspend(() => {
    if (entry.queued !== void 0) return Effect24.succeed(entry.queued);
    const load = { deferred: Deferred2.makeUnsafe(), version: entry.version };
    entry.queued = load;
    cancelDrop(entry);
    if (!entry.snapshot.isLoading) show(keyId(entry.key), entry, { isLoading: true });
    if (entry.runner) return Effect24.succeed(load);
    entry.runner = true;
    return Effect24.as(Effect24.forkIn(runner(entry), scope), load);
  });
  const joinLoad = (entry) => Effect24.suspend(() => {
    const running = entry.running;
    if (running !== void 0 && entry.writtenAt <= running.version && entry.invalidatedAt <= running.version) {
      return Effect24.succeed(running);
    }
    return requestLoad(entry);
  });
  const await_ = (load) => Deferred2.await(load.deferred);
  const isFresh = (entry, now, maxAgeMillis) => {
    const s = entry.snapshot;
    return s.exit !== void 0 && Exit2.isSuccess(s.exit) && !s.isStale && s.updatedAtMillis !== void 0 && now - s.updatedAtMillis <= maxAgeMillis;
  };
  const get7 = (q, options = {}) => Effect24.gen(function* () {
    const entry = yield* withLoader(q);
    const maxAge2 = options.maxAge === void 0 ? Infinity : Duration2.toMillis(Duration2.fromInputUnsafe(options.maxAge));
    if (isFresh(entry, yield* Clock3.currentTimeMillis, maxAge2)) {
      if (entry.subscribers === 0 && !loading(entry)) yield* scheduleDrop(entry);
      return entry.snapshot.exit.value;
    }
    return yield* await_(yield* joinLoad(entry));
  });
  const refresh = (q) => Effect24.flatMap(withLoader(q), (entry) => Effect24.flatMap(requestLoad(entry), (load) => await_(load)));
  const release = (entry) => Effect24.suspend(() => {
    entry.subscribers = Math.max(0, entry.subscribers - 1);
    return entry.subscribers === 0 && !loading(entry) ? scheduleDrop(entry) : Effect24.void;
  });
  const retain = (q) => Effect24.gen(function* () {
    const entry = yield* withLoader(q);
    entry.subscribers++;
    cancelDrop(entry);
    const exit3 = entry.snapshot.exit;
    if ((exit3 === void 0 || Exit2.isFailure(exit3) || entry.snapshot.isStale) && !loading(entry)) yield* requestLoad(entry);
    let released = false;
    return Effect24.suspend(() => {
      if (released) return Effect24.void;
      released = true;
      return release(entry);
    });
  });
  const snapshotUnsafe = (key) => entries.get(keyId(key))?.snapshot ?? initialSnapshot;
  const listenUnsafe = (key, listener) => {
    const id = keyId(key);
    let set5 = listeners.get(id);
    if (set5 === void 0) listeners.set(id, set5 = /* @__PURE__ */ new Set());
    set5.add(listener);
    return () => {
      set5.delete(listener);
      if (set5.size === 0 && listeners.get(id) === set5) listeners.delete(id);
    };
  };
  const changes3 = (q) => Stream3.callback((queue) => Effect24.gen(function* () {
    const offer = () => void Queue.offerUnsafe(queue, snapshotUnsafe(q.key));
    yield* Effect24.acquireRelease(Effect24.sync(() => listenUnsafe(q.key, offer)), (unlisten) => Effect24.sync(unlisten));
    offer();
    yield* Effect24.acquireRelease(retain(q), (release2) => release2);
  }), { strategy: "sliding", bufferSize: 16 });
  const set4 = (q, value7) => Effect24.gen(function* () {
    const entry = entryOf(q.key, q.sessionBound);
    entry.version++;
    entry.writtenAt = entry.version;
    entry.snapshot = {
      exit: Exit2.succeed(value7),
      isLoading: loading(entry),
      isStale: false,
      updatedAtMillis: yield* Clock3.currentTimeMillis
    };
    resolveSettled(entry);
    notify(keyId(q.key));
    if (entry.subscribers === 0 && !loading(entry)) yield* scheduleDrop(entry);
  });
  const update6 = (q, f) => Effect24.suspend(() => {
    const exit3 = entries.get(keyId(q.key))?.snapshot.exit;
    return exit3 !== void 0 && Exit2.isSuccess(exit3) ? set4(q, f(exit3.value)) : Effect24.void;
  });
  const invalidateWhere = (predicate, clear) => Effect24.suspend(() => Effect24.forEach([...entries.entries()], ([id, entry]) => {
    if (!predicate(entry)) return Effect24.void;
    entry.version++;
    entry.invalidatedAt = entry.version;
    if (clear) {
      entry.lastSettled = void 0;
      entry.writtenAt = entry.version;
      entry.snapshot = { ...initialSnapshot, isLoading: loading(entry) };
      notify(id);
    } else if (entry.snapshot.exit !== void 0 && !entry.snapshot.isStale) {
      show(id, entry, { isStale: true });
    }
    const awaited = entry.subscribers > 0 || entry.settled !== void 0;
    return awaited ? Effect24.asVoid(requestLoad(entry)) : Effect24.void;
  }, { discard: true }));
  const settledPromise = (q) => Effect24.gen(function* () {
    const entry = yield* withLoader(q);
    const exit3 = entry.snapshot.exit;
    if (exit3 !== void 0 && !(Exit2.isFailure(exit3) && Cause.hasInterruptsOnly(exit3.cause))) {
      return entry.lastSettled ?? resolvedPromise;
    }
    entry.settled ??= makeSettled();
    const promise2 = entry.settled.promise;
    if (!loading(entry)) yield* requestLoad(entry);
    return promise2;
  });
  return QueryCache.of({
    get: get7,
    refresh,
    retain,
    changes: changes3,
    set: set4,
    update: update6,
    invalidate: (prefix) => invalidateWhere((entry) => isPrefix(prefix, entry.key), false),
    resetSession: invalidateWhere((entry) => entry.sessionBound, true),
    snapshotUnsafe,
    listenUnsafe,
    settledPromise
  });
});
var followSession = Effect24.gen(function* () {
  const cache = yield* QueryCache;
  const session = yield* Session;
  const identity = (state) => state._tag === "SignedOut" ? null : state.userId;
  let current = identity(yield* session.state);
  yield* Stream3.runForEach(session.events, (event) => Effect24.gen(function* () {
    const next2 = identity(yield* session.state);
    const changed = event._tag !== "Refreshed" || next2 !== void 0 && next2 !== current;
    if (event._tag !== "Refreshed" || next2 !== void 0) current = next2;
    if (changed) yield* cache.resetSession;
  })).pipe(Effect24.forkScoped({ startImmediately: true }));
});
var layerStandalone = Layer11.fresh(Layer11.effect(QueryCache, make22));
var layer4 = Layer11.fresh(Layer11.effect(
  QueryCache,
  Effect24.gen(function* () {
    const cache = yield* make22;
    yield* Effect24.provideService(followSession, QueryCache, cache);
    return cache;
  })
));
var getOrLoad = (q, options = {}) => Effect24.flatMap(Effect24.serviceOption(QueryCache), (cache) => Option4.isSome(cache) ? cache.value.get(q, options) : q.load);

// src/cache/Queries.ts
var keys = {
  project: ["project"],
  currentUser: ["users", "me"],
  currentUserOrAnonymous: ["users", "me", "or-anonymous"],
  sessions: ["sessions"],
  teams: ["teams"],
  permissions: ["permissions"],
  contactChannels: ["contact-channels"],
  apiKeys: ["api-keys"],
  notificationCategories: ["notification-categories"]
};
var project = query(keys.project, getCurrent2(), { sessionBound: false });
var currentUser = query(
  keys.currentUser,
  Effect25.gen(function* () {
    if (yield* (yield* Session).isKnownInvalid) return null;
    return yield* getCurrent().pipe(Effect25.catchTag("CannotGetOwnUserWithoutUser", () => Effect25.succeed(null)));
  })
);
var sessions = query(keys.sessions, listMine());
var currentUserOrAnonymous = query(keys.currentUserOrAnonymous, getUser({ or: "anonymous" }));
var teams = query(keys.teams, list2());
var contactChannels = query(keys.contactChannels, list3());
var notificationCategories = query(keys.notificationCategories, list4());

// bench/support/fixtures.ts
var keys2 = {
  projectId: "bench-project",
  publishableClientKey: "pck_bench_publishable",
  secretServerKey: "ssk_bench_secret_server_key"
};
var commonUser = (id) => ({
  id,
  primary_email: "ada@example.com",
  primary_email_verified: true,
  display_name: "Ada Lovelace",
  client_metadata: { theme: "dark" },
  client_read_only_metadata: {},
  profile_image_url: null,
  signed_up_at_millis: 17e11,
  has_password: true,
  auth_with_email: true,
  oauth_providers: [],
  selected_team_id: null,
  requires_totp_mfa: false,
  otp_auth_enabled: false,
  passkey_auth_enabled: false,
  is_anonymous: false
});
var serverUser = (id) => ({
  ...commonUser(id),
  primary_email_auth_enabled: true,
  selected_team: null,
  server_metadata: { plan: "pro" },
  last_active_at_millis: 17000005e5
});
var clientUser = (id) => ({ ...commonUser(id), selected_team: null });
var base64url = (value7) => Buffer.from(JSON.stringify(value7)).toString("base64url");
var jwt = (sub, expSeconds) => `${base64url({ alg: "ES256", typ: "JWT" })}.${base64url({ sub, exp: expSeconds, iat: expSeconds - 600, iss: "bench", aud: keys2.projectId, project_id: keys2.projectId })}.c2lnbmF0dXJl`;
var userId = "user-signed-in";
var expiredAccessToken = () => jwt(userId, Math.floor(Date.now() / 1e3) - 3600);
var freshAccessToken = () => jwt(userId, Math.floor(Date.now() / 1e3) + 600);
var refreshToken2 = "bench-refresh-token";

// bench/support/report.ts
import { mkdirSync, writeFileSync } from "node:fs";

// bench/support/paths.ts
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
var findRoot = (from) => existsSync(join(from, "package.json")) && existsSync(join(from, "bench")) ? from : findRoot(dirname(from));
var root = `${findRoot(dirname(fileURLToPath(import.meta.url)))}/`;
var fromRoot = (path2) => join(root, path2);

// bench/support/report.ts
var dir = fromRoot("bench/results/");
var report = (part, markdown2, data) => {
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}${part}.md`, `${markdown2}
`);
  writeFileSync(`${dir}${part}.json`, `${JSON.stringify({ part, at: (/* @__PURE__ */ new Date()).toISOString(), data }, null, 2)}
`);
  process.stdout.write(`${markdown2}
`);
};
var option2 = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
};

// bench/support/server.ts
import { spawn } from "node:child_process";
import { createServer } from "node:http";
var json = { "content-type": "application/json" };
var [userHead, userTail] = JSON.stringify(serverUser("\0")).split(JSON.stringify("\0"));
var handler = (counts, options) => (req, res) => {
  const method = req.method ?? "GET";
  const path2 = (req.url ?? "/").split("?")[0];
  if (path2.startsWith("/__")) return control(counts, path2, res);
  const route = method === "GET" && path2.startsWith("/api/v1/users/") && path2 !== "/api/v1/users/me" ? "GET /api/v1/users/:id" : `${method} ${path2}`;
  counts[route] = (counts[route] ?? 0) + 1;
  switch (route) {
    case "GET /api/v1/users/:id": {
      const id = decodeURIComponent(path2.slice("/api/v1/users/".length));
      res.writeHead(200, json).end(userHead + JSON.stringify(id) + userTail);
      return;
    }
    case "GET /api/v1/users/me":
      res.writeHead(200, json).end(JSON.stringify(clientUser(userId)));
      return;
    case "POST /api/v1/auth/oauth/token":
      req.resume();
      req.on("end", () => setTimeout(() => {
        res.writeHead(200, { ...json, "cache-control": "no-store" }).end(JSON.stringify({
          access_token: freshAccessToken(),
          refresh_token: refreshToken2,
          token_type: "Bearer",
          expires_in: 600
        }));
      }, options.tokenDelayMillis ?? 0));
      return;
    case "POST /api/v1/auth/password/sign-in":
      req.resume();
      req.on("end", () => res.writeHead(200, json).end(JSON.stringify({
        access_token: options.expiredSignIn ? expiredAccessToken() : freshAccessToken(),
        refresh_token: refreshToken2,
        user_id: userId
      })));
      return;
    case "DELETE /api/v1/auth/sessions/current":
      req.resume();
      req.on("end", () => res.writeHead(200, json).end("{}"));
      return;
    default:
      req.resume();
      res.writeHead(404, json).end(JSON.stringify({ error: `no route ${route}` }));
  }
};
var control = (counts, path2, res) => {
  if (path2 === "/__reset") for (const key of Object.keys(counts)) delete counts[key];
  res.writeHead(200, json).end(JSON.stringify(counts));
};
var clientOf = (url, close) => ({
  url,
  counts: () => fetch(`${url}/__counts`).then((r) => r.json()),
  reset: () => fetch(`${url}/__reset`).then((r) => r.body?.cancel()),
  close
});
var startServer = (options = {}) => new Promise((resolve) => {
  const counts = {};
  const server2 = createServer({ keepAlive: true }, handler(counts, options));
  server2.on("connection", () => {
    counts["TCP connections"] = (counts["TCP connections"] ?? 0) + 1;
  });
  server2.keepAliveTimeout = 6e4;
  server2.listen(0, "127.0.0.1", () => {
    const { port } = server2.address();
    resolve(clientOf(`http://127.0.0.1:${port}`, () => new Promise((done3) => {
      server2.closeAllConnections();
      server2.close(() => done3());
    })));
  });
});
var serverEntry = fromRoot("bench/support/server.ts");
var spawnServer = (options = {}) => new Promise((resolve, reject) => {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", serverEntry, "--child", String(options.tokenDelayMillis ?? 0)],
    { stdio: ["pipe", "pipe", "inherit"] }
  );
  let out = "";
  child.stdout.on("data", (chunk) => {
    out += chunk.toString();
    const match = /READY (\S+)/.exec(out);
    if (match !== null) {
      resolve(clientOf(match[1], () => new Promise((done3) => {
        child.once("exit", () => done3());
        child.kill();
      })));
    }
  });
  child.once("error", reject);
  child.once("exit", (code) => reject(new Error(`bench server exited with ${code}`)));
});
if (process.argv[2] === "--child") {
  const server2 = await startServer({ tokenDelayMillis: Number(process.argv[3] ?? 0) });
  process.stdout.write(`READY ${server2.url}
`);
  process.stdin.on("close", () => process.exit(0));
  process.stdin.resume();
}

// bench/support/stats.ts
var table = (head, rows2) => [
  `| ${head.join(" | ")} |`,
  `|${head.map(() => "---").join("|")}|`,
  ...rows2.map((row) => `| ${row.join(" | ")} |`)
].join("\n");

// bench/cache.ts
var seconds = option2("seconds", 3);
var userPath2 = "GET /api/v1/users/me";
var credentials = { email: "ada@example.com", password: "correct horse" };
var server = await spawnServer();
var client = { projectId: keys2.projectId, publishableClientKey: keys2.publishableClientKey, baseUrl: server.url };
var hammer = async (getUser2) => {
  await getUser2();
  await server.reset();
  const end = performance.now() + seconds * 1e3;
  const start = performance.now();
  let calls = 0;
  while (performance.now() < end) {
    const user = await getUser2();
    if (user?.id !== userId) throw new Error(`getUser answered ${JSON.stringify(user)}`);
    calls++;
  }
  const elapsed = (performance.now() - start) / 1e3;
  const requests = (await server.counts())[userPath2] ?? 0;
  return { calls, perSecond: calls / elapsed, requests, millisPerRequest: requests === 0 ? Infinity : elapsed * 1e3 / requests };
};
var maxAge = `${throttleMillis} millis`;
var ours = async (read) => {
  const runtime = ManagedRuntime.make(layer4.pipe(Layer12.provideMerge(layer3(client))));
  await runtime.runPromise(signInWithPassword(credentials));
  const outcome = await hammer(
    () => runtime.runPromise(read === "getUser" ? getUser() : getOrLoad(currentUser, { maxAge }))
  );
  await runtime.dispose();
  return outcome;
};
var official = async () => {
  const { StackClientApp: OfficialClientApp } = await import("@stackframe/js");
  const app = new OfficialClientApp({ ...client, tokenStore: "memory" });
  await app.signInWithCredential({ ...credentials, noRedirect: true });
  return await hammer(() => app.getUser());
};
var rows = [
  ["stack-auth-effect: Users.getUser()", await ours("getUser")],
  [`stack-auth-effect: QueryCache.getOrLoad(Queries.currentUser, { maxAge: "${maxAge}" })`, await ours("cache")],
  ["@stackframe/js: app.getUser()", await official()]
];
await server.close();
var markdown = [
  "### Repeated getUser() on a signed-in client",
  "",
  `Sequential calls for ${seconds} s after a first read; requests counted at the loopback server.`,
  "",
  table(["SDK", "calls/s", "calls", "GET /users/me sent", "one request per"], rows.map(([name, o], i) => [
    name,
    i < 2 ? `**${o.perSecond.toFixed(0)}**` : o.perSecond.toFixed(1),
    o.calls,
    o.requests,
    o.requests === 0 ? "\u2013" : o.requests === o.calls ? "call" : `${o.millisPerRequest.toFixed(0)} ms`
  ]))
].join("\n");
report("cache", markdown, Object.fromEntries(rows));
