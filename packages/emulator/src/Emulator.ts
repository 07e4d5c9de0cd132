/**
 * The emulator of the service: an in-memory imitation of Stack Auth's REST API,
 * answering web `Request`s in the caller's fiber (so `TestClock` drives token expiry and injected
 * delays), with a mailbox, faults on demand, a bounded request log, and JSON export/import of its
 * state. README's "What the emulator does for real" table says what it only imitates.
 *
 * `layer` also routes the SDK's `HttpTransport` to it in process: no socket, no port, and no
 * request of the SDK reaches anything else. Serving it over HTTP is `EmulatorServer.layer`.
 *
 * Time: the emulator reads the caller's `Clock`. Building its Layer (or a test app) on a `TestClock` that still reads
 * before 2000 sets that clock to the real time (`TestTime`), so tokens minted under `it.effect`
 * carry real dates and stay valid for code checking them on the real clock, while
 * `TestClock.adjust` still moves the emulator's time (and the SDK's) on purpose.
 *
 * @since 0.1.0
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import { BodyParsingError } from "stack-auth-effect/KnownErrors"
import { HttpTransport, TransportFailure } from "stack-auth-effect/HttpTransport"
import type { Mail, State } from "./EmulatorState.ts"
import * as EmulatorState from "./EmulatorState.ts"
import * as Faults from "./Faults.ts"
import * as MailModule from "./Mail.ts"
import { authenticate } from "./internal/http/RequestAuth.ts"
import * as RequestLog from "./RequestLog.ts"
import * as Responses from "./internal/http/Responses.ts"
import * as Router from "./Router.ts"
import * as Control from "./internal/routes/ControlRoutes.ts"
import * as AllRoutes from "./internal/routes/AllRoutes.ts"
import * as Seeds from "./Seeds.ts"
import * as Smtp from "./internal/mail/Smtp.ts"
import * as EmailRendering from "./internal/mail/EmailRendering.ts"
import * as PasskeysRoutes from "./internal/routes/PasskeysRoutes.ts"
import * as Table from "./internal/state/Table.ts"
import * as TestTime from "./internal/state/TestTime.ts"
import * as Tokens from "./internal/model/Tokens.ts"

/** The in-process base URL (what the SDK is configured with). */
export const defaultBaseUrl = "http://localhost:8102"

/** An injected fault dropped the connection: no response at all. */
export class ConnectionDropped extends Schema.TaggedError<ConnectionDropped>()("ConnectionDropped", {
  method: Schema.String,
  path: Schema.String
}) {}

/** `importState` was given something that is not an exported state. */
export class InvalidEmulatorState extends Schema.TaggedError<InvalidEmulatorState>()("InvalidEmulatorState", {
  reason: Schema.String
}) {}

/** The mails the emulator sent. */
export interface Mailbox {
  readonly all: Effect.Effect<ReadonlyArray<Mail>>
  /** The mails of a mailbox: an address or its local part (Inbucket naming), oldest first. */
  readonly list: (nameOrAddress: string) => Effect.Effect<ReadonlyArray<Mail>>
  /** The newest mail to an address, if any. */
  readonly latest: (nameOrAddress: string) => Effect.Effect<Mail | undefined>
  readonly clear: Effect.Effect<void>
}

/** The emulator service. */
export interface Service {
  /** Where the in-process SDK points (`http://localhost:8102`). */
  readonly baseUrl: string
  /** The seeded demo project's id and keys. */
  readonly demoProject: Seeds.ProjectCredentials
  /** The seeded `internal` project's keys. */
  readonly internalProject: Seeds.ProjectCredentials
  /** Answers one request, in the caller's fiber. Fails only when a fault drops the connection. */
  readonly handle: (request: Request) => Effect.Effect<Response, ConnectionDropped>
  readonly state: EmulatorState.Service
  /** Runs state-level code (e.g. `Users.create`) against this emulator, for test setup. */
  readonly run: <A, E>(effect: Effect.Effect<A, E, EmulatorState.EmulatorState>) => Effect.Effect<A, E>
  readonly mailbox: Mailbox
  readonly faults: Faults.Service
  readonly requests: RequestLog.Service
  /** The whole state as JSON. */
  readonly exportState: Effect.Effect<string>
  /** Replaces the state with an exported one. */
  readonly importState: (json: string) => Effect.Effect<void, InvalidEmulatorState>
}

/** The emulator service key. */
export class Emulator extends Context.Service<Emulator, Service>()("stack-auth-effect/emulator/Emulator") {}

