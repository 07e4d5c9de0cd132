/**
 * The React provider: one Effect runtime per provider, built from the client
 * app's Layer (or handed over ready), disposed when the provider unmounts. Everything below it
 * runs the SDK's effects through that runtime and reads the app's `QueryCache`.
 *
 * The runtime adds to the app: the query cache (following the session), navigation (the
 * `navigate` prop for client-side routers, else `window.location`) and the handler URLs.
 *
 * @since 0.1.0
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import { createContext, type ReactNode, Suspense, use, useEffect, useMemo, useRef, useState } from "react"
import type * as StackClientApp from "stack-auth-effect/StackClientApp"
import * as QueryCache from "stack-auth-effect/QueryCache"
import type * as HandlerUrls from "stack-auth-effect/HandlerUrls"
import type { MessagesOverride } from "./messages.ts"
import { type InitialData, seedInitialData } from "./ssr.ts"
import { type Appearance, StackTheme } from "./ui/Theme.tsx"
import { makeRuntime, makeStackApp, type Navigate, type Services, type StackApp, type StackRuntime } from "./StackRuntime.ts"

export { type Navigate, type StackApp, type StackRuntime } from "./StackRuntime.ts"

/** What the provider gives its children. */
export interface StackContextValue {
  readonly runtime: StackRuntime
  readonly context: Context.Context<Services>
  readonly cache: QueryCache.Service
  /** Whether the runtime is gone (the provider unmounted): nothing may run any more. */
  readonly isDisposed: () => boolean
}

/** The provider's context; `null` outside a provider. */
export const StackContext = createContext<StackContextValue | null>(null)

/** Props of {@link StackProvider}: the app's Layer (the provider owns the runtime) or a ready runtime (you own it). */
export type StackProviderProps = {
  readonly children?: ReactNode
  /** Shown while the runtime is being built. */
  readonly fallback?: ReactNode
  /** Navigation for client-side routers (React Router: `useNavigate()`); `window.location` by default. */
  readonly navigate?: Navigate | undefined
  /** Handler base path, home path or single URLs; ignored with `runtime`. */
  readonly urls?: HandlerUrls.Options | undefined
  /** How the prebuilt components look: light/dark and design tokens (`variables.colorPrimary`, ...). */
  readonly appearance?: Appearance | undefined
  /** Overrides of the prebuilt components' texts (translations, wording). */
  readonly messages?: MessagesOverride | undefined
  /**
   * What the server read for this page (`loadInitialData`): with a runtime whose context is built
   * (`await runtime.context()`), the first render shows this project and user at once, on the
   * server and when hydrating.
   */
  readonly initialData?: InitialData | undefined
} & (
  | { readonly app: Layer.Layer<StackClientApp.Services, unknown>; readonly runtime?: undefined }
  | { readonly runtime: StackRuntime; readonly app?: undefined }
)

interface Holder {
  readonly runtime: StackRuntime
  readonly owned: boolean
  value: StackContextValue | undefined
  ready: Promise<StackContextValue> | undefined
  mounts: number
  disposed: boolean
}

/**
 * Runs the client app for the components below it. With `app`, it builds one runtime
 * (once: changing the prop later needs a new `key`) and disposes it on unmount; with `runtime`, the
 * caller owns and disposes it.
 */
export function StackProvider(props: StackProviderProps): ReactNode {
  const navigateRef = useRef(props.navigate)
  navigateRef.current = props.navigate
  const [holder] = useState<Holder>(() => ({
    runtime: props.runtime ?? makeRuntime(props.app!, { navigate: () => navigateRef.current, urls: props.urls }),
    owned: props.runtime === undefined,
    value: undefined,
    ready: undefined,
    mounts: 0,
    disposed: false
  }))
  useEffect(() => {
    holder.mounts++
    return () => {
      holder.mounts--
      // StrictMode unmounts and mounts again at once: dispose only if still unmounted afterwards
      queueMicrotask(() => {
        if (holder.mounts === 0 && holder.owned && !holder.disposed) {
          holder.disposed = true
          void holder.runtime.dispose()
        }
      })
    }
  }, [holder])
  const toValue = (context: Context.Context<Services>): StackContextValue => {
    if (props.initialData !== undefined) Effect.runSyncWith(context)(Effect.ignore(seedInitialData(props.initialData)))
    return { runtime: holder.runtime, context, cache: Context.get(context, QueryCache.QueryCache), isDisposed: () => holder.disposed }
  }
  // a built runtime renders at once (server rendering, hydration); otherwise suspend until it is
  if (holder.value === undefined && holder.ready === undefined && holder.runtime.cachedContext !== undefined) {
    holder.value = toValue(holder.runtime.cachedContext)
  }
  if (holder.value === undefined) holder.ready ??= holder.runtime.context().then(toValue)
  return (
    <StackTheme appearance={props.appearance} messages={props.messages}>
      <Suspense fallback={props.fallback ?? null}>
        <Ready value={holder.value} ready={holder.ready}>{props.children}</Ready>
      </Suspense>
    </StackTheme>
  )
}

function Ready(props: {
  readonly value: StackContextValue | undefined
  readonly ready: Promise<StackContextValue> | undefined
  readonly children?: ReactNode
}): ReactNode {
  const value = props.value ?? use(props.ready!)
  return <StackContext value={value}>{props.children}</StackContext>
}

/** The provider's runtime and cache; throws outside a `StackProvider`. */
export function useStackContext(): StackContextValue {
  const value = use(StackContext)
  if (value === null) throw new Error("This hook needs a <StackProvider> above it")
  return value
}

/** The runtime the provider runs the app on. */
export function useRuntime(): StackRuntime {
  return useStackContext().runtime
}

/** The client app below the provider, to run SDK effects from event handlers. */
export function useStackApp(): StackApp {
  const { runtime, cache, context } = useStackContext()
  return useMemo(() => makeStackApp(runtime, cache, context), [runtime, cache, context])
}

