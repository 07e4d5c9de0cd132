/**
 * Account settings: contact channels, sessions, API keys and notification preferences
 * (SPEC §2 `account-settings`, §3, §7).
 *
 * @since 0.1.0
 */
import * as Redacted from "effect/Redacted"
import { type ReactNode, useState } from "react"
import * as ContactChannels from "../../../../src/api/ContactChannels.ts"
import * as Mutations from "../../../../src/cache/Mutations.ts"
import { useApiKeys, useContactChannels, useNotificationCategories, useSessions } from "../../../hooks.ts"
import { useMutation } from "../../../useQuery.ts"
import { useHandler } from "../../HandlerContext.tsx"
import { Alert, Field, Form, Status, Submit } from "../../ui.tsx"

/** The user's e-mail addresses: add, verify, make primary, remove. SPEC §3 Contact channel */
export function ContactChannelsSection(): ReactNode {
  const handler = useHandler()
  const channels = useContactChannels()
  const [email, setEmail] = useState("")
  const add = useMutation(() => Mutations.createContactChannel({ type: "email", value: email, usedForAuth: false }))
  const verify = useMutation((id: string) =>
    ContactChannels.sendVerificationCode(id, { callbackUrl: handler.absolute(handler.urls.emailVerification) })
  )
  const primary = useMutation((id: string) => Mutations.updateContactChannel(id, { isPrimary: true }))
  const remove = useMutation((id: string) => Mutations.removeContactChannel(id))
  return (
    <section aria-labelledby="channels-heading" data-testid="section-contact-channels">
      <h2 id="channels-heading">E-mail addresses</h2>
      <ul data-testid="contact-channels">
        {channels.map((c) => (
          <li key={c.id} data-testid={`channel-${c.value}`}>
            {c.value}
            {c.isPrimary && " (primary)"}
            {c.isVerified ? " (verified)" : " (not verified)"}{" "}
            {!c.isVerified && <button type="button" onClick={() => void verify.mutate(c.id)}>Send verification e-mail</button>}
            {!c.isPrimary && <button type="button" onClick={() => void primary.mutate(c.id)}>Make primary</button>}
            {!c.isPrimary && <button type="button" onClick={() => void remove.mutate(c.id)}>Remove</button>}
          </li>
        ))}
      </ul>
      {verify.exit !== undefined && verify.error === undefined && <Status testId="verification-sent">Verification e-mail sent.</Status>}
      <Alert error={verify.error ?? primary.error ?? remove.error} />
      <Form label="Add an e-mail address" onSubmit={() => void add.mutate().then(() => setEmail(""))} testId="add-channel">
        <Field label="New e-mail address" name="channel-email" type="email" value={email} onChange={setEmail} autoComplete="email" />
        <Alert error={add.error} />
        <Submit busy={add.isPending} testId="add-channel-submit">Add</Submit>
      </Form>
    </section>
  )
}

/** The user's sessions; others can be revoked. SPEC §3 Session (listed) */
export function SessionsSection(): ReactNode {
  const sessions = useSessions()
  const revoke = useMutation((id: string) => Mutations.revokeSession(id))
  return (
    <section aria-labelledby="sessions-heading" data-testid="section-sessions">
      <h2 id="sessions-heading">Sessions</h2>
      <ul data-testid="sessions">
        {sessions.map((s) => (
          <li key={s.id} data-testid="session">
            Since {s.createdAt.toISOString()}
            {s.isImpersonation && " (impersonation)"}
            {s.isCurrentSession === true
              ? " (this device)"
              : <> <button type="button" onClick={() => void revoke.mutate(s.id)} data-testid="session-revoke">Revoke</button></>}
          </li>
        ))}
      </ul>
      <Alert error={revoke.error} />
    </section>
  )
}

/** The user's API keys: create (the value is shown once), revoke. SPEC §3 API key */
export function ApiKeysSection(): ReactNode {
  const keys = useApiKeys()
  const [description, setDescription] = useState("")
  const create = useMutation(() => Mutations.createApiKey({ userId: "me", description }))
  const revoke = useMutation((id: string) => Mutations.revokeApiKey({ userId: "me" }, id))
  return (
    <section aria-labelledby="api-keys-heading" data-testid="section-api-keys">
      <h2 id="api-keys-heading">API keys</h2>
      <ul data-testid="api-keys">
        {keys.map((k) => (
          <li key={k.id} data-testid="api-key">
            {k.description} (…{"lastFour" in k.value ? k.value.lastFour : ""})
            {k.manuallyRevokedAt !== undefined
              ? " (revoked)"
              : <> <button type="button" onClick={() => void revoke.mutate(k.id)} data-testid="api-key-revoke">Revoke</button></>}
          </li>
        ))}
      </ul>
      <Alert error={revoke.error} />
      <Form label="Create an API key" onSubmit={() => void create.mutate()} testId="create-api-key">
        <Field label="Description" name="api-key-description" value={description} onChange={setDescription} />
        <Alert error={create.error} />
        <Submit busy={create.isPending} testId="create-api-key-submit">Create</Submit>
      </Form>
      {create.data !== undefined && (
        <Status testId="api-key-created">
          Copy your new key now, it is not shown again: <code data-testid="api-key-value">{Redacted.value(create.data.value)}</code>
        </Status>
      )}
    </section>
  )
}

/** Which e-mails the user receives. SPEC §3 Notification category */
export function NotificationsSection(): ReactNode {
  const categories = useNotificationCategories()
  const toggle = useMutation((id: string, enabled: boolean) => Mutations.setNotificationEnabled(id, enabled))
  return (
    <section aria-labelledby="notifications-heading" data-testid="section-notifications">
      <h2 id="notifications-heading">E-mail notifications</h2>
      {categories.map((c) => (
        <p key={c.id}>
          <label>
            <input
              type="checkbox"
              checked={c.enabled}
              disabled={!c.canDisable || toggle.isPending}
              onChange={(e) => void toggle.mutate(c.id, e.currentTarget.checked)}
              data-testid={`notification-${c.name}`}
            />{" "}
            {c.name}
          </label>
        </p>
      ))}
      <Alert error={toggle.error} />
    </section>
  )
}