/** Options of {@link make}. */
export interface Options {
  readonly baseUrl?: string | undefined
  /** The routes to answer; all of `routes/index.ts` by default. */
  readonly routes?: ReadonlyArray<Router.Route> | undefined
  /** Start from an exported state instead of the seeds. */
  readonly state?: string | undefined
  /** Seconds an access token lives; 600 (the service's) by default. Short values let a test expire tokens quickly. */
  readonly accessTokenLifetimeSeconds?: number | undefined
  /** Milliseconds a new session's refresh token lives; one year (the service's) by default. */
  readonly refreshTokenLifetimeMillis?: number | undefined
  /** Answer a new refresh token on every refresh and retire the used one (the service keeps it); `false` by default. */
  readonly rotateRefreshTokens?: boolean | undefined
  /** Bounds of the request log (entries kept, largest body stored). */
  readonly requestLog?: RequestLog.Options | undefined
  /** Milliseconds a "send test e-mail" may take on the admin's SMTP server (real time); 10,000 (the service's) by default. */
  readonly smtpTimeoutMillis?: number | undefined
  /**
   * How mails are written and templates rendered: `"development"` (the default) as the service's
   * development setup sends them (subject `Mock subject, <Subject .../>`, body listing the
   * template source, the theme source and the variables); `"rendered"`: templates rendered for real.
   */
  readonly mailRendering?: EmailRendering.MailRendering | undefined
  /**
   * Passkey challenges: `"development"` (the default) the fixed challenge `MOCK` (base64url `TU9DSw`)
   * that the service's development setup answers, so recorded credentials replay in end-to-end
   * tests; `"random"`: a fresh one per ceremony, as in production (a captured assertion cannot
   * sign in again).
   */
  readonly passkeyChallenges?: PasskeysRoutes.PasskeyChallenges | undefined
}

export type { PasskeyChallenges } from "./internal/routes/PasskeysRoutes.ts"

/** JSON bodies nested deeper than this are refused with `BODY_PARSING_ERROR` (400) before routing. */
export const maxBodyDepth = 100

/** How deeply a JSON text nests arrays and objects, counted without parsing (no recursion, no stack). */
export const jsonNestingDepth = (text: string): number => {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i)
    if (inString) {
      if (char === 92) i++ // backslash: skip the escaped character
      else if (char === 34) inString = false
    } else if (char === 34) inString = true
    else if (char === 123 || char === 91) deepest = Math.max(deepest, ++depth)
    else if (char === 125 || char === 93) depth--
  }
  return deepest
}


const tables = [
  "projects", "users", "sessions", "teams", "memberships", "permissionDefinitions", "permissionGrants",
  "verificationCodes", "apiKeys", "internalApiKeys", "mails", "cliLogins", "extra"
] as const

/** Parses an exported state (shape checks only). */
export const parseState = (json: string): Effect.Effect<State, InvalidEmulatorState> =>
  Effect.try({
    try: () => JSON.parse(json) as unknown,
    catch: () => new InvalidEmulatorState({ reason: "not JSON" })
  }).pipe(Effect.flatMap((value) => {
    const candidate = value as Partial<Record<string, unknown>> | null
    if (typeof candidate !== "object" || candidate === null || candidate.version !== 1) {
      return Effect.fail(new InvalidEmulatorState({ reason: "not an emulator state of version 1" }))
    }
    const key = candidate.signingKey as { kid?: unknown } | undefined
    if (typeof key !== "object" || key === null || typeof key.kid !== "string") {
      return Effect.fail(new InvalidEmulatorState({ reason: "signingKey is missing" }))
    }
    const missing = tables.filter((name) => typeof candidate[name] !== "object" || candidate[name] === null)
    if (missing.length > 0) return Effect.fail(new InvalidEmulatorState({ reason: `missing tables: ${missing.join(", ")}` }))
    return Effect.succeed(candidate as unknown as State)
  }))

