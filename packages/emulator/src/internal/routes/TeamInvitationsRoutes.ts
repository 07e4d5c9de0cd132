/**
 * Team invitation routes: sending mails a link with `?code=` (clients need
 * `$invite_members`); listing (`$read_members` and `$invite_members`) shows pending, unexpired
 * invitations; revoking needs `$remove_members` in the team the query names (a client revokes only
 * that team's invitations, a server any of the project's); the code is checked, described
 * (`team_display_name`) and accepted (the user joins with the member defaults) like any one-time code.
 *
 * @since 0.1.0
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import { RedirectUrlNotWhitelisted } from "stack-auth-effect/KnownErrors"
import * as RandomCodes from "../state/RandomCodes.ts"
import * as RequestSchema from "../http/RequestSchema.ts"
import { isTrustedUrl } from "../model/Domains.ts"
import * as EmulatorState from "../../EmulatorState.ts"
import type { VerificationCode } from "../../EmulatorState.ts"
import * as Mail from "../../Mail.ts"
import * as Permissions from "../model/PermissionRules.ts"
import type { Auth } from "../http/RequestAuth.ts"
import * as Responses from "../http/Responses.ts"
import * as Router from "../../Router.ts"
import * as Table from "../state/Table.ts"
import * as Teams from "../model/TeamRules.ts"
import * as Users from "../../EmulatorUsers.ts"
import * as Verification from "../model/Verification.ts"

/** Purpose of an invitation's code. */
export const teamInvitation = "team_invitation"

// The service's request schemas, field for field in its order (see RequestSchema for the rules).
const SendBody = RequestSchema.object({
  team_id: RequestSchema.string().uuid().defined(),
  email: RequestSchema.string().email().defined(),
  callback_url: RequestSchema.url().defined()
}).defined()
const CodeBody = Verification.codeBody({})
/** The list's and the revocation's query (the team), and the revocation's path. */
const ListQuery = RequestSchema.object({ team_id: RequestSchema.string().uuid().defined() })
const IdParams = RequestSchema.object({ id: RequestSchema.string().uuid().defined() })

/** The team an invitation code is for. */
const teamIdOf = (code: VerificationCode): string => (code.data as { readonly teamId: string }).teamId

/** A client needs these permissions in the team (a server needs the team to exist). */
const requireTeamAccess = (auth: Auth, teamId: string, permissionIds: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    const state = yield* EmulatorState.get
    if (auth.accessType !== "client") {
      yield* Teams.requireTeam(state, auth.project.id, teamId)
      return
    }
    const user = yield* Teams.requireOwnUser(auth)
    for (const permissionId of permissionIds) {
      yield* Permissions.requireTeamPermission(state, { projectId: auth.project.id, teamId, userId: user.id, permissionId }, "required")
    }
  })

/** Checks a code (45 characters, any case) and, unless `checkOnly`, uses it. */
const useCode = (auth: Auth, body: unknown, checkOnly: boolean) =>
  Effect.gen(function*() {
    const { body: input } = yield* RequestSchema.check([["body", CodeBody, body]], auth.user?.id)
    return yield* Verification.use(auth.project.id, teamInvitation, input.code.toLowerCase(), { checkOnly })
  })

