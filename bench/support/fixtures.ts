/**
 * What the benchmarks send and answer: one project's keys, the wire shapes of a user (as the
 * emulator's `Views.ts` writes them), and unsigned JWTs with a chosen expiry. Bench only.
 */

/** The keys both SDKs are configured with. */
export const keys = {
  projectId: "bench-project",
  publishableClientKey: "pck_bench_publishable",
  secretServerKey: "ssk_bench_secret_server_key"
} as const

const commonUser = (id: string) => ({
  id,
  primary_email: "ada@example.com",
  primary_email_verified: true,
  display_name: "Ada Lovelace",
  client_metadata: { theme: "dark" },
  client_read_only_metadata: {},
  profile_image_url: null,
  signed_up_at_millis: 1_700_000_000_000,
  has_password: true,
  auth_with_email: true,
  oauth_providers: [],
  selected_team_id: null,
  requires_totp_mfa: false,
  otp_auth_enabled: false,
  passkey_auth_enabled: false,
  is_anonymous: false
})

/** `GET /users/{id}` with server access. */
export const serverUser = (id: string) => ({
  ...commonUser(id),
  primary_email_auth_enabled: true,
  selected_team: null,
  server_metadata: { plan: "pro" },
  last_active_at_millis: 1_700_000_500_000
})

/** `GET /users/me` with client access. */
export const clientUser = (id: string) => ({ ...commonUser(id), selected_team: null })

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url")

/** An access token (signature not checked by either SDK) for `sub`, expiring at `expSeconds`. */
export const jwt = (sub: string, expSeconds: number): string =>
  `${base64url({ alg: "ES256", typ: "JWT" })}.${
    base64url({ sub, exp: expSeconds, iat: expSeconds - 600, iss: "bench", aud: keys.projectId, project_id: keys.projectId })
  }.c2lnbmF0dXJl`

/** The signed-in user of the session benchmarks. */
export const userId = "user-signed-in"

/** An access token that expired an hour ago. */
export const expiredAccessToken = () => jwt(userId, Math.floor(Date.now() / 1000) - 3600)

/** An access token valid for ten minutes. */
export const freshAccessToken = () => jwt(userId, Math.floor(Date.now() / 1000) + 600)

/** The refresh token of the session benchmarks. */
export const refreshToken = "bench-refresh-token"
