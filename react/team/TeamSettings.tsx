/**
 * Team settings (SPEC §3 Team, Team member profile, Team invitation, §6, §7 Teams): the team's
 * name and picture, its members (with the user's own role and permissions), invitations sent and
 * pending with revoke, leaving, and deleting where the user's permissions allow. Actions the user
 * may not take are not offered; the service still checks every one.
 *
 * @since 0.1.0
 */
import { type ReactNode, useRef, useState } from "react"
import * as TeamMemberships from "../../src/api/TeamMemberships.ts"
import * as Mutations from "../../src/cache/Mutations.ts"
import type { TeamMemberProfile } from "../../src/protocol/schemas/TeamMemberProfile.ts"
import type { Team } from "../../src/protocol/schemas/Team.ts"
import { Field, Form, Submit } from "../handler/ui.tsx"
import { usePermissionsQuery, useTeamInvitationsQuery, useTeamMemberProfilesQuery, useTeamsQuery, useUserQuery } from "../hooks.ts"
import { useMutation } from "../useQuery.ts"
import { checked, messageFor } from "../account/messages.ts"
import {
  Avatar,
  ConfirmButton,
  ErrorMessage,
  useFocusFirstError,
  PictureEditor,
  Loaded,
  Notice,
  Section,
  Time,
  useAccountLinks
} from "../account/parts.tsx"
import { AccountStyles } from "../account/styles.tsx"

/** The team permissions the settings look at. SPEC §6 */
export const teamPermissions = {
  update: "$update_team",
  delete: "$delete_team",
  readMembers: "$read_members",
  removeMembers: "$remove_members",
  invite: "$invite_members"
} as const

/** A permission's name as people read it ("team_admin" → "Team admin", "$invite_members" → "Invite members"). SPEC §6 */
export const permissionLabel = (id: string): string => {
  const words = id.replace(/^\$/, "").replace(/_/g, " ")
  return words.charAt(0).toUpperCase() + words.slice(1)
}

function Rename(props: { readonly team: Team }): ReactNode {
  const [name, setName] = useState(props.team.displayName)
  const form = useRef<HTMLDivElement>(null)
  const rename = useMutation(() =>
    checked(name.trim() === "" ? { _tag: "EmptyTeamName" } : undefined, () => Mutations.updateTeam(props.team.id, { displayName: name.trim() }))
  )
  useFocusFirstError(form, rename.exit)
  const empty = rename.error !== undefined && (rename.error as { _tag: string })._tag === "EmptyTeamName"
  return (
    <div ref={form}>
      <Form
        label="Rename the team"
        onSubmit={() => void rename.mutate()}
        testId="team-rename"
      >
        <Field label="Team name" name="team-display-name" value={name} onChange={setName} error={empty ? messageFor(rename.error) : undefined} />
        {!empty && <ErrorMessage error={rename.error} />}
        <Submit busy={rename.isPending} testId="team-rename-submit">{rename.isPending ? "Saving…" : "Rename"}</Submit>
        {rename.exit?._tag === "Success" && <Notice testId="team-renamed">Team renamed.</Notice>}
      </Form>
    </div>
  )
}

/** Removes another member; the app's cache reloads the team's member list. SPEC §7 `DELETE /team-memberships/{teamId}/{userId}` */
export const removeTeamMember = (teamId: string, userId: string) => TeamMemberships.removeMember(teamId, userId)

function MemberRow(props: {
  readonly member: TeamMemberProfile
  readonly mine: boolean
  readonly myName: string
  readonly myPermissions: ReadonlyArray<string>
  readonly canRemove: boolean
}): ReactNode {
  const { member, mine } = props
  const remove = useMutation(() => removeTeamMember(member.teamId, member.userId))
  const name = member.displayName ?? (mine ? props.myName : "Unnamed member")
  const roles = props.myPermissions.filter((p) => !p.startsWith("$"))
  const rights = props.myPermissions.filter((p) => p.startsWith("$"))
  return (
    <tr data-testid="team-member">
      <td className="sae-cell-main">
        <span className="sae-row"><Avatar name={name} imageUrl={member.profileImageUrl} size={28} /> <span data-testid="team-member-name">{name}</span>{mine && <span className="sae-badge">You</span>}</span>
      </td>
      <td data-testid="team-member-role">
        {mine
          ? (
            <>
              {roles.length === 0 ? "Member" : roles.map(permissionLabel).join(", ")}
              {rights.length > 0 && <span className="sae-muted sae-block">Can: {rights.map(permissionLabel).join(", ").toLowerCase()}</span>}
            </>
          )
          : <span className="sae-muted">Member</span>}
      </td>
      <td className="sae-cell-actions">
        {!mine && props.canRemove && (
          <ConfirmButton
            label="Remove"
            title={`Remove ${name} from the team?`}
            body="They lose access to the team at once."
            confirmLabel="Remove member"
            onConfirm={() => void remove.mutate()}
            busy={remove.isPending}
            testId="team-member-remove"
          />
        )}
        <ErrorMessage error={remove.error} />
      </td>
    </tr>
  )
}

