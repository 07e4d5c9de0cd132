import { describe, it } from "@effect/vitest"
import { expectTypeOf } from "vitest"
import type * as Auth from "../../packages/sdk/src/api/Auth.ts"
import type * as Permissions from "../../packages/sdk/src/api/Permissions.ts"
import type * as ServerUsers from "../../packages/sdk/src/api/ServerUsers.ts"
import type * as Teams from "../../packages/sdk/src/api/Teams.ts"
import type * as Users from "../../packages/sdk/src/api/Users.ts"

describe("public functions take and return types exported under their own names", () => {
  it("inputs are the module's named camelCase types", () => {
    expectTypeOf<Parameters<typeof Teams.create>[0]>().toEqualTypeOf<Teams.TeamCreate>()
    expectTypeOf<Parameters<typeof Teams.updateAsServer>[1]>().toEqualTypeOf<Teams.ServerTeamUpdate>()
    expectTypeOf<Parameters<typeof Users.update>[0]>().toEqualTypeOf<Users.CurrentUserUpdate>()
    expectTypeOf<Parameters<typeof ServerUsers.create>[0]>().toEqualTypeOf<ServerUsers.ServerUserCreate>()
    expectTypeOf<Parameters<typeof Auth.signInWithPassword>[0]>().toEqualTypeOf<Auth.SignInWithPasswordOptions>()
    expectTypeOf<Users.CurrentUserUpdate>().not.toHaveProperty("display_name")
    expectTypeOf<Users.CurrentUserUpdate>().toHaveProperty("displayName")
  })

  it("the seeded team permissions are named, and any project-defined id is still accepted", () => {
    expectTypeOf<Permissions.SeededTeamPermission>().toEqualTypeOf<"team_admin" | "team_member">()
    expectTypeOf<"team_admin">().toExtend<Parameters<typeof Permissions.grantTeam>[2]>()
    expectTypeOf<"$read_members">().toExtend<Permissions.TeamSystemPermission>()
    expectTypeOf<"my_custom_permission">().toExtend<Parameters<typeof Permissions.grantTeam>[2]>()
  })
})
