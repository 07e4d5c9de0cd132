/**
 * Account settings, danger zone (`DELETE /users/me`): sign out, and delete the
 * account when the project allows it, after a confirmation that names what is lost.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import { type ReactNode } from "react"
import * as Redirects from "stack-auth-effect/Redirects"
import * as Users from "stack-auth-effect/Users"
import { useProjectQuery } from "../../hooks.ts"
import { ButtonLink, ErrorAlert } from "../../ui/primitives.tsx"
import { useMessages } from "../../ui/Theme.tsx"
import { useMutation } from "../../useQuery.ts"
import { ConfirmButton, Section, useAccountLinks } from "./parts.tsx"

/** Sign out and account deletion. */
export function DangerSection(): ReactNode {
  const messages = useMessages()
  const t = messages.account.danger
  const links = useAccountLinks()
  const project = useProjectQuery().data
  const remove = useMutation(() =>
    Users.deleteCurrent().pipe(Effect.andThen(Redirects.redirectToHandler("afterSignOut", { replace: true })))
  )
  return (
    <Section id="danger" title={t.title} description={t.description}>
      <p><ButtonLink variant="secondary" href={links.urls.signOut} testId="link-sign-out">{messages.account.signOut}</ButtonLink></p>
      {project?.config.clientUserDeletionEnabled === true && (
        <div className="sae-danger-box">
          <p>{t.deleteWarning}</p>
          <ConfirmButton
            label={t.delete}
            title={t.deleteTitle}
            body={t.deleteBody}
            confirmLabel={t.deleteConfirm}
            onConfirm={() => void remove.mutate()}
            busy={remove.isPending}
            testId="delete-account"
          />
        </div>
      )}
      <ErrorAlert error={remove.error} />
    </Section>
  )
}
