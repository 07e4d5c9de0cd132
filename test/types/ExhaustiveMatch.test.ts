/**
 * A call's error union is exactly what it declares (SPEC §8), so an exhaustive `Match` over it
 * compiles, and the same match with one tag left out does not. The set always includes the generic
 * `KnownError`, `UnknownErrorCode` and the one transport failure (`StackTransportError`, matched by
 * its tag or `isTransportError`; its `reason` is matched exhaustively in turn, or with
 * `Effect.catchReason(s)`). The compile-time half is checked by
 * `npm run typecheck` (`@ts-expect-error` fails it if a partial match ever compiles); at run time
 * each exhaustive matcher routes a real instance of the last tag to that tag's branch.
 */
import * as Effect from "effect/Effect"
import * as Match from "effect/Match"
import { assert, describe, it } from "@effect/vitest"
import { expectTypeOf } from "vitest"
import {
  AdminProjects,
  ApiKeys,
  Auth,
  CliAuth,
  KnownError,
  KnownErrors,
  OAuth,
  ServerUsers,
  isTransportError,
  OfflineError,
  StackTransportError,
  type TransportErrorReason,
  Teams,
  UnknownErrorCode,
  Users
} from "../../packages/sdk/src/index.ts"
import type { WireKnownError } from "../../packages/sdk/src/protocol/KnownError.ts"
import type { ErrorOf } from "./support.ts"

/** A transport failure as the pipeline builds it for an offline browser. */
const offline = new StackTransportError({ reason: new OfflineError({ method: "GET", path: "/users" }) })

/** What a matcher has not handled yet (`Match.exhaustive` accepts only `never`). */
type Unmatched<M> = M extends Match.TypeMatcher<infer _I, infer _F, infer R, infer _A, infer _Ret, infer _Args> ? R : never

/** A branch that answers its own tag, so a run shows which branch a value reached. */
const label = <const T extends string>(tag: T) => (): T => tag

/** A catalogue error as the pipeline builds it from the wire. */
const known = <E>(
  error: { readonly code: string; readonly status: number; readonly fromWire: (wire: WireKnownError) => E },
  details?: unknown
): E => error.fromWire({ status: error.status, code: error.code, message: "from the wire", details })

describe("Auth.signInWithPassword", () => {
  type E = ErrorOf<typeof Auth.signInWithPassword>
  const allButMismatch = Match.type<E>().pipe(
    Match.tag("SchemaError", label("SchemaError")),
    Match.tag("PasswordAuthenticationNotEnabled", label("PasswordAuthenticationNotEnabled")),
    Match.tag("MultiFactorAuthenticationRequired", label("MultiFactorAuthenticationRequired")),
    Match.tag("KnownError", label("KnownError")),
    Match.tag("UnknownErrorCode", label("UnknownErrorCode")),
    Match.when(isTransportError, label("TransportError")),
  )

  it("an exhaustive match compiles and routes a wrong password to its branch", () => {
    const handle = allButMismatch.pipe(Match.tag("EmailPasswordMismatch", label("EmailPasswordMismatch")), Match.exhaustive)
    expectTypeOf(handle).parameter(0).toEqualTypeOf<E>()
    assert.strictEqual(handle(known(KnownErrors.EmailPasswordMismatch)), "EmailPasswordMismatch")
  })

  it("leaving out EmailPasswordMismatch does not compile", () => {
    expectTypeOf<Unmatched<typeof allButMismatch>>().toEqualTypeOf<KnownErrors.EmailPasswordMismatch>()
    // @ts-expect-error EmailPasswordMismatch is not handled
    allButMismatch.pipe(Match.exhaustive)
  })
})

