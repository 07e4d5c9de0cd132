/**
 * Contract test: our catalogue against the oracle's `KnownErrors` (@stackframe/stack-shared@2.8.27).
 * Every oracle entry must have our class with the same code, tag, status, details and wire form.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import { KnownError, type KnownErrorConstructor, type KnownErrorShape } from "../../packages/sdk/src/protocol/KnownError.ts"
import { codes } from "../../packages/sdk/src/protocol/internal/KnownErrorCodes.ts"
import * as KE from "../../packages/sdk/src/protocol/KnownErrors.ts"
import { makeOracleError, type OracleConstructor, OracleKnownErrors, oracleSamples } from "./oracleSamples.ts"

// Compile-time: every class builds its own instances from the wire.
type Conforms<T extends ReadonlyArray<abstract new(...args: never) => KnownErrorShape>> = {
  [K in keyof T]: T[K] extends KnownErrorConstructor<InstanceType<T[K]>> ? true : false
}
const conforms: false extends Conforms<typeof KE.all>[number] ? "a class builds another class" : true = true
void conforms

type AnyClass = KnownErrorConstructor & { readonly status?: number }
const asClass = (c: unknown) => c as new(...args: Array<any>) => unknown
const tagOf = (c: KnownErrorConstructor) => c.fromWire({ status: 400, code: c.code, message: "", details: undefined })._tag
const ours = KE as unknown as Readonly<Record<string, AnyClass | undefined>>
const oracleKeys = Object.keys(OracleKnownErrors)
const familyNames = Object.keys(KE.familyCodes) as ReadonlyArray<KE.FamilyName>
/** Classes whose details are passed through untouched. */
const passthrough: ReadonlySet<string> = new Set([...familyNames, "InvalidPollingCodeError"])

const camel = (key: string) => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())
const expectedDetails = (key: string, details: unknown): unknown =>
  details === undefined || passthrough.has(key)
    ? details
    : Object.fromEntries(Object.entries(details as Record<string, unknown>).map(([k, v]) => [camel(k), v]))

/** The oracle's codes along the class chain: the class itself and every ancestor. */
const oracleAncestry = (Ctor: OracleConstructor): ReadonlyArray<string> => {
  const out: Array<string> = []
  for (let c: unknown = Ctor; typeof c === "function"; c = Object.getPrototypeOf(c)) {
    if (Object.hasOwn(c, "errorCode")) out.push((c as OracleConstructor).errorCode)
  }
  return out
}

const wireOf = (oracle: ReturnType<typeof makeOracleError>) => {
  const json = JSON.parse(JSON.stringify(oracle.toDescriptiveJson())) as { code: string; error: string; details?: unknown }
  return { status: oracle.statusCode, code: json.code, message: json.error, details: json.details }
}

/** Messages SPEC §8 states word for word: our defaults must be exactly these. */
const specQuotedMessages: ReadonlyMap<string, string> = new Map([
  ["SignUpNotEnabled", "Creation of new accounts is not enabled for this project. Please ask the project owner to enable it."],
  ["EmailPasswordMismatch", "Wrong e-mail or password."],
  ["VerificationCodeAlreadyUsed", "The verification link has already been used."],
  ["InvalidTotpCode", "The TOTP code is invalid. Please try again."],
  ["OuterOAuthTimeout", "The OAuth flow has timed out. Please sign in again."],
  ["CliAuthExpiredError", "CLI authentication request expired. Please try again."],
  ["CliAuthUsedError", "This authentication token has already been used."]
])

