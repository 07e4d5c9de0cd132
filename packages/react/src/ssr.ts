/**
 * Server rendering: what the server read for a request (the project and the signed-in
 * user), in a JSON-safe form it embeds in the page, so the browser's first render shows the same
 * user instead of a signed-out flash and hydrates without a mismatch. React-free.
 *
 * On the server: `const initialData = await runtime.runPromise(loadInitialData)` with the request's
 * cookies, render `<StackProvider runtime={runtime} initialData={initialData}>`, and write
 * `JSON.stringify(initialData)` into the page; in the browser pass the same value to the provider.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as Projects from "stack-auth-effect/Projects"
import * as Users from "stack-auth-effect/Users"
import * as Queries from "stack-auth-effect/Queries"
import * as QueryCache from "stack-auth-effect/QueryCache"
import { ClientProject } from "stack-auth-effect/Projects"
import { CurrentUser } from "stack-auth-effect/Users"
import type * as Session from "stack-auth-effect/Session"

const Wire: Schema.Struct<{ readonly project: typeof ClientProject; readonly user: Schema.NullOr<typeof CurrentUser> }> = Schema.Struct({
  project: ClientProject,
  user: Schema.NullOr(CurrentUser)
})

/** The server's reads for one request, JSON-safe (the wire's own encoding). */
export type InitialData = typeof Wire.Encoded

/** Effect: reads the project and the signed-in user (or `null`) for the page being rendered. */
export const loadInitialData: Effect.Effect<
  InitialData,
  Projects.GetCurrentError | Users.GetUserError | Schema.SchemaError,
  Session.Session
> = Effect.gen(function*() {
  const project = yield* Projects.getCurrent()
  const user = yield* Users.loadCurrentOrNull
  return yield* Schema.encodeEffect(Wire)({ project, user })
})

/** Effect: puts the server's reads into the query cache, so the hooks answer them at once. */
export const seedInitialData = (data: InitialData): Effect.Effect<void, Schema.SchemaError, QueryCache.QueryCache> =>
  Effect.gen(function*() {
    const decoded = yield* Schema.decodeUnknownEffect(Wire)(data)
    const cache = yield* QueryCache.QueryCache
    yield* cache.set(Queries.project, decoded.project)
    yield* cache.set(Queries.currentUser, decoded.user)
  })
