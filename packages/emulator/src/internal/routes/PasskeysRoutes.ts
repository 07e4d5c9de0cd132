/**
 * Passkeys in the emulator (`/auth/passkey/*`): registration and sign-in
 * ceremonies with `@simplewebauthn/server`. Options carry the relying-party id sentinel the client
 * replaces; the response's origin must be a trusted URL of the project and its hostname is the
 * expected relying-party id. One passkey per user; challenges live 65 s.
 *
 * @since 0.1.0
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse
} from "@simplewebauthn/server"
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import {
  PasskeyAuthenticationFailed,
  PasskeyAuthenticationNotEnabled,
  PasskeyRegistrationFailed,
  UserAuthenticationRequired
} from "stack-auth-effect/KnownErrors"
import * as Fields from "../http/Fields.ts"
import { isTrustedUrl } from "../model/Domains.ts"
import type { Project } from "../../EmulatorState.ts"
import * as EmulatorState from "../../EmulatorState.ts"
import * as Mfa from "../model/MfaRules.ts"
import * as RequestSchema from "../http/RequestSchema.ts"
import * as Responses from "../http/Responses.ts"
import * as Router from "../../Router.ts"
import * as Table from "../state/Table.ts"
import * as Users from "../../EmulatorUsers.ts"
import * as Verification from "../model/Verification.ts"
import { primaryEmailChannel } from "../http/Views.ts"
import { signedIn } from "./PasswordRoutes.ts"

/** The relying-party id sent in options, replaced by the client with its hostname. */
export const relyingPartyIdSentinel = "THIS_VALUE_WILL_BE_REPLACED.example.com"
/** The COSE algorithms registration offers, the service's: Ed25519, ES256, RS256. */
export const registrationAlgorithms: ReadonlyArray<number> = [-8, -7, -257]
/** How long a ceremony may take. */
export const ceremonyTimeoutMillis = 60_000

/** A registered passkey. */
export interface Passkey {
  readonly credentialId: string
  readonly projectId: string
  readonly userId: string
  /** COSE public key, base64url. */
  readonly publicKey: string
  readonly counter: number
  readonly transports: ReadonlyArray<string>
}

/** Registered passkeys, keyed by credential id. */
export const passkeys = EmulatorState.extraTable<Passkey>("passkeys")

const registrationPurpose = "passkey_registration_challenge"
const authenticationPurpose = "passkey_authentication_challenge"

// The service's request schemas: each route declares its own `code` (any length), after the response.
const RegisterBody = Verification.codeBody({ credential: RequestSchema.mixed().defined(), code: RequestSchema.string().defined() })
const SignInBody = Verification.codeBody({ authentication_response: RequestSchema.mixed().defined(), code: RequestSchema.string().defined() })

/**
 * How the emulator draws passkey challenges. `"development"` (the default): the fixed challenge
 * `MOCK` (base64url `TU9DSw`), as the service's development setup answers it (its
 * `.env.development` turns on a switch for end-to-end tests that replay recorded credentials).
 * `"random"`: a fresh random challenge per ceremony, as the service does in production, so a
 * captured assertion cannot sign in again.
 */
export type PasskeyChallenges = "development" | "random"

/** The emulator's {@link PasskeyChallenges} mode, provided by `Emulator.layerWith({ passkeyChallenges })`. */
export const PasskeyChallengeMode: Context.Reference<PasskeyChallenges> = Context.Reference<PasskeyChallenges>(
  "@stack-auth-effect/emulator/PasskeyChallengeMode",
  { defaultValue: () => "development" }
)

/** The challenge of a new ceremony: fixed in the development mode, else left to the library (random). */
const challengeFor = (mode: PasskeyChallenges): Uint8Array<ArrayBuffer> | undefined =>
  mode === "development" ? new TextEncoder().encode("MOCK") : undefined

const fromBase64Url = (value: string): Uint8Array<ArrayBuffer> =>
  Uint8Array.from(atob(value.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0))
const toBase64Url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")

/** The origin the browser signed, if it is a trusted URL of the project. */
const trustedOrigin = (project: Project, response: unknown): string | undefined => {
  try {
    const clientData = (response as { response: { clientDataJSON: string } }).response.clientDataJSON
    const origin = (JSON.parse(new TextDecoder().decode(fromBase64Url(clientData))) as { origin?: unknown }).origin
    return typeof origin === "string" && isTrustedUrl(project, origin) ? origin : undefined
  } catch {
    return undefined
  }
}

const challengeOf = (data: unknown): string => (data as { challenge?: string } | null)?.challenge ?? ""

