import { assert, describe, it } from "@effect/vitest"
import { act, screen, waitFor } from "@testing-library/react"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { TestClock } from "effect/testing"
import * as Queries from "../../packages/sdk/src/cache/Queries.ts"
import * as QueryCache from "../../packages/sdk/src/query/QueryCache.ts"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"
import { useProjectQuery } from "../../packages/react/src/hooks.ts"
import { StackProvider, useStackContext } from "../../packages/react/src/StackProvider.tsx"
import { makeRuntime, renderAsync } from "./support.tsx"

function Project() {
  const { data, refresh } = useProjectQuery()
  return (
    <>
      <p data-testid="project">{data?.displayName ?? "loading"}</p>
      <button onClick={refresh}>refresh</button>
    </>
  )
}

let cacheSeen: QueryCache.Service | undefined
function CacheSpy() {
  cacheSeen = useStackContext().cache
  return null
}

const loaded = () => waitFor(() => assert.strictEqual(screen.getByTestId("project").textContent, "Demo Project"))

describe("the cache under React, on a TestClock", () => {
  it("drops an entry 5 s after its last component unmounts; a remount before that reuses it", async () => {
    const t = makeRuntime({ testClock: true })
    const requests = () => t.count("GET", "/projects/current")
    const mount = () => renderAsync(<StackProvider runtime={t.runtime}><CacheSpy /><Project /></StackProvider>)
    let view = await mount()
    await loaded()
    assert.strictEqual(await requests(), 1)
    view.unmount()
    await act(() => t.adjust(QueryCache.dropAfterMillis - 1))
    view = await mount()
    await loaded()
    assert.strictEqual(await requests(), 1)
    view.unmount()
    await act(() => t.adjust(QueryCache.dropAfterMillis - 1))
    assert.notStrictEqual(cacheSeen!.snapshotUnsafe(Queries.keys.project), QueryCache.initialSnapshot)
    await act(() => t.adjust(1))
    assert.strictEqual(cacheSeen!.snapshotUnsafe(Queries.keys.project), QueryCache.initialSnapshot)
    view = await mount()
    await loaded()
    assert.strictEqual(await requests(), 2)
    await t.dispose()
  })

  it("refreshes wait 300 ms after the previous load started, and clicks meanwhile share one request", async () => {
    const t = makeRuntime({ testClock: true })
    const requests = () => t.count("GET", "/projects/current")
    await renderAsync(<StackProvider runtime={t.runtime}><Project /></StackProvider>)
    await loaded()
    assert.strictEqual(await requests(), 1)
    await act(async () => {
      screen.getByRole("button").click()
      screen.getByRole("button").click()
      screen.getByRole("button").click()
    })
    await act(() => t.adjust(QueryCache.throttleMillis - 1))
    assert.strictEqual(await requests(), 1)
    await act(() => t.adjust(1))
    await waitFor(async () => assert.strictEqual(await requests(), 2))
    await act(() => t.adjust(10_000))
    assert.strictEqual(await requests(), 2)
    await t.dispose()
  })

  it("unmounting the provider interrupts pending loads and releases the app: nothing runs afterwards", async () => {
    let emulator: Emulator.Emulator["Service"] | undefined
    let clock: TestClock.TestClock | undefined
    let released = false
    const capture = Layer.effectDiscard(Effect.gen(function*() {
      emulator = yield* Emulator.Emulator
      yield* TestClock.testClockWith((c) => Effect.sync(() => void (clock = c)))
      yield* Effect.addFinalizer(() => Effect.sync(() => void (released = true)))
    }))
    const app = capture.pipe(
      Layer.provideMerge(Layer.provideMerge(TestApps.client(), Emulator.layer)),
      Layer.provideMerge(TestClock.layer())
    )
    const view = await renderAsync(<StackProvider app={app}><Project /></StackProvider>)
    await loaded()
    const requests = () => Effect.runPromise(emulator!.requests.count({ method: "GET", path: "/projects/current" }))
    assert.strictEqual(await requests(), 1)
    await act(async () => screen.getByRole("button").click()) // waits for its 300 ms turn
    view.unmount()
    await waitFor(() => assert.isTrue(released))
    await Effect.runPromise(clock!.adjust(10_000))
    assert.strictEqual(await requests(), 1)
  })
})
