/**
 * User and team API keys of the emulator: the service's key format, the wire view
 * (the full value once at creation, its last four characters afterwards) and validity.
 *
 * @since 0.1.0
 */
import * as RandomCodes from "../state/RandomCodes.ts"
import type { ApiKey } from "../../EmulatorState.ts"

/** The marker every key carries, so secret scanners can find them. */
export const marker = "574ck4u7h"

const crcTable = /* @__PURE__ */ (() => {
  const table = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    table[n] = c >>> 0
  }
  return table
})()

/** CRC-32 (IEEE) of a text's UTF-8 bytes, as 8 hex digits: the checksum ending a key. */
export const crc32Hex = (text: string): string => {
  let crc = 0xffffffff
  for (const byte of new TextEncoder().encode(text)) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8)
  return ((crc ^ 0xffffffff) >>> 0).toString(16).padStart(8, "0")
}

const crockford = "0123456789abcdefghjkmnpqrstvwxyz"

/**
 * A new key value in the service's format: `pk_`/`sk_`, 45 random base32 characters, the key id
 * without dashes, `user`/`team`, a scanner flag (self-hosted, public bit) and the marker, then a
 * CRC-32 checksum of all that.
 */
export const makeValue = (options: { readonly id: string; readonly type: "user" | "team"; readonly isPublic: boolean }): string => {
  const scannerFlag = crockford[1 + (options.isPublic ? 2 : 0)]!
  const body = `${options.isPublic ? "pk" : "sk"}_${RandomCodes.make()}${options.id.replace(/-/g, "")}${options.type}${scannerFlag}${marker}`
  return `${body}${crc32Hex(body)}`
}

/** Why a key cannot be used at `nowMillis`, or `valid`: revoked first, then expired. */
export const validity = (key: ApiKey, nowMillis: number): "valid" | "expired" | "manually-revoked" =>
  key.manuallyRevokedAtMillis !== null
    ? "manually-revoked"
    : key.expiresAtMillis !== null && key.expiresAtMillis < nowMillis
    ? "expired"
    : "valid"

/** A key (user, team or internal) after an update: revocation is one way and keeps its first time. */
export const revise = <K extends { readonly description: string; readonly manuallyRevokedAtMillis: number | null }>(
  key: K,
  input: { readonly description?: string | undefined; readonly revoked?: true | undefined },
  nowMillis: number
): K => ({
  ...key,
  description: input.description ?? key.description,
  manuallyRevokedAtMillis: key.manuallyRevokedAtMillis ?? (input.revoked === true ? nowMillis : null)
})

/** A key as the service answers it; `firstView` (creation) carries the whole value. */
export const view = (key: ApiKey, firstView: boolean) => ({
  id: key.id,
  description: key.description,
  is_public: key.isPublic,
  created_at_millis: key.createdAtMillis,
  ...(key.expiresAtMillis === null ? {} : { expires_at_millis: key.expiresAtMillis }),
  ...(key.manuallyRevokedAtMillis === null ? {} : { manually_revoked_at_millis: key.manuallyRevokedAtMillis }),
  value: firstView ? key.value : { last_four: key.value.slice(-4) },
  ...(key.type === "user" ? { user_id: key.userId, type: "user" } : { team_id: key.teamId, type: "team" })
})
