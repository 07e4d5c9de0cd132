/**
 * Raw protocol requests against the in-process emulator, for the emulator's own tests.
 */
import { assert } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Headers from "../../packages/sdk/src/protocol/Headers.ts"
import { Emulator } from "../../packages/emulator/src/Emulator.ts"
import type { ProjectCredentials } from "../../packages/emulator/src/Seeds.ts"
import { demoProject } from "../../packages/emulator/src/Seeds.ts"

export interface Call {
  readonly method?: string
  /** Under `/api/v1` unless `root`. */
  readonly path: string
  readonly root?: boolean
  /** Sends the project's key for this access type; `none` sends no x-stack headers. */
  readonly access?: "client" | "server" | "admin" | "none"
  readonly project?: ProjectCredentials
  readonly accessToken?: string
  readonly body?: unknown
  readonly form?: Record<string, string>
  readonly headers?: Record<string, string>
}

export interface Answer {
  readonly status: number
  readonly headers: globalThis.Headers
  readonly text: string
  // oxlint-disable-next-line no-explicit-any
  readonly body: any
}

/** The headers the SDK sends for an access type (keys of the given project). */
export const accessHeaders = (access: "client" | "server" | "admin", project: ProjectCredentials = demoProject) => ({
  [Headers.projectId]: project.projectId,
  [Headers.accessType]: access,
  [Headers.publishableClientKey]: project.publishableClientKey,
  ...(access === "client" ? {} : { [Headers.secretServerKey]: project.secretServerKey }),
  ...(access === "admin" ? { [Headers.superSecretAdminKey]: project.superSecretAdminKey } : {})
})

/** Builds the web request of a call. */
export const toRequest = (baseUrl: string, call: Call): Request => {
  const access = call.access ?? "client"
  const headers: Record<string, string> = {
    ...(access === "none" ? {} : accessHeaders(access, call.project)),
    ...(call.accessToken === undefined ? {} : { [Headers.accessToken]: call.accessToken }),
    ...(call.body === undefined ? {} : { "content-type": "application/json" }),
    ...(call.form === undefined ? {} : { "content-type": "application/x-www-form-urlencoded" }),
    ...call.headers
  }
  const body = call.form !== undefined ? new URLSearchParams(call.form).toString() : call.body === undefined ? undefined : JSON.stringify(call.body)
  return new Request(`${baseUrl}${call.root ? "" : "/api/v1"}${call.path}`, {
    method: call.method ?? "GET",
    headers,
    ...(body === undefined ? {} : { body })
  })
}

/** Reads a response: status, headers, text and parsed JSON (or `undefined`). */
export const read = (response: Response): Effect.Effect<Answer> =>
  Effect.promise(async () => {
    const text = await response.text()
    let body: unknown = undefined
    try {
      body = text.length > 0 ? JSON.parse(text) : undefined
    } catch {
      body = undefined
    }
    return { status: response.status, headers: response.headers, text, body }
  })

/** Sends a call to the emulator in the context. */
export const call = (options: Call): Effect.Effect<Answer, never, Emulator> =>
  Effect.gen(function*() {
    const emulator = yield* Emulator
    const response = yield* Effect.orDie(emulator.handle(toRequest(emulator.baseUrl, options)))
    return yield* read(response)
  })

/** Asserts a known-error answer: status, header code and body code. */
export const assertKnownError = (answer: Answer, code: string, status: number) => {
  assert.strictEqual(answer.headers.get(Headers.knownError), code, answer.text)
  assert.strictEqual(answer.body?.code, code)
  assert.strictEqual(answer.status, status)
  assert.isString(answer.body?.error)
}

/** Asserts the service's SCHEMA_ERROR: its first line names the request, then one `  - ` line per problem. */
export const assertSchemaError = (answer: Answer, request: string, problems: ReadonlyArray<string>) => {
  assertKnownError(answer, "SCHEMA_ERROR", 400)
  const message = `Request validation failed on ${request}:\n${problems.map((p) => `  - ${p}`).join("\n")}`
  assert.strictEqual(answer.body.error, message)
  assert.deepStrictEqual(answer.body.details, { message })
}

/** The fields a SCHEMA_ERROR refuses, in its order: the first word of each `  - ` problem line. */
export const refusedFields = (answer: Answer): ReadonlyArray<string> => {
  assertKnownError(answer, "SCHEMA_ERROR", 400)
  return String(answer.body.details.message).split("\n").filter((l) => l.startsWith("  - ")).map((l) => l.slice(4).split(" ")[0]!)
}

/** As {@link refusedFields}, an unknown-properties problem read as `path:unknown[names]`. */
export const refusedWithUnknown = (answer: Answer): ReadonlyArray<string> => {
  assertKnownError(answer, "SCHEMA_ERROR", 400)
  return String(answer.body.details.message).split("\n").slice(1).map((line) => {
    const problem = line.trim().slice(2)
    const unknown = /^(\S+) contains unknown properties: (.*)$/.exec(problem)
    return unknown === null ? problem.split(" ")[0]! : `${unknown[1]}:unknown[${unknown[2]}]`
  })
}

/** Signs a new user up with a password; returns the sign-up answer body. */
export const signUp = (email: string, password = "correct horse battery", extra: Partial<Call> = {}) =>
  Effect.map(call({ method: "POST", path: "/auth/password/sign-up", body: { email, password, verification_callback_url: "http://localhost:3000/handler/email-verification" }, ...extra }), (answer) => {
    assert.strictEqual(answer.status, 200, answer.text)
    return answer.body as { access_token: string; refresh_token: string; user_id: string }
  })
