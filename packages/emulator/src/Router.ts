/**
 * A tiny method + path-pattern router for the emulator: route modules export lists of
 * {@link Route}s (`Router.get("/users/:userId", "server", handler)`), `routes/index.ts` composes
 * them, and {@link make} turns the list into `(request) => Effect<Response>`.
 *
 * Each route declares the access it needs; the router authenticates the request before the
 * handler runs (`RequestAuth.ts`) and answers every failure in the protocol's error shapes.
 *
 * @since 0.1.0
 */
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as SchemaIssue from "effect/SchemaIssue"
import type { AccessType } from "stack-auth-effect/AccessType"
import { BodyParsingError, SchemaError } from "stack-auth-effect/KnownErrors"
import type { EmulatorState } from "./EmulatorState.ts"
import * as Fields from "./internal/http/Fields.ts"
import type { Auth } from "./internal/http/RequestAuth.ts"
import * as Responses from "./internal/http/Responses.ts"
import * as ServiceHeaders from "./internal/http/ServiceHeaders.ts"

/** Who a request authenticated as, and how a route refuses it. */
export type { Auth } from "./internal/http/RequestAuth.ts"
export type { OAuthFailure, RouteFailure, StatusFailure } from "./internal/http/Responses.ts"

/** HTTP methods routes answer. */
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE"

/** What a route requires: nothing (`public`), or at least this access type. */
export type Access = "public" | AccessType

/** The authentication a handler receives for its declared access. */
export type AuthFor<A extends Access> = A extends "public" ? undefined : Auth

/** Everything a handler gets about its request. */
export interface RouteContext<A = Auth | undefined> {
  readonly request: Request
  readonly url: URL
  /** The path, from the root (`/api/v1/users/me`). */
  readonly path: string
  readonly params: Readonly<Record<string, string>>
  readonly query: URLSearchParams
  /** The raw body text (empty without a body). */
  readonly text: string
  /** The body parsed as JSON or as a form; `undefined` without a body. */
  readonly body: unknown
  readonly auth: A
}

/** The services a handler may use. */
export type RouteEnv = EmulatorState

/** A route handler. */
export type Handler<A = Auth | undefined> = (context: RouteContext<A>) => Effect.Effect<Response, Responses.RouteFailure, RouteEnv>

/** One route: method, pattern from the root (`/api/v1/users/:userId`), access and handler. */
export interface Route {
  readonly method: Method
  readonly pattern: string
  readonly access: Access
  readonly handler: Handler
}

/** Where the protocol's API lives. */
export const apiBase = "/api/v1"

/** The same API under its version-less name, as the service serves it. */
export const latestBase = "/api/latest"

/** Options of a route: `root` for paths outside `/api/v1` (e.g. `/health`). */
export interface RouteOptions {
  readonly root?: boolean
}

/** Declares a route; `path` is under `/api/v1` unless `root`. */
export const route = <A extends Access>(
  method: Method,
  path: string,
  access: A,
  handler: Handler<AuthFor<A>>,
  options: RouteOptions = {}
): Route => ({ method, pattern: options.root ? path : apiBase + path, access, handler: handler as Handler })

/** Declares a GET route. */
export const get = <A extends Access>(path: string, access: A, handler: Handler<AuthFor<A>>, options?: RouteOptions) =>
  route("GET", path, access, handler, options)
/** Declares a POST route. */
export const post = <A extends Access>(path: string, access: A, handler: Handler<AuthFor<A>>, options?: RouteOptions) =>
  route("POST", path, access, handler, options)
/** Declares a PUT route. */
export const put = <A extends Access>(path: string, access: A, handler: Handler<AuthFor<A>>, options?: RouteOptions) =>
  route("PUT", path, access, handler, options)
/** Declares a PATCH route. */
export const patch = <A extends Access>(path: string, access: A, handler: Handler<AuthFor<A>>, options?: RouteOptions) =>
  route("PATCH", path, access, handler, options)
/** Declares a DELETE route. */
export const del = <A extends Access>(path: string, access: A, handler: Handler<AuthFor<A>>, options?: RouteOptions) =>
  route("DELETE", path, access, handler, options)

const segments = (path: string): ReadonlyArray<string> => path.split("/").filter((s) => s.length > 0)

