// bench/.scratch/prof.ts
import * as ManagedRuntime from "effect/ManagedRuntime";

// src/api/ServerUsers.ts
import * as Effect5 from "effect/Effect";
import * as Option2 from "effect/Option";
import * as Redacted2 from "effect/Redacted";
import * as Schema9 from "effect/Schema";
import * as Stream from "effect/Stream";

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
var UserNotFound = class _UserNotFound extends (/* @__PURE__ */ Schema.TaggedError()("UserNotFound", {
  code: /* @__PURE__ */ tag2("USER_NOT_FOUND"),
  status: /* @__PURE__ */ tag2(404),
  message: /* @__PURE__ */ text("No such user.")
})) {
  static code = "USER_NOT_FOUND";
  static status = 404;
  static fromWire = (wire) => decodeWire(_UserNotFound, wire);
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

// src/protocol/schemas/ServerUser.ts
import * as Schema4 from "effect/Schema";

// src/protocol/schemas/User.ts
import * as Schema3 from "effect/Schema";

// src/protocol/schemas/Team.ts
import * as Schema2 from "effect/Schema";
var clientFields = {
  id: Schema2.String,
  displayName: Schema2.String,
  profileImageUrl: Schema2.NullOr(Schema2.String),
  clientMetadata: Schema2.optional(Schema2.Unknown),
  clientReadOnlyMetadata: Schema2.optional(Schema2.Unknown)
};
var clientKeys = {
  displayName: "display_name",
  profileImageUrl: "profile_image_url",
  clientMetadata: "client_metadata",
  clientReadOnlyMetadata: "client_read_only_metadata"
};
var Team = Schema2.Struct(clientFields).pipe(Schema2.encodeKeys(clientKeys));
var ServerTeam = Schema2.Struct({
  ...clientFields,
  createdAt: Schema2.DateFromMillis,
  serverMetadata: Schema2.optional(Schema2.Unknown)
}).pipe(Schema2.encodeKeys({ ...clientKeys, createdAt: "created_at_millis", serverMetadata: "server_metadata" }));
var TeamList = Schema2.Struct({ items: Schema2.Array(Team) });
var ServerTeamList = Schema2.Struct({ items: Schema2.Array(ServerTeam) });
var TeamMembership = Schema2.Struct({ teamId: Schema2.String, userId: Schema2.String }).pipe(
  Schema2.encodeKeys({ teamId: "team_id", userId: "user_id" })
);

// src/protocol/schemas/User.ts
var UserOAuthProvider = Schema3.Struct({
  id: Schema3.String,
  accountId: Schema3.String,
  email: Schema3.optional(Schema3.NullOr(Schema3.String))
}).pipe(Schema3.encodeKeys({ accountId: "account_id" }));
var CurrentUser = Schema3.Struct({
  id: Schema3.String,
  displayName: Schema3.NullOr(Schema3.String),
  primaryEmail: Schema3.NullOr(Schema3.String),
  primaryEmailVerified: Schema3.Boolean,
  profileImageUrl: Schema3.NullOr(Schema3.String),
  signedUpAt: Schema3.DateFromMillis,
  clientMetadata: Schema3.optional(Schema3.Unknown),
  clientReadOnlyMetadata: Schema3.optional(Schema3.Unknown),
  hasPassword: Schema3.Boolean,
  emailAuthEnabled: Schema3.Boolean,
  otpAuthEnabled: Schema3.Boolean,
  passkeyAuthEnabled: Schema3.Boolean,
  oauthProviders: Schema3.Array(UserOAuthProvider),
  isMultiFactorRequired: Schema3.Boolean,
  isAnonymous: Schema3.Boolean,
  selectedTeamId: Schema3.NullOr(Schema3.String),
  selectedTeam: Schema3.NullOr(Team)
}).pipe(Schema3.encodeKeys({
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

// src/protocol/schemas/ServerUser.ts
var ServerTeam2 = Schema4.Struct({
  id: Schema4.String,
  displayName: Schema4.String,
  profileImageUrl: Schema4.NullOr(Schema4.String),
  clientMetadata: Schema4.optional(Schema4.Unknown),
  clientReadOnlyMetadata: Schema4.optional(Schema4.Unknown),
  serverMetadata: Schema4.optional(Schema4.Unknown),
  createdAt: Schema4.DateFromMillis
}).pipe(Schema4.encodeKeys({
  displayName: "display_name",
  profileImageUrl: "profile_image_url",
  clientMetadata: "client_metadata",
  clientReadOnlyMetadata: "client_read_only_metadata",
  serverMetadata: "server_metadata",
  createdAt: "created_at_millis"
}));
var ServerUser = Schema4.Struct({
  id: Schema4.String,
  displayName: Schema4.NullOr(Schema4.String),
  primaryEmail: Schema4.NullOr(Schema4.String),
  primaryEmailVerified: Schema4.Boolean,
  primaryEmailAuthEnabled: Schema4.Boolean,
  profileImageUrl: Schema4.NullOr(Schema4.String),
  signedUpAt: Schema4.DateFromMillis,
  lastActiveAt: Schema4.DateFromMillis,
  clientMetadata: Schema4.optional(Schema4.Unknown),
  clientReadOnlyMetadata: Schema4.optional(Schema4.Unknown),
  serverMetadata: Schema4.optional(Schema4.Unknown),
  hasPassword: Schema4.Boolean,
  otpAuthEnabled: Schema4.Boolean,
  passkeyAuthEnabled: Schema4.Boolean,
  requiresTotpMfa: Schema4.Boolean,
  isAnonymous: Schema4.Boolean,
  oauthProviders: Schema4.Array(UserOAuthProvider),
  selectedTeamId: Schema4.NullOr(Schema4.String),
  selectedTeam: Schema4.NullOr(ServerTeam2)
}).pipe(Schema4.encodeKeys({
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
var ServerUserPage = Schema4.Struct({
  items: Schema4.Array(ServerUser),
  pagination: Schema4.optional(Schema4.Struct({
    nextCursor: Schema4.optional(Schema4.NullOr(Schema4.String))
  }).pipe(Schema4.encodeKeys({ nextCursor: "next_cursor" })))
});

// src/transport/Access.ts
import * as Context from "effect/Context";
import * as Layer from "effect/Layer";
var ServerAccess = class extends Context.Service()(
  "stack-auth-effect/transport/ServerAccess"
) {
};
var AdminAccess = class extends Context.Service()(
  "stack-auth-effect/transport/AdminAccess"
) {
};
var layerServer = Layer.succeed(ServerAccess, { level: "server" });
var layerAdmin = Layer.mergeAll(
  Layer.succeed(ServerAccess, { level: "admin" }),
  Layer.succeed(AdminAccess, { level: "admin" })
);

// src/transport/Call.ts
import * as Effect4 from "effect/Effect";
import * as Schema8 from "effect/Schema";
import * as SchemaIssue from "effect/SchemaIssue";

// src/protocol/KnownError.ts
import * as Schema5 from "effect/Schema";
var WireBody = Schema5.Struct({
  code: Schema5.String,
  error: Schema5.optional(Schema5.String),
  details: Schema5.optional(Schema5.Unknown)
});
var KnownError = class extends Schema5.TaggedError()("KnownError", {
  code: Schema5.String,
  status: Schema5.Number,
  message: Schema5.String,
  details: Schema5.optional(Schema5.Unknown)
}) {
};
var UnknownErrorCode = class extends Schema5.TaggedError()("UnknownErrorCode", {
  code: Schema5.String,
  status: Schema5.Number,
  message: Schema5.String,
  details: Schema5.optional(Schema5.Unknown)
}) {
  /** Advice for the developer. */
  get hint() {
    return `The service answered with the error code ${this.code}, which this version of stack-auth-effect does not know. Update stack-auth-effect to handle it.`;
  }
};
var KnownErrorCodeMismatch = class extends Schema5.TaggedError()("KnownErrorCodeMismatch", {
  headerCode: Schema5.String,
  bodyCode: Schema5.String
}) {
  get message() {
    return `Known-error header code ${this.headerCode} differs from the body code ${this.bodyCode}`;
  }
};

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
import * as Context3 from "effect/Context";
import * as Duration from "effect/Duration";
import * as Effect3 from "effect/Effect";
import * as Layer3 from "effect/Layer";
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
var make = () => {
  const bytes = new Uint8Array(nonceBits / 8);
  globalThis.crypto.getRandomValues(bytes);
  return toCrockfordBase32(bytes);
};

// src/protocol/Version.ts
var packageVersion = "0.1.0";
var clientVersion2 = `js stack-auth-effect@${packageVersion}`;

// src/transport/HttpTransport.ts
import * as Context2 from "effect/Context";
import * as Effect2 from "effect/Effect";
import * as Layer2 from "effect/Layer";
import * as Schema6 from "effect/Schema";
var TransportFailure = class extends Schema6.TaggedError()("TransportFailure", {
  reason: Schema6.String
}) {
};
var describe = (cause) => cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
var fromFetch = (fetch2) => ({
  send: (request) => Effect2.tryPromise({
    try: (signal) => fetch2(request, { signal }),
    catch: (cause) => new TransportFailure({ reason: describe(cause) })
  })
});
var HttpTransport = Context2.Reference(
  "stack-auth-effect/transport/HttpTransport",
  { defaultValue: () => fromFetch((input, init) => globalThis.fetch(input, init)) }
);

// src/transport/TransportErrors.ts
import * as Schema7 from "effect/Schema";
var DiagnosticProbe = Schema7.Struct({
  name: Schema7.String,
  url: Schema7.String,
  result: Schema7.String
});
var StackConnectionError = class extends Schema7.TaggedError()("StackConnectionError", {
  method: Schema7.String,
  path: Schema7.String,
  reason: Schema7.String,
  attempts: Schema7.Number,
  diagnostics: Schema7.Array(DiagnosticProbe)
}) {
  get message() {
    return `Unable to connect to the service (${this.method} ${this.path} after ${this.attempts} attempt(s)): ${this.reason}`;
  }
};
var StackOfflineError = class extends Schema7.TaggedError()("StackOfflineError", {
  method: Schema7.String,
  path: Schema7.String
}) {
  get message() {
    return "You are offline";
  }
};
var StackHttpError = class extends Schema7.TaggedError()("StackHttpError", {
  method: Schema7.String,
  path: Schema7.String,
  status: Schema7.Number,
  body: Schema7.String
}) {
  get message() {
    return `${this.method} ${this.path} answered HTTP ${this.status}: ${this.body.slice(0, 200)}`;
  }
};
var StackDecodeError = class extends Schema7.TaggedError()("StackDecodeError", {
  method: Schema7.String,
  path: Schema7.String,
  issue: Schema7.String
}) {
  get message() {
    return `Unexpected response from ${this.method} ${this.path}: ${this.issue}`;
  }
};
var StackTimeoutError = class extends Schema7.TaggedError()("StackTimeoutError", {
  method: Schema7.String,
  path: Schema7.String,
  timeoutMillis: Schema7.Number
}) {
  get message() {
    return `${this.method} ${this.path} did not answer within ${this.timeoutMillis} ms`;
  }
};
var StackConfigError = class extends Schema7.TaggedError()("StackConfigError", {
  reason: Schema7.String
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
var StackHttp = class extends Context3.Service()("stack-auth-effect/transport/StackHttp") {
};
var looksLikeBrowser = () => typeof globalThis.window !== "undefined" && typeof globalThis.document !== "undefined";
var isOffline = () => globalThis.navigator?.onLine === false;
var validate = (options) => {
  const { accessType: accessType2, config: config2 } = options;
  const fail6 = (reason) => Effect3.fail(new StackConfigError({ reason }));
  if (config2.projectId.length === 0) return fail6("A project id is required");
  if ((accessType2 === "server" || accessType2 === "admin") && looksLikeBrowser() && !options.allowSecretKeysInBrowser) {
    if (config2.secretServerKey !== void 0 || config2.superSecretAdminKey !== void 0) {
      return fail6("A secret server key or admin key must never be used in a browser: use the client app there");
    }
  }
  if (accessType2 === "server" && config2.secretServerKey === void 0) {
    return fail6("Server access needs a secret server key");
  }
  return Effect3.void;
};
var buildHeaders = (config2, accessType2, request) => {
  const headers2 = { ...config2.extraRequestHeaders };
  headers2[overrideErrorStatus] = "true";
  headers2[projectId] = config2.projectId;
  headers2[accessType] = accessType2;
  headers2[clientVersion] = clientVersion2;
  headers2[allowAnonymousUser] = "true";
  if (config2.publishableClientKey !== void 0) headers2[publishableClientKey] = config2.publishableClientKey;
  if (accessType2 !== "client" && config2.secretServerKey !== void 0) {
    headers2[secretServerKey] = Redacted.value(config2.secretServerKey);
  }
  if (accessType2 === "admin" && config2.superSecretAdminKey !== void 0) {
    headers2[superSecretAdminKey] = Redacted.value(config2.superSecretAdminKey);
  }
  if (request.tokens?.accessToken !== void 0) headers2[accessToken] = Redacted.value(request.tokens.accessToken);
  if (request.tokens?.refreshToken !== void 0) headers2[refreshToken] = Redacted.value(request.tokens.refreshToken);
  if (request.adminAccessToken !== void 0) headers2[adminAccessToken] = Redacted.value(request.adminAccessToken);
  headers2[randomNonce] = make();
  if (request.body !== void 0) headers2["content-type"] = "application/json";
  return headers2;
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
  const seconds = Number(value7);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1e3;
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
      const { done: done2, value: value7 } = await reader.read();
      if (done2) return text2 + decoder.decode();
      text2 += decoder.decode(value7, { stream: true });
    }
  } finally {
    signal.removeEventListener("abort", cancel);
  }
};
var readResponse = (method, path, response, networkFailure) => Effect3.gen(function* () {
  const actual = response.headers.get(actualStatus);
  const status = actual !== null && /^\d{3}$/.test(actual) ? Number(actual) : response.status;
  const text2 = yield* Effect3.tryPromise({
    try: (signal) => readText(response, signal),
    catch: (cause) => String(cause)
  }).pipe(Effect3.catch(networkFailure));
  yield* Effect3.annotateCurrentSpan("http.status_code", status);
  const headerCode = response.headers.get(knownError);
  if (headerCode !== null) {
    const parsed = parseJson(text2);
    const body = parsed.ok ? parsed.value : void 0;
    if (body === void 0 || typeof body !== "object" || body === null || typeof body.code !== "string") {
      return yield* new StackDecodeError({ method, path, issue: `known error ${headerCode} with a body that is not {code, error, details}` });
    }
    if (body.code !== headerCode) return yield* Effect3.die(new KnownErrorCodeMismatch({ headerCode, bodyCode: body.code }));
    return yield* new KnownError({
      code: body.code,
      status,
      message: typeof body.error === "string" ? body.error : body.code,
      details: body.details
    });
  }
  if (status >= 200 && status < 300) {
    const parsed = parseJson(text2);
    if (!parsed.ok) return yield* new StackDecodeError({ method, path, issue: "the body is not JSON" });
    return { status, headers: response.headers, body: parsed.value };
  }
  const error = new StackHttpError({ method, path, status, body: text2.slice(0, 2e3) });
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
    Effect3.map((result2) => ({ ...probe, result: result2 }))
  ), { concurrency: "unbounded" });
});
var make2 = (options) => (
  // checked when the pipeline is built (not when the Layer value is created): that is where it runs
  Effect3.map(Effect3.suspend(() => validate(options)), () => {
    const { accessType: accessType2, config: config2 } = options;
    const connectionError = (method, path, reason, attempts) => Effect3.gen(function* () {
      if (isOffline()) return yield* new StackOfflineError({ method, path });
      const diagnostics = yield* runDiagnostics(config2.baseUrl);
      return yield* new StackConnectionError({ method, path, reason, attempts, diagnostics });
    });
    const execute = (request) => {
      const { method, path } = request;
      const idempotent = idempotentMethods.has(method);
      const url = buildUrl(config2, request);
      const body = request.body === void 0 ? void 0 : JSON.stringify(request.body);
      const networkFailure = (reason) => idempotent ? Effect3.fail({ _tag: "Retry", retry: { _tag: "Network", reason } }) : connectionError(method, path, reason, 1);
      const attemptOnce = Effect3.gen(function* () {
        const transport = yield* HttpTransport;
        const httpRequest = new Request(url, {
          method,
          headers: buildHeaders(config2, accessType2, request),
          ...body === void 0 ? {} : { body },
          credentials: "omit"
        });
        const response = yield* transport.send(httpRequest).pipe(
          Effect3.catch((failure) => networkFailure(failure.reason))
        );
        return yield* readResponse(method, path, response, networkFailure);
      });
      const timed = request.timeout === void 0 ? attemptOnce : attemptOnce.pipe(Effect3.timeoutOrElse({
        duration: request.timeout,
        orElse: () => Effect3.fail(new StackTimeoutError({ method, path, timeoutMillis: Duration.toMillis(Duration.fromInputUnsafe(request.timeout)) }))
      }));
      const loop = (attempt) => timed.pipe(Effect3.catch((failure) => {
        if (failure._tag !== "Retry") return Effect3.fail(failure);
        const retry = failure.retry;
        if (attempt + 1 >= retryPolicy.attempts) {
          return retry._tag === "Network" ? connectionError(method, path, retry.reason, attempt + 1) : Effect3.fail(retry.error);
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
      return Effect3.annotateCurrentSpan({ "http.method": method, "http.path": path }).pipe(
        Effect3.andThen(loop(0))
      );
    };
    return { config: config2, accessType: accessType2, execute };
  })
);
var layer = (options) => Layer3.effect(StackHttp, make2(options));

// src/transport/Call.ts
var formatIssue = SchemaIssue.makeFormatterDefault();
var decodeBody = (schema, request, body) => Schema8.decodeUnknownEffect(schema)(body).pipe(
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

// src/api/ServerUsers.ts
var orderByWire = { signedUpAt: "signed_up_at" };
var InvalidOrderBy = class extends Schema9.TaggedError()("InvalidOrderBy", {
  orderBy: Schema9.String
}) {
  get message() {
    return `Users can only be listed by signedUpAt, not by ${JSON.stringify(this.orderBy)}`;
  }
};
var withPassword = (input) => input.password === void 0 || input.password === null || typeof input.password === "string" ? input : { ...input, password: Redacted2.value(input.password) };
var userPath = (userId2) => `/users/${encodeURIComponent(userId2)}`;
var createErrors = [UserWithEmailAlreadyExists, PasswordTooShort, PasswordTooLong];
var create = Effect5.fn("ServerUsers.create")(
  function* (input) {
    yield* ServerAccess;
    return yield* call({ method: "POST", path: "/users", body: withPassword(input), response: ServerUser, errors: createErrors });
  }
);
var getErrors = [UserNotFound];
var get = Effect5.fn("ServerUsers.get")(
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
var update = Effect5.fn("ServerUsers.update")(
  function* (userId2, input) {
    yield* ServerAccess;
    return yield* call({ method: "PATCH", path: userPath(userId2), body: withPassword(input), response: ServerUser, errors: updateErrors });
  }
);
var removeErrors = [UserNotFound];
var remove = Effect5.fn("ServerUsers.remove")(
  function* (userId2) {
    yield* ServerAccess;
    yield* call({ method: "DELETE", path: userPath(userId2), body: {}, response: Schema9.Unknown, errors: removeErrors });
  }
);
var listErrors = [SchemaError];
var listQuery = (options) => Effect5.gen(function* () {
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
var list = Effect5.fn("ServerUsers.list")(
  function* (options = {}) {
    yield* ServerAccess;
    const query = yield* listQuery(options);
    const page = yield* call({ method: "GET", path: "/users", query, response: ServerUserPage, errors: listErrors });
    return { items: page.items, nextCursor: page.pagination?.nextCursor ?? void 0 };
  }
);

// src/apps/StackServerApp.ts
import * as Effect11 from "effect/Effect";
import * as Layer7 from "effect/Layer";

// src/transport/StackConfig.ts
import * as Config from "effect/Config";
import * as Option3 from "effect/Option";
import * as Redacted4 from "effect/Redacted";
var defaultBaseUrl = "https://api.stack-auth.com";
var redact = (value7) => value7 === void 0 ? void 0 : Redacted4.isRedacted(value7) ? value7 : Redacted4.make(value7);
var normalizeBaseUrl = (url) => url.replace(/\/+$/, "");
var make4 = (options) => ({
  projectId: options.projectId,
  publishableClientKey: options.publishableClientKey,
  secretServerKey: redact(options.secretServerKey),
  superSecretAdminKey: redact(options.superSecretAdminKey),
  baseUrl: normalizeBaseUrl(options.baseUrl ?? defaultBaseUrl),
  extraRequestHeaders: options.extraRequestHeaders ?? {}
});

// src/apps/AppLayer.ts
import * as Layer6 from "effect/Layer";

// src/session/Session.ts
import * as Context6 from "effect/Context";
import * as Effect10 from "effect/Effect";
import * as Layer5 from "effect/Layer";
import * as PubSub from "effect/PubSub";
import * as Redacted8 from "effect/Redacted";
import * as Ref2 from "effect/Ref";
import * as Schema11 from "effect/Schema";
import * as Semaphore from "effect/Semaphore";
import * as Stream2 from "effect/Stream";
import * as SubscriptionRef from "effect/SubscriptionRef";

// src/session/AccessToken.ts
import * as Clock2 from "effect/Clock";
import * as Effect6 from "effect/Effect";
import * as Redacted5 from "effect/Redacted";
import * as Schema10 from "effect/Schema";
import { decodeJwt } from "jose";
var InvalidTokenValue = class extends Schema10.TaggedError()("InvalidTokenValue", {
  kind: Schema10.Literals(["access", "refresh"])
}) {
  get message() {
    return `The ${this.kind} token is the text 'undefined'; a real token is never that value`;
  }
};
var isRejectedValue = (value7) => value7 === "undefined";
var validateValue = (kind, value7) => {
  const redacted = Redacted5.isRedacted(value7) ? value7 : Redacted5.make(value7);
  return isRejectedValue(Redacted5.value(redacted)) ? Effect6.fail(new InvalidTokenValue({ kind })) : Effect6.succeed(redacted);
};
var decodeClaims = (token) => {
  try {
    const payload = decodeJwt(Redacted5.value(token));
    return {
      userId: typeof payload.sub === "string" ? payload.sub : void 0,
      expiresAtMillis: typeof payload.exp === "number" ? payload.exp * 1e3 : Number.POSITIVE_INFINITY
    };
  } catch {
    return { userId: void 0, expiresAtMillis: 0 };
  }
};
var fromRedacted = (token) => ({ token, ...decodeClaims(token) });
var expiresInMillis = (token) => Effect6.map(Clock2.currentTimeMillis, (now) => Math.max(0, token.expiresAtMillis - now));
var isValidFor = (token, millis) => Effect6.map(Clock2.currentTimeMillis, (now) => token.expiresAtMillis - now >= millis && token.expiresAtMillis > now);
var isExpired = (token) => Effect6.map(expiresInMillis(token), (left) => left <= 0);

// src/session/Refresh.ts
import * as Effect7 from "effect/Effect";
import * as Random2 from "effect/Random";
import * as Redacted6 from "effect/Redacted";
import * as Result from "effect/Result";
import * as oauth from "oauth4webapi";
var tokenPath = "/auth/oauth/token";
var refreshTokenErrorCodes = /* @__PURE__ */ new Set([
  "REFRESH_TOKEN_ERROR",
  "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED",
  "PROVIDER_REJECTED",
  "CANNOT_DELETE_CURRENT_SESSION"
]);
var invalid = { _tag: "Invalid" };
var describe2 = (cause) => cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
var send = (config2, refreshToken3) => Effect7.gen(function* () {
  const transport = yield* HttpTransport;
  const context2 = yield* Effect7.context();
  const url = `${config2.baseUrl}/api/v1${tokenPath}`;
  const as2 = { issuer: config2.baseUrl, token_endpoint: url };
  const client = { client_id: config2.projectId, token_endpoint_auth_method: "client_secret_post" };
  const auth = config2.publishableClientKey === void 0 ? oauth.None() : oauth.ClientSecretPost(config2.publishableClientKey);
  const response = yield* Effect7.tryPromise({
    try: (signal) => oauth.refreshTokenGrantRequest(as2, client, auth, Redacted6.value(refreshToken3), {
      signal,
      [oauth.allowInsecureRequests]: url.startsWith("http:"),
      [oauth.customFetch]: async (target, init) => {
        const sent = await Effect7.runPromiseWith(context2)(Effect7.result(transport.send(new Request(target, init))), {
          signal: init.signal
        });
        if (Result.isFailure(sent)) throw sent.failure;
        return sent.success;
      }
    }),
    catch: (cause) => cause instanceof TransportFailure ? cause : new TransportFailure({ reason: describe2(cause) })
  });
  const text2 = yield* Effect7.tryPromise({
    try: (signal) => readText(response, signal),
    catch: (cause) => new TransportFailure({ reason: describe2(cause) })
  });
  const buffered = yield* Effect7.try({
    try: () => new Response(nullBodyStatuses.has(response.status) ? null : text2, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers
    }),
    catch: (cause) => new TransportFailure({ reason: describe2(cause) })
  });
  return { as: as2, client, response: buffered };
});
var nullBodyStatuses = /* @__PURE__ */ new Set([204, 205, 304]);
var sendWithRetries = (config2, refreshToken3) => {
  const loop = (attempt) => send(config2, refreshToken3).pipe(Effect7.catch((failure) => {
    if (attempt + 1 >= retryPolicy.attempts) {
      const offline = globalThis.navigator?.onLine === false;
      return Effect7.fail(
        offline ? new StackOfflineError({ method: "POST", path: tokenPath }) : new StackConnectionError({ method: "POST", path: tokenPath, reason: failure.reason, attempts: attempt + 1, diagnostics: [] })
      );
    }
    return Random2.nextBetween(retryPolicy.jitterMin, retryPolicy.jitterMax).pipe(
      Effect7.flatMap((jitter) => Effect7.sleep(jitter * retryPolicy.baseDelayMillis * 2 ** attempt)),
      Effect7.andThen(Effect7.suspend(() => loop(attempt + 1)))
    );
  }));
  return loop(0);
};
var readKnownError = (code, response) => {
  if (refreshTokenErrorCodes.has(code)) return Effect7.succeed(invalid);
  return Effect7.promise(() => response.json().catch(() => void 0)).pipe(
    Effect7.flatMap(
      (body) => Effect7.fail(new KnownError({
        code,
        status: response.status,
        message: typeof body?.error === "string" ? body.error : code,
        details: body?.details
      }))
    )
  );
};
var processFailure = (status, cause) => {
  if (cause instanceof oauth.ResponseBodyError) {
    if (cause.error === "invalid_grant") return invalid;
    return new StackHttpError({ method: "POST", path: tokenPath, status: cause.status, body: cause.error });
  }
  if (cause instanceof oauth.WWWAuthenticateChallengeError) {
    return new StackHttpError({ method: "POST", path: tokenPath, status: cause.status, body: "WWW-Authenticate challenge" });
  }
  if (status < 200 || status >= 300) return new StackHttpError({ method: "POST", path: tokenPath, status, body: "" });
  return new StackDecodeError({ method: "POST", path: tokenPath, issue: cause instanceof Error ? cause.message : "unreadable token response" });
};
var refreshAccessToken = Effect7.fn("Session.refresh")(function* (config2, refreshToken3) {
  const { as: as2, client, response } = yield* sendWithRetries(config2, refreshToken3);
  const code = response.headers.get(knownError);
  if (code !== null) return yield* readKnownError(code, response);
  const result2 = yield* Effect7.result(Effect7.tryPromise({
    try: () => oauth.processRefreshTokenResponse(as2, client, response),
    catch: (cause) => cause
  }));
  if (Result.isFailure(result2)) {
    const failure = processFailure(response.status, result2.failure);
    return failure === invalid ? invalid : yield* Effect7.fail(failure);
  }
  const processed = result2.success;
  if (processed.access_token.length === 0 || processed.access_token === "undefined") {
    return yield* new StackDecodeError({ method: "POST", path: tokenPath, issue: "access_token is empty or the text 'undefined'" });
  }
  const rotated = processed.refresh_token;
  return {
    _tag: "Refreshed",
    accessToken: Redacted6.make(processed.access_token),
    refreshToken: rotated === void 0 || rotated.length === 0 || rotated === "undefined" ? void 0 : Redacted6.make(rotated)
  };
});

// src/session/RefreshCoordinator.ts
import * as Context4 from "effect/Context";
import * as Deferred from "effect/Deferred";
import * as Effect8 from "effect/Effect";
import * as Exit from "effect/Exit";
import * as Fiber from "effect/Fiber";
var make8 = () => {
  const entries = /* @__PURE__ */ new Map();
  const release = (key, entry) => (exit2) => Effect8.suspend(() => {
    entry.waiters--;
    if (entry.waiters > 0 || !Exit.hasInterrupts(exit2) || entries.get(key) !== entry) return Effect8.void;
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
          Effect8.flatMap((exit2) => Deferred.done(deferred, exit2)),
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
var RefreshCoordinator = Context4.Reference(
  "stack-auth-effect/session/RefreshCoordinator",
  { defaultValue: make8 }
);

// src/session/TokenStore.ts
import * as Context5 from "effect/Context";
import * as Effect9 from "effect/Effect";
import * as Layer4 from "effect/Layer";
import * as Redacted7 from "effect/Redacted";
import * as Ref from "effect/Ref";
var TokenStore = class extends Context5.Service()("stack-auth-effect/session/TokenStore") {
};
var empty = {};
var sanitize = (tokens) => {
  const keep = (value7) => {
    if (value7 === null || value7 === void 0) return void 0;
    const redacted = Redacted7.isRedacted(value7) ? value7 : Redacted7.make(value7);
    const raw = Redacted7.value(redacted);
    return raw.length === 0 || isRejectedValue(raw) ? void 0 : redacted;
  };
  const accessToken2 = keep(tokens.accessToken);
  const refreshToken3 = keep(tokens.refreshToken);
  return { ...accessToken2 ? { accessToken: accessToken2 } : {}, ...refreshToken3 ? { refreshToken: refreshToken3 } : {} };
};
var sameTokens = (a, b) => {
  const value7 = (r) => r === void 0 ? void 0 : Redacted7.value(r);
  return value7(a.accessToken) === value7(b.accessToken) && value7(a.refreshToken) === value7(b.refreshToken);
};
var makeMemory = (initial = empty) => Effect9.map(Ref.make(initial), (ref) => ({
  get: Ref.get(ref),
  set: (tokens) => Ref.set(ref, tokens),
  clear: Ref.set(ref, empty)
}));
var layerMemory = Layer4.effect(TokenStore, makeMemory());

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
var AccessTokenValidityTooLong = class extends Schema11.TaggedError()("AccessTokenValidityTooLong", {
  requestedMillis: Schema11.Number
}) {
  get message() {
    return `An access token valid for ${this.requestedMillis} ms was asked for; access tokens are too short-lived for ${maximumValidityMillis} ms or more`;
  }
};
var Session = class extends Context6.Service()("stack-auth-effect/session/Session") {
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
var same = (a, b) => a === void 0 || b === void 0 ? a === b : Redacted8.value(a) === Redacted8.value(b);
var make14 = Effect10.gen(function* () {
  const http = yield* StackHttp;
  const store = yield* TokenStore;
  const ref = yield* Ref2.make(fromStored(sanitize(yield* store.get)));
  const stateRef = yield* SubscriptionRef.make(publicState(yield* Ref2.get(ref)));
  const events = yield* Effect10.acquireRelease(PubSub.unbounded(), PubSub.shutdown);
  const stateLock = yield* Semaphore.make(1);
  const flights = make8();
  const commit = (next, event, persist) => Effect10.gen(function* () {
    yield* Ref2.set(ref, next);
    yield* SubscriptionRef.set(stateRef, publicState(next));
    if (persist) yield* next.access === void 0 && next.refreshToken === void 0 ? store.clear : store.set(toStored(next));
    if (event !== void 0) yield* PubSub.publish(events, event);
  });
  const update2 = (f2) => stateLock.withPermits(1)(Effect10.flatMap(Ref2.get(ref), (state) => {
    const [result2, effect4] = f2(state);
    return Effect10.as(effect4, result2);
  }));
  const usable = (state, min) => Effect10.gen(function* () {
    if (state.knownInvalid || state.access === void 0) return void 0;
    const enough = state.refreshToken === void 0 ? !(yield* isExpired(state.access)) : yield* isValidFor(state.access, min);
    return enough ? { accessToken: state.access.token, refreshToken: state.refreshToken } : void 0;
  });
  const applyOutcome = (used, outcome) => update2((state) => {
    if (!same(state.refreshToken, used) || state.knownInvalid) return [void 0, Effect10.void];
    if (outcome._tag === "Invalid") return [void 0, commit(signedOut, { _tag: "SignedOut" }, true)];
    const next = {
      access: fromRedacted(outcome.accessToken),
      refreshToken: outcome.refreshToken ?? used,
      knownInvalid: false
    };
    return [{ accessToken: next.access.token, refreshToken: next.refreshToken }, commit(next, { _tag: "Refreshed" }, true)];
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
${Redacted8.value(used)}`;
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
  const markAccessTokenExpired = (accessToken2) => update2(
    (state) => state.access !== void 0 && same(state.access.token, accessToken2) ? [void 0, commit({ ...state, access: void 0 }, void 0, true)] : [void 0, Effect10.void]
  );
  const send2 = (request, tokens) => http.execute({ ...request, tokens });
  const executeWith = (request, tokens) => send2(request, tokens).pipe(Effect10.catch(
    (error) => tokens !== void 0 && isInvalidAccessToken(error) ? markAccessTokenExpired(tokens.accessToken).pipe(
      Effect10.andThen(obtain(minimumValidityMillis)),
      Effect10.flatMap((fresh2) => send2(request, fresh2))
    ) : Effect10.fail(error)
  ));
  const execute = (request) => Effect10.flatMap(obtain(minimumValidityMillis), (tokens) => executeWith(request, tokens));
  const invalidate = update2(
    (state) => [void 0, commit(signedOut, publicState(state)._tag === "SignedOut" ? void 0 : { _tag: "SignedOut" }, true)]
  );
  const signOut = Effect10.gen(function* () {
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
    const next = { access: fromRedacted(accessToken2), refreshToken: refreshToken3, knownInvalid: false };
    yield* update2(() => [void 0, commit(next, { _tag: "SignedIn" }, true)]);
  }).pipe(Effect10.orDie);
  const applyExternal = (incoming) => update2((state) => {
    const tokens = sanitize(incoming);
    if (tokens.refreshToken !== void 0 && same(tokens.refreshToken, state.refreshToken) && !state.knownInvalid) {
      return tokens.accessToken === void 0 || same(tokens.accessToken, state.access?.token) ? [void 0, Effect10.void] : [void 0, commit({ ...state, access: fromRedacted(tokens.accessToken) }, void 0, false)];
    }
    if (sameTokens(tokens, toStored(state))) return [void 0, Effect10.void];
    const next = fromStored(tokens);
    const event = { _tag: publicState(next)._tag === "SignedIn" ? "SignedIn" : "SignedOut" };
    return [void 0, commit(next, event, false)];
  });
  if (store.changes !== void 0) {
    yield* Stream2.runForEach(store.changes, applyExternal).pipe(Effect10.forkScoped({ startImmediately: true }));
  }
  return Session.of({
    execute,
    setTokens,
    signOut,
    invalidate,
    changes: SubscriptionRef.changes(stateRef).pipe(Stream2.changes),
    getTokens,
    markAccessTokenExpired,
    state: SubscriptionRef.get(stateRef),
    isKnownInvalid: Effect10.map(Ref2.get(ref), (state) => state.knownInvalid),
    events: Stream2.fromPubSub(events)
  });
});
var layer2 = Layer5.effect(Session, make14);

// src/apps/AppLayer.ts
var make15 = (config2, accessType2, options) => (
  // `fresh`: Layer values are memoised by identity, and two apps in one Layer graph must never
  // share a session or a default token store.
  Layer6.fresh(layer2).pipe(
    Layer6.provideMerge(Layer6.mergeAll(
      layer({ config: config2, accessType: accessType2, allowSecretKeysInBrowser: options.allowSecretKeysInBrowser }),
      options.tokenStore ?? Layer6.fresh(layerMemory)
    ))
  )
);

// src/apps/StackServerApp.ts
var layer3 = (options) => Layer7.merge(
  make15(
    make4({
      projectId: options.projectId,
      publishableClientKey: options.publishableClientKey,
      secretServerKey: options.secretServerKey,
      baseUrl: options.baseUrl,
      extraRequestHeaders: options.extraRequestHeaders
    }),
    "server",
    options
  ),
  layerServer
);

// bench/support/fixtures.ts
var keys = {
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
var jwt = (sub, expSeconds) => `${base64url({ alg: "ES256", typ: "JWT" })}.${base64url({ sub, exp: expSeconds, iat: expSeconds - 600, iss: "bench", aud: keys.projectId, project_id: keys.projectId })}.c2lnbmF0dXJl`;
var userId = "user-signed-in";
var expiredAccessToken = () => jwt(userId, Math.floor(Date.now() / 1e3) - 3600);
var freshAccessToken = () => jwt(userId, Math.floor(Date.now() / 1e3) + 600);
var refreshToken2 = "bench-refresh-token";

// bench/support/server.ts
import { spawn } from "node:child_process";
import { createServer } from "node:http";

// bench/support/paths.ts
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
var findRoot = (from) => existsSync(join(from, "package.json")) && existsSync(join(from, "bench")) ? from : findRoot(dirname(from));
var root = `${findRoot(dirname(fileURLToPath(import.meta.url)))}/`;
var fromRoot = (path) => join(root, path);

// bench/support/server.ts
var json = { "content-type": "application/json" };
var [userHead, userTail] = JSON.stringify(serverUser("\0")).split(JSON.stringify("\0"));
var handler = (counts, options) => (req, res) => {
  const method = req.method ?? "GET";
  const path = (req.url ?? "/").split("?")[0];
  if (path.startsWith("/__")) return control(counts, path, res);
  const route = method === "GET" && path.startsWith("/api/v1/users/") && path !== "/api/v1/users/me" ? "GET /api/v1/users/:id" : `${method} ${path}`;
  counts[route] = (counts[route] ?? 0) + 1;
  switch (route) {
    case "GET /api/v1/users/:id": {
      const id = decodeURIComponent(path.slice("/api/v1/users/".length));
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
var control = (counts, path, res) => {
  if (path === "/__reset") for (const key of Object.keys(counts)) delete counts[key];
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
    resolve(clientOf(`http://127.0.0.1:${port}`, () => new Promise((done2) => {
      server2.closeAllConnections();
      server2.close(() => done2());
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
      resolve(clientOf(match[1], () => new Promise((done2) => {
        child.once("exit", () => done2());
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

// bench/.scratch/prof.ts
var server = await spawnServer();
var runtime = ManagedRuntime.make(layer3({ ...keys, baseUrl: server.url }));
var n = 0;
var mode = process.argv[2] ?? "ours";
var headers = { "x-a": "b" };
var f = mode === "ours" ? () => runtime.runPromise(get(`user-${n++}`)) : async () => (await fetch(`${server.url}/api/v1/users/u${n++}`, { headers })).json();
for (let i = 0; i < 2e4; i++) await f();
await runtime.dispose();
await server.close();