describe("Auth.signUpWithPassword", () => {
  type E = ErrorOf<typeof Auth.signUpWithPassword>
  const allButExisting = Match.type<E>().pipe(
    Match.tag("SchemaError", label("SchemaError")),
    Match.tag("SignUpNotEnabled", label("SignUpNotEnabled")),
    Match.tag("PasswordTooShort", label("PasswordTooShort")),
    Match.tag("PasswordTooLong", label("PasswordTooLong")),
    Match.tag("RedirectUrlNotWhitelisted", label("RedirectUrlNotWhitelisted")),
    Match.tag("PasswordAuthenticationNotEnabled", label("PasswordAuthenticationNotEnabled")),
    Match.tag("MultiFactorAuthenticationRequired", label("MultiFactorAuthenticationRequired")),
    Match.tag("CallbackUrlRequired", label("CallbackUrlRequired")),
    Match.tag("KnownError", label("KnownError")),
    Match.tag("UnknownErrorCode", label("UnknownErrorCode")),
    Match.when(isTransportError, label("TransportError")),
  )

  it("an exhaustive match compiles and routes a taken e-mail to its branch", () => {
    const handle = allButExisting.pipe(Match.tag("UserWithEmailAlreadyExists", label("UserWithEmailAlreadyExists")), Match.exhaustive)
    expectTypeOf(handle).parameter(0).toEqualTypeOf<E>()
    const taken = known(KnownErrors.UserWithEmailAlreadyExists, { email: "a@example.com", would_work_if_email_was_verified: false })
    assert.strictEqual(handle(taken), "UserWithEmailAlreadyExists")
  })

  it("leaving out UserWithEmailAlreadyExists does not compile", () => {
    expectTypeOf<Unmatched<typeof allButExisting>>().toEqualTypeOf<KnownErrors.UserWithEmailAlreadyExists>()
    // @ts-expect-error UserWithEmailAlreadyExists is not handled
    allButExisting.pipe(Match.exhaustive)
  })
})

describe("Users.getUser({ or: \"throw\" })", () => {
  const getUserOrThrow = () => Users.getUser({ or: "throw" })
  type E = ErrorOf<typeof getUserOrThrow>
  const allButSignedOut = Match.type<E>().pipe(
    Match.tag("KnownError", label("KnownError")),
    Match.tag("UnknownErrorCode", label("UnknownErrorCode")),
    Match.when(isTransportError, label("TransportError")),
  )

  it("an exhaustive match compiles and routes a signed-out user to its branch", () => {
    const handle = allButSignedOut.pipe(Match.tag("UserNotSignedIn", label("UserNotSignedIn")), Match.exhaustive)
    expectTypeOf(handle).parameter(0).toEqualTypeOf<E>()
    assert.strictEqual(handle(new Users.UserNotSignedIn()), "UserNotSignedIn")
  })

  it("leaving out UserNotSignedIn does not compile", () => {
    expectTypeOf<Unmatched<typeof allButSignedOut>>().toEqualTypeOf<Users.UserNotSignedIn>()
    // @ts-expect-error UserNotSignedIn is not handled
    allButSignedOut.pipe(Match.exhaustive)
  })
})

describe("Users.update", () => {
  type E = ErrorOf<typeof Users.update>
  const allButGeneric = Match.type<E>().pipe(
    Match.tag("CannotGetOwnUserWithoutUser", label("CannotGetOwnUserWithoutUser")),
    Match.tag("TeamMembershipNotFound", label("TeamMembershipNotFound")),
    Match.tag("SchemaError", label("SchemaError")),
    Match.tag("UnknownErrorCode", label("UnknownErrorCode")),
    Match.when(isTransportError, label("TransportError")),
  )

  it("an exhaustive match compiles and routes an undeclared known error to the generic branch", () => {
    const handle = allButGeneric.pipe(Match.tag("KnownError", label("KnownError")), Match.exhaustive)
    expectTypeOf(handle).parameter(0).toEqualTypeOf<E>()
    assert.strictEqual(handle(new KnownError({ code: "USER_NOT_FOUND", status: 404, message: "no such user" })), "KnownError")
  })

  it("leaving out the generic KnownError does not compile", () => {
    expectTypeOf<Unmatched<typeof allButGeneric>>().toEqualTypeOf<KnownError>()
    // @ts-expect-error KnownError is not handled
    allButGeneric.pipe(Match.exhaustive)
  })
})

