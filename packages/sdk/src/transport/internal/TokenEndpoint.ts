/**
 * The OAuth token endpoint of the service (`/auth/oauth/token`): its path, how the
 * client authenticates there, and a form request to it. Shared by the refresh grant
 * (`session/Refresh.ts`, our own code) and the authorization-code exchange (`OAuthClient.ts`).
 *
 * @since 0.1.0
 */
import type { StackConfig } from "../StackConfig.ts"

/** The token endpoint's path under `/api/v1`. */
export const tokenPath = "/auth/oauth/token"

/** How the client authenticates at the token endpoint. */
export const tokenEndpointAuthMethod = "client_secret_post"

/** The token endpoint's URL for a configuration. */
export const url = (config: StackConfig): string => `${config.baseUrl}/api/v1${tokenPath}`

/**
 * A form POST of `params` to the token endpoint, the client authenticated `client_secret_post`
 * (project id and publishable key in the body); no `x-stack-*` header, no cookie, no redirect followed.
 */
export const formRequest = (config: StackConfig, params: Readonly<Record<string, string>>): RequestInit => {
  const form = new URLSearchParams(params)
  form.set("client_id", config.projectId)
  if (config.publishableClientKey !== undefined) form.set("client_secret", config.publishableClientKey)
  return {
    method: "POST",
    headers: { accept: "application/json", "content-type": "application/x-www-form-urlencoded;charset=UTF-8" },
    body: form.toString(),
    credentials: "omit",
    redirect: "manual"
  }
}