function Members(props: { readonly teamId: string; readonly myPermissions: ReadonlyArray<string>; readonly canList: boolean; readonly canRemove: boolean }): ReactNode {
  const me = useUserQuery().data
  const myName = me?.displayName ?? me?.primaryEmail ?? "You"
  return (
    <div className="sae-stack">
      <h3 className="sae-subtitle">Members</h3>
      {props.canList
        ? <MemberList {...props} myId={me?.id} myName={myName} />
        : <p className="sae-muted" data-testid="team-members-hidden">You can see the member list once you have the permission to read members.</p>}
    </div>
  )
}

function MemberList(props: {
  readonly teamId: string
  readonly myPermissions: ReadonlyArray<string>
  readonly canRemove: boolean
  readonly myId: string | undefined
  readonly myName: string
}): ReactNode {
  const members = useTeamMemberProfilesQuery(props.teamId)
  return (
    <Loaded result={members} testId="team-members" empty={(list) => list.length === 0} emptyText="No members.">
      {(list) => (
        <table className="sae-table" data-testid="team-members">
          <thead><tr><th scope="col">Member</th><th scope="col">Role</th><th scope="col"><span className="sae-visually-hidden">Actions</span></th></tr></thead>
          <tbody>
            {list.map((m) => (
              <MemberRow
                key={m.userId}
                member={m}
                mine={m.userId === props.myId}
                myName={props.myName}
                myPermissions={props.myPermissions}
                canRemove={props.canRemove}
              />
            ))}
          </tbody>
        </table>
      )}
    </Loaded>
  )
}

function Invitations(props: { readonly teamId: string; readonly canInvite: boolean; readonly canRevoke: boolean; readonly canList: boolean }): ReactNode {
  const links = useAccountLinks()
  const [email, setEmail] = useState("")
  const [sentTo, setSentTo] = useState<string | undefined>(undefined)
  const form = useRef<HTMLDivElement>(null)
  const invite = useMutation(() =>
    Mutations.inviteToTeam({ teamId: props.teamId, email: email.trim(), callbackUrl: links.absolute(links.urls.teamInvitation) })
  )
  useFocusFirstError(form, invite.exit)
  return (
    <div className="sae-stack">
      <h3 className="sae-subtitle">Invitations</h3>
      {props.canList && <Pending teamId={props.teamId} canRevoke={props.canRevoke} />}
      {props.canInvite && (
        <div ref={form}>
          <Form
            label="Invite someone to the team"
            onSubmit={() => {
              const to = email.trim()
              void invite.mutate().then((exit) => {
                if (exit._tag === "Success") {
                  setSentTo(to)
                  setEmail("")
                }
              })
            }}
            testId="team-invite"
          >
            <Field label="Invite by e-mail" name="invite-email" type="email" value={email} onChange={setEmail} autoComplete="off" />
            <ErrorMessage error={invite.error} />
            <Submit busy={invite.isPending} testId="team-invite-submit">{invite.isPending ? "Sending…" : "Send invitation"}</Submit>
            {invite.exit?._tag === "Success" && sentTo !== undefined && <Notice testId="team-invite-sent">Invitation sent to {sentTo}.</Notice>}
          </Form>
        </div>
      )}
    </div>
  )
}

function Pending(props: { readonly teamId: string; readonly canRevoke: boolean }): ReactNode {
  const invitations = useTeamInvitationsQuery(props.teamId)
  const [now] = useState(() => Date.now())
  return (
    <Loaded result={invitations} testId="team-invitations" empty={(list) => list.length === 0} emptyText="No pending invitations.">
      {(list) => (
        <table className="sae-table" data-testid="team-invitations">
          <thead><tr><th scope="col">Invited</th><th scope="col">Expires</th><th scope="col"><span className="sae-visually-hidden">Actions</span></th></tr></thead>
          <tbody>{list.map((i) => <InvitationRow key={i.id} id={i.id} teamId={props.teamId} email={i.recipientEmail} expiresAt={i.expiresAt} now={now} canRevoke={props.canRevoke} />)}</tbody>
        </table>
      )}
    </Loaded>
  )
}

