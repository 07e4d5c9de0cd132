/**
 * Account settings: the user's teams: create, select, invite by e-mail, see pending invitations,
 * leave (SPEC §2 `account-settings`, §3 Team, Team invitation, §7 Teams).
 *
 * @since 0.1.0
 */
import { type ReactNode, Suspense, useState } from "react"
import type * as Users from "../../../../src/api/Users.ts"
import * as Mutations from "../../../../src/cache/Mutations.ts"
import type { Team } from "../../../../src/protocol/schemas/Team.ts"
import { useTeamInvitationsQuery, useTeams } from "../../../hooks.ts"
import { useMutation } from "../../../useQuery.ts"
import { useHandler } from "../../HandlerContext.tsx"
import { Alert, Field, Form, Status, Submit } from "../../ui.tsx"

function Invitations(props: { readonly teamId: string }): ReactNode {
  const invitations = useTeamInvitationsQuery(props.teamId)
  if (invitations.error !== undefined) return null // listing needs a permission the user may not hold
  if (invitations.data === undefined || invitations.data.length === 0) return null
  return (
    <ul aria-label="Pending invitations" data-testid="team-invitations">
      {invitations.data.map((i) => <li key={i.id}>{i.recipientEmail} (invited)</li>)}
    </ul>
  )
}

function TeamItem(props: { readonly team: Team; readonly selected: boolean }): ReactNode {
  const handler = useHandler()
  const { team } = props
  const [email, setEmail] = useState("")
  const invite = useMutation(() =>
    Mutations.inviteToTeam({ teamId: team.id, email, callbackUrl: handler.absolute(handler.urls.teamInvitation) })
  )
  const leave = useMutation(() => Mutations.leaveTeam(team.id))
  const select = useMutation(() => Mutations.selectTeam(team.id))
  return (
    <li data-testid={`team-${team.displayName}`}>
      <strong>{team.displayName}</strong>
      {props.selected ? " (selected)" : <> <button type="button" onClick={() => void select.mutate()}>Select</button></>}{" "}
      <button type="button" onClick={() => void leave.mutate()} disabled={leave.isPending} data-testid="team-leave">Leave</button>
      <Alert error={leave.error ?? select.error} />
      <Form label={`Invite someone to ${team.displayName}`} onSubmit={() => void invite.mutate()} testId="team-invite">
        <Field label={`Invite to ${team.displayName} by e-mail`} name="invite-email" type="email" value={email} onChange={setEmail} />
        <Alert error={invite.error} />
        <Submit busy={invite.isPending} testId="team-invite-submit">Invite</Submit>
        {invite.exit !== undefined && invite.error === undefined && <Status testId="team-invite-sent">Invitation sent to {email}.</Status>}
      </Form>
      <Suspense fallback={null}><Invitations teamId={team.id} /></Suspense>
    </li>
  )
}

/** The user's teams. SPEC §3 Team */
export function TeamsSection(props: { readonly user: Users.CurrentUser }): ReactNode {
  const teams = useTeams()
  const [name, setName] = useState("")
  const create = useMutation(() => Mutations.createTeam({ displayName: name }))
  return (
    <section aria-labelledby="teams-heading" data-testid="section-teams">
      <h2 id="teams-heading">Teams</h2>
      {teams.length === 0 ? <p data-testid="no-teams">You are not in any team.</p> : (
        <ul data-testid="teams">
          {teams.map((t) => <TeamItem key={t.id} team={t} selected={props.user.selectedTeamId === t.id} />)}
        </ul>
      )}
      <Form label="Create a team" onSubmit={() => void create.mutate().then(() => setName(""))} testId="create-team">
        <Field label="Team name" name="team-name" value={name} onChange={setName} />
        <Alert error={create.error} />
        <Submit busy={create.isPending} testId="create-team-submit">Create team</Submit>
      </Form>
    </section>
  )
}
