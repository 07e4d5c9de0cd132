/**
 * Account settings, passkeys (`passkey_auth_enabled`, `/auth/passkey/*`): add
 * one for this device, see whether the account has one, and remove passkey sign-in (asked first,
 * refused when it is the last way to sign in). The protocol keeps one passkey switch per user, not
 * a list of devices, so the list has one row.
 *
 * @since 0.1.0
 */
import { type ReactNode } from "react"
import * as Users from "stack-auth-effect/Users"
import * as Passkeys from "stack-auth-effect/Passkeys"
import { Alert, Button, ErrorAlert } from "../../ui/primitives.tsx"
import { useMessages } from "../../ui/Theme.tsx"
import { useMutation } from "../../useQuery.ts"
import { ConfirmButton, Refusal, Section, TableHead, useRefusal } from "./parts.tsx"
import { refusalOf, useSignInState } from "./useSignInState.ts"

/** Passkeys: add, list, remove. */
export function PasskeysSection(props: { readonly user: Users.CurrentUser }): ReactNode {
  const messages = useMessages()
  const t = messages.account.passkeys
  const state = useSignInState()
  const [refusal, setRefusal] = useRefusal()
  const register = useMutation(() => Passkeys.register())
  const remove = useMutation(() => Users.update({ passkeyAuthEnabled: false }))
  const has = props.user.passkeyAuthEnabled
  return (
    <Section id="passkeys" title={t.title} description={t.description}>
      {has
        ? (
          <table className="sae-table" data-testid="passkeys">
            <TableHead columns={[t.column]} />
            <tbody>
              <tr data-testid="passkey">
                <td className="sae-cell-main">{t.row} <span className="sae-badge sae-badge-success">{t.on}</span></td>
                <td className="sae-cell-actions">
                  <ConfirmButton
                    label={messages.account.remove}
                    title={t.removeTitle}
                    body={t.removeBody}
                    confirmLabel={t.removeConfirm}
                    onConfirm={() => void remove.mutate()}
                    busy={remove.isPending}
                    refuse={() => refusalOf(messages, state, { _tag: "Passkey" })}
                    onRefused={setRefusal}
                    testId="passkey-remove"
                  />
                </td>
              </tr>
            </tbody>
          </table>
        )
        : <p className="sae-empty" data-testid="passkey-state">{t.none}</p>}
      <Button
        variant="secondary"
        onClick={() => {
          setRefusal(undefined)
          void register.mutate()
        }}
        busy={register.isPending}
        busyText={t.adding}
        testId="passkey-register"
      >
        {t.add}
      </Button>
      {register.exit?._tag === "Success" && <Alert tone="success" testId="passkey-registered">{t.added}</Alert>}
      <Refusal reason={refusal} />
      <ErrorAlert error={register.error ?? remove.error} />
    </Section>
  )
}
