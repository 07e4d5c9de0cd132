import { assert, describe, it } from "@effect/vitest"
import * as Cause from "effect/Cause"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import { TestClock } from "effect/testing"
import { afterEach, beforeEach, vi } from "vitest"
import { bounded, exchange, fork, retry, run } from "../../packages/sdk/src/transport/internal/Attempts.ts"
import * as Limits from "../../packages/sdk/src/transport/Limits.ts"
import type { StackTransportError } from "../../packages/sdk/src/transport/TransportErrors.ts"
import { fromFetch, HttpTransport } from "../../packages/sdk/src/transport/HttpTransport.ts"

// `bounded` bounds one attempt with one timer: a `setTimeout` under Effect's own clock (production),
// a fiber sleeping on any other clock (the TestClock of every other test). Both timers are tested
// here without real waiting: vitest's fake `setTimeout` for the first, the TestClock for the second.
// The attempts here are effects forked as the I/O (`fork`, the path of transports without a
// promise `exchange`); the promise path is tested below and through the pipeline's tests.

/** The tests of the enclosing block run with vitest's fake `setTimeout` (Effect's own clock's timer). */
const fakeSetTimeout = () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] })
  })
  afterEach(() => {
    vi.useRealTimers()
  })
}

/** An effect as a bounded attempt: forked in the caller's context, its outcome given back as it is. */
const within = <A, E, E2>(self: Effect.Effect<A, E>, millis: number, onTimeout: () => E2): Effect.Effect<A, E | E2> =>
  Effect.withFiber((fiber) => bounded(fork(fiber.context, self), (exit) => exit, millis, onTimeout))

/** An attempt that never answers and records its interruption (after a finalizer of `finalizerMillis`). */
const stalled = (log: Array<string>, finalizerMillis = 0) =>
  Effect.never.pipe(
    Effect.onInterrupt(() =>
      Effect.andThen(
        finalizerMillis > 0 ? Effect.sleep(finalizerMillis) : Effect.void,
        Effect.sync(() => log.push("attempt interrupted"))
      )
    )
  )

describe("Attempts.within under Effect's own clock (a setTimeout)", () => {
  fakeSetTimeout()

  it.live("a stalled attempt fails with the timeout once its time has passed, after the attempt was interrupted", () =>
    Effect.gen(function*() {
      const log: Array<string> = []
      const fiber = yield* Effect.forkChild(
        within(stalled(log), 5_000, () => "timed out").pipe(Effect.tapError(() => Effect.sync(() => log.push("timeout given"))))
      )
      yield* Effect.yieldNow
      assert.strictEqual(vi.getTimerCount(), 1)
      vi.advanceTimersByTime(4_999)
      yield* Effect.yieldNow
      assert.isUndefined(fiber.pollUnsafe())
      vi.advanceTimersByTime(1)
      const exit = yield* Fiber.await(fiber)
      assert.deepStrictEqual(exit, Exit.fail("timed out"))
      assert.deepStrictEqual(log, ["attempt interrupted", "timeout given"])
    }))

  it.live("an attempt that answers in time keeps its answer and leaves no timer behind", () =>
    Effect.gen(function*() {
      const answer = yield* within(Effect.promise(() => Promise.resolve("answer")), 5_000, () => "timed out")
      assert.strictEqual(answer, "answer")
      assert.strictEqual(vi.getTimerCount(), 0)
      // a synchronous attempt sets no timer at all
      assert.strictEqual(yield* within(Effect.succeed(1), 5_000, () => "timed out"), 1)
      assert.strictEqual(vi.getTimerCount(), 0)
      // the attempt's own failure passes through
      assert.deepStrictEqual(yield* Effect.exit(within(Effect.fail("refused"), 5_000, () => "timed out")), Exit.fail("refused"))
    }))

  it.live("a bound above setTimeout's range (24.8 days) does not fire at once", () =>
    Effect.gen(function*() {
      const log: Array<string> = []
      const fiber = yield* Effect.forkChild(within(stalled(log), 2 ** 31 + 1_000, () => "timed out"))
      yield* Effect.yieldNow
      vi.advanceTimersByTime(60_000)
      yield* Effect.yieldNow
      assert.isUndefined(fiber.pollUnsafe())
      yield* Fiber.interrupt(fiber)
      assert.deepStrictEqual(log, ["attempt interrupted"])
    }))

  it.live("interrupting the caller interrupts the attempt and clears the timer", () =>
    Effect.gen(function*() {
      const log: Array<string> = []
      const fiber = yield* Effect.forkChild(within(stalled(log), 5_000, () => "timed out"))
      yield* Effect.yieldNow
      assert.strictEqual(vi.getTimerCount(), 1)
      yield* Fiber.interrupt(fiber)
      assert.deepStrictEqual(log, ["attempt interrupted"])
      assert.strictEqual(vi.getTimerCount(), 0)
    }))
})

