/**
 * Account settings, danger zone (SPEC §4, §6, §7 `DELETE /users/me`): sign out, and delete the
 * account when the project allows it, after a confirmation that names what is lost.
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import { type ReactNode } from "react"
import * as Redirects from "../../src/handler/Redirects.ts"
import * as Mutations from "../../src/cache/Mutations.ts"
import { useProjectQuery } from "../hooks.ts"
import { useMutation } from "../useQuery.ts"
import { ConfirmButton, ErrorMessage, Section, useAccountLinks } from "./parts.tsx"

/** Sign out and account deletion. SPEC §4, §6 */
export function DangerSection(): ReactNode {
  const links = useAccountLinks()
  const project = useProjectQuery().data
  const remove = useMutation(() =>
    Mutations.deleteUser().pipe(Effect.andThen(Redirects.redirectToHandler("afterSignOut", { replace: true })))
  )
  return (
    <Section id="danger" title="Danger zone" description="Leave this device, or your account for good.">
      <p><a className="sae-button sae-button-secondary" href={links.urls.signOut} data-testid="link-sign-out">Sign out</a></p>
      {project?.config.clientUserDeletionEnabled === true && (
        <div className="sae-danger-box">
          <p>Deleting your account removes your profile, e-mail addresses, sessions and team memberships. It cannot be undone.</p>
          <ConfirmButton
            label="Delete account"
            title="Delete your account for good?"
            body="Your profile, e-mail addresses, sessions, API keys and team memberships are removed at once. This cannot be undone."
            confirmLabel="Delete my account"
            onConfirm={() => void remove.mutate()}
            busy={remove.isPending}
            testId="delete-account"
          />
        </div>
      )}
      <ErrorMessage error={remove.error} />
    </Section>
  )
}
