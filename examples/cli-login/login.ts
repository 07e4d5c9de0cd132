/**
 * A command-line login (`/auth/cli`, `/auth/cli/poll`): the tool asks the service for a login, shows the
 * confirmation URL of the web app, polls every 2 s until a signed-in user confirms it in the
 * browser, then uses the refresh token it receives to act as that user.
 */
import { Effect } from "effect"
import { CliAuth, StackClientApp, TokenStore, Users } from "stack-auth-effect"

export interface Options {
  readonly projectId: string
  readonly publishableClientKey: string
  /** The service (`https://api.stack-auth.com`, or the local emulator). */
  readonly baseUrl: string
  /** The web app whose `/handler/cli-auth-confirm` page confirms the login. */
  readonly appUrl: string
  /** Shows the confirmation URL; printed by default. */
  readonly onLoginUrl?: ((url: string) => Effect.Effect<void>) | undefined
}

/** Logs the tool in; returns the refresh token and the user it belongs to. */
export const login = (options: Options) =>
  Effect.gen(function*() {
    const project = { projectId: options.projectId, publishableClientKey: options.publishableClientKey, baseUrl: options.baseUrl }
    const refreshToken = yield* CliAuth.promptCliLogin({
      appUrl: options.appUrl,
      onLoginUrl: options.onLoginUrl ?? ((url) => Effect.sync(() => console.log(`Open ${url} to sign this tool in.`)))
    }).pipe(Effect.provide(StackClientApp.layer(project)))
    const user = yield* Users.getCurrent().pipe(
      Effect.provide(StackClientApp.layer({ ...project, tokenStore: TokenStore.layerExplicit({ refreshToken }) }))
    )
    return { refreshToken, user }
  })

/** Prints who the tool is signed in as (a real tool would keep the refresh token in its keychain). */
export const report = (result: Effect.Success<ReturnType<typeof login>>) =>
  Effect.sync(() => console.log(`Signed in as ${result.user.primaryEmail ?? result.user.id}.`))
