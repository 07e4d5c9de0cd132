/**
 * Account settings, linked accounts (SPEC §3 "OAuth provider (linked account)", §7
 * `/oauth-providers`): the provider accounts linked to the user, whether each signs in, and
 * unlinking (asked first, refused when it is the last way to sign in).
 *
 * @since 0.1.0
 */
import { type ReactNode } from "react"
import type { OAuthProvider } from "../../src/protocol/schemas/OAuthProvider.ts"
import { useMutation } from "../useQuery.ts"
import { providerName, setLinkedAccountSignIn, unlinkAccount, useLinkedAccountsQuery } from "./linkedAccounts.ts"
import { ConfirmButton, ErrorMessage, Loaded, Refusal, Section, useRefusal } from "./parts.tsx"
import { refusalOf, useSignInState } from "./useSignInState.ts"

function AccountRow(props: { readonly account: OAuthProvider; readonly onRefused: (reason: string | undefined) => void }): ReactNode {
  const { account } = props
  const state = useSignInState()
  const name = providerName(account.type)
  const signIn = useMutation((on: boolean) => setLinkedAccountSignIn(account.id, on))
  const unlink = useMutation(() => unlinkAccount(account.id))
  const toggle = (on: boolean) => {
    const reason = on ? undefined : refusalOf(state, { _tag: "OAuth", accountId: account.id })
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
          Use for sign-in
        </label>
      </td>
      <td className="sae-cell-actions">
        <ConfirmButton
          label="Unlink"
          title={`Unlink your ${name} account?`}
          body={`You will no longer be able to sign in with ${name}.`}
          confirmLabel="Unlink"
          onConfirm={() => void unlink.mutate()}
          busy={unlink.isPending}
          refuse={() => refusalOf(state, { _tag: "OAuth", accountId: account.id })}
          onRefused={props.onRefused}
          testId="linked-unlink"
        />
        <ErrorMessage error={signIn.error ?? unlink.error} />
      </td>
    </tr>
  )
}

/** The user's linked OAuth accounts. SPEC §3 */
export function LinkedAccountsSection(): ReactNode {
  const accounts = useLinkedAccountsQuery()
  const [refusal, setRefusal] = useRefusal()
  return (
    <Section id="linked-accounts" title="Linked accounts" description="Accounts from other services you can sign in with.">
      <Loaded result={accounts} testId="linked-accounts" empty={(list) => list.length === 0} emptyText="No linked accounts. Sign in with a provider to link one.">
        {(list) => (
          <table className="sae-table" data-testid="linked-accounts">
            <thead><tr><th scope="col">Account</th><th scope="col">Sign-in</th><th scope="col"><span className="sae-visually-hidden">Actions</span></th></tr></thead>
            <tbody>{list.map((a) => <AccountRow key={a.id} account={a} onRefused={setRefusal} />)}</tbody>
          </table>
        )}
      </Loaded>
      <Refusal reason={refusal} />
    </Section>
  )
}