describe("Teams.create", () => {
  type E = ErrorOf<typeof Teams.create>
  const allButUnknown = Match.type<E>().pipe(
    Match.tag("UserAuthenticationRequired", label("UserAuthenticationRequired")),
    Match.tag("TeamMembershipNotFound", label("TeamMembershipNotFound")),
    Match.tag("CannotGetOwnUserWithoutUser", label("CannotGetOwnUserWithoutUser")),
    Match.tag("SchemaError", label("SchemaError")),
    Match.tag("KnownError", label("KnownError")),
    Match.when(isTransportError, label("TransportError")),
  )

  it("an exhaustive match compiles and routes a code newer than the SDK to its branch", () => {
    const handle = allButUnknown.pipe(Match.tag("UnknownErrorCode", label("UnknownErrorCode")), Match.exhaustive)
    expectTypeOf(handle).parameter(0).toEqualTypeOf<E>()
    assert.strictEqual(handle(new UnknownErrorCode({ code: "A_NEWER_CODE", status: 400, message: "newer" })), "UnknownErrorCode")
  })

  it("leaving out UnknownErrorCode does not compile", () => {
    expectTypeOf<Unmatched<typeof allButUnknown>>().toEqualTypeOf<UnknownErrorCode>()
    // @ts-expect-error UnknownErrorCode is not handled
    allButUnknown.pipe(Match.exhaustive)
  })
})

describe("ApiKeys.create", () => {
  type E = ErrorOf<typeof ApiKeys.create>
  const allButConflict = Match.type<E>().pipe(
    Match.tag("SchemaError", label("SchemaError")),
    Match.tag("ApiKeyNotFound", label("ApiKeyNotFound")),
    Match.tag("UserAuthenticationRequired", label("UserAuthenticationRequired")),
    Match.tag("CannotGetOwnUserWithoutUser", label("CannotGetOwnUserWithoutUser")),
    Match.tag("KnownError", label("KnownError")),
    Match.tag("UnknownErrorCode", label("UnknownErrorCode")),
    Match.when(isTransportError, label("TransportError")),
  )

  it("an exhaustive match compiles and routes an owner conflict to its branch", () => {
    const handle = allButConflict.pipe(Match.tag("ApiKeyOwnerConflict", label("ApiKeyOwnerConflict")), Match.exhaustive)
    expectTypeOf(handle).parameter(0).toEqualTypeOf<E>()
    assert.strictEqual(handle(new ApiKeys.ApiKeyOwnerConflict({ reason: "both" })), "ApiKeyOwnerConflict")
  })

  it("leaving out ApiKeyOwnerConflict does not compile", () => {
    expectTypeOf<Unmatched<typeof allButConflict>>().toEqualTypeOf<ApiKeys.ApiKeyOwnerConflict>()
    // @ts-expect-error ApiKeyOwnerConflict is not handled
    allButConflict.pipe(Match.exhaustive)
  })
})

describe("ServerUsers.list", () => {
  type E = ErrorOf<typeof ServerUsers.list>
  const allButTransport = Match.type<E>().pipe(
    Match.tag("InvalidOrderBy", label("InvalidOrderBy")),
    Match.tag("SchemaError", label("SchemaError")),
    Match.tag("KnownError", label("KnownError")),
    Match.tag("UnknownErrorCode", label("UnknownErrorCode"))
  )

  it("an exhaustive match compiles and routes an offline browser to the one transport branch", () => {
    const handle = allButTransport.pipe(Match.tag("StackTransportError", label("StackTransportError")), Match.exhaustive)
    expectTypeOf(handle).parameter(0).toEqualTypeOf<E>()
    assert.strictEqual(handle(offline), "StackTransportError")
  })

  it("leaving out the transport failure (StackTransportError) does not compile", () => {
    expectTypeOf<Unmatched<typeof allButTransport>>().toEqualTypeOf<StackTransportError>()
    // @ts-expect-error StackTransportError is not handled
    allButTransport.pipe(Match.exhaustive)
  })
})

