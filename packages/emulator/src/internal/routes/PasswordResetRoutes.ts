/**
 * Password reset and change: `send-reset-code` mails a code to a user who signs
 * in with that e-mail (and answers the same whether or not one exists), `reset/check-code` checks
 * it, `reset` sets a new password with it; `update` changes the password of the signed-in user
 * (the old one must match; the user's other sessions end) and `set` gives a password to a user
 * without one.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import {
  PasswordAuthenticationNotEnabled,
  PasswordConfirmationMismatch,
  RedirectUrlNotWhitelisted,
  UserDoesNotHavePassword
} from "stack-auth-effect/KnownErrors"
import { plain } from "../model/Account.ts"
import { isTrustedUrl } from "../model/Domains.ts"
import * as EmulatorState from "../../EmulatorState.ts"
import * as Mail from "../../Mail.ts"
import * as Passwords from "../model/PasswordRules.ts"
import type { Auth } from "../http/RequestAuth.ts"
import * as RequestSchema from "../http/RequestSchema.ts"
import * as Responses from "../http/Responses.ts"
import * as Router from "../../Router.ts"
import * as Table from "../state/Table.ts"
import * as Users from "../../EmulatorUsers.ts"
import * as Verification from "../model/Verification.ts"

/** Purpose of password reset codes. */
export const passwordReset = "password_reset"

// The service's request schemas, field for field in its order (see RequestSchema for the rules).
const SendBody = RequestSchema.object({ email: RequestSchema.string().email().defined(), callback_url: RequestSchema.url().defined() }).defined()
const CheckBody = Verification.codeBody({})
const ResetBody = Verification.codeBody({ password: Passwords.field().defined() })
const UpdateBody = RequestSchema.object({
  old_password: Passwords.field().defined(),
  new_password: Passwords.field().defined()
}).defined()
const SetBody = RequestSchema.object({ password: Passwords.field().defined() }).defined()
// the `auth` part of a route that needs a signed-in user (`auth.user must be defined` otherwise)
const SignedIn = RequestSchema.object({ user: RequestSchema.mixed().defined() }).defined()

/** Validates the body of a route that needs a signed-in user, the user checked first; the user with the values read. */
const signedInRequest = <A>(schema: RequestSchema.Field<A>, auth: Auth, body: unknown) =>
  Effect.map(
    RequestSchema.check([["auth", SignedIn, { user: auth.user }], ["body", schema, body]], auth.user?.id),
    (input) => ({ body: input.body, auth: { user: auth.user! } })
  )

const passwordsEnabled = (auth: Auth) =>
  auth.project.config.credentialEnabled ? Effect.void : Effect.fail(new PasswordAuthenticationNotEnabled({}))

/** Password reset and change routes. */
export const routes: ReadonlyArray<Router.Route> = [
  Router.post("/auth/password/send-reset-code", "client", ({ auth, body }) =>
    Effect.gen(function*() {
      const { body: input } = yield* RequestSchema.check([["body", SendBody, body]], auth.user?.id)
      yield* passwordsEnabled(auth)
      const user = Passwords.userSigningInWith(yield* EmulatorState.get, auth.project.id, input.email)
      // The answer does not tell whether a user signs in with this e-mail.
      const answer = Responses.json({ success: "maybe, only if user with e-mail exists" })
      if (user === undefined) return answer
      if (!isTrustedUrl(auth.project, input.callback_url)) return yield* new RedirectUrlNotWhitelisted({})
      const code = yield* Verification.create({
        projectId: auth.project.id,
        purpose: passwordReset,
        email: input.email,
        userId: user.id
      })
      const link = Verification.linkWithCode(input.callback_url, code.code)
      yield* Mail.send({
        projectId: auth.project.id,
        to: input.email,
        subject: "Reset your password",
        text: `Open this link to choose a new password: ${link}`,
        html: `<p>Open this link to choose a new password: <a href="${link}">${link}</a></p>`,
        template: { kind: "passwordReset", variables: { passwordResetLink: link }, userDisplayName: user.displayName }
      })
      return answer
    })),

  Router.post("/auth/password/reset/check-code", "client", ({ auth, body }) =>
    Effect.gen(function*() {
      const { body: input } = yield* RequestSchema.check([["body", CheckBody, body]], auth.user?.id)
      // codes are mailed in lower case; the service reads any case
      yield* Verification.use(auth.project.id, passwordReset, input.code.toLowerCase(), { checkOnly: true })
      return Responses.json({ is_code_valid: true })
    })),

  Router.post("/auth/password/reset", "client", ({ auth, body }) =>
    Effect.gen(function*() {
      const { body: input } = yield* RequestSchema.check([["body", ResetBody, body]], auth.user?.id)
      // As the service does: the code is spent first, the password checked after.
      const code = yield* Verification.use(auth.project.id, passwordReset, input.code.toLowerCase())
      yield* passwordsEnabled(auth)
      yield* Passwords.check(input.password)
      const user = code.userId === null ? undefined : Table.get((yield* EmulatorState.get).users, code.userId)
      if (user === undefined) return yield* plain(400, "The user of this code no longer exists.")
      yield* Users.update(user.id, { passwordHash: yield* Passwords.hash(input.password) })
      return Responses.success()
    })),

  Router.post("/auth/password/update", "client", ({ auth, body }) =>
    Effect.gen(function*() {
      const { auth: { user }, body: input } = yield* signedInRequest(UpdateBody, auth, body)
      yield* passwordsEnabled(auth)
      yield* Passwords.check(input.new_password)
      if (user.passwordHash === null) return yield* new UserDoesNotHavePassword({})
      if (!(yield* Passwords.verify(input.old_password, user.passwordHash))) return yield* new PasswordConfirmationMismatch({})
      const passwordHash = yield* Passwords.hash(input.new_password)
      // The new password ends every other session of the user; the caller's stays.
      yield* EmulatorState.update((state) => ({
        ...state,
        users: Table.modify(state.users, user.id, (u) => ({ ...u, passwordHash })),
        sessions: Table.removeWhere(state.sessions, (s) => s.userId === user.id && s.id !== auth.refreshTokenId)
      }))
      return Responses.success()
    })),

  Router.post("/auth/password/set", "client", ({ auth, body }) =>
    Effect.gen(function*() {
      const { auth: { user }, body: input } = yield* signedInRequest(SetBody, auth, body)
      yield* passwordsEnabled(auth)
      yield* Passwords.check(input.password)
      if (user.passwordHash !== null) return yield* plain(400, "This user has a password already.")
      yield* Users.update(user.id, { passwordHash: yield* Passwords.hash(input.password) })
      return Responses.success()
    }))
]
