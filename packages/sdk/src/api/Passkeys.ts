/**
 * Passkeys (`/auth/passkey/*`): registering a passkey for the
 * signed-in user and signing in with one. The service sends WebAuthn options whose relying-party id
 * is a sentinel; the client puts the page's hostname there, checks the domain and the user id, and
 * runs the ceremony through the {@link WebAuthn.WebAuthn} service.
 *
 * @since 0.1.0
 * @module
 */
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type { KnownError, UnknownErrorCode } from "../protocol/KnownError.ts"
import {
  MultiFactorAuthenticationRequired,
  PasskeyAuthenticationFailed,
  PasskeyAuthenticationNotEnabled,
  PasskeyRegistrationFailed,
  SchemaError,
  UserAuthenticationRequired,
  VerificationCodeExpired
} from "../protocol/KnownErrors.ts"
import { SignInTokens } from "../protocol/internal/schemas/Auth.ts"
import * as Wire from "../protocol/internal/schemas/Wire.ts"
import * as Session from "../session/Session.ts"
import type { TransportError } from "../transport/TransportErrors.ts"
import * as Mfa from "./Mfa.ts"
import * as SignInOutcome from "./SignInOutcome.ts"
import * as WebAuthn from "./WebAuthn.ts"
import * as Traced from "../transport/internal/Traced.ts"

/** The relying-party id the service sends, to be replaced with the page's hostname. */
export const relyingPartyIdSentinel = "THIS_VALUE_WILL_BE_REPLACED.example.com"

const Initiated = <A>(options: Schema.Codec<A, unknown>) =>
  Schema.Struct({ optionsJson: options, code: Schema.String }).pipe(Wire.encodeKeys({ optionsJson: "options_json" }))

const CreationOptions = Schema.Unknown as unknown as Schema.Codec<PublicKeyCredentialCreationOptionsJSON, unknown>
const RequestOptions = Schema.Unknown as unknown as Schema.Codec<PublicKeyCredentialRequestOptionsJSON, unknown>
const Registered = Schema.Struct({ userHandle: Schema.String }).pipe(Wire.encodeKeys({ userHandle: "user_handle" }))

/** The byte length of a base64url string. */
const base64UrlByteLength = (value: string): number => {
  const clean = value.replace(/=+$/, "")
  return Math.floor((clean.length * 3) / 4)
}

/** The page's hostname, checked: WebAuthn works on localhost and valid dotted hostnames. */
const relyingPartyId = (service: WebAuthn.Service, sent: string | undefined) =>
  Effect.gen(function*() {
    if (sent !== relyingPartyIdSentinel) {
      return yield* new WebAuthn.WebAuthnInvalidRelyingPartyId({
        rpId: sent ?? "",
        reason: `Expected the service's relying-party id sentinel, got ${JSON.stringify(sent)}`
      })
    }
    const hostname = yield* service.hostname
    if (!WebAuthn.isValidDomain(hostname)) return yield* new WebAuthn.WebAuthnInvalidDomain({ hostname })
    return hostname
  })

/** What `register` can fail with. */
export type RegisterError =
  | WebAuthn.CeremonyError
  | UserAuthenticationRequired
  | SchemaError
  | PasskeyRegistrationFailed
  | PasskeyAuthenticationNotEnabled
  | VerificationCodeExpired
  | KnownError
  | UnknownErrorCode
  | TransportError

/**
 * Registers a passkey for the signed-in user (`initiate-passkey-registration`, then
 * the browser ceremony, then `register` with `code` and `credential`). Answers the credential's
 * user handle. A ceremony outlasting the challenge (65 s) fails with `VerificationCodeExpired`.
 * Signed out it fails with `UserAuthenticationRequired`: at once when the session holds no user,
 * and when the service refuses the request for want of one (it answers that with `SCHEMA_ERROR`,
 * "auth.user must be defined", which becomes `UserAuthenticationRequired` once the session is
 * signed out); any other refusal of the request is `SchemaError`.
 */