/** Passkey routes. */
export const routes: ReadonlyArray<Router.Route> = [
  Router.post("/auth/passkey/initiate-passkey-registration", "client", ({ auth }) =>
    Effect.gen(function*() {
      const user = auth.user
      // the service's request schema needs a user: signed out is its SCHEMA_ERROR, not USER_AUTHENTICATION_REQUIRED
      if (user === undefined) return yield* Fields.schemaError("auth.user must be defined")
      if (!auth.project.config.passkeyEnabled) return yield* new PasskeyAuthenticationNotEnabled({})
      const name = user.displayName || primaryEmailChannel(user)?.value || "Stack Auth User"
      const challenge = challengeFor(yield* PasskeyChallengeMode)
      const { hints: _hints, ...options } = yield* Effect.promise(() =>
        generateRegistrationOptions({
          ...(challenge === undefined ? {} : { challenge }),
          rpName: auth.project.displayName,
          rpID: relyingPartyIdSentinel,
          userID: new TextEncoder().encode(user.id),
          userName: name,
          userDisplayName: name,
          authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
          supportedAlgorithmIDs: [...registrationAlgorithms],
          timeout: ceremonyTimeoutMillis
        }))
      const code = yield* Verification.create({
        projectId: auth.project.id,
        purpose: registrationPurpose,
        userId: user.id,
        data: { challenge: options.challenge, userHandle: options.user.id },
        expiresInMillis: ceremonyTimeoutMillis + 5000,
        code: Mfa.newCode()
      })
      return Responses.json({ options_json: options, code: code.code })
    })),

  Router.post("/auth/passkey/register", "client", ({ auth, body }) =>
    Effect.gen(function*() {
      const { body: input } = yield* RequestSchema.check([["body", RegisterBody, body]], auth.user?.id)
      // as the service: the code is spent first, then passkeys must be on, then a user signed in
      const code = yield* Verification.use(auth.project.id, registrationPurpose, input.code.toLowerCase())
      if (!auth.project.config.passkeyEnabled) return yield* new PasskeyAuthenticationNotEnabled({})
      const user = auth.user
      if (user === undefined) return yield* new UserAuthenticationRequired({})
      const origin = trustedOrigin(auth.project, input.credential)
      if (origin === undefined) return yield* new PasskeyRegistrationFailed({ message: "Passkey registration failed because the origin is not allowed" })
      const verification = yield* Effect.tryPromise(() =>
        verifyRegistrationResponse({
          response: input.credential as RegistrationResponseJSON,
          expectedChallenge: challengeOf(code.data),
          expectedOrigin: origin,
          expectedRPID: new URL(origin).hostname,
          expectedType: "webauthn.create",
          requireUserVerification: false
        })
      ).pipe(Effect.orElseSucceed(() => undefined))
      if (verification === undefined || !verification.verified) {
        return yield* new PasskeyRegistrationFailed({ message: "Passkey registration failed because the verification response is invalid" })
      }
      const { credential } = verification.registrationInfo
      const passkey: Passkey = {
        credentialId: credential.id,
        projectId: auth.project.id,
        userId: user.id,
        publicKey: toBase64Url(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? []
      }
      yield* EmulatorState.update((state) => {
        const others = Table.removeWhere(passkeys.get(state), (p) => p.projectId === auth.project.id && p.userId === user.id)
        return passkeys.set(state, Table.put(others, passkey.credentialId, passkey))
      })
      yield* Users.update(user.id, { passkeyAuthEnabled: true }).pipe(Effect.orDie)
      return Responses.json({ user_handle: credential.id })
    })),

  Router.post("/auth/passkey/initiate-passkey-authentication", "client", ({ auth }) =>
    Effect.gen(function*() {
      if (!auth.project.config.passkeyEnabled) return yield* new PasskeyAuthenticationNotEnabled({})
      const challenge = challengeFor(yield* PasskeyChallengeMode)
      const options = yield* Effect.promise(() =>
        generateAuthenticationOptions({
          ...(challenge === undefined ? {} : { challenge }),
          rpID: relyingPartyIdSentinel,
          userVerification: "preferred",
          allowCredentials: [],
          timeout: ceremonyTimeoutMillis
        })
      )
      const code = yield* Verification.create({
        projectId: auth.project.id,
        purpose: authenticationPurpose,
        data: { challenge: options.challenge },
        expiresInMillis: ceremonyTimeoutMillis + 5000,
        code: Mfa.newCode()
      })
      return Responses.json({ options_json: options, code: code.code })
    })),

  Router.post("/auth/passkey/sign-in", "client", ({ auth, body, url }) =>
    Effect.gen(function*() {
      const { body: input } = yield* RequestSchema.check([["body", SignInBody, body]], auth.user?.id)
      const code = yield* Verification.use(auth.project.id, authenticationPurpose, input.code.toLowerCase())
      if (!auth.project.config.passkeyEnabled) return yield* new PasskeyAuthenticationNotEnabled({})
      const state = yield* EmulatorState.get
      const credentialId = (input.authentication_response as { id?: unknown }).id
      const passkey = typeof credentialId === "string" ? Table.get(passkeys.get(state), credentialId) : undefined
      const user = passkey === undefined || passkey.projectId !== auth.project.id
        ? undefined
        : Users.findInProject(state, auth.project.id, passkey.userId)
      if (passkey === undefined || user === undefined) return yield* new PasskeyAuthenticationFailed({ message: "Passkey not found" })
      const origin = trustedOrigin(auth.project, input.authentication_response)
      if (origin === undefined) {
        return yield* new PasskeyAuthenticationFailed({ message: "Passkey authentication failed because the origin is not allowed" })
      }
      const verification = yield* Effect.tryPromise(() =>
        verifyAuthenticationResponse({
          response: input.authentication_response as AuthenticationResponseJSON,
          expectedChallenge: challengeOf(code.data),
          expectedOrigin: origin,
          expectedRPID: new URL(origin).hostname,
          credential: { id: passkey.credentialId, publicKey: fromBase64Url(passkey.publicKey), counter: passkey.counter },
          requireUserVerification: false
        })
      ).pipe(Effect.orElseSucceed(() => undefined))
      if (verification === undefined || !verification.verified) {
        return yield* new PasskeyAuthenticationFailed({
          message: "The signature of the authentication response could not be verified with the stored public key tied to this credential ID"
        })
      }
      const counter = verification.authenticationInfo.newCounter
      yield* EmulatorState.update((s) => passkeys.set(s, Table.modify(passkeys.get(s), passkey.credentialId, (p) => ({ ...p, counter }))))
      if (Mfa.requiresMfa(user)) return yield* Mfa.mfaRequired(user, false)
      return yield* signedIn(user, url.origin, false)
    }))
]
