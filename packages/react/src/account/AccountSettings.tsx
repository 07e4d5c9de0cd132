/**
 * The account settings (the `/handler/account-settings` page's content): one section at a time,
 * each with its own route in the URL's fragment (`#profile`, `#emails`, `#password`, `#two-factor`,
 * `#passkeys`, `#linked-accounts`, `#sessions`, `#api-keys`, `#notifications`, `#teams`,
 * `#teams/<id>`, `#danger`), a navigation list beside them, and sections the project turns off left
 * out. Signed out, it sends the visitor to sign in (and back).
 *
 * @since 0.1.0
 */
import { type ReactNode, useCallback, useSyncExternalStore } from "react"
import type * as Users from "stack-auth-effect/Users"
import type { ClientProject } from "stack-auth-effect/Projects"
import { useProjectQuery, useUserQuery } from "../hooks.ts"
import { ApiKeysSection } from "./internal/ApiKeysSection.tsx"
import { DangerSection } from "./internal/DangerSection.tsx"
import { EmailsSection } from "./internal/EmailsSection.tsx"
import { LinkedAccountsSection } from "./internal/LinkedAccountsSection.tsx"
import { NotificationsSection } from "./internal/NotificationsSection.tsx"
import { ThemeRoot, useMessages } from "../ui/Theme.tsx"
import { Loaded, useNavigateTo } from "./internal/parts.tsx"
import { PasskeysSection } from "./internal/PasskeysSection.tsx"
import { PasswordSection } from "./internal/PasswordSection.tsx"
import { ProfileSection } from "./internal/ProfileSection.tsx"
import { SessionsSection } from "./internal/SessionsSection.tsx"
import { TeamsSection } from "./internal/TeamsSection.tsx"
import { TwoFactorSection } from "./internal/TwoFactorSection.tsx"

/** The sections of the account settings, by their route. */
export type AccountSection =
  | "profile"
  | "emails"
  | "password"
  | "two-factor"
  | "passkeys"
  | "linked-accounts"
  | "sessions"
  | "api-keys"
  | "notifications"
  | "teams"
  | "danger"

/** One section of the account settings: its id and when the project shows it. */
export interface SectionEntry {
  /** The section's route (`#<id>`); its title is `messages.account.sections[id]`. */
  readonly id: AccountSection
  /** Whether the section appears for this project's settings (passkeys only when enabled, ...). */
  readonly shown: (project: ClientProject) => boolean
}

/** The sections in their order and when the project shows them (their titles: `messages.account.sections`). */
export const accountSections: ReadonlyArray<SectionEntry> = [
  { id: "profile", shown: () => true },
  { id: "emails", shown: () => true },
  { id: "password", shown: (p) => p.config.credentialEnabled },
  { id: "two-factor", shown: () => true },
  { id: "passkeys", shown: (p) => p.config.passkeyEnabled },
  { id: "linked-accounts", shown: () => true },
  { id: "sessions", shown: () => true },
  { id: "api-keys", shown: (p) => p.config.allowUserApiKeys },
  { id: "notifications", shown: () => true },
  { id: "teams", shown: () => true },
  { id: "danger", shown: () => true }
]

/** Where the fragment points: a section (and a team for `#teams/<id>`). */
export const routeOf = (hash: string): { readonly section: AccountSection; readonly teamId?: string | undefined } => {
  const [head, ...rest] = decodeURIComponent(hash.replace(/^#/, "")).split("/")
  const section = accountSections.find((s) => s.id === head)?.id ?? "profile"
  const teamId = section === "teams" && rest.length > 0 && rest[0] !== "" ? rest[0] : undefined
  return { section, teamId }
}

const subscribeHash = (onChange: () => void) => {
  const target = globalThis as { addEventListener?: Window["addEventListener"]; removeEventListener?: Window["removeEventListener"] }
  target.addEventListener?.("hashchange", onChange)
  return () => target.removeEventListener?.("hashchange", onChange)
}
const readHash = () => (globalThis as { location?: Location }).location?.hash ?? ""
const serverHash = () => ""

/** The URL fragment, following its changes (empty on the server, so the first paint hydrates). */
export const useHash = (): string => useSyncExternalStore(subscribeHash, readHash, serverHash)

function Body(props: { readonly user: Users.CurrentUser; readonly project: ClientProject; readonly section: AccountSection; readonly teamId: string | undefined }): ReactNode {
  const { user } = props
  const navigateTo = useNavigateTo()
  const back = useCallback(() => navigateTo("#teams"), [navigateTo])
  switch (props.section) {
    case "profile":
      return <ProfileSection user={user} />
    case "emails":
      return <EmailsSection />
    case "password":
      return <PasswordSection user={user} />
    case "two-factor":
      return <TwoFactorSection user={user} />
    case "passkeys":
      return <PasskeysSection user={user} />
    case "linked-accounts":
      return <LinkedAccountsSection />
    case "sessions":
      return <SessionsSection />
    case "api-keys":
      return <ApiKeysSection />
    case "notifications":
      return <NotificationsSection />
    case "teams":
      return <TeamsSection user={user} teamId={props.teamId} onBack={back} />
    case "danger":
      return <DangerSection />
  }
}

/** Props of {@link AccountSettings}. */
export interface AccountSettingsProps {
  /** The section to show; by default the URL's fragment says (`#sessions`), else the profile. */
  readonly section?: AccountSection | undefined
  /** With `section: "teams"`, the team whose settings to show. */
  readonly teamId?: string | undefined
}

/** The account settings: a navigation list and the current section. Signed out, it goes to sign-in. */
export function AccountSettings(props: AccountSettingsProps): ReactNode {
  const messages = useMessages()
  const user = useUserQuery({ or: "redirect" })
  const project = useProjectQuery()
  const hash = useHash()
  const route = props.section !== undefined ? { section: props.section, teamId: props.teamId } : routeOf(hash)
  return (
    <ThemeRoot className="sae-account" testId="account-settings">
      <Loaded result={project} testId="account-project">
        {(p) => {
          const shown = accountSections.filter((s) => s.shown(p))
          const section = shown.some((s) => s.id === route.section) ? route.section : "profile"
          return (
            <div className="sae-account-layout">
              <nav aria-label={messages.account.navLabel} className="sae-account-nav" data-testid="account-nav">
                <ul>
                  {shown.map((s) => (
                    <li key={s.id}>
                      <a href={`#${s.id}`} aria-current={s.id === section ? "page" : undefined} data-testid={`account-nav-${s.id}`}>{messages.account.sections[s.id]}</a>
                    </li>
                  ))}
                </ul>
              </nav>
              <div className="sae-account-body">
                <Loaded result={user} testId="account-user">
                  {(u) => u === null ? null : <Body user={u} project={p} section={section} teamId={route.teamId} />}
                </Loaded>
              </div>
            </div>
          )
        }}
      </Loaded>
    </ThemeRoot>
  )
}
