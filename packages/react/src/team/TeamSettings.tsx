/**
 * Team settings (`/teams`, `/team-member-profiles`, `/team-invitations`): the team's
 * name and picture, its members (with the user's own role and permissions), invitations sent and
 * pending with revoke, leaving, and deleting where the user's permissions allow. Actions the user
 * may not take are not offered; the service still checks every one.
 *
 * @since 0.1.0
 */
import { type ReactNode, useState } from "react"
import * as TeamMemberships from "stack-auth-effect/TeamMemberships"
import * as TeamInvitations from "stack-auth-effect/TeamInvitations"
import * as Teams from "stack-auth-effect/Teams"
import type { TeamMemberProfile } from "stack-auth-effect/TeamMemberProfiles"
import type { Team } from "stack-auth-effect/Teams"
import { Form, Submit } from "../handler/ui.tsx"
import { usePermissionsQuery, useTeamInvitationsQuery, useTeamMemberProfilesQuery, useTeamsQuery, useUserQuery } from "../hooks.ts"
import { errorMessage } from "../messages.ts"
import { Alert, Avatar, ErrorAlert, Field } from "../ui/primitives.tsx"
import { ThemeRoot, useMessages } from "../ui/Theme.tsx"
import { useMutation } from "../useQuery.ts"
import { checked, ConfirmButton, Loaded, PictureEditor, Section, TableHead, Time, useAccountLinks } from "../account/internal/parts.tsx"

/** The team permissions the settings look at. */
export const teamPermissions = {
  update: "$update_team",
  delete: "$delete_team",
  readMembers: "$read_members",
  removeMembers: "$remove_members",
  invite: "$invite_members"
} as const

/** A permission's name as people read it ("team_admin" → "Team admin", "$invite_members" → "Invite members"). */
export const permissionLabel = (id: string): string => {
  const words = id.replace(/^\$/, "").replace(/_/g, " ")
  return words.charAt(0).toUpperCase() + words.slice(1)
}

function Rename(props: { readonly team: Team }): ReactNode {
  const messages = useMessages()
  const t = messages.team
  const [name, setName] = useState(props.team.displayName)
  const rename = useMutation(() =>
    checked(name.trim() === "" ? { _tag: "EmptyTeamName" } : undefined, () => Teams.update(props.team.id, { displayName: name.trim() }))
  )
  const empty = rename.error !== undefined && (rename.error as { _tag: string })._tag === "EmptyTeamName"
  return (
    <Form label={t.renameLabel} onSubmit={() => rename.mutate()} testId="team-rename">
      <Field label={t.nameLabel} name="team-display-name" value={name} onChange={setName} error={empty ? errorMessage(messages, rename.error) : undefined} />
      {!empty && <ErrorAlert error={rename.error} />}
      <Submit busy={rename.isPending} busyText={messages.account.saving} testId="team-rename-submit">{t.rename}</Submit>
      {rename.exit?._tag === "Success" && <Alert tone="success" testId="team-renamed">{t.renamed}</Alert>}
    </Form>
  )
}

/** Removes another member; the app's cache reloads the team's member list. `DELETE /team-memberships/{teamId}/{userId}` */
export const removeTeamMember = (teamId: string, userId: string) => TeamMemberships.removeMember(teamId, userId)

function MemberRow(props: {
  readonly member: TeamMemberProfile
  readonly mine: boolean
  readonly myName: string
  readonly myPermissions: ReadonlyArray<string>
  readonly canRemove: boolean
}): ReactNode {
  const { member, mine } = props
  const messages = useMessages()
  const t = messages.team
  const remove = useMutation(() => removeTeamMember(member.teamId, member.userId))
  const name = member.displayName ?? (mine ? props.myName : t.unnamedMember)
  const roles = props.myPermissions.filter((p) => !p.startsWith("$"))
  const rights = props.myPermissions.filter((p) => p.startsWith("$"))
  return (
    <tr data-testid="team-member">
      <td className="sae-cell-main">
        <span className="sae-row"><Avatar name={name} src={member.profileImageUrl} size={28} /> <span data-testid="team-member-name">{name}</span>{mine && <span className="sae-badge">{t.you}</span>}</span>
      </td>
      <td data-testid="team-member-role">
        {mine
          ? (
            <>
              {roles.length === 0 ? t.member : roles.map(permissionLabel).join(", ")}
              {rights.length > 0 && <span className="sae-muted sae-block">{t.can(rights.map(permissionLabel).join(", ").toLowerCase())}</span>}
            </>
          )
          : <span className="sae-muted">{t.member}</span>}
      </td>
      <td className="sae-cell-actions">
        {!mine && props.canRemove && (
          <ConfirmButton
            label={messages.account.remove}
            title={t.removeTitle(name)}
            body={t.removeBody}
            confirmLabel={t.removeConfirm}
            onConfirm={() => void remove.mutate()}
            busy={remove.isPending}
            testId="team-member-remove"
          />
        )}
        <ErrorAlert error={remove.error} />
      </td>
    </tr>
  )
}

