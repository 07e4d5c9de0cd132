/**
 * The value rules of the service's fields: what counts as an e-mail address,
 * a URL, a UUID, base64 and a profile image, and the one way every route reports a failed check:
 * {@link schemaError}, a `SCHEMA_ERROR` with one problem per line in the service's words
 * (`body.primary_email must be a valid email`, `query.user_id must be defined`); the router puts
 * the service's first line `Request validation failed on POST /api/v1/users:` above them.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import { SchemaError } from "stack-auth-effect/KnownErrors"

/**
 * A `SCHEMA_ERROR` listing problems, one a line, each naming the field as the service does
 * (`body.x`, `query.x`, `params.x`, `auth.user`); the router adds the request line.
 */
export const schemaError = (...problems: ReadonlyArray<string>): SchemaError => {
  const message = problems.join("\n")
  return new SchemaError({ message, details: { message } })
}

const verbatim = new WeakSet<SchemaError>()

/**
 * A `SCHEMA_ERROR` the service raises by hand with its own sentence, sent as it is (no request
 * line, no `  - `): `user_id is required for user API keys`.
 */
export const plainSchemaError = (message: string): SchemaError => {
  const error = new SchemaError({ message, details: { message } })
  verbatim.add(error)
  return error
}

/** Whether a `SCHEMA_ERROR` is sent as it is ({@link plainSchemaError}). */
export const isPlain = (error: SchemaError): boolean => verbatim.has(error)

/** Fails with {@link schemaError} when any problem is given (`undefined` entries are no problem). */
export const check = (...problems: ReadonlyArray<string | undefined>): Effect.Effect<void, SchemaError> => {
  const found = problems.filter((p): p is string => p !== undefined)
  return found.length === 0 ? Effect.void : Effect.fail(schemaError(...found))
}

/** The service's problem for a missing field: `body.code must be defined`. */
export const mustBeDefined = (field: string): string => `${field} must be defined`

/** The service's problem for keys its schema does not know: `body contains unknown properties: a, b`. */
export const unknownProperties = (where: string, names: ReadonlyArray<string>): string =>
  `${where} contains unknown properties: ${names.join(", ")}`

/** The service's problem for a value outside a list: `query.type must be one of the following values: a, b`. */
export const oneOf = (field: string, values: ReadonlyArray<string>): string =>
  `${field} must be one of the following values: ${values.join(", ")}`

/** Whether a value is a UUID, as the service's id fields and parameters require. */
export const isUuid = (value: string): boolean =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)

/**
 * A UUID in the lower case the emulator's ids are made in; any other text as it is. The service
 * stores ids as database UUIDs, so an id sent in upper case names the same row.
 */
export const canonicalId = (value: string): string => (isUuid(value) ? value.toLowerCase() : value)

// Path parameters the service stores as text, not as a database UUID: compared as written.
const textIdParams: ReadonlySet<string> = new Set(["projectId"])

/** A path parameter as the service reads it: {@link canonicalId}, but for ids it stores as text (project ids). */
export const canonicalParam = (name: string, value: string): string => (textIdParams.has(name) ? value : canonicalId(value))

/** The query with every UUID value in lower case (see {@link canonicalId}). */
export const canonicalIds = (query: URLSearchParams): URLSearchParams =>
  new URLSearchParams([...query].map(([key, value]) => [key, canonicalId(value)]))

/** The problem of a UUID field (`params.team_id must be a valid UUID`), if any. */
export const uuidProblem = (field: string, value: string): string | undefined =>
  isUuid(value) ? undefined : `${field} must be a valid UUID`

/**
 * Whether a value is an e-mail address as the service's user and contact-channel fields accept it:
 * the WHATWG form rule, so `invalid_email@gmai` passes.
 */
export const isEmail = (value: string): boolean =>
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/
    .test(value)

/** The pattern the service's sign-in e-mail fields add to the e-mail rule. */
export const signInEmailPattern = /^[^.]+(\.[^.]+)*@.*\.[^.][^.]+$/

/**
 * The problems of an e-mail field as the service reports them: `<field> must be a valid email`,
 * and for a sign-in e-mail (`signIn`) also `<field> must match the following: "<pattern>"`.
 */
export const emailProblems = (field: string, value: string, options: { readonly signIn?: boolean } = {}): ReadonlyArray<string> => [
  ...(isEmail(value) ? [] : [`${field} must be a valid email`]),
  ...(options.signIn && !signInEmailPattern.test(value) ? [`${field} must match the following: "${signInEmailPattern}"`] : [])
]

/** Whether a value parses as an absolute URL. */
export const isUrl = (value: string): boolean => URL.canParse(value)

/**
 * The problems of a URL field, each rule on its own line as the service checks them both:
 * `<field> contains spaces`, `<field> is not a valid URL`.
 */
export const urlProblems = (field: string, value: string | null | undefined): ReadonlyArray<string> =>
  value === undefined || value === null ? [] : [
    ...(value.includes(" ") ? [`${field} contains spaces`] : []),
    ...(isUrl(value) ? [] : [`${field} is not a valid URL`])
  ]

/** Whether a value is standard base64 with its padding (the empty text included). */
export const isBase64 = (value: string): boolean => /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(value)

/**
 * Whether a value is an image a client may upload as a profile image: a base64 `data:` URL of a
 * PNG, JPEG, GIF, BMP or WebP image, or bare base64.
 */
export const isBase64Image = (value: string): boolean =>
  /^data:image\/(png|jpg|jpeg|gif|bmp|webp);base64,[A-Za-z0-9+/]+={0,2}$|^[A-Za-z0-9+/]+={0,2}$/.test(value)