describe("KnownErrors catalogue vs oracle", () => {
  it("TeamAlreadyExists (SPEC §8, defined but not exported by the oracle) has the oracle's code and status", () => {
    // The oracle's source (dist/known-errors.js) gives TEAM_ALREADY_EXISTS status 409 and details { team_id }.
    const built = KE.TeamAlreadyExists.fromWire({ status: 409, code: "TEAM_ALREADY_EXISTS", message: "", details: { team_id: "t1" } })
    assert.strictEqual(built._tag, "TeamAlreadyExists")
    assert.strictEqual(built.status, 409)
    assert.deepStrictEqual(built.details, { teamId: "t1" })
    assert.deepStrictEqual(KE.toWire(built).body.details, { team_id: "t1" })
  })

  it("covers all 109 oracle entries, and nothing else", () => {
    assert.strictEqual(oracleKeys.length, 109)
    const matched = oracleKeys.filter((key) => ours[key]?.code === OracleKnownErrors[key]!.errorCode)
    assert.strictEqual(`${matched.length} of ${oracleKeys.length}`, "109 of 109")
    assert.strictEqual(KE.all.length, 109)
    assert.deepStrictEqual(new Set(KE.all.map(tagOf)), new Set(oracleKeys))
    assert.deepStrictEqual(Object.keys(oracleSamples).sort(), [...oracleKeys].sort())
  })

  it("KnownErrorCodes.codes equals the oracle's code set plus the SPEC-listed extras", () => {
    const oracleCodes = new Set(oracleKeys.map((key) => OracleKnownErrors[key]!.errorCode))
    assert.strictEqual(oracleCodes.size, 109)
    assert.deepStrictEqual(new Set(codes), new Set([...oracleCodes, ...KE.extras.map((c) => c.code)]))
    assert.deepStrictEqual(new Set(KE.all.map((c) => c.code)), oracleCodes)
  })

  describe.each(oracleKeys)("%s", (key) => {
    const Oracle = OracleKnownErrors[key]!
    const Ours = ours[key]!

    it("has the same code, tag and status", () => {
      assert.isDefined(Ours)
      assert.strictEqual(Ours.code, Oracle.errorCode)
      const oracle = makeOracleError(key)
      if (familyNames.includes(key as KE.FamilyName)) {
        assert.isUndefined(Ours.status, "families take any status")
      } else {
        assert.strictEqual(Ours.status, oracle.statusCode)
      }
      const built = Ours.fromWire(wireOf(oracle))
      assert.strictEqual(built._tag, key)
      assert.strictEqual(built.code, Oracle.errorCode)
      assert.strictEqual(built.status, oracle.statusCode)
    })

    it("decodes the oracle's wire details to camelCase", () => {
      const oracle = makeOracleError(key)
      const wire = wireOf(oracle)
      const built = Ours.fromWire(wire) as { readonly details?: unknown; readonly message: string }
      assert.instanceOf(built, asClass(Ours))
      assert.strictEqual(built.message, wire.message)
      assert.deepStrictEqual(built.details, expectedDetails(key, oracle.details))
    })

    it("toWire re-encodes to exactly the oracle's response", () => {
      const oracle = makeOracleError(key)
      const built = Ours.fromWire(wireOf(oracle))
      const sent = KE.toWire(built)
      assert.deepStrictEqual(sent.body.details, oracle.toDescriptiveJson().details)
      assert.deepStrictEqual(sent.body, oracle.toDescriptiveJson())
      assert.strictEqual(sent.status, oracle.statusCode)
      assert.strictEqual(sent.code, oracle.getHeaders()["X-Stack-Known-Error"]![0])
    })

    it("never throws on details that do not match", () => {
      for (const details of ["garbage", 42, null, [1], { unexpected: true }]) {
        const built = Ours.fromWire({ status: 400, code: Ours.code, message: "", details }) as {
          readonly details?: unknown
          readonly message: string
        }
        assert.instanceOf(built, asClass(Ours))
        assert.isNotEmpty(built.message, "an empty wire message falls back to our default")
        if (passthrough.has(key)) assert.deepStrictEqual(built.details, details)
        else assert.isUndefined(built.details)
      }
    })

    it("has its own default message, except where SPEC §8 quotes the message verbatim", () => {
      const built = Ours.fromWire({ status: 400, code: Ours.code, message: "", details: undefined })
      if (specQuotedMessages.has(key)) assert.strictEqual(built.message, specQuotedMessages.get(key))
      else assert.notStrictEqual(built.message, makeOracleError(key).humanReadableMessage)
    })

    it("is in exactly the families the oracle's class chain says", () => {
      const ancestry = oracleAncestry(Oracle)
      for (const family of familyNames) {
        const familyCode = ours[family]!.code
        assert.strictEqual(
          KE.isInFamily({ code: Oracle.errorCode }, family),
          ancestry.includes(familyCode),
          `${key} in ${family}`
        )
      }
    })
  })
})

