/**
 * Normalising and comparing exchanges: ids, tokens, keys, codes and timestamps become
 * placeholders; error message texts are dropped (a validation message is reduced to the list of
 * fields it refuses, in order); everything else (status, known-error code in the header and the
 * body, details, every response header, the body's shape and values) must match.
 */
import type { Exchange } from "./Wire.ts"

/** Headers that say nothing about the service (transport, clock). */
export const ignoredHeaders: ReadonlySet<string> = new Set(["date", "content-length", "connection", "keep-alive", "transfer-encoding"])

/** Headers whose value is random per answer: only their presence counts. */
export const opaqueHeaders: ReadonlySet<string> = new Set(["x-stack-request-id", "etag"])

const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi
const jwt = /eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g
const isoDate = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/
const secretParam = /\b(code|token|state|polling_code|login_code|refresh_token|access_token)=[^&\s"'<>]+/g
const opaqueRun = /(?<![A-Za-z0-9_-])(?=[A-Za-z0-9_-]*[0-9])(?=[A-Za-z0-9_-]*[a-zA-Z])[A-Za-z0-9_-]{20,}(?![A-Za-z0-9_-])/g
/** The harness's own addresses: `s12r1-alice-<run>@differential.example.com` reads `<alice@mail>`. */
const harnessEmail = /\b(?:s\d+(?:r\d+)?-)?([a-z0-9]+)-[a-z0-9]+@differential\.example\.com/g
const keyPrefix = /\b(pck|ssk|sak|stack_pk|stack_sk)_[A-Za-z0-9_-]+/g

/** Keys whose number values are instants. */
const timeKey = (key: string) => /(_millis|_at|^iat|^exp|^nbf|^auth_time)$/.test(key)

/** Keys whose string values are random per side (key suffixes, key ids). */
const randomKey = (key: string) => key === "last_four" || key === "kid"

/** Normalises one string: aliases first, then ids, tokens, keys, codes. */
export const normalizeString = (value: string, aliases: ReadonlyMap<string, string>): string => {
  let text = value
  for (const [literal, name] of aliases) {
    if (literal.length >= 4 && text.includes(literal)) text = text.split(literal).join(`<${name}>`)
  }
  if (isoDate.test(text)) return "<time>"
  return text
    .replace(harnessEmail, (_, tag: string) => `<${tag}@mail>`)
    .replace(jwt, "<jwt>")
    .replace(uuid, "<uuid>")
    .replace(keyPrefix, (_, prefix: string) => `<${prefix}>`)
    .replace(secretParam, (_, name: string) => `${name}=<opaque>`)
    .replace(opaqueRun, "<opaque>")
}

/** Normalises a JSON value. */
export const normalizeJson = (value: unknown, aliases: ReadonlyMap<string, string>, key = ""): unknown => {
  if (typeof value === "string") return randomKey(key) ? "<random>" : normalizeString(value, aliases)
  if (typeof value === "number") return timeKey(key) ? "<time>" : value
  if (Array.isArray(value)) return value.map((item) => normalizeJson(item, aliases, key))
  if (typeof value === "object" && value !== null) {
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value)) out[normalizeString(k, aliases)] = normalizeJson(v, aliases, k)
    return out
  }
  return value
}

/** The fields a validation message refuses, in order: `body.email`, `query.user_id`, `body:unknown[foo,bar]`. */
export const refusedFields = (message: string): ReadonlyArray<string> => {
  const lines = message.split("\n").map((line) => line.trim()).filter((line) => line.startsWith("- "))
  const source = lines.length > 0 ? lines.map((line) => line.slice(2)) : [message]
  return source.map((line) => {
    const unknown = /^(\S+) contains unknown properties: (.*)$/.exec(line)
    if (unknown !== null) return `${unknown[1]}:unknown[${unknown[2]!.split(",").map((s) => s.trim()).join(",")}]`
    return line.split(/\s+/)[0] ?? ""
  })
}

/** The comparable view of an exchange. */
export interface View {
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly body: unknown
}

const record = (value: unknown): Record<string, unknown> => (typeof value === "object" && value !== null ? value as Record<string, unknown> : {})