/** Matches a path against a pattern (`:name` captures one segment, a final `*` the rest). */
export const matchPattern = (pattern: string, path: string): Record<string, string> | undefined => {
  const want = segments(pattern)
  const have = segments(path)
  const params: Record<string, string> = {}
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!
    if (w === "*" && i === want.length - 1) return params
    const h = have[i]
    if (h === undefined) return undefined
    if (w.startsWith(":")) {
      try {
        // a UUID segment in upper case names the same row, but for ids stored as text (see Fields.canonicalParam)
        const name = w.slice(1)
        params[name] = Fields.canonicalParam(name, decodeURIComponent(h))
      } catch {
        return undefined
      }
    } else if (w !== h) {
      return undefined
    }
  }
  return want.length === have.length ? params : undefined
}

/** A pattern without its parameters' names: `/teams/:id` and `/teams/:teamId` are one route. */
const shape = (pattern: string): string => segments(pattern).map((s) => (s.startsWith(":") ? ":" : s)).join("/")

/** Literal segments outrank parameters: `/users/me` wins over `/users/:userId`. */
const specificity = (pattern: string): string => segments(pattern).map((s) => (s.startsWith(":") ? "0" : "1")).join("")

/** Authenticates a request for a route's access. */
export type Authenticate = (request: Request, access: AccessType) => Effect.Effect<Auth, Responses.RouteFailure, RouteEnv>

/** Marks an unknown property in a decoding issue, so the problems group them per object. */
const unknownKey = "\u0000unknown"

const standardIssues = SchemaIssue.makeFormatterStandardSchemaV1({
  leafHook: (issue) =>
    issue._tag === "UnexpectedKey" ? unknownKey : issue._tag === "MissingKey" ? "must be defined" : SchemaIssue.defaultLeafHook(issue)
})

/** A field path as the service names it: `body.user.emails[0]`. */
const fieldPath = (where: string, path: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }>): string =>
  path.reduce<string>((name, segment) => {
    const key = typeof segment === "object" && segment !== null ? segment.key : segment
    return typeof key === "number" ? `${name}[${key}]` : `${name}.${String(key)}`
  }, where)

/** The problems of a decoding issue, one line each: `body.primary_email must be defined`. */
const problemsOf = (where: string, issue: SchemaIssue.Issue): ReadonlyArray<string> => {
  const problems: Array<string> = []
  const unknown = new Map<string, Array<string>>()
  for (const { message, path } of standardIssues(issue).issues) {
    const segments = path ?? []
    if (message === unknownKey && segments.length > 0) {
      const parent = fieldPath(where, segments.slice(0, -1))
      const last = segments[segments.length - 1]!
      const names = unknown.get(parent) ?? []
      names.push(String(typeof last === "object" && last !== null ? last.key : last))
      unknown.set(parent, names)
    } else {
      // Effect's own texts ("Expected string, got 5") read as the reason a field is invalid.
      problems.push(`${fieldPath(where, segments)} ${/^[A-Z]/.test(message) ? `is invalid (${message})` : message}`)
    }
  }
  for (const [parent, names] of unknown) problems.push(Fields.unknownProperties(parent, names))
  return problems
}

const validationPrefix = "Request validation failed on "

/** A `SchemaError` in the service's format: the request line, then `  - <problem>` lines. */
const withRequestLine = (error: SchemaError, method: string, path: string): SchemaError => {
  if (Fields.isPlain(error) || error.message.startsWith(validationPrefix)) return error
  const problems = error.message.split("\n").filter((line) => line.length > 0)
  const message = `${validationPrefix}${method} ${path}:\n${problems.map((p) => `  - ${p}`).join("\n")}`
  return new SchemaError({ message, details: { message } })
}

/**
 * Decodes a body (or, with `where: "query"`, a query) with a schema; a mismatch is the protocol's
 * `SchemaError` naming each field as the service does (`body.display_name`).
 */
export const decode = <S extends Schema.Decoder<unknown>>(
  schema: S,
  input: unknown,
  where: "body" | "query" = "body"
): Effect.Effect<S["Type"], SchemaError> =>
  Schema.decodeUnknownEffect(schema)(input ?? {}, { onExcessProperty: "error", errors: "all" }).pipe(
    Effect.mapError((error) => Fields.schemaError(...problemsOf(where, error.issue)))
  ) as Effect.Effect<S["Type"], SchemaError>

/**
 * The body as the service reads it, by content type: none for GET or without a content type,
 * JSON, a form, plain text; any other content type is a `BODY_PARSING_ERROR`.
 */
