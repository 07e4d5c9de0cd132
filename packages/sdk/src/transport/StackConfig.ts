/**
 * The SDK's configuration: which project, which keys, which service.
 *
 * Plain options for code that has them at hand (`make`), or Effect `Config` so a `ConfigProvider`
 * (environment variables by default) can supply them (`config`).
 *
 * @since 0.1.0
 * @module
 */
import * as Config from "effect/Config"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Limits from "./Limits.ts"

/** Default base URL of the hosted service. */
export const defaultBaseUrl = "https://api.stack-auth.com"

/** The resolved configuration every request is built from. */
export interface StackConfig {
  readonly projectId: string
  readonly publishableClientKey: string | undefined
  readonly secretServerKey: Redacted.Redacted<string> | undefined
  readonly superSecretAdminKey: Redacted.Redacted<string> | undefined
  /** Without a trailing `/`; the API lives under `{baseUrl}/api/v1`. */
  readonly baseUrl: string
  /** Added to every request (for example a proxy's headers); never overrides protocol headers. */
  readonly extraRequestHeaders: Readonly<Record<string, string>>
  /** Timeouts, deadline, body cap, `Retry-After` cap and retry schedule of every call (defaults: `Limits.defaults`). */
  readonly limits?: Limits.Limits | undefined
}

/**
 * Options accepted by {@link make}: keys may be given as plain strings or `Redacted`; the bounds of
 * `Limits.Options` (`timeout`, `deadline`, `maxResponseBytes`, `maxRetryAfter`, `retry`) apply to every call.
 */
export interface Options extends Limits.Options {
  readonly projectId: string
  readonly publishableClientKey?: string | undefined
  readonly secretServerKey?: string | Redacted.Redacted<string> | undefined
  readonly superSecretAdminKey?: string | Redacted.Redacted<string> | undefined
  readonly baseUrl?: string | undefined
  readonly extraRequestHeaders?: Readonly<Record<string, string>> | undefined
}

const redact = (value: string | Redacted.Redacted<string> | undefined) =>
  value === undefined ? undefined : Redacted.isRedacted(value) ? value : Redacted.make(value)

/** Strips trailing slashes: `https://x.dev/` and `https://x.dev` name the same service. */
export const normalizeBaseUrl = (url: string): string => url.replace(/\/+$/, "")

/** Builds a configuration from plain options; secrets end up `Redacted`. */
export const make = (options: Options): StackConfig => ({
  projectId: options.projectId,
  publishableClientKey: options.publishableClientKey,
  secretServerKey: redact(options.secretServerKey),
  superSecretAdminKey: redact(options.superSecretAdminKey),
  baseUrl: normalizeBaseUrl(options.baseUrl ?? defaultBaseUrl),
  extraRequestHeaders: options.extraRequestHeaders ?? {},
  limits: Limits.make(options)
})

/**
 * The environment variables `layerConfig` reads when an option is not given: the names the
 * official SDK reads, so one `.env` file serves both. The base URL falls back to `STACK_API_URL`.
 */
export const env = {
  projectId: "NEXT_PUBLIC_STACK_PROJECT_ID",
  publishableClientKey: "NEXT_PUBLIC_STACK_PUBLISHABLE_CLIENT_KEY",
  secretServerKey: "STACK_SECRET_SERVER_KEY",
  superSecretAdminKey: "STACK_SUPER_SECRET_ADMIN_KEY",
  baseUrl: ["NEXT_PUBLIC_STACK_API_URL", "STACK_API_URL"]
} as const

/** An option given as a value, or as an Effect `Config` to read it from (another variable name, `Config.Redacted`, ...). */
export type Configurable<A> = A | Config.Config<A>

/**
 * Options of `config` (and of every app's `layerConfig`): each one a plain value or a `Config`;
 * an option left out is read from its variable in {@link env}.
 */
export type ConfigOptions = { readonly [K in keyof Options]?: Configurable<Options[K]> }

const optional = <A>(config: Config.Config<A>) => Config.option(config).pipe(Config.map(Option.getOrUndefined))

/** What is read when an option is left out (built on use, so apps that never read the environment don't bundle it). */
const defaults = (): { readonly [K in keyof Options]?: Config.Config<Options[K]> } => ({
  projectId: Config.String(env.projectId),
  publishableClientKey: optional(Config.String(env.publishableClientKey)),
  secretServerKey: optional(Config.Redacted(env.secretServerKey)),
  superSecretAdminKey: optional(Config.Redacted(env.superSecretAdminKey)),
  baseUrl: optional(Config.String(env.baseUrl[0]).pipe(Config.orElse(() => Config.String(env.baseUrl[1]))))
})

/**
 * The configuration read through Effect `Config`. Every option may be a plain value
 * (it wins over the environment) or a `Config` (for example `Config.Redacted("MY_SECRET")`);
 * the options left out are read from the variables of {@link env}.
 */
export const config = (options: ConfigOptions = {}): Config.Config<StackConfig> => {
  const fields: Record<string, Config.Config<unknown>> = { ...defaults() }
  for (const [name, given] of Object.entries(options)) {
    if (given !== undefined) fields[name] = Config.isConfig(given) ? given : Config.succeed(given)
  }
  return Config.all(fields).pipe(Config.map((read) => make(read as unknown as Options)))
}
