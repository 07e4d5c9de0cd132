/**
 * The contenders of the call benchmarks, each as "read a user by id" against the loopback server:
 * raw `fetch` of the same request (the floor), our server app, and the official SDK's server app.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as ServerUsers from "../../packages/sdk/src/api/ServerUsers.ts"
import * as StackServerApp from "../../packages/sdk/src/apps/StackServerApp.ts"
import * as HttpTransport from "../../packages/sdk/src/transport/HttpTransport.ts"
import * as StackConfig from "../../packages/sdk/src/transport/StackConfig.ts"
import * as StackHttp from "../../packages/sdk/src/transport/StackHttp.ts"
import * as fixtures from "./fixtures.ts"

/** One way to read a user by id; `close` releases what it holds. */
export interface Contender {
  readonly name: string
  readonly getUser: (id: string) => Promise<unknown>
  readonly close: () => Promise<void>
  /** Our contender's runtime, to time the layers under `getUser`. */
  readonly runtime?: ManagedRuntime.ManagedRuntime<StackServerApp.Services, unknown> | undefined
}

/**
 * `fetch` of exactly the request our SDK sends (same URL and headers, a constant nonce) and
 * `response.json()`: what any SDK must at least do.
 */
export const raw = (baseUrl: string): Contender => {
  const { headers, url } = rawRequest(baseUrl)
  return {
    name: "raw fetch",
    getUser: async (id) => {
      const response = await fetch(url(id), { headers })
      return await response.json()
    },
    close: async () => {}
  }
}

/** The request our server app sends to read a user, as plain `fetch` arguments: its headers and URL. */
export const rawRequest = (baseUrl: string) => {
  const config = StackConfig.make({ ...fixtures.keys, baseUrl })
  return {
    headers: StackHttp.buildHeaders(config, "server", { method: "GET", path: "/users/x" }),
    url: (id: string) => `${baseUrl}/api/v1/users/${encodeURIComponent(id)}`
  }
}

/**
 * Our server app's `ManagedRuntime` on a service at `baseUrl`, built once (as a server would): on
 * Node's own client (the app's default on Node), or given the `fetch` transport.
 */
export const serverRuntime = async (baseUrl: string, transport: "default" | "fetch" = "default") => {
  const app = StackServerApp.layer({ ...fixtures.keys, baseUrl })
  const runtime = ManagedRuntime.make(
    transport === "fetch" ? app.pipe(Layer.provide(HttpTransport.layerFetch((input, init) => globalThis.fetch(input, init)))) : app
  )
  await runtime.runPromise(Effect.void)
  return runtime
}

/**
 * Our server app in a `ManagedRuntime` (built once, as a server would), `ServerUsers.get(id)` per
 * call; with `"fetch"`, given the `fetch` transport (the pipeline's own cost over a bare `fetch`).
 */
export const ours = async (baseUrl: string, transport: "default" | "fetch" = "default"): Promise<Contender> => {
  const runtime = await serverRuntime(baseUrl, transport)
  return {
    name: transport === "fetch" ? "stack-auth-effect on fetch" : "stack-auth-effect",
    getUser: (id) => runtime.runPromise(ServerUsers.get(id)),
    close: () => runtime.dispose(),
    runtime
  }
}

/** The official SDK's server app, `getUser(id)` per call. */
export const official = async (baseUrl: string): Promise<Contender> => {
  const { StackServerApp: OfficialServerApp } = await import("@stackframe/js")
  const app = new OfficialServerApp({ ...fixtures.keys, baseUrl, tokenStore: "memory" })
  return {
    name: "@stackframe/js",
    getUser: (id) => app.getUser(id),
    close: async () => {}
  }
}

/** Asks each contender once for a fresh id and fails unless it answers that user (a broken setup, never a figure). */
export const checkAnswers = async (contenders: ReadonlyArray<Contender>, freshId: () => string): Promise<void> => {
  for (const contender of contenders) {
    const id = freshId()
    const user = await contender.getUser(id) as { id: string }
    if (user.id !== id) throw new Error(`${contender.name} answered ${JSON.stringify(user)}`)
  }
}
