/**
 * The password rules the service enforces (`PasswordTooShort`, `PasswordTooLong`), so a
 * form can say them and check them before it spends a one-time link on a password the service
 * would refuse.
 *
 * @since 0.1.0
 */
import type { Messages } from "../messages.ts"

/** The shortest password the service accepts. */
export const passwordMinLength = 8

/** The longest password the service accepts. */
export const passwordMaxLength = 70

/** What is wrong with a new password by the service's rules, as a sentence; `undefined` when it passes. */
export const passwordProblem = (messages: Messages, password: string): string | undefined =>
  password.length < passwordMinLength
    ? messages.password.tooShort(passwordMinLength)
    : password.length > passwordMaxLength
    ? messages.password.tooLong(passwordMaxLength)
    : undefined

/** A simple e-mail shape check (something@something.tld), for a message before the request. */
export const looksLikeEmail = (email: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())

/** What is wrong with an e-mail before a request (empty, malformed), as a sentence. */
export const emailProblem = (messages: Messages, email: string): string | undefined =>
  email.trim() === "" ? messages.signIn.emailRequired : looksLikeEmail(email) ? undefined : messages.signIn.emailInvalid

/** The problems of a new password and its repetition, by field. */
export const newPasswordProblems = (messages: Messages, password: string, repeat: string) => ({
  password: passwordProblem(messages, password),
  repeat: password !== repeat ? messages.signUp.passwordsDiffer : undefined
})