function InvitationRow(props: {
  readonly id: string
  readonly teamId: string
  readonly email: string
  readonly expiresAt: Date
  readonly now: number
  readonly canRevoke: boolean
}): ReactNode {
  const revoke = useMutation(() => Mutations.revokeInvitation(props.id, props.teamId))
  return (
    <tr data-testid="team-invitation">
      <td className="sae-cell-main">{props.email} <span className="sae-badge sae-badge-warning">Pending</span></td>
      <td><Time date={props.expiresAt} nowMillis={props.now} /></td>
      <td className="sae-cell-actions">
        {props.canRevoke && (
          <ConfirmButton
            label="Revoke"
            title={`Revoke the invitation to ${props.email}?`}
            body="The link in the e-mail will stop working."
            confirmLabel="Revoke invitation"
            onConfirm={() => void revoke.mutate()}
            busy={revoke.isPending}
            testId="invitation-revoke"
          />
        )}
        <ErrorMessage error={revoke.error} />
      </td>
    </tr>
  )
}

function LeaveOrDelete(props: { readonly team: Team; readonly canDelete: boolean; readonly onGone?: (() => void) | undefined }): ReactNode {
  const leave = useMutation(() => Mutations.leaveTeam(props.team.id))
  const remove = useMutation(() => Mutations.removeTeam(props.team.id))
  const done = (exit: { readonly _tag: string }) => exit._tag === "Success" && props.onGone?.()
  return (
    <div className="sae-stack sae-danger-box">
      <h3 className="sae-subtitle">Leave or delete</h3>
      <div className="sae-actions">
        <ConfirmButton
          label="Leave team"
          title={`Leave ${props.team.displayName}?`}
          body="You lose access to the team at once. Someone must invite you to join again."
          confirmLabel="Leave team"
          onConfirm={() => void leave.mutate().then(done)}
          busy={leave.isPending}
          testId="team-leave"
        />
        {props.canDelete && (
          <ConfirmButton
            label="Delete team"
            title={`Delete ${props.team.displayName} for good?`}
            body="Every member loses access, and the team's invitations and keys are removed. This cannot be undone."
            confirmLabel="Delete team"
            onConfirm={() => void remove.mutate().then(done)}
            busy={remove.isPending}
            testId="team-delete"
          />
        )}
      </div>
      <ErrorMessage error={leave.error ?? remove.error} />
    </div>
  )
}

/** Props of {@link TeamSettings}. SPEC §3 Team */
export interface TeamSettingsProps {
  /** The team to show (one of the user's teams). */
  readonly teamId: string
  /** Called once the user left or deleted the team (for example to go back to the list). */
  readonly onGone?: (() => void) | undefined
}

/** The settings of one of the user's teams: name, picture, members, invitations, leave and delete. SPEC §3, §6 */
export function TeamSettings(props: TeamSettingsProps): ReactNode {
  const teams = useTeamsQuery()
  const permissions = usePermissionsQuery(props.teamId)
  const held = (permissions.data ?? []).map((p) => p.id)
  const can = (id: string) => held.includes(id)
  return (
    <div className="sae-account">
      <AccountStyles />
      <Loaded result={teams} testId="team-settings">
      {(list) => {
        const team = list.find((t) => t.id === props.teamId)
        if (team === undefined) return <p className="sae-empty" data-testid="team-settings-missing">You are not a member of this team.</p>
        return (
          <Section id={`team-settings`} title={team.displayName} description="Team settings">
            <PictureEditor
              name={team.displayName}
              imageUrl={team.profileImageUrl}
              size={56}
              canEdit={can(teamPermissions.update)}
              uploadLabel="Upload a team picture"
              testId="team-picture"
              save={(url) => Mutations.updateTeam(team.id, { profileImageUrl: url })}
            />
            {can(teamPermissions.update) && <Rename team={team} />}
            <Members teamId={team.id} myPermissions={held} canList={can(teamPermissions.readMembers)} canRemove={can(teamPermissions.removeMembers)} />
            <Invitations
              teamId={team.id}
              canInvite={can(teamPermissions.invite)}
              canRevoke={can(teamPermissions.removeMembers)}
              canList={can(teamPermissions.readMembers) && can(teamPermissions.invite)}
            />
            <LeaveOrDelete team={team} canDelete={can(teamPermissions.delete)} onGone={props.onGone} />
          </Section>
        )
      }}
      </Loaded>
    </div>
  )
}
