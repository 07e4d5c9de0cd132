/**
 * How the emulator keeps test time and real time apart: a `TestClock` starts at 0
 * (1970), so tokens the emulator mints under `it.effect` would look expired to any code that checks
 * them on the real clock (a handler run with `Effect.runPromise`, a JWT library). When the
 * emulator or a test app is built on a `TestClock` that still reads before 2000, the test clock is
 * set to the real time once; from then on the test moves time only on purpose
 * (`TestClock.adjust`), and the SDK, the emulator and real-clock code agree on what is valid.
 *
 * @since 0.1.0
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"

/** A clock reading before this instant (2000-01-01) is a test clock that nobody has set. */
export const unsetTestClockBeforeMillis = 946_684_800_000

interface Settable {
  readonly setTime: (timestamp: number) => Effect.Effect<void>
}

const isSettable = (clock: Clock.Clock): clock is Clock.Clock & Settable =>
  typeof (clock as Partial<Settable>).setTime === "function"

/**
 * Sets the caller's `TestClock` to the real time when it still reads before 2000; does nothing on
 * a real clock or a test clock that a test has already set.
 */
export const startTestClockAtRealTime: Effect.Effect<void> = Clock.clockWith((clock) =>
  isSettable(clock) && clock.currentTimeMillisUnsafe() < unsetTestClockBeforeMillis
    ? clock.setTime(Date.now())
    : Effect.void
)