/** Team invitation routes. */
export const routes: ReadonlyArray<Router.Route> = [
  Router.post("/team-invitations/send-code", "client", ({ auth, body }) =>
    Effect.gen(function*() {
      const { body: input } = yield* RequestSchema.check([["body", SendBody, body]], auth.user?.id)
      const teamId = input.team_id
      if (auth.accessType === "client") {
        const user = yield* Teams.requireSignedIn(auth)
        yield* Permissions.requireTeamPermission(yield* EmulatorState.get, {
          projectId: auth.project.id,
          teamId,
          userId: user.id,
          permissionId: "$invite_members"
        }, "required")
      }
      if (!isTrustedUrl(auth.project, input.callback_url)) return yield* new RedirectUrlNotWhitelisted({})
      const team = yield* Teams.requireTeam(yield* EmulatorState.get, auth.project.id, teamId)
      const code = yield* Verification.create({
        projectId: auth.project.id,
        purpose: teamInvitation,
        email: input.email,
        data: { teamId },
        code: RandomCodes.make()
      })
      const link = Verification.linkWithCode(input.callback_url, code.code)
      yield* Mail.send({
        projectId: auth.project.id,
        to: input.email,
        subject: `You have been invited to join ${team.displayName}`,
        text: `You have been invited to join the team ${team.displayName}. Open this link to accept: ${link}`,
        html: `<p>You have been invited to join the team ${team.displayName}.</p><p><a href="${link}">Accept the invitation</a></p>`,
        template: { kind: "teamInvitation", variables: { teamDisplayName: team.displayName, teamInvitationLink: link } }
      })
      return Responses.json({ success: true, id: code.id })
    })),

  Router.get("/team-invitations", "client", ({ auth, query }) =>
    Effect.gen(function*() {
      const checked = yield* RequestSchema.check(RequestSchema.crud({ query: [ListQuery, RequestSchema.queryObject(query)] }), auth.user?.id)
      const teamId = (checked.query as { readonly team_id: string }).team_id
      yield* requireTeamAccess(auth, teamId, ["$read_members", "$invite_members"])
      const now = yield* Clock.currentTimeMillis
      const codes = Table.filter((yield* EmulatorState.get).verificationCodes, (c) =>
        c.projectId === auth.project.id && c.purpose === teamInvitation && c.usedAtMillis === null &&
        c.expiresAtMillis > now && teamIdOf(c) === teamId)
      return Responses.list(codes.map((c) => ({
        id: c.id,
        team_id: teamId,
        expires_at_millis: c.expiresAtMillis,
        recipient_email: c.email
      })))
    })),

  Router.del("/team-invitations/:id", "client", ({ auth, params, query }) =>
    Effect.gen(function*() {
      const checked = yield* RequestSchema.check(
        RequestSchema.crud({ params: [IdParams, { id: params.id! }], query: [ListQuery, RequestSchema.queryObject(query)] }),
        auth.user?.id
      )
      const id = (checked.params as { readonly id: string }).id
      const teamId = (checked.query as { readonly team_id: string }).team_id
      yield* requireTeamAccess(auth, teamId, ["$remove_members"])
      // A server removes the project's invitation whatever team the query names, as the service
      // does; a client only one of the team its permission was checked in (the service would let
      // it remove another team's: the isolation suite keeps that closed).
      const removed = yield* EmulatorState.modify((state) => {
        const code = Table.get(state.verificationCodes, id)
        if (
          code === undefined || code.projectId !== auth.project.id || code.purpose !== teamInvitation ||
          (auth.accessType === "client" && teamIdOf(code) !== teamId)
        ) return [false, state] as const
        return [true, { ...state, verificationCodes: Table.remove(state.verificationCodes, id) }] as const
      })
      if (!removed) return yield* new Responses.StatusFailure({ status: 404, message: "Team invitation not found" })
      return Responses.success()
    })),

  Router.post("/team-invitations/accept/check-code", "client", ({ auth, body }) =>
    Effect.map(useCode(auth, body, true), () => Responses.json({ is_code_valid: true }))),

  Router.post("/team-invitations/accept/details", "client", ({ auth, body }) =>
    Effect.gen(function*() {
      const code = yield* useCode(auth, body, true)
      yield* Teams.requireSignedIn(auth)
      const team = yield* Teams.requireTeam(yield* EmulatorState.get, auth.project.id, teamIdOf(code))
      return Responses.json({ team_id: team.id, team_display_name: team.displayName })
    })),

  Router.post("/team-invitations/accept", "client", ({ auth, body }) =>
    Effect.gen(function*() {
      const code = yield* useCode(auth, body, false)
      const user = yield* Teams.requireSignedIn(auth)
      const teamId = teamIdOf(code)
      const now = yield* Clock.currentTimeMillis
      yield* EmulatorState.transact((state) =>
        Effect.gen(function*() {
          if (Teams.findMembership(state, teamId, user.id) !== undefined) return [undefined, state] as const
          const team = yield* Teams.requireTeam(state, auth.project.id, teamId)
          return [undefined, Users.addMembership(state, team, user.id, false, now)] as const
        }))
      return Responses.json({})
    }))
]