/** The comparable view: normalised headers and body, message texts dropped. */
export const view = (exchange: Exchange, aliases: ReadonlyMap<string, string>): View => {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(exchange.headers)) {
    if (ignoredHeaders.has(name)) continue
    headers[name] = opaqueHeaders.has(name) ? "<present>" : normalizeString(value, aliases)
  }
  let body: unknown
  const knownError = exchange.headers["x-stack-known-error"]
  if (exchange.isJson && knownError !== undefined) {
    const b = record(exchange.body)
    const details = record(b.details)
    body = {
      code: b.code,
      details: knownError === "SCHEMA_ERROR" && typeof details.message === "string"
        ? { refused: refusedFields(details.message) }
        : normalizeJson(b.details, aliases),
      ...Object.fromEntries(Object.keys(b).filter((k) => !["code", "message", "details", "error"].includes(k)).map((k) => [k, normalizeJson(b[k], aliases, k)]))
    }
  } else if (exchange.isJson) {
    body = normalizeJson(exchange.body, aliases)
  } else if (typeof exchange.body === "string") {
    // A plain-text error is a message: only its presence counts. A plain-text answer's first
    // paragraph is prose too (the API root's greeting); what follows it is data.
    body = exchange.status >= 400 ? "<text>" : normalizeString(exchange.body.split("\n\n").slice(1).join("\n\n"), aliases)
  } else {
    body = exchange.body
  }
  return { status: exchange.status, headers, body }
}

/** One difference of one step. */
export interface Difference {
  readonly step: string
  /** `status`, `header x`, `body.a.b`, `steps`. */
  readonly where: string
  readonly real: unknown
  readonly emulator: unknown
}

const short = (value: unknown): unknown => {
  const text = JSON.stringify(value)
  return text !== undefined && text.length > 400 ? `${text.slice(0, 400)}…` : value
}

const diffJson = (step: string, where: string, real: unknown, emulator: unknown, out: Array<Difference>) => {
  if (JSON.stringify(real) === JSON.stringify(emulator)) return
  const bothObjects = typeof real === "object" && real !== null && !Array.isArray(real) && typeof emulator === "object" && emulator !== null && !Array.isArray(emulator)
  if (bothObjects) {
    const r = real as Record<string, unknown>
    const e = emulator as Record<string, unknown>
    for (const key of new Set([...Object.keys(r), ...Object.keys(e)])) {
      if (!(key in e)) out.push({ step, where: `${where}.${key}`, real: short(r[key]), emulator: "<absent>" })
      else if (!(key in r)) out.push({ step, where: `${where}.${key}`, real: "<absent>", emulator: short(e[key]) })
      else diffJson(step, `${where}.${key}`, r[key], e[key], out)
    }
    return
  }
  if (Array.isArray(real) && Array.isArray(emulator) && real.length === emulator.length) {
    real.forEach((item, i) => diffJson(step, `${where}[${i}]`, item, emulator[i], out))
    return
  }
  out.push({ step, where, real: short(real), emulator: short(emulator) })
}

/** The differences between the two sides' exchanges of one sequence. */
export const compare = (
  real: ReadonlyArray<Exchange>,
  emulator: ReadonlyArray<Exchange>,
  aliases: { readonly real: ReadonlyMap<string, string>; readonly emulator: ReadonlyMap<string, string> }
): ReadonlyArray<Difference> => {
  const out: Array<Difference> = []
  const steps = Math.max(real.length, emulator.length)
  for (let i = 0; i < steps; i++) {
    const r = real[i]
    const e = emulator[i]
    if (r === undefined || e === undefined || r.label !== e.label) {
      out.push({ step: r?.label ?? e?.label ?? `#${i}`, where: "steps", real: r?.label ?? "<none>", emulator: e?.label ?? "<none>" })
      break
    }
    const rv = view(r, aliases.real)
    const ev = view(e, aliases.emulator)
    if (rv.status !== ev.status) out.push({ step: r.label, where: "status", real: rv.status, emulator: ev.status })
    for (const name of new Set([...Object.keys(rv.headers), ...Object.keys(ev.headers)])) {
      const a = rv.headers[name]
      const b = ev.headers[name]
      if (a !== b) out.push({ step: r.label, where: `header ${name}`, real: a ?? "<absent>", emulator: b ?? "<absent>" })
    }
    diffJson(r.label, "body", rv.body, ev.body, out)
  }
  return out
}
