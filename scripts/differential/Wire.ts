/**
 * The differential harness's wire: one target (the real service or the emulator), one request as
 * a sequence sends it, and the exchange it records. Plain `fetch`, no SDK: the harness asks both
 * sides the same bytes. A dev tool only (never part of `npm test` or CI).
 */

/** The keys a request may carry for one project. */
export interface Keys {
  readonly projectId: string
  readonly publishableClientKey?: string | undefined
  readonly secretServerKey?: string | undefined
  readonly superSecretAdminKey?: string | undefined
}

/** One side of the comparison. */
export interface Target {
  readonly name: "real" | "emulator"
  /** Origin of the API (`http://127.0.0.1:8140`), without `/api/v1`. */
  readonly baseUrl: string
  /** Origin of the Inbucket-compatible mailbox API, when the side has one. */
  readonly mailboxUrl: string | undefined
  /** The `internal` project's keys on that side (client key at least). */
  readonly internal: Keys
}

/** How a request authenticates: the access type and the credentials sent with it. */
export interface As {
  readonly access?: "client" | "server" | "admin" | undefined
  readonly keys?: Keys | undefined
  /** Send only these of the keys (default: the one the access type needs). */
  readonly sendKeys?: ReadonlyArray<"publishableClientKey" | "secretServerKey" | "superSecretAdminKey"> | undefined
  readonly accessToken?: string | undefined
  readonly refreshToken?: string | undefined
  readonly adminAccessToken?: string | undefined
  /** Extra headers (they win over the ones above). */
  readonly headers?: Readonly<Record<string, string>> | undefined
}

/** One request of a sequence. `path` is under `/api/v1` unless it starts with `!` (from the origin). */
export interface Req {
  readonly method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS"
  readonly path: string
  readonly query?: Readonly<Record<string, string | undefined>> | undefined
  /** A JSON body (sent as `application/json`). */
  readonly body?: unknown
  /** A raw body with its content type, instead of `body`. */
  readonly raw?: { readonly text: string; readonly contentType: string } | undefined
}

/** What one request got back (or a mail read from the mailbox, with `method: "MAIL"`). */
export interface Exchange {
  readonly label: string
  readonly method: string
  readonly path: string
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  /** JSON when the body parsed as JSON, else the text (or `undefined` when empty). */
  readonly body: unknown
  readonly isJson: boolean
}

/** The request headers for `as`. */
export const headersFor = (as: As): Record<string, string> => {
  const headers: Record<string, string> = {}
  if (as.keys !== undefined) headers["x-stack-project-id"] = as.keys.projectId
  if (as.access !== undefined) headers["x-stack-access-type"] = as.access
  const wanted = as.sendKeys ?? (
    as.access === "client" ? ["publishableClientKey"] as const
      : as.access === "server" ? ["secretServerKey"] as const
      : as.access === "admin" && as.adminAccessToken === undefined ? ["superSecretAdminKey"] as const
      : []
  )
  const names = {
    publishableClientKey: "x-stack-publishable-client-key",
    secretServerKey: "x-stack-secret-server-key",
    superSecretAdminKey: "x-stack-super-secret-admin-key"
  } as const
  for (const key of wanted) {
    const value = as.keys?.[key]
    if (value !== undefined) headers[names[key]] = value
  }
  if (as.accessToken !== undefined) headers["x-stack-access-token"] = as.accessToken
  if (as.refreshToken !== undefined) headers["x-stack-refresh-token"] = as.refreshToken
  if (as.adminAccessToken !== undefined) headers["x-stack-admin-access-token"] = as.adminAccessToken
  return { ...headers, ...as.headers }
}

/** The URL of a request on a target. */
export const urlOf = (target: Target, req: Req): string => {
  const path = req.path.startsWith("!") ? req.path.slice(1) : `/api/v1${req.path}`
  const url = new URL(path, target.baseUrl)
  for (const [name, value] of Object.entries(req.query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, value)
  }
  return url.toString()
}

/** Sends a request (no redirects followed) and reads the whole answer. */
export const send = async (target: Target, label: string, req: Req, as: As): Promise<Exchange> => {
  const headers = headersFor(as)
  let body: string | undefined
  if (req.raw !== undefined) {
    body = req.raw.text
    headers["content-type"] = req.raw.contentType
  } else if (req.body !== undefined) {
    body = JSON.stringify(req.body)
    headers["content-type"] = "application/json"
  }
  const url = urlOf(target, req)
  let response: Response | undefined
  for (let attempt = 0; response === undefined; attempt++) {
    try {
      response = await fetch(url, { method: req.method, headers, body: body ?? null, redirect: "manual", signal: AbortSignal.timeout(120_000) })
    } catch (error) {
      if (attempt >= 2) throw error
      await new Promise((resolve) => setTimeout(resolve, 1000))
    }
  }
  const text = await response.text()
  const responseHeaders: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    responseHeaders[name.toLowerCase()] = value
  })
  let parsed: unknown = text.length === 0 ? undefined : text
  let isJson = false
  if (text.length > 0 && (responseHeaders["content-type"] ?? "").includes("json")) {
    try {
      parsed = JSON.parse(text)
      isJson = true
    } catch {
      // not JSON after all: keep the text
    }
  }
  return { label, method: req.method, path: new URL(url).pathname + new URL(url).search, status: response.status, headers: responseHeaders, body: parsed, isJson }
}

/** One mail as the Inbucket API lists it, reduced to what a user sees. */
export interface Mail {
  readonly from: string
  readonly to: ReadonlyArray<string>
  readonly subject: string
  readonly text: string
  readonly html: string
}

const asRecord = (value: unknown): Record<string, unknown> => (typeof value === "object" && value !== null ? value as Record<string, unknown> : {})

/** The mails of a mailbox (the local part of an address), oldest first; waits up to `waitMs` for `atLeast`. */
export const mailbox = async (target: Target, address: string, atLeast = 1, waitMs = 15_000): Promise<ReadonlyArray<Mail>> => {
  if (target.mailboxUrl === undefined) return []
  const name = address.split("@")[0]!
  const deadline = Date.now() + waitMs
  for (;;) {
    const list = await fetch(`${target.mailboxUrl}/api/v1/mailbox/${encodeURIComponent(name)}`).then((r) => r.ok ? r.json() : [], () => [])
    const items = Array.isArray(list) ? list.map(asRecord).filter((m) => JSON.stringify(m.to ?? "").includes(address)) : []
    if (items.length >= atLeast || Date.now() > deadline) {
      const mails: Array<Mail> = []
      for (const item of items) {
        const full = asRecord(await fetch(`${target.mailboxUrl}/api/v1/mailbox/${encodeURIComponent(name)}/${encodeURIComponent(String(item.id))}`).then((r) => r.json(), () => ({})))
        const body = asRecord(full.body)
        mails.push({
          from: String(full.from ?? item.from ?? ""),
          to: (Array.isArray(full.to ?? item.to) ? (full.to ?? item.to) as Array<unknown> : [full.to ?? item.to]).map(String),
          subject: String(full.subject ?? item.subject ?? ""),
          text: String(body.text ?? ""),
          html: String(body.html ?? "")
        })
      }
      return mails
    }
    await new Promise((resolve) => setTimeout(resolve, 300))
  }
}
