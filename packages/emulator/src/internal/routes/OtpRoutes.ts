/**
 * One-time codes and magic links: `POST /auth/otp/send-sign-in-code` mails a
 * 45-character code (its first 6 characters, upper-cased, to type; the whole code in the magic link
 * `callback_url?code=...`) and answers the other 39 as `nonce`; `POST /auth/otp/sign-in` signs in
 * with the whole code, creating the user (or upgrading the anonymous one) on first use.
 *
 * Every sign-in attempt counts against each code sharing its nonce (`Verification.use`), so guessing
 * the typed part ends in `VERIFICATION_CODE_MAX_ATTEMPTS_REACHED`, as at the service.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import {
  RedirectUrlNotWhitelisted,
  SignUpNotEnabled,
  UserWithEmailAlreadyExists
} from "stack-auth-effect/KnownErrors"
import { isTrustedUrl } from "../model/Domains.ts"
import type { Project, State, User } from "../../EmulatorState.ts"
import * as EmulatorState from "../../EmulatorState.ts"
import * as Mail from "../../Mail.ts"
import * as Mfa from "../model/MfaRules.ts"
import * as Passwords from "../model/PasswordRules.ts"
import type { Auth } from "../http/RequestAuth.ts"
import * as RequestSchema from "../http/RequestSchema.ts"
import * as Responses from "../http/Responses.ts"
import * as Router from "../../Router.ts"
import * as Users from "../../EmulatorUsers.ts"
import * as Verification from "../model/Verification.ts"
import { signedIn } from "./PasswordRoutes.ts"

/** Purpose of the codes of this flow. */
export const otpSignIn = "otp_sign_in"

/** How many characters of the code the user types. */
export const typedLength = Verification.typedLength

// The service's request schemas, field for field in its order (see RequestSchema for the rules).
const SendBody = RequestSchema.object({ email: RequestSchema.signInEmail().defined(), callback_url: RequestSchema.url().defined() }).defined()
const CodeBody = Verification.codeBody({})


/**
 * The user an OTP sign-in with this e-mail signs in: the owner of a verified auth e-mail
 * (OTP sign-in is switched on for them), none for a new e-mail; an unverified one is refused.
 */
const userForEmail = (state: State, project: Project, email: string) =>
  Effect.gen(function*() {
    const user = Passwords.userSigningInWith(state, project.id, email)
    if (user === undefined) {
      if (!project.config.signUpEnabled) return yield* new SignUpNotEnabled({})
      return undefined
    }
    const channel = user.contactChannels.find((c) => c.usedForAuth && c.value === email)
    if (channel !== undefined && !channel.isVerified) {
      return yield* new UserWithEmailAlreadyExists({ details: { email: channel.value, wouldWorkIfEmailWasVerified: true } })
    }
    if (!user.otpAuthEnabled) return yield* Users.update(user.id, { otpAuthEnabled: true }).pipe(Effect.orDie)
    return user
  })

const signUp = (auth: Auth, email: string): Effect.Effect<User, UserWithEmailAlreadyExists, EmulatorState.EmulatorState> => {
  const fields = { primaryEmail: Passwords.normalizeEmail(email), primaryEmailVerified: true, primaryEmailAuthEnabled: true, otpAuthEnabled: true }
  return auth.user?.isAnonymous === true
    ? Users.update(auth.user.id, { ...fields, isAnonymous: false }).pipe(
      Effect.catchTag("TeamMembershipNotFound", (error) => Effect.die(error))
    )
    : Users.create({ projectId: auth.project.id, ...fields })
}

/** OTP and magic-link routes. */
export const routes: ReadonlyArray<Router.Route> = [
  Router.post("/auth/otp/send-sign-in-code", "client", ({ auth, body }) =>
    Effect.gen(function*() {
      const { body: input } = yield* RequestSchema.check([["body", SendBody, body]], auth.user?.id)
      if (!auth.project.config.magicLinkEnabled) {
        return yield* new Responses.StatusFailure({ status: 403, message: "OTP sign-in is not enabled for this project" })
      }
      yield* userForEmail(yield* EmulatorState.get, auth.project, input.email)
      if (!isTrustedUrl(auth.project, input.callback_url)) return yield* new RedirectUrlNotWhitelisted({})
      const code = yield* Verification.create({
        projectId: auth.project.id,
        purpose: otpSignIn,
        email: input.email,
        code: Mfa.newCode()
      })
      const typed = code.code.slice(0, typedLength).toUpperCase()
      const link = Verification.linkWithCode(input.callback_url, code.code)
      yield* Mail.send({
        projectId: auth.project.id,
        to: input.email,
        subject: `Sign in to ${auth.project.displayName}: your code is ${typed}`,
        text: `Your sign-in code for ${auth.project.displayName} is:\n\n${typed}\n\nOr open this link to sign in: ${link}`,
        html: `<p>Your sign-in code is <b>${typed}</b>.</p><p>Or open this link to sign in: <a href="${link}">${link}</a></p>`,
        template: { kind: "magicLink", variables: { magicLink: link, otp: typed } }
      })
      return Responses.json({ nonce: code.code.slice(typedLength) })
    })),

  Router.post("/auth/otp/sign-in", "client", ({ auth, body, url }) =>
    Effect.gen(function*() {
      const { body: input } = yield* RequestSchema.check([["body", CodeBody, body]], auth.user?.id)
      const code = input.code.toLowerCase()
      const row = yield* Verification.use(auth.project.id, otpSignIn, code)
      const email = row.email ?? ""
      const existing = yield* userForEmail(yield* EmulatorState.get, auth.project, email)
      const user = existing ?? (yield* signUp(auth, email))
      const isNewUser = existing === undefined
      if (Mfa.requiresMfa(user)) return yield* Mfa.mfaRequired(user, isNewUser)
      return yield* signedIn(user, url.origin, isNewUser)
    })),

  // whether a code would sign in, without spending it (an attempt counts, as at the service)
  Router.post("/auth/otp/sign-in/check-code", "client", ({ auth, body }) =>
    Effect.gen(function*() {
      const { body: input } = yield* RequestSchema.check([["body", CodeBody, body]], auth.user?.id)
      yield* Verification.use(auth.project.id, otpSignIn, input.code.toLowerCase(), { checkOnly: true })
      return Responses.json({ is_code_valid: true })
    }))
]
