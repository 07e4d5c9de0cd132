/**
 * Password sign-up and sign-in: `POST /auth/password/sign-up` and
 * `POST /auth/password/sign-in`, answering `{ access_token, refresh_token, user_id }`.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import {
  EmailPasswordMismatch,
  PasswordAuthenticationNotEnabled,
  RedirectUrlNotWhitelisted,
  SignUpNotEnabled
} from "stack-auth-effect/KnownErrors"
import * as ContactChannels from "../model/ContactChannelRules.ts"
import { isTrustedUrl } from "../model/Domains.ts"
import type { User } from "../../EmulatorState.ts"
import * as EmulatorState from "../../EmulatorState.ts"
import * as Mfa from "../model/MfaRules.ts"
import * as Passwords from "../model/PasswordRules.ts"
import type { Auth } from "../http/RequestAuth.ts"
import * as RequestSchema from "../http/RequestSchema.ts"
import * as Responses from "../http/Responses.ts"
import * as Router from "../../Router.ts"
import * as Sessions from "../model/SessionRules.ts"
import * as Users from "../../EmulatorUsers.ts"
import { primaryEmailChannel } from "../http/Views.ts"

// The service's request schemas, field for field in its order (see RequestSchema for the rules).
const SignUpBody = RequestSchema.object({
  email: RequestSchema.signInEmail().defined(),
  password: Passwords.field().defined(),
  // required, as the service requires it (`body.verification_callback_url must be defined`)
  verification_callback_url: RequestSchema.url().defined()
}).defined()

const SignInBody = RequestSchema.object({ email: RequestSchema.string().email().defined(), password: Passwords.field().defined() }).defined()

/** Answers a sign-in: a new session's tokens and the user id (and `is_new_user` when given). */
export const signedIn = (user: User, baseUrl: string, isNewUser?: boolean) =>
  Effect.map(
    Sessions.create({ projectId: user.projectId, userId: user.id, baseUrl }),
    (tokens) =>
      Responses.json({
        access_token: tokens.accessToken,
        refresh_token: tokens.refreshToken,
        user_id: user.id,
        ...(isNewUser === undefined ? {} : { is_new_user: isNewUser })
      })
  )

// Signed in anonymously or not, the service makes a new user: the anonymous one stays as it was.
const signUp = (auth: Auth, email: string, passwordHash: string) =>
  Users.create({ projectId: auth.project.id, primaryEmail: Passwords.normalizeEmail(email), primaryEmailAuthEnabled: true, passwordHash })

/** Password routes. */
export const routes: ReadonlyArray<Router.Route> = [
  Router.post("/auth/password/sign-up", "client", ({ auth, body, url }) =>
    Effect.gen(function*() {
      const { body: input } = yield* RequestSchema.check([["body", SignUpBody, body]], auth.user?.id)
      const config = auth.project.config
      if (!config.credentialEnabled) return yield* new PasswordAuthenticationNotEnabled({})
      const callbackUrl = input.verification_callback_url
      if (!isTrustedUrl(auth.project, callbackUrl)) {
        return yield* new RedirectUrlNotWhitelisted({})
      }
      yield* Passwords.check(input.password)
      if (!config.signUpEnabled) return yield* new SignUpNotEnabled({})
      const user = yield* signUp(auth, input.email, yield* Passwords.hash(input.password))
      const channel = primaryEmailChannel(user)
      if (channel !== undefined) yield* ContactChannels.sendVerification(auth.project, user, channel, callbackUrl)
      if (Mfa.requiresMfa(user)) return yield* Mfa.mfaRequired(user, true)
      return yield* signedIn(user, url.origin)
    })),

  Router.post("/auth/password/sign-in", "client", ({ auth, body, url }) =>
    Effect.gen(function*() {
      const { body: input } = yield* RequestSchema.check([["body", SignInBody, body]], auth.user?.id)
      if (!auth.project.config.credentialEnabled) return yield* new PasswordAuthenticationNotEnabled({})
      const state = yield* EmulatorState.get
      const user = Passwords.userSigningInWith(state, auth.project.id, input.email)
      if (user === undefined || user.passwordHash === null) return yield* new EmailPasswordMismatch({})
      if (!(yield* Passwords.verify(input.password, user.passwordHash))) return yield* new EmailPasswordMismatch({})
      if (Mfa.requiresMfa(user)) return yield* Mfa.mfaRequired(user, false)
      return yield* signedIn(user, url.origin)
    }))
]
