/**
 * Ready-made app Layers for tests: the three apps pointed at the emulator's seeded demo project,
 * with a memory token store. They take the emulator from the context, so several apps (a client
 * and a server, two users) can share one emulator in a test, and they send every request to that
 * emulator in process, whichever emulator Layer provided it: a test app never reaches the network.
 * Built on an unset `TestClock`, they set it to the real time first (see `TestTime`).
 *
 * ```ts
 * it.layer(Emulator.layer)("sign-up", (it) => {
 *   it.effect("works", () => Auth.signUpWithPassword({ ... }).pipe(Effect.provide(TestApps.client())))
 * })
 * ```
 *
 * @since 0.1.0
 * @module
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as StackAdminApp from "stack-auth-effect/StackAdminApp"
import * as StackClientApp from "stack-auth-effect/StackClientApp"
import * as StackServerApp from "stack-auth-effect/StackServerApp"
import { Emulator, transport } from "./Emulator.ts"
import * as TestTime from "./internal/state/TestTime.ts"
import type * as TokenStore from "stack-auth-effect/TokenStore"
import { HttpTransport } from "stack-auth-effect/HttpTransport"

/** Options of the test apps. */
export interface Options {
  /** A token store; a fresh empty memory store by default. */
  readonly tokenStore?: Layer.Layer<TokenStore.TokenStore> | undefined
  /**
   * More options of the app, passed on as they are: extra request headers, timeouts, and the retry
   * schedule (`{ retry: { baseDelay: 0 } }` or `{ retry: { attempts: 1 } }` make tests of network
   * failures finish at once; without it the service's schedule applies, 5 attempts from 1 s). The
   * project, its keys, the base URL and the token store are the test app's own.
   */
  readonly app?: Omit<Partial<StackClientApp.ProjectOptions>, "projectId" | "baseUrl" | "tokenStore"> | undefined
}

/** An app of the emulator in the context, with the SDK's transport routed to that emulator in process. */
const fromEmulator = <A, E>(f: (emulator: Emulator["Service"]) => Layer.Layer<A, E>): Layer.Layer<A, E, Emulator> =>
  Layer.unwrap(Emulator.use((emulator) =>
    Effect.as(
      TestTime.startTestClockAtRealTime,
      f(emulator).pipe(Layer.provideMerge(Layer.succeed(HttpTransport, transport(emulator))))
    )
  ))

/** A client app of the emulator's demo project. */
export const client = (options: Options = {}): Layer.Layer<StackClientApp.Services, never, Emulator> =>
  fromEmulator((emulator) =>
    StackClientApp.layer({
      ...options.app,
      projectId: emulator.demoProject.projectId,
      publishableClientKey: emulator.demoProject.publishableClientKey,
      baseUrl: emulator.baseUrl,
      tokenStore: options.tokenStore
    }).pipe(Layer.orDie)
  )

/** A server app of the emulator's demo project. */
export const server = (options: Options = {}): Layer.Layer<StackServerApp.Services, never, Emulator> =>
  fromEmulator((emulator) =>
    StackServerApp.layer({
      ...options.app,
      projectId: emulator.demoProject.projectId,
      publishableClientKey: emulator.demoProject.publishableClientKey,
      secretServerKey: emulator.demoProject.secretServerKey,
      baseUrl: emulator.baseUrl,
      tokenStore: options.tokenStore
    }).pipe(Layer.orDie)
  )

/** An admin app of the emulator's demo project (super-secret admin key). */
export const admin = (options: Options = {}): Layer.Layer<StackAdminApp.Services, never, Emulator> =>
  fromEmulator((emulator) =>
    StackAdminApp.layer({
      ...options.app,
      projectId: emulator.demoProject.projectId,
      publishableClientKey: emulator.demoProject.publishableClientKey,
      secretServerKey: emulator.demoProject.secretServerKey,
      superSecretAdminKey: emulator.demoProject.superSecretAdminKey,
      baseUrl: emulator.baseUrl,
      tokenStore: options.tokenStore
    }).pipe(Layer.orDie)
  )
