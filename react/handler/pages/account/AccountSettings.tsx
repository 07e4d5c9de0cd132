/**
 * The account settings page (SPEC §2 `account-settings`): profile, password, two-factor
 * authentication, passkeys, e-mail addresses, sessions, API keys, notifications, teams, sign-out and
 * deletion. Signed out, it sends the visitor to sign in and back here.
 *
 * @since 0.1.0
 */
import { type ReactNode, Suspense } from "react"
import { useProject, useUser } from "../../../hooks.ts"
import { Page, Status } from "../../ui.tsx"
import { DangerSection, MfaSection, PasskeySection, PasswordSection, ProfileSection } from "./Profile.tsx"
import { ApiKeysSection, ContactChannelsSection, NotificationsSection, SessionsSection } from "./Lists.tsx"
import { TeamsSection } from "./Teams.tsx"

const loading = <Status>Loading…</Status>

/** The account settings page. SPEC §2 `account-settings` */
export function AccountSettingsPage(): ReactNode {
  const user = useUser({ or: "redirect" })
  const project = useProject()
  return (
    <Page title="Account settings" testId="page-account-settings">
      <ProfileSection user={user} />
      {project.config.credentialEnabled && <PasswordSection user={user} />}
      <MfaSection user={user} />
      {project.config.passkeyEnabled && <PasskeySection user={user} />}
      <Suspense fallback={loading}><ContactChannelsSection /></Suspense>
      <Suspense fallback={loading}><SessionsSection /></Suspense>
      {project.config.allowUserApiKeys && <Suspense fallback={loading}><ApiKeysSection /></Suspense>}
      <Suspense fallback={loading}><NotificationsSection /></Suspense>
      <Suspense fallback={loading}><TeamsSection user={user} /></Suspense>
      <DangerSection />
    </Page>
  )
}
