/**
 * How the emulator answers: JSON bodies, 201 for creates, `{ items }` lists, known
 * errors with the `x-stack-known-error` header and `{ code, error, details }` body (through the
 * one catalogue, `KnownErrors.toWire`), and the override-status envelope.
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"
import * as Headers from "stack-auth-effect/Headers"
import type { KnownErrors as AnyKnownError } from "stack-auth-effect/KnownErrors"
import { toWire } from "stack-auth-effect/KnownErrors"

/** An error the service sends without a known-error code (plain status and text). */
export class StatusFailure extends Schema.TaggedError<StatusFailure>()("StatusFailure", {
  status: Schema.Number,
  message: Schema.String
}) {}

/** An OAuth 2 error body `{ error, error_description }` (token endpoint). */
export class OAuthFailure extends Schema.TaggedError<OAuthFailure>()("OAuthFailure", {
  status: Schema.Number,
  error: Schema.String,
  description: Schema.String
}) {}

/** Everything a route handler may fail with. */
export type RouteFailure = AnyKnownError | StatusFailure | OAuthFailure

const jsonHeaders = { "content-type": "application/json; charset=utf-8" } as const

/** A JSON response (200 unless given). */
export const json = (body: unknown, status = 200, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), { status, headers: { ...jsonHeaders, ...headers } })

/** The answer to a CRUD create: 201 with the created resource. */
export const created = (body: unknown): Response => json(body, 201)

/** An unpaginated list: `{ items, is_paginated: false }`. */
export const list = (items: ReadonlyArray<unknown>): Response => json({ items, is_paginated: false })

/** A paginated list: `{ items, is_paginated: true, pagination: { next_cursor } }`. */
export const paginated = (items: ReadonlyArray<unknown>, nextCursor: string | null): Response =>
  json({ items, is_paginated: true, pagination: { next_cursor: nextCursor } })

/** The body of deletes and other calls without a result: `{ success: true }`. */
export const success = (): Response => json({ success: true })

/** A known error as the service sends it. */
export const knownError = (error: AnyKnownError): Response => {
  const wire = toWire(error)
  return json(wire.body, wire.status, { [Headers.knownError]: wire.code })
}

/** The response for any route failure. */
export const fromFailure = (failure: RouteFailure): Response => {
  switch (failure._tag) {
    case "StatusFailure":
      return new Response(failure.message, { status: failure.status, headers: { "content-type": "text/plain; charset=utf-8" } })
    case "OAuthFailure":
      return json({ error: failure.error, error_description: failure.description }, failure.status, { "cache-control": "no-store" })
    default:
      return knownError(failure)
  }
}

/** A plain 404 for paths the service does not have. */
export const notFound = (method: string, path: string): Response =>
  fromFailure(new StatusFailure({ status: 404, message: `${method} ${path} is not a route of the service` }))

/**
 * The override-status envelope: when the request asks for it, an error status is sent as 200 with
 * the real status in `x-stack-actual-status`.
 */
export const applyEnvelope = (request: Request, response: Response): Response => {
  if (response.status < 400 || request.headers.get(Headers.overrideErrorStatus) !== "true") return response
  const headers = new globalThis.Headers(response.headers)
  headers.set(Headers.actualStatus, String(response.status))
  return new Response(response.body, { status: 200, headers })
}
