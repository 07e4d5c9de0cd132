/**
 * The example service: an `effect/http-api` API whose `GET /me` answers the caller's user id,
 * authenticated by Stack Auth access tokens checked locally (no request to Stack Auth per call).
 *
 *   npm run example:api                      (PORT=8110 by default; a local emulator on a free port)
 *   STACK_API_URL=... STACK_PROJECT_ID=... STACK_PUBLISHABLE_CLIENT_KEY=... STACK_SECRET_SERVER_KEY=... npm run example:api
 *     (against any Stack Auth service; STACK_ISSUER_URL when the service names itself by another URL
 *      than STACK_API_URL, e.g. http://localhost:8140 for the local real service reached on 127.0.0.1)
 *
 * Routes: GET /health (public), GET /me, GET /me/profile (one /users/me), GET /me/strict (asks the
 * service: sees sign-outs at once), GET /docs (OpenAPI docs page), GET /openapi.json.
 */
import { createServer } from "node:http"
import { NodeHttpServer, NodeRuntime } from "@effect/platform-node"
import { Context, Effect, Layer } from "effect"
import { HttpRouter } from "effect/http"
import { HttpApiScalar } from "effect/http-api"
import { AccessTokenVerifier, Auth, AuthHeaders, StackClientApp, StackServerApp } from "stack-auth-effect"
import { Emulator, EmulatorServer } from "@stack-auth-effect/emulator/testing"
import { ApiLive, ExampleApi } from "./Api.ts"

const port = Number(process.env.PORT ?? 8110)

/** The Stack Auth project: from the environment, or a local emulator's demo project (with a demo user). */
const project = Effect.gen(function*() {
  const env = process.env
  if (env.STACK_API_URL !== undefined && env.STACK_PROJECT_ID !== undefined) {
    return {
      project: {
        baseUrl: env.STACK_API_URL,
        projectId: env.STACK_PROJECT_ID,
        ...(env.STACK_PUBLISHABLE_CLIENT_KEY === undefined ? {} : { publishableClientKey: env.STACK_PUBLISHABLE_CLIENT_KEY }),
        ...(env.STACK_SECRET_SERVER_KEY === undefined ? {} : { secretServerKey: env.STACK_SECRET_SERVER_KEY })
      } as StackServerApp.Options,
      demo: undefined as string | undefined
    }
  }
  // no service given: a local emulator over HTTP (the example talks to it as to any service)
  const context = yield* Layer.build(Emulator.layerAlone)
  const emulator = Context.get(context, Emulator.Emulator)
  const served = yield* EmulatorServer.serve({ port: 0, mailboxPort: false }).pipe(Effect.provideContext(context))
  const project = { ...emulator.demoProject, baseUrl: served.url }
  // a demo user signed up over HTTP: the headers its browser would send
  const headers = yield* Effect.gen(function*() {
    yield* Auth.signUpWithPassword({
      email: `api-demo-${Date.now()}@example.com`,
      password: "correct-horse-battery",
      verificationCallbackUrl: "http://localhost:8110/handler/email-verification"
    })
    return yield* AuthHeaders.getAuthHeaders()
  }).pipe(Effect.provide(StackClientApp.layer(project)))
  const { accessToken } = JSON.parse(headers["x-stack-auth"]!) as { accessToken: string }
  return { project: project as StackServerApp.Options, demo: accessToken }
})

const program = Effect.gen(function*() {
  const { demo, project: options } = yield* project
  const app = Layer.mergeAll(ApiLive, HttpApiScalar.layer(ExampleApi, { path: "/docs" })).pipe(
    Layer.provide(AccessTokenVerifier.layer({ issuerUrl: process.env.STACK_ISSUER_URL })),
    Layer.provide(StackServerApp.layer(options)),
    HttpRouter.serve,
    Layer.provide(NodeHttpServer.layer(createServer, { port, host: "127.0.0.1" }))
  )
  yield* Layer.launch(app).pipe(
    Effect.forkChild,
    Effect.andThen(Effect.sync(() => {
      const url = `http://127.0.0.1:${port}`
      console.log(`example API: ${url}   docs: ${url}/docs   Stack Auth: ${options.baseUrl}`)
      // a local demo user on a local emulator: printing its token is the point of this example
      if (demo !== undefined) console.log(`try: curl -H 'authorization: Bearer ${demo}' ${url}/me`)
      console.log(`     curl ${url}/me   (401)`)
    }))
  )
  return yield* Effect.never
})

program.pipe(Effect.scoped, NodeRuntime.runMain)