const parseBody = (request: Request, text: string): Effect.Effect<unknown, BodyParsingError> => {
  const type = request.method === "GET" ? "" : (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase()
  switch (type) {
    case "":
      return Effect.succeed(undefined)
    case "application/json":
      return Effect.try({
        try: () => JSON.parse(text) as unknown,
        catch: () => new BodyParsingError({ message: "The request body is not valid JSON." })
      })
    case "application/x-www-form-urlencoded":
      return Effect.succeed(Object.fromEntries(new URLSearchParams(text)))
    case "text/plain":
    case "application/octet-stream":
      return Effect.succeed(text)
    default:
      return Effect.fail(new BodyParsingError({ message: `The content type ${type} is not one the service reads.` }))
  }
}

/** The router: finds the route, authenticates, parses the body, runs the handler. */
export const make = (
  routes: ReadonlyArray<Route>,
  authenticate: Authenticate
): (request: Request) => Effect.Effect<Response, never, RouteEnv> => {
  const ordered = [...routes].sort((a, b) => specificity(b.pattern).localeCompare(specificity(a.pattern)))
  return (request) => {
    const url = new URL(request.url)
    const redirect = trailingSlashRedirect(url)
    if (redirect !== undefined) return Effect.succeed(redirect)
    if (request.method === "OPTIONS") {
      const path = servedPath(url.pathname)
      const methods = ordered.filter((r) => matchPattern(r.pattern, path) !== undefined).map((r) => r.method)
      // outside the API, a path without routes is not found for OPTIONS as for any method
      if (methods.length > 0 || ServiceHeaders.isApi(url)) {
        return Effect.succeed(ServiceHeaders.preflight(url, methods.length === 0 ? undefined : methods))
      }
    }
    let kind: ServiceHeaders.Kind = "answer"
    return Effect.gen(function*() {
      const path = servedPath(url.pathname)
      // As the service's file routes: the most specific pattern matching the path owns it, and a
      // method it lacks is a 405 (`GET /user-api-keys/check` is not a read of key "check").
      let owner: string | undefined
      for (const candidate of ordered) {
        const params = matchPattern(candidate.pattern, path)
        if (params === undefined) continue
        owner ??= shape(candidate.pattern)
        if (shape(candidate.pattern) !== owner || candidate.method !== request.method) continue
        // the service reads the body before it looks at the credentials
        const text = yield* Effect.promise(() => request.text())
        const body = yield* parseBody(request, text)
        const auth = candidate.access === "public" ? undefined : yield* authenticate(request, candidate.access)
        return yield* candidate.handler({ request, url, path, params, query: Fields.canonicalIds(url.searchParams), text, body, auth })
      }
      if (owner === undefined) return ServiceHeaders.isApi(url) ? Responses.notFound(request.method, path) : ServiceHeaders.notFoundPage(request)
      kind = "method-not-allowed"
      return ServiceHeaders.methodNotAllowed()
    }).pipe(
      Effect.catch((failure: Responses.RouteFailure) =>
        Effect.succeed(Responses.fromFailure(
          failure._tag === "SchemaError" ? withRequestLine(failure, request.method, new URL(request.url).pathname) : failure
        ))),
      Effect.catchCause((cause) =>
        Cause.hasInterruptsOnly(cause)
          ? Effect.failCause(cause as Cause.Cause<never>)
          : Effect.succeed(new Response(`Emulator defect: ${Cause.pretty(cause)}`, { status: 500 }))
      ),
      Effect.map((response) => ServiceHeaders.decorate(url, Responses.applyEnvelope(request, response), kind))
    )
  }
}

/**
 * A path with repeated slashes is permanently redirected (308) to the same path with each run
 * made one slash (a trailing one kept: the next request is redirected again); else a path ending
 * in `/` is redirected to the same path without it. The query is kept, before anything else, as
 * the service's web framework does: `location` and `refresh` headers, the target as a bare text
 * body, no other header.
 */
export const trailingSlashRedirect = (url: URL): Response | undefined => {
  const collapsed = url.pathname.replace(/\/{2,}/g, "/")
  const path = collapsed !== url.pathname
    ? collapsed
    : url.pathname.length > 1 && url.pathname.endsWith("/") ? url.pathname.slice(0, -1) : undefined
  if (path === undefined) return undefined
  const target = path + url.search
  const location = target.startsWith("/") ? target : `/${target}`
  return new Response(new TextEncoder().encode(location), {
    status: 308,
    headers: { location, refresh: `0;url=${location}` }
  })
}

/** The path a request is served from: the service answers every route under `/api/latest` too. */
export const servedPath = (pathname: string): string => {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname
  return path === latestBase || path.startsWith(`${latestBase}/`) ? apiBase + path.slice(latestBase.length) : path
}
