import * as Effect from "effect/Effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as HttpClient from "effect/http/HttpClient"
import * as Schema from "effect/Schema"
const S = Schema.Struct({ id: Schema.String })
Effect.runPromise(HttpClient.get("https://x.test").pipe(Effect.flatMap((r) => r.json), Effect.flatMap(Schema.decodeUnknownEffect(S)), Effect.provide(FetchHttpClient.layer))).then(console.log)
