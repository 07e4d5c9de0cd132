/**
 * Keeps secrets out of every output: a server may echo a key or a token back in an error
 * message or body, and text taken from an answer ends up in errors, their `message`, `toJSON`,
 * `Cause.pretty` and span attributes. A scrubber replaces the known secret values in such text.
 *
 * @since 0.1.0
 */
import * as Redacted from "effect/Redacted"

/** Replaces every known secret in a text with {@link placeholder}. */
export type Scrub = (text: string) => string

/** What a secret is replaced with. */
export const placeholder = "[redacted]"

/** Secrets shorter than this are left alone (they would match ordinary text). */
const minimumLength = 8

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** A scrubber for these secrets, as they are and as JSON or a URL would encode them. */
export const make = (secrets: ReadonlyArray<Redacted.Redacted<string> | undefined>): Scrub => {
  const forms = new Set<string>()
  for (const secret of secrets) {
    if (secret === undefined) continue
    const value = Redacted.value(secret)
    if (value.length < minimumLength) continue
    forms.add(value)
    forms.add(encodeURIComponent(value))
    forms.add(JSON.stringify(value).slice(1, -1))
  }
  if (forms.size === 0) return identity
  // longest first, so a form never leaves part of a longer one behind
  const pattern = new RegExp([...forms].sort((a, b) => b.length - a.length).map(escapeRegExp).join("|"), "g")
  return (text) => text.replace(pattern, placeholder)
}

/** Scrubs nothing. */
export const identity: Scrub = (text) => text

/** Scrubs every string inside a JSON-like value (an error's `details`). */
export const value = (scrub: Scrub, input: unknown): unknown => {
  if (scrub === identity) return input
  if (typeof input === "string") return scrub(input)
  if (Array.isArray(input)) return input.map((item) => value(scrub, item))
  if (typeof input === "object" && input !== null) {
    const out: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(input)) out[scrub(key)] = value(scrub, item)
    return out
  }
  return input
}
