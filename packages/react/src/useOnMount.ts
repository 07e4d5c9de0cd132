/**
 * Runs an effect once when a component mounts (a callback page spending a one-time code), and
 * reports its outcome. StrictMode's second mount does not run it again: a code is used once.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import { useEffect, useRef, useState } from "react"
import { useStackContext } from "./StackProvider.tsx"
import { failureOf, type Services } from "./StackRuntime.ts"

/** The outcome of an effect run on mount: `undefined` while it runs. */
export interface OnMountResult<A, E> {
  readonly exit: Exit.Exit<A, E> | undefined
  readonly data: A | undefined
  /** The typed failure (the Effect failure value). */
  readonly error: E | undefined
}

/** Runs `make()` once after the first mount; later renders do not run it again. */
export function useOnMount<A, E>(make: () => Effect.Effect<A, E, Services>): OnMountResult<A, E> {
  const stack = useStackContext()
  const started = useRef(false)
  const mounted = useRef(true)
  const [exit, setExit] = useState<Exit.Exit<A, E> | undefined>(undefined)
  useEffect(() => {
    mounted.current = true
    if (!started.current) {
      started.current = true
      void Effect.runPromiseExitWith(stack.context)(make()).then((result) => {
        if (mounted.current) setExit(result)
      })
    }
    return () => {
      mounted.current = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  return {
    exit,
    data: exit !== undefined && Exit.isSuccess(exit) ? exit.value : undefined,
    error: exit !== undefined && Exit.isFailure(exit) ? (failureOf(exit.cause) as E) : undefined
  }
}
