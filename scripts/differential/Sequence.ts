/**
 * A request sequence: a name, the route it is about (the report groups by it), and a body that
 * sends the same requests to whichever side its {@link Context} targets.
 */
import type { Context } from "./Context.ts"

/** One sequence of the harness. */
export interface Sequence {
  readonly name: string
  /** The route it is about, `METHOD /path` with `{param}`s. */
  readonly route: string
  /** `happy`, `known-error`, `malformed`, `auth`, `headers`. */
  readonly kind: "happy" | "known-error" | "malformed" | "auth" | "headers"
  readonly run: (ctx: Context) => Promise<void>
}

/** Declares a sequence. */
export const sequence = (route: string, kind: Sequence["kind"], name: string, run: Sequence["run"]): Sequence => ({ route, kind, name, run })

/** The verification callback the SDK sends. */
export const callbackUrl = "http://localhost:3000/handler/email-verification"
