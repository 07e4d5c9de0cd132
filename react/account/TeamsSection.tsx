/**
 * Account settings, teams (SPEC §3 Team, §7 Teams): the user's teams with the selected one marked,
 * selecting one, opening a team's settings (its own route, `#teams/<id>`), and creating a team (an
 * empty name is refused before any request).
 *
 * @since 0.1.0
 */
import { type ReactNode, useRef, useState } from "react"
import type * as Users from "../../src/api/Users.ts"
import * as Mutations from "../../src/cache/Mutations.ts"
import type { Team } from "../../src/protocol/schemas/Team.ts"
import { Field, Form, Submit } from "../handler/ui.tsx"
import { useProjectQuery, useTeamsQuery } from "../hooks.ts"
import { TeamSettings } from "../team/TeamSettings.tsx"
import { useMutation } from "../useQuery.ts"
import { checked, messageFor } from "./messages.ts"
import { Avatar, ErrorMessage, useFocusFirstError, Loaded, Section } from "./parts.tsx"

function TeamRow(props: { readonly team: Team; readonly selected: boolean; readonly href: string }): ReactNode {
  const { team } = props
  const select = useMutation(() => Mutations.selectTeam(team.id))
  return (
    <tr data-testid={`team-${team.displayName}`}>
      <td className="sae-cell-main">
        <span className="sae-row">
          <Avatar name={team.displayName} imageUrl={team.profileImageUrl} size={28} />
          <span className="sae-strong">{team.displayName}</span>
          {props.selected && <span className="sae-badge sae-badge-accent">Selected</span>}
        </span>
      </td>
      <td className="sae-cell-actions">
        {!props.selected && (
          <button type="button" className="sae-button sae-button-secondary" onClick={() => void select.mutate()} disabled={select.isPending} data-testid="team-select">
            Select
          </button>
        )}
        <a className="sae-button sae-button-secondary" href={props.href} data-testid="team-manage" aria-label={`Manage ${team.displayName}`}>Manage</a>
        <ErrorMessage error={select.error} />
      </td>
    </tr>
  )
}

function CreateTeam(): ReactNode {
  const [name, setName] = useState("")
  const form = useRef<HTMLDivElement>(null)
  const create = useMutation(() =>
    checked(name.trim() === "" ? { _tag: "EmptyTeamName" } : undefined, () => Mutations.createTeam({ displayName: name.trim() }))
  )
  useFocusFirstError(form, create.exit)
  const empty = create.error !== undefined && (create.error as { _tag: string })._tag === "EmptyTeamName"
  return (
    <div ref={form}>
      <Form
        label="Create a team"
        onSubmit={() => void create.mutate().then((exit) => exit._tag === "Success" && setName(""))}
        testId="create-team"
      >
        <Field label="New team name" name="team-name" value={name} onChange={setName} error={empty ? messageFor(create.error) : undefined} />
        {!empty && <ErrorMessage error={create.error} />}
        <Submit busy={create.isPending} testId="create-team-submit">{create.isPending ? "Creating…" : "Create team"}</Submit>
      </Form>
    </div>
  )
}

/** The user's teams; with `teamId`, that team's settings. SPEC §3 Team */
export function TeamsSection(props: {
  readonly user: Users.CurrentUser
  readonly teamId?: string | undefined
  /** The link of a team's settings (`#teams/<id>` by default). */
  readonly teamHref?: ((teamId: string) => string) | undefined
  /** Back to the list (after leaving or deleting the team). */
  readonly onBack?: (() => void) | undefined
}): ReactNode {
  const teams = useTeamsQuery()
  const project = useProjectQuery().data
  const href = props.teamHref ?? ((id: string) => `#teams/${id}`)
  if (props.teamId !== undefined) {
    return (
      <div className="sae-stack">
        <a href="#teams" className="sae-link" data-testid="teams-back">← All teams</a>
        <TeamSettings teamId={props.teamId} onGone={props.onBack} />
      </div>
    )
  }
  return (
    <Section id="teams" title="Teams" description="The teams you belong to. The selected team is the one the app works in.">
      <Loaded result={teams} testId="teams" empty={(list) => list.length === 0} emptyText="You are not in any team.">
        {(list) => (
          <table className="sae-table" data-testid="teams">
            <thead><tr><th scope="col">Team</th><th scope="col"><span className="sae-visually-hidden">Actions</span></th></tr></thead>
            <tbody>{list.map((t) => <TeamRow key={t.id} team={t} selected={props.user.selectedTeamId === t.id} href={href(t.id)} />)}</tbody>
          </table>
        )}
      </Loaded>
      {project?.config.clientTeamCreationEnabled !== false && <CreateTeam />}
    </Section>
  )
}
