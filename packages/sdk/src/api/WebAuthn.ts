/**
 * The browser's WebAuthn ceremonies behind a service: {@link layerBrowser} runs them with
 * `@simplewebauthn/browser`; tests provide a software authenticator. Every ceremony failure
 * (aborted, unsupported, already registered, bad domain or relying-party id, bad user id length,
 * authenticator error) is its own error class.
 *
 * @since 0.1.0
 * @module
 */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON
} from "@simplewebauthn/browser"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import * as Host from "../transport/internal/Host.ts"

/** The browser has no WebAuthn. */
export class WebAuthnNotSupported extends /*#__PURE__*/ Schema.TaggedError<WebAuthnNotSupported>()("WebAuthnNotSupported", {}) {
  override get message(): string {
    return "WebAuthn is not supported in this browser"
  }
}

const reason = { reason: Schema.String }

/** The ceremony was aborted (another ceremony started, or the page cancelled it). */
export class WebAuthnAborted extends /*#__PURE__*/ Schema.TaggedError<WebAuthnAborted>()("WebAuthnAborted", reason) {
  override get message(): string {
    return this.reason || "The WebAuthn ceremony was aborted"
  }
}

/** No authenticator can keep a discoverable credential (a passkey). */
export class WebAuthnMissingDiscoverableCredentialSupport extends /*#__PURE__*/ Schema.TaggedError<WebAuthnMissingDiscoverableCredentialSupport>()(
  "WebAuthnMissingDiscoverableCredentialSupport",
  reason
) {
  override get message(): string {
    return this.reason || "No available authenticator supports discoverable credentials"
  }
}

/** User verification was required and no authenticator can do it. */
export class WebAuthnUserVerificationUnsupported extends /*#__PURE__*/ Schema.TaggedError<WebAuthnUserVerificationUnsupported>()(
  "WebAuthnUserVerificationUnsupported",
  reason
) {
  override get message(): string {
    return this.reason || "No available authenticator supports user verification"
  }
}

/** The authenticator already holds a credential for this user. */
export class WebAuthnAuthenticatorPreviouslyRegistered extends /*#__PURE__*/ Schema.TaggedError<WebAuthnAuthenticatorPreviouslyRegistered>()(
  "WebAuthnAuthenticatorPreviouslyRegistered",
  reason
) {
  override get message(): string {
    return this.reason || "The authenticator was previously registered"
  }
}

/** The page's domain cannot use WebAuthn (not localhost nor a valid dotted hostname). */
export class WebAuthnInvalidDomain extends /*#__PURE__*/ Schema.TaggedError<WebAuthnInvalidDomain>()("WebAuthnInvalidDomain", {
  hostname: Schema.String
}) {
  override get message(): string {
    return `${this.hostname} is an invalid domain for WebAuthn`
  }
}

/** The relying-party id does not fit this domain (or the service did not send its sentinel). */
export class WebAuthnInvalidRelyingPartyId extends /*#__PURE__*/ Schema.TaggedError<WebAuthnInvalidRelyingPartyId>()(
  "WebAuthnInvalidRelyingPartyId",
  { rpId: Schema.String, reason: Schema.String }
) {
  override get message(): string {
    return this.reason.length > 0 ? this.reason : `The relying-party id "${this.rpId}" is invalid for this domain`
  }
}

/** The WebAuthn user id is not 1 to 64 bytes long. */
export class WebAuthnInvalidUserIdLength extends /*#__PURE__*/ Schema.TaggedError<WebAuthnInvalidUserIdLength>()("WebAuthnInvalidUserIdLength", {
  length: Schema.Number
}) {
  override get message(): string {
    return `The WebAuthn user id must be 1 to 64 bytes long, not ${this.length}`
  }
}

/** The authenticator failed (it could not process the options or make the credential). */
export class WebAuthnAuthenticatorError extends /*#__PURE__*/ Schema.TaggedError<WebAuthnAuthenticatorError>()("WebAuthnAuthenticatorError", reason) {
  override get message(): string {
    return this.reason || "The authenticator could not complete the ceremony"
  }
}

/** Another ceremony failure (the user declined, a platform-specific error...), with the browser's code. */
export class WebAuthnCeremonyFailed extends /*#__PURE__*/ Schema.TaggedError<WebAuthnCeremonyFailed>()("WebAuthnCeremonyFailed", {
  code: Schema.String,
  reason: Schema.String
}) {
  override get message(): string {
    return this.reason.length > 0 ? this.reason : `The WebAuthn ceremony failed (${this.code})`
  }
}