/** Builds an emulator with fresh (seeded) or imported state. */
export const make = (options: Options = {}): Effect.Effect<Service, InvalidEmulatorState> =>
  Effect.gen(function*() {
    const initial = options.state !== undefined
      ? yield* parseState(options.state)
      : Seeds.initialState(yield* Seeds.generateSigningKey, yield* Clock.currentTimeMillis)
    const state = yield* EmulatorState.make(initial)
    const faults = yield* Faults.make
    const requests = yield* RequestLog.make(options.requestLog)
    const routes = [...(options.routes ?? AllRoutes.all), ...Control.routes(faults, requests)]
    const router = Router.make(routes, authenticate)
    const policy: Tokens.Policy = {
      accessTokenLifetimeSeconds: options.accessTokenLifetimeSeconds ?? Tokens.accessTokenLifetimeSeconds,
      refreshTokenLifetimeMillis: options.refreshTokenLifetimeMillis ?? Tokens.refreshTokenLifetimeMillis,
      rotateRefreshTokens: options.rotateRefreshTokens ?? false
    }
    // the emulator's token policy around anything it runs
    const smtpTimeout = options.smtpTimeoutMillis ?? Smtp.defaultTimeoutMillis
    const mailRendering = options.mailRendering ?? "development"
    const passkeyChallenges = options.passkeyChallenges ?? "development"
    const inEmulator = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
      effect.pipe(
        Effect.provideService(Tokens.TokenPolicy, policy),
        Effect.provideService(Smtp.SmtpTimeout, smtpTimeout),
        Effect.provideService(EmailRendering.MailRenderingMode, mailRendering),
        Effect.provideService(PasskeysRoutes.PasskeyChallengeMode, passkeyChallenges)
      )
    const run = <A, E>(effect: Effect.Effect<A, E, EmulatorState.EmulatorState>) =>
      inEmulator(Effect.provideService(effect, EmulatorState.EmulatorState, state))

    const tooDeep = (request: Request): Effect.Effect<boolean> =>
      request.body === null
        ? Effect.succeed(false)
        : Effect.map(Effect.promise(() => request.clone().text()), (text) => jsonNestingDepth(text) > maxBodyDepth)

    const handle = (request: Request): Effect.Effect<Response, ConnectionDropped> =>
      inEmulator(Effect.gen(function*() {
        yield* requests.record(request)
        const url = new URL(request.url)
        const fault = yield* faults.take(request.method, url.pathname)
        if (fault?._tag === "Drop") return yield* new ConnectionDropped({ method: request.method, path: url.pathname })
        if (fault?._tag === "Status") {
          return new Response(fault.body ?? null, { status: fault.status, headers: { "content-type": "text/plain", ...fault.headers } })
        }
        if (fault?._tag === "Delay") yield* Effect.sleep(fault.millis)
        if (yield* tooDeep(request)) {
          const error = new BodyParsingError({ message: `The request body nests deeper than ${maxBodyDepth} levels.` })
          return Responses.applyEnvelope(request, Responses.knownError(error))
        }
        return yield* run(router(request))
      }))

    const mailbox: Mailbox = {
      all: Effect.map(state.get, (s) => Table.values(s.mails)),
      list: (name) => Effect.map(state.get, (s) => MailModule.inMailbox(s, name)),
      latest: (name) => Effect.map(state.get, (s) => MailModule.inMailbox(s, name).at(-1)),
      clear: state.update((s) => ({ ...s, mails: Table.empty }))
    }

    return {
      baseUrl: options.baseUrl ?? defaultBaseUrl,
      demoProject: Seeds.demoProject,
      internalProject: Seeds.internalProject,
      handle,
      state,
      run,
      mailbox,
      faults,
      requests,
      exportState: Effect.map(state.get, (s) => JSON.stringify(s, null, 2)),
      importState: (json) => Effect.flatMap(parseState(json), state.set)
    }
  })

/**
 * A fresh emulator alone: the SDK's transport is NOT routed to it. For serving it over HTTP to
 * other programs (`EmulatorServer.layer`) while this program's SDK keeps using the network; tests
 * want {@link layer}.
 */
export const layerAlone: Layer.Layer<Emulator> = Layer.effect(Emulator, Effect.andThen(TestTime.startTestClockAtRealTime, Effect.orDie(make())))

/** An emulator with options (base URL, routes, imported state, token lifetimes), alone: no routing. */
export const layerAloneWith = (options: Options): Layer.Layer<Emulator, InvalidEmulatorState> =>
  Layer.effect(Emulator, Effect.andThen(TestTime.startTestClockAtRealTime, make(options)))

/** The SDK's transport answered by an emulator; a dropped connection is a `TransportFailure`. */
export const transport = (emulator: Service): HttpTransport => ({
  send: (request) =>
    emulator.handle(request).pipe(
      Effect.catchTag("ConnectionDropped", () =>
        Effect.fail(new TransportFailure({ reason: "TypeError: fetch failed (the emulator dropped the connection)" })))
    )
})

/** Routes the SDK's `HttpTransport` to the emulator in the context. */
export const layerTransport: Layer.Layer<never, never, Emulator> = Layer.effect(HttpTransport, Effect.map(Emulator, transport))

/**
 * A fresh (seeded) emulator with the SDK's `HttpTransport` routed to it in process: no socket, no
 * port, and nothing else receives the SDK's requests. What tests use.
 */
export const layer: Layer.Layer<Emulator> = layerTransport.pipe(Layer.provideMerge(layerAlone))

/** An emulator with options (base URL, routes, imported state, token lifetimes), the SDK routed to it in process. */
export const layerWith = (options: Options): Layer.Layer<Emulator, InvalidEmulatorState> =>
  layerTransport.pipe(Layer.provideMerge(layerAloneWith(options)))
