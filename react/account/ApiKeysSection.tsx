/**
 * Account settings, API keys (SPEC §3 API key, §7 `/user-api-keys`): create one (its whole value is
 * shown once, with a copy button), list them with human times, revoke (asked first). Revoking the
 * key just created also takes its "copy it now" value off the page.
 *
 * @since 0.1.0
 */
import * as Redacted from "effect/Redacted"
import { type ReactNode, useRef, useState } from "react"
import type * as ApiKeys from "../../src/api/ApiKeys.ts"
import * as Mutations from "../../src/cache/Mutations.ts"
import type { ApiKey } from "../../src/protocol/schemas/ApiKey.ts"
import { Field, Form, Submit } from "../handler/ui.tsx"
import { useApiKeysQuery } from "../hooks.ts"
import { useMutation } from "../useQuery.ts"
import { ConfirmButton, ErrorMessage, useFocusFirstError, Loaded, Notice, Section, Time } from "./parts.tsx"

function CopyButton(props: { readonly value: string }): ReactNode {
  const [copied, setCopied] = useState<boolean | undefined>(undefined)
  const copy = () => {
    const clipboard = (globalThis as { navigator?: { clipboard?: { writeText: (t: string) => Promise<void> } } }).navigator?.clipboard
    if (clipboard === undefined) return setCopied(false)
    clipboard.writeText(props.value).then(() => setCopied(true), () => setCopied(false))
  }
  return (
    <>
      <button type="button" className="sae-button sae-button-secondary" onClick={copy} data-testid="api-key-copy">Copy</button>
      <span role="status" className="sae-muted" data-testid="api-key-copied">
        {copied === true ? "Copied." : copied === false ? "Copying failed: select the key and copy it." : ""}
      </span>
    </>
  )
}

function KeyRow(props: { readonly apiKey: ApiKey; readonly owner: ApiKeys.Owner; readonly now: number; readonly onRevoked: (id: string) => void }): ReactNode {
  const { apiKey } = props
  const revoke = useMutation(() => Mutations.revokeApiKey(props.owner, apiKey.id))
  const revoked = apiKey.manuallyRevokedAt !== undefined
  const expired = !revoked && apiKey.expiresAt !== undefined && apiKey.expiresAt.getTime() <= props.now
  return (
    <tr data-testid="api-key" data-revoked={revoked}>
      <td className="sae-cell-main">
        <span className="sae-strong">{apiKey.description === "" ? "Untitled key" : apiKey.description}</span>{" "}
        <code className="sae-muted">…{"lastFour" in apiKey.value ? apiKey.value.lastFour : ""}</code>
      </td>
      <td>Created <Time date={apiKey.createdAt} nowMillis={props.now} /></td>
      <td>
        {revoked
          ? <span className="sae-badge sae-badge-danger">Revoked</span>
          : expired
          ? <span className="sae-badge sae-badge-warning">Expired</span>
          : <span className="sae-badge sae-badge-success">Active</span>}
      </td>
      <td className="sae-cell-actions">
        {!revoked && (
          <ConfirmButton
            label="Revoke"
            title={`Revoke ${apiKey.description === "" ? "this key" : `“${apiKey.description}”`}?`}
            body="Programs using this key stop working at once. This cannot be undone."
            confirmLabel="Revoke key"
            onConfirm={() => void revoke.mutate().then((exit) => exit._tag === "Success" && props.onRevoked(apiKey.id))}
            busy={revoke.isPending}
            testId="api-key-revoke"
          />
        )}
        <ErrorMessage error={revoke.error} />
      </td>
    </tr>
  )
}

/** The API keys of the user, or of a team with `owner`. SPEC §3 API key */
export function ApiKeysSection(props: { readonly owner?: ApiKeys.Owner | undefined }): ReactNode {
  const owner: ApiKeys.Owner = props.owner ?? { userId: "me" }
  const keys = useApiKeysQuery(owner)
  const [description, setDescription] = useState("")
  const [now] = useState(() => Date.now())
  const form = useRef<HTMLDivElement>(null)
  const create = useMutation(() => Mutations.createApiKey({ ...owner, description: description.trim() }))
  useFocusFirstError(form, create.exit)
  const created = create.data
  return (
    <Section id="api-keys" title="API keys" description="Keys let programs act as you. Treat them like passwords.">
      {created !== undefined && (
        <div className="sae-alert sae-alert-success sae-stack" data-testid="api-key-created">
          <p role="status">Copy your new key now: it is not shown again.</p>
          <div className="sae-row">
            <code className="sae-code sae-secret" data-testid="api-key-value">{Redacted.value(created.value)}</code>
            <CopyButton value={Redacted.value(created.value)} />
          </div>
          <button type="button" className="sae-button sae-button-ghost" onClick={create.reset} data-testid="api-key-dismiss">I have copied it</button>
        </div>
      )}
      <Loaded result={keys} testId="api-keys" empty={(list) => list.length === 0} emptyText="No API keys yet.">
        {(list) => (
          <table className="sae-table" data-testid="api-keys">
            <thead>
              <tr>
                <th scope="col">Key</th><th scope="col">Created</th><th scope="col">Status</th>
                <th scope="col"><span className="sae-visually-hidden">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {list.map((k) => (
                <KeyRow key={k.id} apiKey={k} owner={owner} now={now} onRevoked={(id) => created?.id === id && create.reset()} />
              ))}
            </tbody>
          </table>
        )}
      </Loaded>
      <div ref={form}>
        <Form
          label="Create an API key"
          onSubmit={() => void create.mutate().then((exit) => exit._tag === "Success" && setDescription(""))}
          testId="create-api-key"
        >
          <Field label="What is the key for?" name="api-key-description" value={description} onChange={setDescription} required={false} />
          <ErrorMessage error={create.error} />
          <Submit busy={create.isPending} testId="create-api-key-submit">{create.isPending ? "Creating…" : "Create key"}</Submit>
        </Form>
      </div>
      {create.exit?._tag === "Success" && created === undefined && <Notice testId="api-key-hidden">The new key's value is no longer shown.</Notice>}
    </Section>
  )
}
