/**
 * The failures the server middlewares answer (`HttpApiAuth`, `HttpRouterAuth`, `RpcAuth`), as
 * schemas: `Unauthorized` (401) and `AuthUnavailable` (503). Server-side only.
 *
 * @since 0.1.0
 * @module
 */
import * as Schema from "effect/Schema"
import * as ServerAuth from "./ServerAuth.ts"

/** 401: the request carries no usable token; `code` is the known error's code (or `MISSING_CREDENTIALS`). */
export class Unauthorized extends /*#__PURE__*/ Schema.TaggedError<Unauthorized>()("Unauthorized", {
  code: Schema.String,
  message: Schema.String
}, { httpApiStatus: 401, description: "No valid Stack Auth access token (or session cookie) in the request." }) {}

/** 503: the token could not be checked (the service or its key set cannot be reached). */
export class AuthUnavailable extends /*#__PURE__*/ Schema.TaggedError<AuthUnavailable>()("AuthUnavailable", {
  message: Schema.String
}, { httpApiStatus: 503, description: "The Stack Auth service could not be reached to check the token." }) {}

/** An authentication failure as the middleware's declared error. */
export const fromAuthenticateError = (error: ServerAuth.AuthenticateError): Unauthorized | AuthUnavailable =>
  ServerAuth.statusOf(error) === 401
    ? new Unauthorized({ code: codeOf(error), message: error.message })
    : new AuthUnavailable({ message: "The Stack Auth service could not be reached to check the token." })

const codeOf = (error: ServerAuth.AuthenticateError): string =>
  error instanceof ServerAuth.MissingCredentials ? "MISSING_CREDENTIALS" : "code" in error && typeof error.code === "string" ? error.code : error._tag

