/**
 * Helpers shared by the reliability tests: the SDK's pipeline configured for the emulator's demo
 * project, a transport that breaks connections around the emulator (after it processed the
 * request, or in the middle of the answer's body), fixed back-off jitter, and a driver that moves
 * the `TestClock` forward while work that crosses promises settles.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import type * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import type * as Random from "effect/Random"
import { TestClock } from "effect/testing"
import type * as Emulator from "../../packages/emulator/src/Emulator.ts"
import { demoProject } from "../../packages/emulator/src/Seeds.ts"
import { type HttpTransport, TransportFailure } from "../../packages/sdk/src/transport/HttpTransport.ts"
import * as StackConfig from "../../packages/sdk/src/transport/StackConfig.ts"

/** The SDK's configuration for the emulator's demo project, with every key. */
export const demoConfig = (baseUrl = "http://localhost:8102") =>
  StackConfig.make({
    projectId: demoProject.projectId,
    publishableClientKey: demoProject.publishableClientKey,
    secretServerKey: demoProject.secretServerKey,
    superSecretAdminKey: demoProject.superSecretAdminKey,
    baseUrl
  })

/** `Random` whose back-off jitter factor is exactly 1.0 (0.5 + 0.5 × (1.5 − 0.5)). */
export const fixedJitter: Random.Random = { nextIntUnsafe: () => 0, nextDoubleUnsafe: () => 0.5 }

/** Lets promise-based work (request bodies, WebCrypto) settle: `turns` macrotask turns, no timers. */
export const flush = (turns = 5): Effect.Effect<void> =>
  Effect.promise(async () => {
    for (let i = 0; i < turns; i++) await new Promise<void>((resolve) => setImmediate(resolve))
  })

/**
 * Moves the `TestClock` forward `stepMillis` at a time, letting work settle before each step,
 * until the fiber is done; returns its exit. Dies after `maxSteps`.
 */
export const drive = <A, E>(fiber: Fiber.Fiber<A, E>, stepMillis = 250, maxSteps = 20_000): Effect.Effect<Exit.Exit<A, E>> =>
  Effect.gen(function*() {
    for (let step = 0; step < maxSteps; step++) {
      yield* flush()
      if (fiber.pollUnsafe() !== undefined) return yield* Fiber.await(fiber)
      yield* TestClock.adjust(stepMillis)
    }
    return yield* Effect.die(new Error(`the fiber did not finish within ${maxSteps} steps of ${stepMillis} ms`))
  })

/** How the faulty transport breaks one exchange with the emulator. */
export type Break =
  /** Never reaches the emulator: the connection is refused. */
  | "Refused"
  /** The emulator processes the request, then the connection drops before any answer arrives. */
  | "ResetAfterProcessing"
  /** The emulator processes the request; its answer's body stops half-way (`TypeError: terminated`). */
  | "ResetMidBody"

/** One request the faulty transport sent, at which virtual time. */
export interface Sent {
  readonly method: string
  readonly path: string
  readonly atMillis: number
}

/** A transport to the emulator that breaks the exchanges `plan` picks, and logs every send. */
export interface FaultyTransport {
  readonly transport: HttpTransport
  readonly sent: ReadonlyArray<Sent>
  /** Sends of this method to this path (under the root, e.g. `/api/v1/users`). */
  readonly sendsTo: (method: string, path: string) => ReadonlyArray<Sent>
  setPlan(plan: (request: { readonly method: string; readonly path: string }) => Break | undefined): void
}

/** A body that yields its first half, then fails the way `fetch` does when the socket closes. */
export const cutBody = (response: Response): Effect.Effect<Response> =>
  Effect.promise(async () => {
    const bytes = new Uint8Array(await response.arrayBuffer())
    const half = bytes.subarray(0, Math.max(0, Math.floor(bytes.length / 2)))
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(half)
        controller.error(new TypeError("terminated"))
      }
    })
    return new Response(body, { status: response.status, headers: response.headers })
  })

/** Wraps an emulator with breakable connections. */
export const faultyTransport = (emulator: Emulator.Service): FaultyTransport => {
  const sent: Array<Sent> = []
  let plan: (request: { readonly method: string; readonly path: string }) => Break | undefined = () => undefined
  const transport: HttpTransport = {
    send: (request) =>
      Effect.gen(function*() {
        const path = new URL(request.url).pathname
        sent.push({ method: request.method, path, atMillis: yield* Clock.currentTimeMillis })
        const breaks = plan({ method: request.method, path })
        if (breaks === "Refused") {
          return yield* new TransportFailure({ reason: "TypeError: fetch failed (connect ECONNREFUSED)" })
        }
        const response = yield* emulator.handle(request).pipe(
          Effect.catchTag("ConnectionDropped", () => Effect.fail(new TransportFailure({ reason: "TypeError: fetch failed (socket hang up)" })))
        )
        if (breaks === "ResetAfterProcessing") {
          return yield* new TransportFailure({ reason: "TypeError: fetch failed (read ECONNRESET)" })
        }
        return breaks === "ResetMidBody" ? yield* cutBody(response) : response
      })
  }
  return {
    transport,
    sent,
    sendsTo: (method, path) => sent.filter((s) => s.method === method && s.path === path),
    setPlan: (next) => {
      plan = next
    }
  }
}

/** A `fetch` that only reaches loopback; anything else (the diagnostics' public probes) fails at once. */
export const loopbackOnlyFetch: typeof globalThis.fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input))
  if (url.hostname !== "127.0.0.1") return Promise.reject(new TypeError(`fetch failed (the test blocks ${url.host})`))
  return globalThis.fetch(input, init)
}

/** Gaps between consecutive times. */
export const gaps = (times: ReadonlyArray<number>): Array<number> => times.slice(1).map((t, i) => t - times[i]!)
