/**
 * The example service's API: a public endpoint, and `GET /me` guarded by Stack Auth. Its handlers
 * read the caller from `CurrentUser`; `HttpApiAuth.Authentication` provides it (or answers 401).
 */
import { Effect, Layer, Schema } from "effect"
import { HttpApi, HttpApiBuilder, HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { CurrentUser, HttpApiAuth } from "stack-auth-effect"

/** `GET /me`'s answer. */
export class Me extends Schema.Class<Me>("Me")({ userId: Schema.String }) {}

/** `GET /me/profile`'s answer: needs the full user (one `/users/me` per request). */
export class Profile extends Schema.Class<Profile>("Profile")({ userId: Schema.String, email: Schema.NullOr(Schema.String) }) {}

/** Open to anyone. */
export class Public extends HttpApiGroup.make("public")
  .add(HttpApiEndpoint.get("health", "/health", { success: Schema.Struct({ status: Schema.Literal("ok") }) })) {}

/** The signed-in caller, checked locally (no request to Stack Auth per call). */
export class Account extends HttpApiGroup.make("account")
  .add(HttpApiEndpoint.get("me", "/me", { success: Me }))
  .add(HttpApiEndpoint.get("profile", "/me/profile", { success: Profile }))
  .middleware(HttpApiAuth.Authentication) {}

/** The same caller, asked of Stack Auth on every call (a signed-out session is refused at once). */
export class Strict extends HttpApiGroup.make("strict")
  .add(HttpApiEndpoint.get("meStrict", "/me/strict", { success: Me }))
  .middleware(HttpApiAuth.RemoteAuthentication) {}

/** The whole API. */
export class ExampleApi extends HttpApi.make("example").add(Public).add(Account).add(Strict) {}

const PublicLive = HttpApiBuilder.group(ExampleApi, "public", (handlers) =>
  handlers.handle("health", () => Effect.succeed({ status: "ok" as const })))

const AccountLive = HttpApiBuilder.group(ExampleApi, "account", (handlers) =>
  handlers
    .handle("me", () => CurrentUser.CurrentUser.use((user) => Effect.succeed(new Me({ userId: user.userId }))))
    .handle("profile", () =>
      Effect.gen(function*() {
        const current = yield* CurrentUser.CurrentUser
        const user = yield* current.user.pipe(Effect.orDie)
        return new Profile({ userId: current.userId, email: user.primaryEmail })
      })))

const StrictLive = HttpApiBuilder.group(ExampleApi, "strict", (handlers) =>
  handlers.handle("meStrict", () => CurrentUser.CurrentUser.use((user) => Effect.succeed(new Me({ userId: user.userId })))))

/** The API's routes (and its OpenAPI document at `/openapi.json`), with the handlers and both middlewares. */
export const ApiLive = HttpApiBuilder.layer(ExampleApi, { openapiPath: "/openapi.json" }).pipe(
  Layer.provide([PublicLive, AccountLive, StrictLive]),
  Layer.provide([HttpApiAuth.layer(), HttpApiAuth.layerRemote()])
)