describe("Attempts.within under another clock (a fiber sleeping on the TestClock)", () => {
  it.effect("a stalled attempt fails with the timeout once the clock passes its bound", () =>
    Effect.gen(function*() {
      const log: Array<string> = []
      const fiber = yield* Effect.forkChild(within(stalled(log), 5_000, () => "timed out"))
      yield* TestClock.adjust(4_999)
      assert.isUndefined(fiber.pollUnsafe())
      yield* TestClock.adjust(1)
      assert.deepStrictEqual(yield* Fiber.await(fiber), Exit.fail("timed out"))
      assert.deepStrictEqual(log, ["attempt interrupted"])
    }))

  it.effect("interrupting the caller waits until the attempt has ended", () =>
    Effect.gen(function*() {
      const log: Array<string> = []
      const fiber = yield* Effect.forkChild(within(stalled(log, 1_000), 5_000, () => "timed out"))
      yield* Effect.yieldNow
      const interrupting = yield* Effect.forkChild(Effect.andThen(Fiber.interrupt(fiber), Effect.sync(() => log.push("caller interrupted"))))
      yield* TestClock.adjust(999)
      assert.deepStrictEqual(log, [])
      yield* TestClock.adjust(1)
      yield* Fiber.join(interrupting)
      assert.deepStrictEqual(log, ["attempt interrupted", "caller interrupted"])
    }))

  it.effect("an attempt that answers in time keeps its answer", () =>
    Effect.gen(function*() {
      const fiber = yield* Effect.forkChild(within(Effect.as(Effect.sleep(4_000), "answer"), 5_000, () => "timed out"))
      yield* TestClock.adjust(4_000)
      assert.deepStrictEqual(yield* Fiber.await(fiber), Exit.succeed("answer"))
      // the timer is gone: passing the bound changes nothing
      yield* TestClock.adjust(10_000)
    }))
})

