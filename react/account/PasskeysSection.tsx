/**
 * Account settings, passkeys (SPEC §3 User `passkey_auth_enabled`, §5, §7 `/auth/passkey/*`): add
 * one for this device, see whether the account has one, and remove passkey sign-in (asked first,
 * refused when it is the last way to sign in). The protocol keeps one passkey switch per user, not
 * a list of devices, so the list has one row.
 *
 * @since 0.1.0
 */
import { type ReactNode } from "react"
import type * as Users from "../../src/api/Users.ts"
import * as Mutations from "../../src/cache/Mutations.ts"
import { useMutation } from "../useQuery.ts"
import { ConfirmButton, ErrorMessage, Notice, Refusal, Section, useRefusal } from "./parts.tsx"
import { refusalOf, useSignInState } from "./useSignInState.ts"

/** Passkeys: add, list, remove. SPEC §5 */
export function PasskeysSection(props: { readonly user: Users.CurrentUser }): ReactNode {
  const state = useSignInState()
  const [refusal, setRefusal] = useRefusal()
  const register = useMutation(() => Mutations.registerPasskey())
  const remove = useMutation(() => Mutations.updateUser({ passkeyAuthEnabled: false }))
  const has = props.user.passkeyAuthEnabled
  return (
    <Section id="passkeys" title="Passkeys" description="Sign in with your fingerprint, face or device PIN instead of a password.">
      {has
        ? (
          <table className="sae-table" data-testid="passkeys">
            <thead><tr><th scope="col">Passkey</th><th scope="col"><span className="sae-visually-hidden">Actions</span></th></tr></thead>
            <tbody>
              <tr data-testid="passkey">
                <td className="sae-cell-main">Passkey sign-in <span className="sae-badge sae-badge-success">On</span></td>
                <td className="sae-cell-actions">
                  <ConfirmButton
                    label="Remove"
                    title="Remove passkey sign-in?"
                    body="You will no longer be able to sign in with a passkey. Your devices may still list the passkey: you can delete it there."
                    confirmLabel="Remove passkey"
                    onConfirm={() => void remove.mutate()}
                    busy={remove.isPending}
                    refuse={() => refusalOf(state, { _tag: "Passkey" })}
                    onRefused={setRefusal}
                    testId="passkey-remove"
                  />
                </td>
              </tr>
            </tbody>
          </table>
        )
        : <p className="sae-empty" data-testid="passkey-state">No passkey yet.</p>}
      <button
        type="button"
        className="sae-button sae-button-secondary"
        onClick={() => {
          setRefusal(undefined)
          void register.mutate()
        }}
        disabled={register.isPending}
        aria-busy={register.isPending}
        data-testid="passkey-register"
      >
        {register.isPending ? "Waiting for your device…" : "Add a passkey"}
      </button>
      {register.exit?._tag === "Success" && <Notice testId="passkey-registered">Passkey added.</Notice>}
      <Refusal reason={refusal} />
      <ErrorMessage error={register.error ?? remove.error} />
    </Section>
  )
}