describe("KnownErrors details", () => {
  it("constructs with defaults", () => {
    const user = new KE.UserNotFound({})
    assert.strictEqual(user._tag, "UserNotFound")
    assert.strictEqual(user.code, "USER_NOT_FOUND")
    assert.strictEqual(user.status, 404)
    assert.isNotEmpty(user.message)
    const team = new KE.TeamNotFound({ details: { teamId: "t" } })
    assert.deepStrictEqual(team.details, { teamId: "t" })
    assert.deepStrictEqual(KE.toWire(team).body.details, { team_id: "t" })
    const family = new KE.InvalidAccessToken({ status: 403 })
    assert.strictEqual(family.status, 403)
  })

  it("fromWire builds the class it is read from, also detached from it, and every class has its own", () => {
    const { fromWire } = KE.UserNotFound
    const user = fromWire({ status: 404, code: "USER_NOT_FOUND", message: "", details: undefined })
    assert.instanceOf(user, KE.UserNotFound)
    assert.strictEqual(KE.UserNotFound.fromWire, fromWire)
    assert.strictEqual(new Set(KE.all.map((c) => c.fromWire)).size, KE.all.length)
    for (const c of KE.all) {
      assert.instanceOf(c.fromWire({ status: 400, code: c.code, message: "", details: undefined }), asClass(c), c.code)
    }
    assert.strictEqual(KE.UserNotFound.status, 404)
    assert.notProperty(KE.RefreshTokenError, "status", "a family's status is the wire's")
  })

  it("details that do not match the schema give a typed error without details", () => {
    const team = KE.TeamNotFound.fromWire({ status: 404, code: "TEAM_NOT_FOUND", message: "gone", details: { team_id: 42 } })
    assert.instanceOf(team, KE.TeamNotFound)
    assert.strictEqual(team._tag, "TeamNotFound")
    assert.strictEqual(team.message, "gone")
    assert.isUndefined(team.details)
    const short = KE.PasswordTooShort.fromWire({ status: 400, code: "PASSWORD_TOO_SHORT", message: "", details: { minLength: 8 } })
    assert.isUndefined(short.details, "camelCase keys are not the wire form")
    assert.isNotEmpty(short.message)
  })

  it("matches the oracle's defaulted arguments (nulls and false flags)", () => {
    const cases: ReadonlyArray<readonly [string, ReadonlyArray<unknown>, unknown]> = [
      ["AccessTokenExpired", [], { expiredAtMillis: null }],
      ["AdminAccessTokenExpired", [], { expiredAtMillis: null }],
      ["InvalidOAuthClientIdOrSecret", [], { clientId: null }],
      ["UserWithEmailAlreadyExists", ["a@example.com"], { email: "a@example.com", wouldWorkIfEmailWasVerified: false }],
      ["ContactChannelAlreadyUsedForAuthBySomeoneElse", ["email"], {
        type: "email",
        contactChannelValue: null,
        wouldWorkIfEmailWasVerified: false
      }],
      ["PermissionScopeMismatch", ["p", "project", null], { permissionId: "p", expectedScope: "project", actualScope: null }],
      ["InvalidPollingCodeError", [], undefined]
    ]
    for (const [key, args, expected] of cases) {
      const oracle = new OracleKnownErrors[key]!(...args)
      const built = ours[key]!.fromWire(wireOf(oracle)) as { readonly details?: unknown }
      assert.deepStrictEqual(built.details, expected, key)
      assert.deepStrictEqual(KE.toWire(built as never).body, oracle.toDescriptiveJson(), key)
    }
  })

  it("generic errors pass their details through on the wire", () => {
    const generic = new KnownError({ code: "USER_NOT_FOUND", status: 404, message: "m", details: { raw_key: 1 } })
    assert.deepStrictEqual(KE.toWire(generic), {
      status: 404,
      code: "USER_NOT_FOUND",
      body: { code: "USER_NOT_FOUND", error: "m", details: { raw_key: 1 } }
    })
  })
})

describe("families", () => {
  it("familyMembers and familyCodes agree", () => {
    for (const family of familyNames) {
      assert.deepStrictEqual(new Set(KE.familyMembers[family].map((c) => c.code)), KE.familyCodes[family], family)
    }
  })

  it.effect("catchFamily catches AccessTokenExpired via SessionAuthenticationError", () =>
    Effect.gen(function*() {
      const failing: Effect.Effect<string, KE.AccessTokenExpired | KE.UserNotFound> = Effect.fail(
        new KE.AccessTokenExpired({ details: { expiredAtMillis: 5 } })
      )
      const handled = failing.pipe(
        KE.catchFamily("SessionAuthenticationError", (error) => Effect.succeed(`${error._tag} ${error.status}`))
      )
      const typed: Effect.Effect<string, KE.UserNotFound> = handled // the family left the error channel
      assert.strictEqual(yield* typed, "AccessTokenExpired 401")
    }))

  it.effect("catchFamily leaves other errors alone", () =>
    Effect.gen(function*() {
      const failing: Effect.Effect<string, KE.AccessTokenExpired | KE.UserNotFound> = Effect.fail(new KE.UserNotFound({}))
      const exit = yield* Effect.exit(
        failing.pipe(KE.catchFamily("SessionAuthenticationError", () => Effect.succeed("caught")))
      )
      assert.isTrue(Exit.isFailure(exit))
      assert.deepStrictEqual(exit, Exit.fail(new KE.UserNotFound({})))
    }))

  it.effect("catchFamily hands a generic KnownError over as its family class", () =>
    Effect.gen(function*() {
      const generic = new KnownError({
        code: "ACCESS_TOKEN_EXPIRED",
        status: 401,
        message: "expired",
        details: { expired_at_millis: 7 }
      })
      const caught = yield* Effect.fail(generic).pipe(
        KE.catchFamily("InvalidAccessToken", (error) => Effect.succeed(error))
      )
      assert.instanceOf(caught, KE.AccessTokenExpired)
      assert.strictEqual(caught._tag, "AccessTokenExpired")
      assert.deepStrictEqual((caught as KE.AccessTokenExpired).details, { expiredAtMillis: 7 })
      assert.strictEqual(caught.message, "expired")
    }))

  it("isInFamily follows nesting", () => {
    assert.isTrue(KE.isInFamily(new KE.UnparsableAccessToken({}), "SessionAuthenticationError"))
    assert.isTrue(KE.isInFamily(new KE.AdminAccessTokenExpired({}), "ProjectAuthenticationError"))
    assert.isTrue(KE.isInFamily(new KE.ProviderRejected({}), "RefreshTokenError"))
    assert.isFalse(KE.isInFamily(new KE.ProviderRejected({}), "SessionAuthenticationError"))
    assert.isFalse(KE.isInFamily(new KE.UserNotFound({}), "ApiKeyNotValid"))
    assert.isTrue(KE.isInFamily(new KE.ApiKeyNotFound({}), "ApiKeyNotValid"))
  })
})