/** Every way a ceremony can fail. */
export type CeremonyError =
  | WebAuthnNotSupported
  | WebAuthnAborted
  | WebAuthnMissingDiscoverableCredentialSupport
  | WebAuthnUserVerificationUnsupported
  | WebAuthnAuthenticatorPreviouslyRegistered
  | WebAuthnInvalidDomain
  | WebAuthnInvalidRelyingPartyId
  | WebAuthnInvalidUserIdLength
  | WebAuthnAuthenticatorError
  | WebAuthnCeremonyFailed

/** The ceremonies of one page. */
export interface Service {
  readonly isSupported: Effect.Effect<boolean>
  /** The page's hostname: the relying-party id a ceremony uses. */
  readonly hostname: Effect.Effect<string>
  /** Asks the browser to create a passkey for the given options (the user is prompted). */
  readonly startRegistration: (options: PublicKeyCredentialCreationOptionsJSON) => Effect.Effect<RegistrationResponseJSON, CeremonyError>
  /** Asks the browser to sign in with a passkey for the given options (the user is prompted). */
  readonly startAuthentication: (options: PublicKeyCredentialRequestOptionsJSON) => Effect.Effect<AuthenticationResponseJSON, CeremonyError>
}

/** The WebAuthn service key. */
export class WebAuthn extends Context.Service<WebAuthn, Service>()("stack-auth-effect/api/WebAuthn") {}

/** A domain WebAuthn accepts: `localhost` or a valid dotted hostname. */
export const isValidDomain = (hostname: string): boolean =>
  hostname === "localhost" || /^([a-z0-9]+(-[a-z0-9]+)*\.)+[a-z]{2,}$/i.test(hostname)

/** Turns a ceremony failure (`@simplewebauthn/browser`'s `WebAuthnError`, by its code) into its class. */
export const fromCeremonyFailure = (
  failure: unknown,
  context: { readonly hostname: string; readonly rpId: string }
): CeremonyError => {
  const { code, message } = (typeof failure === "object" && failure !== null ? failure : {}) as { code?: unknown; message?: unknown }
  const text = typeof message === "string" ? message : String(failure)
  if (text === "WebAuthn is not supported in this browser") return new WebAuthnNotSupported()
  switch (code) {
    case "ERROR_CEREMONY_ABORTED":
      return new WebAuthnAborted({ reason: text })
    case "ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT":
      return new WebAuthnMissingDiscoverableCredentialSupport({ reason: text })
    case "ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT":
      return new WebAuthnUserVerificationUnsupported({ reason: text })
    case "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED":
      return new WebAuthnAuthenticatorPreviouslyRegistered({ reason: text })
    case "ERROR_INVALID_DOMAIN":
      return new WebAuthnInvalidDomain({ hostname: context.hostname })
    case "ERROR_INVALID_RP_ID":
      return new WebAuthnInvalidRelyingPartyId({ rpId: context.rpId, reason: text })
    case "ERROR_INVALID_USER_ID_LENGTH":
      return new WebAuthnInvalidUserIdLength({ length: -1 })
    case "ERROR_AUTHENTICATOR_GENERAL_ERROR":
      return new WebAuthnAuthenticatorError({ reason: text })
    default:
      return new WebAuthnCeremonyFailed({ code: typeof code === "string" ? code : "UNKNOWN", reason: text })
  }
}

const hostnameOf = (url: string | undefined): string => {
  try {
    return url === undefined ? "" : new URL(url).hostname
  } catch {
    return ""
  }
}

/** The page's hostname, from the host the app provides. */
const currentHostname: Effect.Effect<string> = /*#__PURE__*/ Effect.withFiber((fiber) =>
  Effect.succeed(hostnameOf(fiber.getRef(Host.Host)?.url()))
)

/** A ceremony of `@simplewebauthn/browser`, its failure read with the page's hostname. */
const ceremony = <A>(start: () => Promise<A>, rpId: string): Effect.Effect<A, CeremonyError> =>
  Effect.flatMap(currentHostname, (hostname) =>
    Effect.tryPromise({ try: start, catch: (failure) => fromCeremonyFailure(failure, { hostname, rpId }) }))

/** Browsers: `@simplewebauthn/browser`, loaded when a ceremony starts; the page's hostname. */
export const layerBrowser: Layer.Layer<WebAuthn> = Layer.succeed(WebAuthn, WebAuthn.of({
  isSupported: Effect.promise(() => import("@simplewebauthn/browser")).pipe(Effect.map((lib) => lib.browserSupportsWebAuthn())),
  hostname: currentHostname,
  startRegistration: (optionsJSON) =>
    ceremony(async () => (await import("@simplewebauthn/browser")).startRegistration({ optionsJSON }), optionsJSON.rp.id ?? ""),
  startAuthentication: (optionsJSON) =>
    ceremony(async () => (await import("@simplewebauthn/browser")).startAuthentication({ optionsJSON }), optionsJSON.rpId ?? "")
}))
