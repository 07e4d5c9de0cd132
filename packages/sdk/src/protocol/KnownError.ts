/**
 * What every known error of the protocol shares, the generic forms for codes a call did
 * not declare or the SDK does not know, and the wire body they travel in.
 *
 * The 109 specific classes live in `KnownErrors.ts`; each is a `Schema.TaggedError` whose tag is
 * the PascalCase name, with `code` and `status` literals and typed camelCase `details`.
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"

/** The shape every known-error instance has, specific or generic. */
export interface KnownErrorShape {
  readonly _tag: string
  readonly code: string
  readonly status: number
  readonly message: string
}

/** A known-error class as the decoder sees it: its wire code and how to build it from the wire. */
export interface KnownErrorConstructor<E extends KnownErrorShape = KnownErrorShape> {
  /** The protocol's error code, e.g. `USER_NOT_FOUND`. */
  readonly code: string
  /**
   * Builds the error from a wire body. Details that do not match the class's schema are dropped
   * (the error stays typed, with `details` undefined), never a defect.
   */
  readonly fromWire: (wire: WireKnownError) => E
}

/**
 * The schema fields of a catalogue class (`KnownErrors.ts`): `code` a literal, `status` a literal
 * (a plain number for family errors, which the service may send with any status), `message` with
 * the class's default text, and `details` when the class has them.
 */
export type KnownErrorFields<
  Code extends string,
  Status extends number | undefined,
  Details extends Schema.Top | undefined
> =
  & {
    readonly code: Schema.tag<Code>
    readonly status: Status extends number ? Schema.tag<Status> : Schema.Number
    readonly message: Schema.withConstructorDefault<Schema.String>
  }
  & (Details extends Schema.Top ? { readonly details: Details } : {})

/**
 * What a catalogue class has beside its schema: its wire `code`, its fixed `status` (not on family
 * errors) and `fromWire`, which builds it from the service's answer.
 */
export type KnownErrorStatics<Self, Code extends string, Status extends number | undefined> =
  & {
    /** The protocol's error code. */
    readonly code: Code
    /** This error from the service's answer: its message kept, details that do not fit dropped. */
    readonly fromWire: (wire: WireKnownError) => Self
  }
  & (Status extends number ? { /** The HTTP status the service answers with. */ readonly status: Status } : {})

/** The instance type a known-error constructor builds. */
export type InstanceOf<C> = C extends KnownErrorConstructor<infer E> ? E : never

/** A known error as it arrives: the real status, the code, the message and the raw details. */
export interface WireKnownError {
  readonly status: number
  readonly code: string
  readonly message: string
  readonly details: unknown
}

/** The JSON body of a known-error response: `{ code, error, details? }`. */
export const WireBody = /*#__PURE__*/ Schema.Struct({
  code: Schema.String,
  error: /*#__PURE__*/ Schema.optional(Schema.String),
  details: /*#__PURE__*/ Schema.optional(Schema.Unknown)
})

/**
 * A known protocol error that the call did not declare (the service answered with an error the
 * SDK did not expect from this call). It is still typed: match on `code`.
 */
export class KnownError extends /*#__PURE__*/ Schema.TaggedError<KnownError>()("KnownError", {
  code: Schema.String,
  status: Schema.Number,
  message: Schema.String,
  details: /*#__PURE__*/ Schema.optional(Schema.Unknown)
}) {}

/**
 * An error code this version of the SDK does not know: the service is newer than the SDK.
 * Its `hint` advises updating the SDK.
 */
export class UnknownErrorCode extends /*#__PURE__*/ Schema.TaggedError<UnknownErrorCode>()("UnknownErrorCode", {
  code: Schema.String,
  status: Schema.Number,
  message: Schema.String,
  details: /*#__PURE__*/ Schema.optional(Schema.Unknown)
}) {
  /** Advice for the developer. */
  get hint(): string {
    return `The service answered with the error code ${this.code}, which this version of stack-auth-effect does not know. Update stack-auth-effect to handle it.`
  }
}

/**
 * The `x-stack-known-error` header and the body's `code` differ: the service broke its own
 * protocol. An internal assertion: it is raised as a defect, never a failure.
 */
export class KnownErrorCodeMismatch extends /*#__PURE__*/ Schema.TaggedError<KnownErrorCodeMismatch>()("KnownErrorCodeMismatch", {
  headerCode: Schema.String,
  bodyCode: Schema.String
}) {
  override get message(): string {
    return `Known-error header code ${this.headerCode} differs from the body code ${this.bodyCode}`
  }
}
