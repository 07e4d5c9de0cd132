/**
 * Node's built-in `node:crypto`, when the runtime has it, read through `process.getBuiltinModule`
 * each time it is asked (never a static import: the SDK runs on edge runtimes and in browsers,
 * where this answers `undefined`). Only the two functions the server's token check uses are named.
 *
 * @since 0.1.0
 */

/** A public key imported by Node (a `KeyObject`); opaque here. */
export interface PublicKey {
  readonly type: string
}

/** The part of `node:crypto` the token check uses. */
export interface NodeCrypto {
  /** Imports a public key, here a JWK (`{ key: jwk, format: "jwk" }`); throws on a key it cannot read. */
  createPublicKey(input: { readonly key: object; readonly format: "jwk" }): PublicKey
  /** Checks a signature synchronously; throws on input it cannot read. */
  verify(
    algorithm: string,
    data: Uint8Array,
    key: { readonly key: PublicKey; readonly dsaEncoding: "ieee-p1363" },
    signature: Uint8Array
  ): boolean
}

const host = globalThis as {
  readonly process?: { readonly getBuiltinModule?: (id: string) => unknown }
}

/** `node:crypto` when the runtime offers it (Node 22.3 and later, Deno, Bun), else `undefined`. */
export const nodeCrypto = (): NodeCrypto | undefined => {
  try {
    const module = host.process?.getBuiltinModule?.("node:crypto") as Partial<NodeCrypto> | undefined
    return typeof module?.createPublicKey === "function" && typeof module.verify === "function"
      ? module as NodeCrypto
      : undefined
  } catch {
    return undefined
  }
}