describe("StackTransportError's reason", () => {
  const allButOffline = Match.type<TransportErrorReason>().pipe(
    Match.tag(
      "ConnectionError",
      "HttpError",
      "DecodeError",
      "TimeoutError",
      "RedirectError",
      "RetryAfterError",
      "ResponseTooLargeError",
      "ResponseLostError",
      "InvalidIdError",
      label("another reason")
    )
  )

  it("an exhaustive match over the ten reasons compiles and routes an offline browser to its branch", () => {
    const handle = allButOffline.pipe(Match.tag("OfflineError", label("OfflineError")), Match.exhaustive)
    expectTypeOf(handle).parameter(0).toEqualTypeOf<TransportErrorReason>()
    assert.strictEqual(handle(offline.reason), "OfflineError")
  })

  it("leaving out a reason (OfflineError) does not compile", () => {
    expectTypeOf<Unmatched<typeof allButOffline>>().toEqualTypeOf<OfflineError>()
    // @ts-expect-error OfflineError is not handled
    allButOffline.pipe(Match.exhaustive)
  })

  it("Effect.catchReasons with every reason handled removes the transport failure from a call's errors", () => {
    const handled = ServerUsers.list().pipe(
      Effect.catchReasons("StackTransportError", {
        ConnectionError: () => Effect.succeed("down" as const),
        OfflineError: () => Effect.succeed("down" as const),
        HttpError: (reason) => Effect.succeed(reason.status),
        DecodeError: () => Effect.succeed("bad" as const),
        TimeoutError: (reason) => Effect.succeed(reason.timeoutMillis),
        RedirectError: () => Effect.succeed("bad" as const),
        RetryAfterError: (reason) => Effect.succeed(reason.retryAfterMillis),
        ResponseTooLargeError: () => Effect.succeed("bad" as const),
        ResponseLostError: () => Effect.succeed("bad" as const),
        InvalidIdError: () => Effect.succeed("bad" as const)
      }, (reason) => Effect.die(reason))
    )
    expectTypeOf<Effect.Error<typeof handled>>().toEqualTypeOf<Exclude<ErrorOf<typeof ServerUsers.list>, StackTransportError>>()
    const one = ServerUsers.list().pipe(Effect.catchReason("StackTransportError", "TimeoutError", (reason) => Effect.succeed(reason.limit)))
    // one reason caught: the others stay, as the one class
    expectTypeOf<Effect.Error<typeof one>>().toEqualTypeOf<ErrorOf<typeof ServerUsers.list>>()
    expectTypeOf<Effect.Success<typeof one>>().toEqualTypeOf<Effect.Success<ReturnType<typeof ServerUsers.list>> | "attempt" | "call" | undefined>()
    // a reason that does not exist is refused
    // @ts-expect-error "Timeout" is not a reason of StackTransportError
    ServerUsers.list().pipe(Effect.catchReason("StackTransportError", "Timeout", () => Effect.void))
  })
})

describe("AdminProjects.update", () => {
  type E = ErrorOf<typeof AdminProjects.update>
  const allButSchema = Match.type<E>().pipe(
    Match.tag("KnownError", label("KnownError")),
    Match.tag("UnknownErrorCode", label("UnknownErrorCode")),
    Match.when(isTransportError, label("TransportError")),
  )

  it("an exhaustive match compiles and routes a rejected config to its branch", () => {
    const handle = allButSchema.pipe(Match.tag("SchemaError", label("SchemaError")), Match.exhaustive)
    expectTypeOf(handle).parameter(0).toEqualTypeOf<E>()
    assert.strictEqual(handle(known(KnownErrors.SchemaError, { message: "config.domains is invalid" })), "SchemaError")
  })

  it("leaving out SchemaError does not compile", () => {
    expectTypeOf<Unmatched<typeof allButSchema>>().toEqualTypeOf<KnownErrors.SchemaError>()
    // @ts-expect-error SchemaError is not handled
    allButSchema.pipe(Match.exhaustive)
  })
})

