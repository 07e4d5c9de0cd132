/**
 * The routes the handler pages live on: every URL is built from a handler base path
 * (default `/handler`) and a home path (default `/`). After sign-in, sign-up and sign-out the user
 * goes home unless configured otherwise; after sign-up follows after sign-in by default.
 *
 * The app's URLs are a `Context.Reference` ({@link CurrentHandlerUrls}) with the defaults, so calls
 * that navigate (`Users.getUser({ or: "redirect" })`) find them without configuration; override
 * with `Effect.provideService(CurrentHandlerUrls, HandlerUrls.make({ handler: "/auth" }))`.
 *
 * @since 0.1.0
 * @module
 */
import * as Context from "effect/Context"

/** The handler base path. */
export const defaultHandlerPath = "/handler"

/** The home path. */
export const defaultHomePath = "/"

/** Every URL of the handler pages, and where to go after sign-in, sign-up and sign-out. */
export interface HandlerUrls {
  readonly handler: string
  readonly home: string
  readonly signIn: string
  readonly signUp: string
  readonly signOut: string
  readonly afterSignIn: string
  readonly afterSignUp: string
  readonly afterSignOut: string
  readonly emailVerification: string
  readonly passwordReset: string
  readonly forgotPassword: string
  readonly oauthCallback: string
  readonly magicLinkCallback: string
  readonly accountSettings: string
  readonly error: string
  readonly teamInvitation: string
  readonly mfa: string
  readonly cliAuthConfirm: string
}

/** The name of one handler URL. */
export type HandlerName = Exclude<keyof HandlerUrls, "handler">

/** Overrides: a handler base, a home, or any single URL. `undefined` keeps the default. */
export type Options = { readonly [K in keyof HandlerUrls]?: string | undefined }

const joinPath = (base: string, page: string): string => `${base.replace(/\/+$/, "")}/${page}`

/** The handler URLs from a handler base and a home path, with single URLs overridden. */
export const make = (options: Options = {}): HandlerUrls => {
  const handler = options.handler ?? defaultHandlerPath
  const home = options.home ?? defaultHomePath
  const afterSignIn = options.afterSignIn ?? home
  const page = (name: string) => joinPath(handler, name)
  const defaults: HandlerUrls = {
    handler,
    home,
    signIn: page("sign-in"),
    signUp: page("sign-up"),
    signOut: page("sign-out"),
    afterSignIn,
    afterSignUp: afterSignIn,
    afterSignOut: home,
    emailVerification: page("email-verification"),
    passwordReset: page("password-reset"),
    forgotPassword: page("forgot-password"),
    oauthCallback: page("oauth-callback"),
    magicLinkCallback: page("magic-link-callback"),
    accountSettings: page("account-settings"),
    error: page("error"),
    teamInvitation: page("team-invitation"),
    mfa: page("mfa"),
    cliAuthConfirm: page("cli-auth-confirm")
  }
  const overrides = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined))
  return { ...defaults, ...overrides }
}

/** The default handler URLs (`/handler/...`, home `/`). */
export const defaults: HandlerUrls = make()

/** The app's handler URLs; the defaults unless provided. */
export const CurrentHandlerUrls = Context.Reference<HandlerUrls>("stack-auth-effect/handler/HandlerUrls", {
  defaultValue: () => defaults
})

/**
 * The command-line login confirmation page of an app: `{appUrl}{cliAuthConfirm}?login_code=...`.
 */
export const cliAuthConfirmUrl = (appUrl: string, loginCode: string, urls: HandlerUrls = defaults): string =>
  `${appUrl.replace(/\/+$/, "")}${urls.cliAuthConfirm}?login_code=${encodeURIComponent(loginCode)}`
