/**
 * The selected-team switcher: a labelled list of the user's teams;
 * choosing one makes it the user's selected team, and every reader of the user sees it.
 *
 * @since 0.1.0
 */
import { type ReactNode, useId } from "react"
import * as Teams from "stack-auth-effect/Teams"
import { useTeamsQuery, useUserQuery } from "../hooks.ts"
import { ErrorAlert } from "../ui/primitives.tsx"
import { ThemeRoot, useMessages } from "../ui/Theme.tsx"
import { useMutation } from "../useQuery.ts"

/** Props of {@link SelectedTeamSwitcher}. */
export interface SelectedTeamSwitcherProps {
  /** The label (visually hidden unless `showLabel`). */
  readonly label?: string | undefined
  readonly showLabel?: boolean | undefined
  /** Called after the selection changed. */
  readonly onChange?: ((teamId: string | null) => void) | undefined
}

const none = ""

/** Switches the user's selected team. */
export function SelectedTeamSwitcher(props: SelectedTeamSwitcherProps): ReactNode {
  const id = useId()
  const t = useMessages().account.teamSwitcher
  const user = useUserQuery().data
  const teams = useTeamsQuery()
  const select = useMutation((teamId: string | null) => Teams.select(teamId))
  if (user === undefined || user === null) return null
  const list = teams.data ?? []
  const label = props.label ?? t.label
  return (
    <ThemeRoot className="sae-team-switcher" testId="team-switcher">
      <label htmlFor={id} className={props.showLabel === true ? "sae-label" : "sae-visually-hidden"}>{label}</label>
      <select
        id={id}
        className="sae-select"
        value={user.selectedTeamId ?? none}
        disabled={teams.data === undefined || select.isPending}
        aria-busy={teams.isLoading || select.isPending}
        onChange={(e) => {
          const teamId = e.currentTarget.value === none ? null : e.currentTarget.value
          void select.mutate(teamId).then((exit) => exit._tag === "Success" && props.onChange?.(teamId))
        }}
        data-testid="team-switcher-select"
      >
        <option value={none}>{teams.data === undefined ? t.loading : list.length === 0 ? t.noTeams : t.noneSelected}</option>
        {list.map((t) => <option key={t.id} value={t.id}>{t.displayName}</option>)}
      </select>
      <ErrorAlert error={select.error ?? teams.error} testId="team-switcher-error" onRetry={teams.error !== undefined ? teams.refresh : undefined} />
    </ThemeRoot>
  )
}
