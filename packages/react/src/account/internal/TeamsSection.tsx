/**
 * Account settings, teams (`/teams`): the user's teams with the selected one marked,
 * selecting one, opening a team's settings (its own route, `#teams/<id>`), and creating a team (an
 * empty name is refused before any request).
 *
 * @since 0.1.0
 */
import { type ReactNode, useState } from "react"
import type * as Users from "stack-auth-effect/Users"
import * as Teams from "stack-auth-effect/Teams"
import type { Team } from "stack-auth-effect/Teams"
import { Form, Submit } from "../../handler/ui.tsx"
import { useProjectQuery, useTeamsQuery } from "../../hooks.ts"
import { errorMessage } from "../../messages.ts"
import { TeamSettings } from "../../team/TeamSettings.tsx"
import { Avatar, Button, ButtonLink, ErrorAlert, Field } from "../../ui/primitives.tsx"
import { useMessages } from "../../ui/Theme.tsx"
import { useMutation } from "../../useQuery.ts"
import { checked, Loaded, Section, TableHead } from "./parts.tsx"

function TeamRow(props: { readonly team: Team; readonly selected: boolean; readonly href: string }): ReactNode {
  const { team } = props
  const t = useMessages().account.teams
  const select = useMutation(() => Teams.select(team.id))
  return (
    <tr data-testid={`team-${team.displayName}`}>
      <td className="sae-cell-main">
        <span className="sae-row">
          <Avatar name={team.displayName} src={team.profileImageUrl} size={28} />
          <span className="sae-strong">{team.displayName}</span>
          {props.selected && <span className="sae-badge sae-badge-accent">{t.selected}</span>}
        </span>
      </td>
      <td className="sae-cell-actions">
        {!props.selected && (
          <Button variant="secondary" size="sm" onClick={() => void select.mutate()} busy={select.isPending} testId="team-select">{t.select}</Button>
        )}
        <ButtonLink variant="secondary" size="sm" href={props.href} testId="team-manage" aria-label={t.manageLabel(team.displayName)}>{t.manage}</ButtonLink>
        <ErrorAlert error={select.error} />
      </td>
    </tr>
  )
}

function CreateTeam(): ReactNode {
  const messages = useMessages()
  const t = messages.account.teams
  const [name, setName] = useState("")
  const create = useMutation(() =>
    checked(name.trim() === "" ? { _tag: "EmptyTeamName" } : undefined, () => Teams.create({ displayName: name.trim() }))
  )
  const empty = create.error !== undefined && (create.error as { _tag: string })._tag === "EmptyTeamName"
  return (
    <Form
      label={t.createLabel}
      onSubmit={() => create.mutate().then((exit) => exit._tag === "Success" && setName(""))}
      testId="create-team"
    >
      <Field label={t.nameLabel} name="team-name" value={name} onChange={setName} error={empty ? errorMessage(messages, create.error) : undefined} />
      {!empty && <ErrorAlert error={create.error} />}
      <Submit busy={create.isPending} busyText={t.creating} testId="create-team-submit">{t.create}</Submit>
    </Form>
  )
}

/** The user's teams; with `teamId`, that team's settings. */
export function TeamsSection(props: {
  readonly user: Users.CurrentUser
  readonly teamId?: string | undefined
  /** The link of a team's settings (`#teams/<id>` by default). */
  readonly teamHref?: ((teamId: string) => string) | undefined
  /** Back to the list (after leaving or deleting the team). */
  readonly onBack?: (() => void) | undefined
}): ReactNode {
  const messages = useMessages()
  const t = messages.account.teams
  const teams = useTeamsQuery()
  const project = useProjectQuery().data
  const href = props.teamHref ?? ((id: string) => `#teams/${id}`)
  if (props.teamId !== undefined) {
    return (
      <div className="sae-stack">
        <a href="#teams" className="sae-link" data-testid="teams-back">{t.back}</a>
        <TeamSettings teamId={props.teamId} onGone={props.onBack} />
      </div>
    )
  }
  return (
    <Section id="teams" title={t.title} description={t.description}>
      <Loaded result={teams} testId="teams" empty={(list) => list.length === 0} emptyText={t.empty}>
        {(list) => (
          <table className="sae-table" data-testid="teams">
            <TableHead columns={[t.column]} />
            <tbody>{list.map((t) => <TeamRow key={t.id} team={t} selected={props.user.selectedTeamId === t.id} href={href(t.id)} />)}</tbody>
          </table>
        )}
      </Loaded>
      {project?.config.clientTeamCreationEnabled !== false && <CreateTeam />}
    </Section>
  )
}
