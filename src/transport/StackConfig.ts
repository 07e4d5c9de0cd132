/**
 * The SDK's configuration: which project, which keys, which service (SPEC §6, §7).
 *
 * Plain options for code that has them at hand (`make`), or Effect `Config` so a `ConfigProvider`
 * (environment variables by default) can supply them (`config`).
 *
 * @since 0.1.0
 */
import * as Config from "effect/Config"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Limits from "./Limits.ts"

/** Default base URL of the hosted service. SPEC §7 */
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

/** Environment variable names, the same ones the official SDK reads. */
export const env = {
  projectId: "NEXT_PUBLIC_STACK_PROJECT_ID",
  publishableClientKey: "NEXT_PUBLIC_STACK_PUBLISHABLE_CLIENT_KEY",
  secretServerKey: "STACK_SECRET_SERVER_KEY",
  superSecretAdminKey: "STACK_SUPER_SECRET_ADMIN_KEY",
  baseUrl: ["NEXT_PUBLIC_STACK_API_URL", "STACK_API_URL"]
} as const

const optional = <A>(config: Config.Config<A>) => Config.option(config).pipe(Config.map(Option.getOrUndefined))

/**
 * The configuration read through Effect `Config`. Overrides (for example the extra headers, or a
 * project id that is not in the environment) win over what the provider holds.
 */
export const config = (overrides: Partial<Options> = {}): Config.Config<StackConfig> =>
  Config.all({
    projectId: overrides.projectId !== undefined ? Config.succeed(overrides.projectId) : Config.String(env.projectId),
    publishableClientKey: optional(Config.String(env.publishableClientKey)),
    secretServerKey: optional(Config.Redacted(env.secretServerKey)),
    superSecretAdminKey: optional(Config.Redacted(env.superSecretAdminKey)),
    baseUrl: optional(Config.String(env.baseUrl[0]).pipe(Config.orElse(() => Config.String(env.baseUrl[1]))))
  }).pipe(Config.map((read) =>
    make({
      ...read,
      ...overrides
    })
  ))
