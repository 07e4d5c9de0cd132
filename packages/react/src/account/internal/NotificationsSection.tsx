/**
 * Account settings, notifications (`/emails/notification-preference`): which e-mails the user
 * gets; categories that cannot be turned off say so.
 *
 * @since 0.1.0
 */
import { type ReactNode } from "react"
import type { NotificationCategory } from "stack-auth-effect/Notifications"
import * as Notifications from "stack-auth-effect/Notifications"
import { useNotificationCategoriesQuery } from "../../hooks.ts"
import { ErrorAlert } from "../../ui/primitives.tsx"
import { useMessages } from "../../ui/Theme.tsx"
import { useMutation } from "../../useQuery.ts"
import { Loaded, Section } from "./parts.tsx"

function CategoryRow(props: { readonly category: NotificationCategory; readonly alwaysSent: string }): ReactNode {
  const c = props.category
  const toggle = useMutation((enabled: boolean) => Notifications.setEnabled(c.id, enabled))
  return (
    <li>
      <label className="sae-switch">
        <input
          type="checkbox"
          role="switch"
          checked={c.enabled}
          disabled={!c.canDisable || toggle.isPending}
          onChange={(e) => void toggle.mutate(e.currentTarget.checked)}
          data-testid={`notification-${c.name}`}
        />{" "}
        {c.name}
      </label>
      {!c.canDisable && <span className="sae-muted"> {props.alwaysSent}</span>}
      <ErrorAlert error={toggle.error} />
    </li>
  )
}

/** Which e-mails the user receives. */
export function NotificationsSection(): ReactNode {
  const t = useMessages().account.notifications
  const categories = useNotificationCategoriesQuery()
  return (
    <Section id="notifications" title={t.title} description={t.description}>
      <Loaded result={categories} testId="notifications" empty={(list) => list.length === 0} emptyText={t.empty}>
        {(list) => <ul className="sae-list" data-testid="notifications">{list.map((c) => <CategoryRow key={c.id} category={c} alwaysSent={t.alwaysSent} />)}</ul>}
      </Loaded>
    </Section>
  )
}
