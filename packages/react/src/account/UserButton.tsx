/**
 * The user button: the signed-in user's avatar; it opens a menu (the platform's
 * popover: Escape and a click outside close it) with their name and address, the team switcher,
 * account settings and sign out. Signed out, a sign-in link.
 *
 * @since 0.1.0
 */
import { type ReactNode, useId } from "react"
import { useUserQuery } from "../hooks.ts"
import { Avatar, ButtonLink } from "../ui/primitives.tsx"
import { ThemeRoot, useMessages } from "../ui/Theme.tsx"
import { useAccountLinks } from "./internal/parts.tsx"
import { SelectedTeamSwitcher } from "./SelectedTeamSwitcher.tsx"

/** Props of {@link UserButton}. */
export interface UserButtonProps {
  /** Show the team switcher in the menu (default `true`). */
  readonly showTeamSwitcher?: boolean | undefined
  /** Extra menu entries, above "Sign out". */
  readonly children?: ReactNode
}

/** The signed-in user's avatar and menu, or a sign-in link. */
export function UserButton(props: UserButtonProps): ReactNode {
  const menuId = useId()
  const messages = useMessages()
  const t = messages.account.userButton
  const links = useAccountLinks()
  const user = useUserQuery()
  if (user.data === undefined) {
    return (
      <ThemeRoot className="sae-user-button">
        <span className="sae-avatar-loading" role="status" aria-label={t.loading} data-testid="user-button-loading" />
      </ThemeRoot>
    )
  }
  if (user.data === null) {
    return (
      <ThemeRoot className="sae-user-button">
        <ButtonLink size="sm" href={links.urls.signIn} testId="user-button-sign-in">{t.signIn}</ButtonLink>
      </ThemeRoot>
    )
  }
  const u = user.data
  const name = u.displayName ?? u.primaryEmail ?? t.fallbackName
  return (
    <ThemeRoot className="sae-user-button" testId="user-button">
      <button
        type="button"
        className="sae-user-button-trigger"
        popoverTarget={menuId}
        aria-haspopup="true"
        data-testid="user-button-trigger"
      >
        <Avatar name={name} src={u.profileImageUrl} size={32} />
        <span className="sae-visually-hidden">{t.menuLabel(name)}</span>
      </button>
      <div id={menuId} popover="auto" className="sae-menu" data-testid="user-button-menu">
        <div className="sae-menu-header">
          <Avatar name={name} src={u.profileImageUrl} size={40} />
          <div>
            <p className="sae-strong" data-testid="user-button-name">{name}</p>
            {u.primaryEmail !== null && u.displayName !== null && <p className="sae-muted">{u.primaryEmail}</p>}
          </div>
        </div>
        {props.showTeamSwitcher !== false && <SelectedTeamSwitcher showLabel />}
        <ul className="sae-menu-list">
          <li><a href={links.urls.accountSettings} data-testid="user-button-account-settings">{t.accountSettings}</a></li>
          {props.children}
          <li><a href={links.urls.signOut} data-testid="user-button-sign-out">{messages.common.signOut}</a></li>
        </ul>
      </div>
    </ThemeRoot>
  )
}
