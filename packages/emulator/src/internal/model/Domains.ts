/**
 * Trusted redirect and callback URLs: localhost when the project allows it, or a URL on
 * one of the project's trusted domains (`*` matches one host label).
 *
 * @since 0.1.0
 */
import type { Project } from "../../EmulatorState.ts"

const isLocalhost = (hostname: string): boolean =>
  hostname === "localhost" || hostname.endsWith(".localhost") || hostname === "127.0.0.1" || hostname === "[::1]"

const hostMatches = (pattern: string, hostname: string): boolean => {
  const want = pattern.split(".")
  const have = hostname.split(".")
  return want.length === have.length && want.every((label, i) => label === "*" || label === have[i])
}

/** Whether a callback URL may be used for the project. */
export const isTrustedUrl = (project: Project, value: string): boolean => {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  if (project.config.allowLocalhost && isLocalhost(url.hostname)) return true
  return project.config.domains.some(({ domain }) => {
    let trusted: URL
    try {
      trusted = new URL(domain.replace("*", "wildcard-label"))
    } catch {
      return false
    }
    const hostPattern = trusted.hostname.replace("wildcard-label", "*")
    return trusted.protocol === url.protocol && trusted.port === url.port && hostMatches(hostPattern, url.hostname)
  })
}
