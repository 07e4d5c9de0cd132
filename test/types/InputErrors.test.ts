/**
 * Calls that send a caller's input declare `SchemaError`: the service's answer to an input it
 * refuses (a malformed e-mail, an id that is not one) arrives as that class, never as the generic
 * `KnownError` (SPEC §8). A sample across modules; the runtime side is in test/api/Inputs.test.ts.
 */
import { describe, it } from "@effect/vitest"
import { expectTypeOf } from "vitest"
import {
  ApiKeys,
  Auth,
  EmailTemplates,
  type KnownErrors,
  Passwords,
  Permissions,
  ServerUsers,
  TeamInvitations,
  TeamMemberships,
  Teams
} from "../../packages/sdk/src/index.ts"
import type { ErrorOf } from "./support.ts"

/** `true` when `SchemaError` is one of the members of `E` (by tag: the generic `KnownError` does not count). */
type DeclaresSchemaError<E> = [Extract<E, Pick<KnownErrors.SchemaError, "_tag">>] extends [never] ? false : true

describe("calls with an input declare SchemaError", () => {
  it("sign-up, sign-in, codes and passwords", () => {
    expectTypeOf<DeclaresSchemaError<ErrorOf<typeof Auth.signUpWithPassword>>>().toEqualTypeOf<true>()
    expectTypeOf<DeclaresSchemaError<ErrorOf<typeof Auth.signInWithPassword>>>().toEqualTypeOf<true>()
    expectTypeOf<DeclaresSchemaError<ErrorOf<typeof Auth.sendSignInCode>>>().toEqualTypeOf<true>()
    expectTypeOf<DeclaresSchemaError<ErrorOf<typeof Passwords.sendResetCode>>>().toEqualTypeOf<true>()
    expectTypeOf<DeclaresSchemaError<ErrorOf<typeof Passwords.update>>>().toEqualTypeOf<true>()
  })

  it("ids in the path or the query", () => {
    expectTypeOf<DeclaresSchemaError<ErrorOf<typeof ServerUsers.get>>>().toEqualTypeOf<true>()
    expectTypeOf<DeclaresSchemaError<ErrorOf<typeof Teams.get>>>().toEqualTypeOf<true>()
    expectTypeOf<DeclaresSchemaError<ErrorOf<typeof Permissions.grantTeam>>>().toEqualTypeOf<true>()
    expectTypeOf<DeclaresSchemaError<ErrorOf<typeof TeamMemberships.add>>>().toEqualTypeOf<true>()
    expectTypeOf<DeclaresSchemaError<ErrorOf<typeof TeamInvitations.accept>>>().toEqualTypeOf<true>()
    expectTypeOf<DeclaresSchemaError<ErrorOf<typeof ApiKeys.check>>>().toEqualTypeOf<true>()
    expectTypeOf<DeclaresSchemaError<ErrorOf<typeof EmailTemplates.createTemplate>>>().toEqualTypeOf<true>()
  })

  it("the check itself tells a call without it apart", () => {
    expectTypeOf<DeclaresSchemaError<ErrorOf<typeof Auth.signUpAnonymously>>>().toEqualTypeOf<false>()
  })
})
