/**
 * The account settings page (`/handler/account-settings`): the prebuilt `AccountSettings` under the
 * page's heading. Signed out, it sends the visitor to sign in and back here.
 *
 * @since 0.1.0
 */
import { type ReactNode } from "react"
import { AccountSettings } from "../../../../account/AccountSettings.tsx"
import { useMessages } from "../../../../ui/Theme.tsx"
import { Page } from "../../../ui.tsx"

/** The account settings page. `/handler/account-settings` */
export function AccountSettingsPage(): ReactNode {
  const messages = useMessages()
  return (
    <Page title={messages.account.pageTitle} testId="page-account-settings" wide>
      <AccountSettings />
    </Page>
  )
}
