/**
 * Account settings, linked accounts
 * (`/oauth-providers`): the provider accounts linked to the user, whether each signs in, and
 * unlinking (asked first, refused when it is the last way to sign in).
 *
 * @since 0.1.0
 */
import { type ReactNode } from "react"
import type { OAuthProvider } from "stack-auth-effect/OAuthProviders"
import { ErrorAlert } from "../../ui/primitives.tsx"
import { providerName } from "../../ui/ProviderIcons.tsx"
import { useMessages } from "../../ui/Theme.tsx"
import { useMutation } from "../../useQuery.ts"
import { setLinkedAccountSignIn, unlinkAccount, useLinkedAccountsQuery } from "./linkedAccounts.ts"
import { ConfirmButton, Loaded, Refusal, Section, TableHead, useRefusal } from "./parts.tsx"
import { refusalOf, useSignInState } from "./useSignInState.ts"

function AccountRow(props: { readonly account: OAuthProvider; readonly onRefused: (reason: string | undefined) => void }): ReactNode {
  const { account } = props
  const messages = useMessages()
  const t = messages.account.linked
  const state = useSignInState()
  const name = providerName(account.type)
  const signIn = useMutation((on: boolean) => setLinkedAccountSignIn(account.id, on))
  const unlink = useMutation(() => unlinkAccount(account.id))
  const toggle = (on: boolean) => {
    const reason = on ? undefined : refusalOf(messages, state, { _tag: "OAuth", accountId: account.id })
    props.onRefused(reason)
    if (reason === undefined) void signIn.mutate(on)
  }
  return (
    <tr data-testid={`linked-${account.type}`}>
      <td className="sae-cell-main">
        <span className="sae-strong">{name}</span>
        {account.email !== undefined && account.email !== null && <span className="sae-muted"> {account.email}</span>}
      </td>
      <td>
        <label className="sae-switch">
          <input type="checkbox" role="switch" checked={account.allowSignIn} disabled={signIn.isPending} onChange={(e) => toggle(e.currentTarget.checked)} data-testid="linked-sign-in" />{" "}
          {messages.account.useForSignIn}
        </label>
      </td>
      <td className="sae-cell-actions">
        <ConfirmButton
          label={t.unlink}
          title={t.unlinkTitle(name)}
          body={t.unlinkBody(name)}
          confirmLabel={t.unlink}
          onConfirm={() => void unlink.mutate()}
          busy={unlink.isPending}
          refuse={() => refusalOf(messages, state, { _tag: "OAuth", accountId: account.id })}
          onRefused={props.onRefused}
          testId="linked-unlink"
        />
        <ErrorAlert error={signIn.error ?? unlink.error} />
      </td>
    </tr>
  )
}

/** The user's linked OAuth accounts. */
export function LinkedAccountsSection(): ReactNode {
  const messages = useMessages()
  const t = messages.account.linked
  const accounts = useLinkedAccountsQuery()
  const [refusal, setRefusal] = useRefusal()
  return (
    <Section id="linked-accounts" title={t.title} description={t.description}>
      <Loaded result={accounts} testId="linked-accounts" empty={(list) => list.length === 0} emptyText={t.empty}>
        {(list) => (
          <table className="sae-table" data-testid="linked-accounts">
            <TableHead columns={[t.column, t.signInColumn]} />
            <tbody>{list.map((a) => <AccountRow key={a.id} account={a} onRefused={setRefusal} />)}</tbody>
          </table>
        )}
      </Loaded>
      <Refusal reason={refusal} />
    </Section>
  )
}
