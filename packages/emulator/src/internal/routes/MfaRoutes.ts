/**
 * `POST /auth/mfa/sign-in`: completes a sign-in that asked for a second factor,
 * with `{ type: "totp", totp, code }` where `code` is the attempt code. A wrong TOTP code is
 * `INVALID_TOTP_CODE` and leaves the attempt usable; the attempt code's own failures are the
 * verification-code errors.
 *
 * @since 0.1.0
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { InvalidTotpCode, VerificationCodeNotFound } from "stack-auth-effect/KnownErrors"
import * as EmulatorState from "../../EmulatorState.ts"
import * as Mfa from "../model/MfaRules.ts"
import * as RequestSchema from "../http/RequestSchema.ts"
import * as Router from "../../Router.ts"
import * as Users from "../../EmulatorUsers.ts"
import * as Verification from "../model/Verification.ts"
import { signedIn } from "./PasswordRoutes.ts"

/** A verification code as the service accepts it: exactly 45 characters. */
export const CodeField = Schema.String.check(Schema.isBetweenLength(45, 45))

// The service's request schema: its own fields, then the attempt code (see RequestSchema for the rules).
const SignInBody = Verification.codeBody({
  type: RequestSchema.string().oneOf(["totp"]).defined(),
  totp: RequestSchema.string().defined()
})

/** MFA routes. */
export const routes: ReadonlyArray<Router.Route> = [
  Router.post("/auth/mfa/sign-in", "client", ({ auth, body, url }) =>
    Effect.gen(function*() {
      const { body: input } = yield* RequestSchema.check([["body", SignInBody, body]], auth.user?.id)
      const code = input.code.toLowerCase()
      const attempt = yield* Verification.use(auth.project.id, Verification.mfaAttempt, code, { checkOnly: true })
      const user = attempt.userId === null ? undefined : Users.findInProject(yield* EmulatorState.get, auth.project.id, attempt.userId)
      if (user === undefined) return yield* new VerificationCodeNotFound({}) // the user was deleted meanwhile
      const now = yield* Clock.currentTimeMillis
      if (user.totpSecretBase64 === null || !Mfa.verifyTotp(user.totpSecretBase64, input.totp, now)) {
        return yield* new InvalidTotpCode({})
      }
      yield* Verification.use(auth.project.id, Verification.mfaAttempt, code)
      const isNewUser = (attempt.data as Partial<Mfa.AttemptData> | null)?.isNewUser ?? false
      return yield* signedIn(user, url.origin, isNewUser)
    }))
]