export const register = /*#__PURE__*/ Effect.fnUntraced(
  function*(): Effect.fn.Return<{ readonly userHandle: string }, RegisterError, Session.Session | WebAuthn.WebAuthn> {
    const webAuthn = yield* WebAuthn.WebAuthn
    if (!(yield* webAuthn.isSupported)) return yield* new WebAuthn.WebAuthnNotSupported()
    const session = yield* Session.Session
    const signedOut = Effect.map(session.state, (state) => state._tag === "SignedOut")
    if (yield* signedOut) return yield* new UserAuthenticationRequired({})
    const initiated = yield* Session.call({
      method: "POST",
      path: "/auth/passkey/initiate-passkey-registration",
      body: {},
      response: Initiated(CreationOptions),
      errors: [PasskeyAuthenticationNotEnabled, UserAuthenticationRequired, SchemaError]
    }).pipe(
      // the tokens were refused on the way (the session signed out): the service saw no user
      Effect.catchTag("SchemaError", (error) =>
        Effect.flatMap(signedOut, (out) => Effect.fail(out ? new UserAuthenticationRequired({}) : error)))
    )
    const options = initiated.optionsJson
    const hostname = yield* relyingPartyId(webAuthn, options.rp?.id)
    const userIdLength = base64UrlByteLength(options.user?.id ?? "")
    if (userIdLength < 1 || userIdLength > 64) return yield* new WebAuthn.WebAuthnInvalidUserIdLength({ length: userIdLength })
    const credential = yield* webAuthn.startRegistration({ ...options, rp: { ...options.rp, id: hostname } })
    return yield* Session.call({
      method: "POST",
      path: "/auth/passkey/register",
      body: { credential, code: initiated.code },
      response: Registered,
      errors: [PasskeyRegistrationFailed, PasskeyAuthenticationNotEnabled, UserAuthenticationRequired, VerificationCodeExpired]
    })
  },
  /*#__PURE__*/ Traced.span("Passkeys.register")
)

/** What `signIn` can fail with. */
export type SignInError =
  | WebAuthn.CeremonyError
  | PasskeyAuthenticationFailed
  | PasskeyAuthenticationNotEnabled
  | MultiFactorAuthenticationRequired
  | VerificationCodeExpired
  | KnownError
  | UnknownErrorCode
  | TransportError

/**
 * Signs in with a passkey (`initiate-passkey-authentication`, the ceremony, then
 * `sign-in` with `code` and `authentication_response`). A user with a second factor fails with
 * `MultiFactorAuthenticationRequired`, its attempt code kept.
 */
export const signIn = /*#__PURE__*/ Effect.fnUntraced(
  function*(): Effect.fn.Return<SignInOutcome.SignInResult, SignInError, Session.Session | WebAuthn.WebAuthn> {
    const webAuthn = yield* WebAuthn.WebAuthn
    if (!(yield* webAuthn.isSupported)) return yield* new WebAuthn.WebAuthnNotSupported()
    const initiated = yield* Session.call({
      method: "POST",
      path: "/auth/passkey/initiate-passkey-authentication",
      body: {},
      response: Initiated(RequestOptions),
      errors: [PasskeyAuthenticationNotEnabled]
    })
    const options = initiated.optionsJson
    const hostname = yield* relyingPartyId(webAuthn, options.rpId)
    const response = yield* webAuthn.startAuthentication({ ...options, rpId: hostname })
    const tokens = yield* Session.call({
      method: "POST",
      path: "/auth/passkey/sign-in",
      body: { authentication_response: response, code: initiated.code },
      response: SignInTokens,
      errors: [PasskeyAuthenticationFailed, PasskeyAuthenticationNotEnabled, MultiFactorAuthenticationRequired, VerificationCodeExpired]
    }).pipe(Mfa.keepAttemptCode)
    return yield* SignInOutcome.storeTokens(tokens, false)
  },
  /*#__PURE__*/ Traced.span("Passkeys.signIn")
)