describe("Attempts.bounded with a transport's promise exchange (the path of every fetch transport)", () => {
  /** A `fetch` transport whose exchange never answers; records the abort of its signal. */
  const stalledFetch = (log: Array<string>) =>
    exchange(
      fromFetch((_input, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener("abort", () => {
            log.push("request aborted")
            reject(new DOMException("aborted", "AbortError"))
          })
        })
      ),
      Context.empty(),
      "http://service.invalid/x",
      () => ({ method: "GET" }),
      1024
    )
  const answered = (text: string) =>
    exchange(fromFetch(async () => new Response(text)), Context.empty(), "http://service.invalid/x", () => ({ method: "GET" }), 1024)
  const outcome = (exit: Exit.Exit<{ readonly text: string }, unknown>) => Exit.map(exit, (answer) => answer.text)

  describe("under Effect's own clock (a setTimeout)", () => {
    fakeSetTimeout()

    it.live("a stalled request is aborted once its time has passed and the attempt fails with the timeout", () =>
      Effect.gen(function*() {
        const log: Array<string> = []
        const fiber = yield* Effect.forkChild(bounded(stalledFetch(log), outcome, 5_000, () => "timed out"))
        yield* Effect.yieldNow
        assert.strictEqual(vi.getTimerCount(), 1)
        vi.advanceTimersByTime(4_999)
        yield* Effect.yieldNow
        assert.isUndefined(fiber.pollUnsafe())
        vi.advanceTimersByTime(1)
        assert.deepStrictEqual(yield* Fiber.await(fiber), Exit.fail("timed out"))
        assert.deepStrictEqual(log, ["request aborted"])
      }))

    it.live("an answer in time is given to `then` in the caller's fiber and leaves no timer behind", () =>
      Effect.gen(function*() {
        assert.strictEqual(yield* bounded(answered("answer"), outcome, 5_000, () => "timed out"), "answer")
        assert.strictEqual(vi.getTimerCount(), 0)
      }))

    it.live("interrupting the caller aborts the request and clears the timer", () =>
      Effect.gen(function*() {
        const log: Array<string> = []
        const fiber = yield* Effect.forkChild(bounded(stalledFetch(log), outcome, 5_000, () => "timed out"))
        yield* Effect.yieldNow
        yield* Fiber.interrupt(fiber)
        assert.deepStrictEqual(log, ["request aborted"])
        assert.strictEqual(vi.getTimerCount(), 0)
      }))
  })

  describe("under the TestClock", () => {
    it.effect("a stalled request is aborted once the clock passes its bound", () =>
      Effect.gen(function*() {
        const log: Array<string> = []
        const fiber = yield* Effect.forkChild(bounded(stalledFetch(log), outcome, 5_000, () => "timed out"))
        yield* TestClock.adjust(4_999)
        assert.isUndefined(fiber.pollUnsafe())
        assert.deepStrictEqual(log, [])
        yield* TestClock.adjust(1)
        assert.deepStrictEqual(yield* Fiber.await(fiber), Exit.fail("timed out"))
        assert.deepStrictEqual(log, ["request aborted"])
      }))

    it.effect("what `then` answers beyond an Exit is bounded by what is left of the time", () =>
      Effect.gen(function*() {
        // the answer comes at once; its meaning takes 10 s (as the diagnostics probes may): cut at the bound
        const slow = bounded(answered("answer"), () => Effect.as(Effect.sleep(10_000), "meaning"), 5_000, () => "timed out")
        const fiber = yield* Effect.forkChild(slow)
        yield* TestClock.adjust(4_999)
        assert.isUndefined(fiber.pollUnsafe())
        yield* TestClock.adjust(1)
        assert.deepStrictEqual(yield* Fiber.await(fiber), Exit.fail("timed out"))
        // one that takes less keeps its answer
        const quick = yield* Effect.forkChild(bounded(answered("answer"), () => Effect.as(Effect.sleep(1_000), "meaning"), 5_000, () => "timed out"))
        yield* TestClock.adjust(1_000)
        assert.deepStrictEqual(yield* Fiber.await(quick), Exit.succeed("meaning"))
      }))
  })
})

describe("Attempts.run", () => {
  it.effect("an attempt after a back-off wait is bounded by what is left of the deadline when it starts", () =>
    Effect.gen(function*() {
      // deadline 10 s, attempts 8 s each, a back-off of exactly 5 s: the first attempt is refused at
      // once, the second starts at 5 s and stalls; it must end at the deadline (10 s, limit "call"),
      // not 8 s after it started (13 s)
      const limits = { ...Limits.make({ timeout: "8 seconds", deadline: "10 seconds", retry: { attempts: 2, baseDelay: "5 seconds" } }) }
      let started = 0
      // the first exchange is refused at once, every later one never answers
      const transport = fromFetch(() => started++ === 0 ? Promise.reject(new TypeError("refused")) : new Promise<Response>(() => {}))
      const plan = {
        method: "GET",
        path: "/x",
        limits: { ...limits, retry: { ...limits.retry, jitterMin: 1, jitterMax: 1 } },
        url: "http://service.invalid/x",
        init: () => ({ method: "GET" }),
        interpret: (_response: Response, text: string) => Effect.succeed(text),
        lost: () => Effect.fail(retry<never>({ _tag: "Network", reason: "refused" })),
        exhausted: () => Effect.fail("exhausted" as const)
      }
      const fiber = yield* Effect.forkChild(run(plan).pipe(Effect.provideService(HttpTransport, transport)))
      yield* Effect.yieldNow
      assert.strictEqual(started, 1)
      yield* TestClock.adjust(5_000)
      assert.strictEqual(started, 2, "the second attempt started after the wait")
      yield* TestClock.adjust(4_999)
      assert.isUndefined(fiber.pollUnsafe())
      yield* TestClock.adjust(1)
      const exit = yield* Fiber.await(fiber)
      assert.isTrue(Exit.isFailure(exit))
      const error = Exit.isFailure(exit) ? Cause.squash(exit.cause) as StackTransportError : undefined
      assert.strictEqual(error?.reason._tag, "TimeoutError")
      assert.strictEqual((error?.reason as { readonly limit?: string }).limit, "call")
    }))
})