function Members(props: { readonly teamId: string; readonly myPermissions: ReadonlyArray<string>; readonly canList: boolean; readonly canRemove: boolean }): ReactNode {
  const t = useMessages().team
  const me = useUserQuery().data
  const myName = me?.displayName ?? me?.primaryEmail ?? t.you
  return (
    <div className="sae-stack">
      <h3 className="sae-section-subtitle">{t.members}</h3>
      {props.canList
        ? <MemberList {...props} myId={me?.id} myName={myName} />
        : <p className="sae-muted" data-testid="team-members-hidden">{t.membersHidden}</p>}
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
  const messages = useMessages()
  const t = messages.team
  const members = useTeamMemberProfilesQuery(props.teamId)
  return (
    <Loaded result={members} testId="team-members" empty={(list) => list.length === 0} emptyText={t.noMembers}>
      {(list) => (
        <table className="sae-table" data-testid="team-members">
          <TableHead columns={[t.memberColumn, t.roleColumn]} />
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
  const t = useMessages().team
  const links = useAccountLinks()
  const [email, setEmail] = useState("")
  const [sentTo, setSentTo] = useState<string | undefined>(undefined)
  const invite = useMutation(() =>
    TeamInvitations.send({ teamId: props.teamId, email: email.trim(), callbackUrl: links.absolute(links.urls.teamInvitation) })
  )
  return (
    <div className="sae-stack">
      <h3 className="sae-section-subtitle">{t.invitations}</h3>
      {props.canList && <Pending teamId={props.teamId} canRevoke={props.canRevoke} />}
      {props.canInvite && (
        <Form
          label={t.inviteLabel}
          onSubmit={() => {
            const to = email.trim()
            return invite.mutate().then((exit) => {
              if (exit._tag === "Success") {
                setSentTo(to)
                setEmail("")
              }
            })
          }}
          testId="team-invite"
        >
          <Field label={t.inviteEmailLabel} name="invite-email" type="email" value={email} onChange={setEmail} autoComplete="off" inputMode="email" />
          <ErrorAlert error={invite.error} />
          <Submit busy={invite.isPending} busyText={t.inviting} testId="team-invite-submit">{t.invite}</Submit>
          {invite.exit?._tag === "Success" && sentTo !== undefined && <Alert tone="success" testId="team-invite-sent">{t.invited(sentTo)}</Alert>}
        </Form>
      )}
    </div>
  )
}

function Pending(props: { readonly teamId: string; readonly canRevoke: boolean }): ReactNode {
  const messages = useMessages()
  const t = messages.team
  const invitations = useTeamInvitationsQuery(props.teamId)
  const [now] = useState(() => Date.now())
  return (
    <Loaded result={invitations} testId="team-invitations" empty={(list) => list.length === 0} emptyText={t.noInvitations}>
      {(list) => (
        <table className="sae-table" data-testid="team-invitations">
          <TableHead columns={[t.invitedColumn, t.expiresColumn]} />
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
  const messages = useMessages()
  const t = messages.team
  const revoke = useMutation(() => TeamInvitations.revoke(props.id, props.teamId))
  return (
    <tr data-testid="team-invitation">
      <td className="sae-cell-main">{props.email} <span className="sae-badge sae-badge-warning">{t.pending}</span></td>
      <td><Time date={props.expiresAt} nowMillis={props.now} /></td>
      <td className="sae-cell-actions">
        {props.canRevoke && (
          <ConfirmButton
            label={messages.account.revoke}
            title={t.revokeTitle(props.email)}
            body={t.revokeBody}
            confirmLabel={t.revokeConfirm}
            onConfirm={() => void revoke.mutate()}
            busy={revoke.isPending}
            testId="invitation-revoke"
          />
        )}
        <ErrorAlert error={revoke.error} />
      </td>
    </tr>
  )
}

function LeaveOrDelete(props: { readonly team: Team; readonly canDelete: boolean; readonly onGone?: (() => void) | undefined }): ReactNode {
  const t = useMessages().team
  const leave = useMutation(() => TeamMemberships.leave(props.team.id))
  const remove = useMutation(() => Teams.remove(props.team.id))
  const done = (exit: { readonly _tag: string }) => exit._tag === "Success" && props.onGone?.()
  return (
    <div className="sae-stack sae-danger-box">
      <h3 className="sae-section-subtitle">{t.leaveOrDelete}</h3>
      <div className="sae-actions">
        <ConfirmButton
          label={t.leave}
          title={t.leaveTitle(props.team.displayName)}
          body={t.leaveBody}
          confirmLabel={t.leave}
          onConfirm={() => void leave.mutate().then(done)}
          busy={leave.isPending}
          testId="team-leave"
        />
        {props.canDelete && (
          <ConfirmButton
            label={t.delete}
            title={t.deleteTitle(props.team.displayName)}
            body={t.deleteBody}
            confirmLabel={t.delete}
            onConfirm={() => void remove.mutate().then(done)}
            busy={remove.isPending}
            testId="team-delete"
          />
        )}
      </div>
      <ErrorAlert error={leave.error ?? remove.error} />
    </div>
  )
}

/** Props of {@link TeamSettings}. */
export interface TeamSettingsProps {
  /** The team to show (one of the user's teams). */
  readonly teamId: string
  /** Called once the user left or deleted the team (for example to go back to the list). */
  readonly onGone?: (() => void) | undefined
}

/** The settings of one of the user's teams: name, picture, members, invitations, leave and delete. */
export function TeamSettings(props: TeamSettingsProps): ReactNode {
  const t = useMessages().team
  const teams = useTeamsQuery()
  const permissions = usePermissionsQuery(props.teamId)
  const held = (permissions.data ?? []).map((p) => p.id)
  const can = (id: string) => held.includes(id)
  return (
    <ThemeRoot className="sae-account">
      <Loaded result={teams} testId="team-settings">
      {(list) => {
        const team = list.find((t) => t.id === props.teamId)
        if (team === undefined) return <p className="sae-empty" data-testid="team-settings-missing">{t.missing}</p>
        return (
          <Section id="team-settings" title={team.displayName} description={t.description}>
            <PictureEditor
              name={team.displayName}
              imageUrl={team.profileImageUrl}
              size={56}
              canEdit={can(teamPermissions.update)}
              uploadLabel={t.uploadPicture}
              testId="team-picture"
              save={(url) => Teams.update(team.id, { profileImageUrl: url })}
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
    </ThemeRoot>
  )
}
