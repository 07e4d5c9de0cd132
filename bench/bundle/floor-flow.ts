// Bundle probe: the Effect floor of the browser flow. The Effect and Schema calls the flow's code makes, with none of
// our logic: services and a Layer graph under a ManagedRuntime, schema error classes and a struct decode (nullable,
// optional, literal and array fields, a date), fetch through tryPromise with a timeout, retries with random jitter and
// sleeps, a span when a recording tracer is installed, a forked fiber awaited through a Deferred, Redacted tokens.
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Deferred from "effect/Deferred"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Random from "effect/Random"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import * as Scope from "effect/Scope"
import * as Tracer from "effect/Tracer"

class Failed extends Schema.TaggedError<Failed>()("Failed", { status: Schema.Number, reason: Schema.String }) {}
const User = Schema.Struct({
  id: Schema.String,
  display_name: Schema.NullOr(Schema.String),
  signed_up_at: Schema.DateFromMillis,
  is_anonymous: Schema.optional(Schema.Boolean),
  kind: Schema.Literals(["a", "b"]),
  teams: Schema.Array(Schema.Struct({ id: Schema.String }))
})
const decodeUser = Schema.decodeUnknownEffect(User)

const span = (name: string) => <A, E, R>(self: Effect.Effect<A, E, R>) =>
  Effect.withFiber((fiber) => fiber.getRef(Tracer.Tracer) === Tracer.nativeTracer ? self : Effect.useSpan(name, () => self))

class Http extends Context.Service<Http, { readonly get: (path: string) => Effect.Effect<unknown, Failed> }>()("Http") {}
const http = Layer.effect(
  Http,
  Effect.gen(function*() {
    const token = Redacted.make("t")
    const scope = yield* Scope.Scope
    const once = (path: string) =>
      Effect.tryPromise({
        try: (signal) => fetch(path, { signal, headers: { token: Redacted.value(token) } }).then((r) => r.json()),
        catch: (e) => new Failed({ status: 0, reason: String(e) })
      }).pipe(Effect.timeoutOrElse({ duration: Duration.fromInputUnsafe("30 seconds"), orElse: () => Effect.fail(new Failed({ status: 0, reason: "timeout" })) }))
    const retrying = (path: string, attempt: number): Effect.Effect<unknown, Failed> =>
      Effect.catch(once(path), (e) =>
        attempt > 3 ? Effect.fail(e) : Effect.flatMap(Random.nextBetween(0.5, 1.5), (j) => Effect.andThen(Effect.sleep(j * 1000), retrying(path, attempt + 1))))
    return Http.of({
      get: (path) =>
        Effect.gen(function*() {
          const deferred = yield* Deferred.make<unknown, Failed>()
          yield* Effect.forkIn(Effect.flatMap(Effect.exit(retrying(path, 0)), (exit) => Deferred.done(deferred, exit)), scope)
          yield* Clock.currentTimeMillis
          return yield* Deferred.await(deferred)
        })
    })
  })
)

const runtime = ManagedRuntime.make(Layer.fresh(http))
runtime.runPromise(Http.use((h) => Effect.flatMap(h.get("/users/me"), decodeUser)).pipe(span("Users.getUserOrNull"))).then(console.log)
