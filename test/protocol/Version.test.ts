import { assert, describe, it } from "@effect/vitest"
import { readFileSync } from "node:fs"
import * as Nonce from "../../packages/sdk/src/protocol/internal/Nonce.ts"
import * as Version from "../../packages/sdk/src/protocol/internal/Version.ts"

describe("Version", () => {
  it("the client version header names this package at package.json's version", () => {
    const pkg = JSON.parse(readFileSync(new URL("../../packages/sdk/package.json", import.meta.url), "utf8")) as { name: string; version: string }
    assert.strictEqual(Version.packageVersion, pkg.version)
    assert.strictEqual(Version.clientVersion, `js ${pkg.name}@${pkg.version}`)
  })
})

describe("Nonce", () => {
  it("encodes 224 random bits as 45 lower-case Crockford base32 characters, fresh each time", () => {
    const nonces = new Set(Array.from({ length: 200 }, () => Nonce.make()))
    assert.strictEqual(nonces.size, 200)
    for (const nonce of nonces) assert.match(nonce, /^[0-9a-hjkmnp-tv-z]{45}$/)
  })

  it("encodes bytes most significant bits first", () => {
    assert.strictEqual(Nonce.toCrockfordBase32(new Uint8Array([0xff])), "zw")
    assert.strictEqual(Nonce.toCrockfordBase32(new Uint8Array([0x00, 0x00])), "0000")
    assert.strictEqual(Nonce.toCrockfordBase32(new Uint8Array([0x08, 0x42])), "1110")
  })

  it("encodes any length like a bit-by-bit reference (5 bits a character, the last one zero-padded)", () => {
    const alphabet = "0123456789abcdefghjkmnpqrstvwxyz"
    const reference = (bytes: Uint8Array): string => {
      const bits = Array.from(bytes, (b) => b.toString(2).padStart(8, "0")).join("")
      let out = ""
      for (let i = 0; i < bits.length; i += 5) out += alphabet[parseInt(bits.slice(i, i + 5).padEnd(5, "0"), 2)]
      return out
    }
    for (let length = 0; length <= 40; length++) {
      const bytes = globalThis.crypto.getRandomValues(new Uint8Array(length))
      assert.strictEqual(Nonce.toCrockfordBase32(bytes), reference(bytes), `length ${length}`)
    }
    assert.strictEqual(Nonce.toCrockfordBase32(new Uint8Array(28).fill(0xff)), "z".repeat(44) + "y")
  })
})
