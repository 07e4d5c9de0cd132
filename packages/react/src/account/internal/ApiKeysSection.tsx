/**
 * Account settings, API keys (`/user-api-keys`): create one (its whole value is
 * shown once, with a copy button), list them with human times, revoke (asked first). Revoking the
 * key just created also takes its "copy it now" value off the page.
 *
 * @since 0.1.0
 */
import * as Redacted from "effect/Redacted"
import { type ReactNode, useState } from "react"
import * as ApiKeys from "stack-auth-effect/ApiKeys"
import type { ApiKey } from "stack-auth-effect/ApiKeys"
import { Form, Submit } from "../../handler/ui.tsx"
import { useApiKeysQuery } from "../../hooks.ts"
import { Alert, Button, ErrorAlert, Field } from "../../ui/primitives.tsx"
import { useMessages } from "../../ui/Theme.tsx"
import { useMutation } from "../../useQuery.ts"
import { ConfirmButton, Loaded, Section, TableHead, Time } from "./parts.tsx"

function CopyButton(props: { readonly value: string }): ReactNode {
  const t = useMessages().account.apiKeys
  const [copied, setCopied] = useState<boolean | undefined>(undefined)
  const copy = () => {
    const clipboard = (globalThis as { navigator?: { clipboard?: { writeText: (t: string) => Promise<void> } } }).navigator?.clipboard
    if (clipboard === undefined) return setCopied(false)
    clipboard.writeText(props.value).then(() => setCopied(true), () => setCopied(false))
  }
  return (
    <>
      <Button variant="secondary" size="sm" onClick={copy} testId="api-key-copy">{t.copy}</Button>
      <span role="status" className="sae-muted" data-testid="api-key-copied">
        {copied === true ? t.copied : copied === false ? t.copyFailed : ""}
      </span>
    </>
  )
}

function KeyRow(props: { readonly apiKey: ApiKey; readonly owner: ApiKeys.Owner; readonly now: number; readonly onRevoked: (id: string) => void }): ReactNode {
  const { apiKey } = props
  const messages = useMessages()
  const t = messages.account.apiKeys
  const revoke = useMutation(() => ApiKeys.revoke(props.owner, apiKey.id))
  const revoked = apiKey.manuallyRevokedAt !== undefined
  const expired = !revoked && apiKey.expiresAt !== undefined && apiKey.expiresAt.getTime() <= props.now
  return (
    <tr data-testid="api-key" data-revoked={revoked}>
      <td className="sae-cell-main">
        <span className="sae-strong">{apiKey.description === "" ? t.untitled : apiKey.description}</span>{" "}
        <code className="sae-muted">…{"lastFour" in apiKey.value ? apiKey.value.lastFour : ""}</code>
      </td>
      <td>{t.created} <Time date={apiKey.createdAt} nowMillis={props.now} /></td>
      <td>
        {revoked
          ? <span className="sae-badge sae-badge-danger">{t.revoked}</span>
          : expired
          ? <span className="sae-badge sae-badge-warning">{t.expired}</span>
          : <span className="sae-badge sae-badge-success">{t.active}</span>}
      </td>
      <td className="sae-cell-actions">
        {!revoked && (
          <ConfirmButton
            label={messages.account.revoke}
            title={t.revokeTitle(apiKey.description)}
            body={t.revokeBody}
            confirmLabel={t.revokeConfirm}
            onConfirm={() => void revoke.mutate().then((exit) => exit._tag === "Success" && props.onRevoked(apiKey.id))}
            busy={revoke.isPending}
            testId="api-key-revoke"
          />
        )}
        <ErrorAlert error={revoke.error} />
      </td>
    </tr>
  )
}

/** The API keys of the user, or of a team with `owner`. */
export function ApiKeysSection(props: { readonly owner?: ApiKeys.Owner | undefined }): ReactNode {
  const messages = useMessages()
  const t = messages.account.apiKeys
  const owner: ApiKeys.Owner = props.owner ?? { userId: "me" }
  const keys = useApiKeysQuery(owner)
  const [description, setDescription] = useState("")
  const [now] = useState(() => Date.now())
  const create = useMutation(() => ApiKeys.create({ ...owner, description: description.trim() }))
  const created = create.data
  return (
    <Section id="api-keys" title={t.title} description={t.description}>
      {created !== undefined && (
        <div className="sae-alert sae-alert-success" data-testid="api-key-created">
          <p role="status">{t.copyNow}</p>
          <div className="sae-row">
            <code className="sae-code sae-secret" data-testid="api-key-value">{Redacted.value(created.value)}</code>
            <CopyButton value={Redacted.value(created.value)} />
          </div>
          <Button variant="ghost" size="sm" onClick={create.reset} testId="api-key-dismiss">{t.dismiss}</Button>
        </div>
      )}
      <Loaded result={keys} testId="api-keys" empty={(list) => list.length === 0} emptyText={t.empty}>
        {(list) => (
          <table className="sae-table" data-testid="api-keys">
            <TableHead columns={[t.keyColumn, t.createdColumn, t.statusColumn]} />
            <tbody>
              {list.map((k) => (
                <KeyRow key={k.id} apiKey={k} owner={owner} now={now} onRevoked={(id) => created?.id === id && create.reset()} />
              ))}
            </tbody>
          </table>
        )}
      </Loaded>
      <Form
        label={t.createLabel}
        onSubmit={() => create.mutate().then((exit) => exit._tag === "Success" && setDescription(""))}
        testId="create-api-key"
      >
        <Field label={t.descriptionLabel} name="api-key-description" value={description} onChange={setDescription} required={false} />
        <ErrorAlert error={create.error} />
        <Submit busy={create.isPending} busyText={t.creating} testId="create-api-key-submit">{t.create}</Submit>
      </Form>
      {create.exit?._tag === "Success" && created === undefined && <Alert tone="success" testId="api-key-hidden">{t.hidden}</Alert>}
    </Section>
  )
}
