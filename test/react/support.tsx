/**
 * React tests: a provider runtime over the in-process emulator (optionally on a TestClock), with
 * navigation recorded instead of leaving the page.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import { TestClock } from "effect/testing"
import { act, cleanup, render, type RenderResult } from "@testing-library/react"
import { Component, type ReactNode } from "react"
import * as Emulator from "../../packages/emulator/src/Emulator.ts"
import * as TestApps from "../../packages/emulator/src/TestApps.ts"
import * as StackRuntime from "../../packages/react/src/StackRuntime.ts"

/** A runtime for `<StackProvider runtime>`: the emulator's demo project, cache, recorded navigation. */
export const makeRuntime = (options: { readonly testClock?: boolean } = {}) => {
  const visits: Array<{ readonly url: string; readonly replace: boolean }> = []
  const stack = StackRuntime.makeLayer(TestApps.client(), {
    navigate: () => (url, o) => void visits.push({ url, replace: o?.replace === true })
  }).pipe(Layer.provideMerge(Emulator.layer))
  const layer = options.testClock === true ? stack.pipe(Layer.provideMerge(TestClock.layer())) : stack
  const runtime = ManagedRuntime.make(layer)
  return {
    runtime,
    visits,
    run: <A, E>(effect: Effect.Effect<A, E, ManagedRuntime.ManagedRuntime.Services<typeof runtime>>) => runtime.runPromise(effect),
    /** Requests the emulator received for a method and path under /api/v1. */
    count: (method: string, path: string) => runtime.runPromise(Effect.flatMap(Emulator.Emulator, (e) => e.requests.count({ method, path }))),
    /** Unmounts what was rendered, then disposes the runtime. */
    dispose: async () => {
      cleanup()
      await runtime.dispose()
    },
    /** Moves the TestClock (only with `testClock: true`). */
    adjust: (millis: number) => runtime.runPromise(TestClock.adjust(millis))
  }
}

/** The client app over a fresh in-process emulator, running `onRelease` when its layer is released. */
export const appLayerWithFinalizer = (onRelease: () => void) =>
  Layer.provideMerge(TestApps.client(), Emulator.layer).pipe(
    Layer.merge(Layer.effectDiscard(Effect.addFinalizer(() => Effect.sync(onRelease))))
  )

/** Shows the error a child threw: its `_tag` and message. */
export class Boundary extends Component<{ readonly children?: ReactNode }, { readonly error: unknown }> {
  override state: { readonly error: unknown } = { error: undefined }
  static getDerivedStateFromError(error: unknown) {
    return { error }
  }
  override render(): ReactNode {
    if (this.state.error === undefined) return this.props.children
    const error = this.state.error as { readonly _tag?: string; readonly message?: string }
    return <p role="alert" data-tag={error._tag}>{error.message}</p>
  }
}

/** Unique e-mail addresses per test. */
let counter = 0
export const freshEmail = () => `user${++counter}-${Date.now()}@example.com`

/** Renders inside an awaited `act`, so components that suspend resume when their data arrives. */
export const renderAsync = async (ui: ReactNode): Promise<RenderResult> => {
  let result: RenderResult | undefined
  await act(async () => {
    result = render(ui)
  })
  return result!
}