describe("CliAuth.promptCliLogin", () => {
  type E = ErrorOf<typeof CliAuth.promptCliLogin>
  const allButTimeout = Match.type<E>().pipe(
    Match.tag("CliAuthInitiationFailed", label("CliAuthInitiationFailed")),
    Match.tag("CliAuthExpiredError", label("CliAuthExpiredError")),
    Match.tag("CliAuthUsedError", label("CliAuthUsedError")),
    Match.tag("CliAuthUnexpectedStatus", label("CliAuthUnexpectedStatus")),
    Match.tag("InvalidPollingCodeError", label("InvalidPollingCodeError")),
    Match.tag("KnownError", label("KnownError")),
    Match.tag("UnknownErrorCode", label("UnknownErrorCode")),
    Match.when(isTransportError, label("TransportError")),
  )

  it("an exhaustive match compiles and routes a login nobody confirmed to its branch", () => {
    const handle = allButTimeout.pipe(Match.tag("CliAuthTimeout", label("CliAuthTimeout")), Match.exhaustive)
    expectTypeOf(handle).parameter(0).toEqualTypeOf<E>()
    assert.strictEqual(handle(new CliAuth.CliAuthTimeout({ attempts: 3 })), "CliAuthTimeout")
  })

  it("leaving out CliAuthTimeout does not compile", () => {
    expectTypeOf<Unmatched<typeof allButTimeout>>().toEqualTypeOf<CliAuth.CliAuthTimeout>()
    // @ts-expect-error CliAuthTimeout is not handled
    allButTimeout.pipe(Match.exhaustive)
  })
})

describe("OAuth.handleCallback", () => {
  type E = ErrorOf<typeof OAuth.handleCallback>
  const allButCallback = Match.type<E>().pipe(
    Match.tag("InvalidAuthorizationCode", label("InvalidAuthorizationCode")),
    Match.tag("InvalidOAuthClientIdOrSecret", label("InvalidOAuthClientIdOrSecret")),
    Match.tag("MultiFactorAuthenticationRequired", label("MultiFactorAuthenticationRequired")),
    Match.tag("OuterOAuthTimeout", label("OuterOAuthTimeout")),
    Match.tag("OAuthProviderAccessDenied", label("OAuthProviderAccessDenied")),
    Match.tag("OAuthProviderNotFoundOrNotEnabled", label("OAuthProviderNotFoundOrNotEnabled")),
    Match.tag("SignUpNotEnabled", label("SignUpNotEnabled")),
    Match.tag("ContactChannelAlreadyUsedForAuthBySomeoneElse", label("ContactChannelAlreadyUsedForAuthBySomeoneElse")),
    Match.tag("OAuthConnectionAlreadyConnectedToAnotherUser", label("OAuthConnectionAlreadyConnectedToAnotherUser")),
    Match.tag("OAuthUrlNotAbsolute", label("OAuthUrlNotAbsolute")),
    Match.tag("UntrustedRedirectUrl", label("UntrustedRedirectUrl")),
    Match.tag("KnownError", label("KnownError")),
    Match.tag("UnknownErrorCode", label("UnknownErrorCode")),
    Match.when(isTransportError, label("TransportError")),
  )

  it("an exhaustive match compiles and routes a failed callback to its branch", () => {
    const handle = allButCallback.pipe(Match.tag("OAuthCallbackError", label("OAuthCallbackError")), Match.exhaustive)
    expectTypeOf(handle).parameter(0).toEqualTypeOf<E>()
    assert.strictEqual(handle(new OAuth.OAuthCallbackError({ reason: "state mismatch" })), "OAuthCallbackError")
  })

  it("leaving out OAuthCallbackError does not compile", () => {
    expectTypeOf<Unmatched<typeof allButCallback>>().toEqualTypeOf<OAuth.OAuthCallbackError>()
    // @ts-expect-error OAuthCallbackError is not handled
    allButCallback.pipe(Match.exhaustive)
  })
})
