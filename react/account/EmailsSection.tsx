/**
 * Account settings, e-mail addresses (SPEC §3 Contact channel, §4, §7 Contact channels): add,
 * verify, make primary, choose which addresses sign in, remove. A change that would leave no way to
 * sign in (removing the last address used for sign-in, or turning sign-in off on it, without a
 * passkey or linked account) is refused with the reason. Making a verified address primary also
 * makes it sign in, so "add and verify a second address, make it primary, remove the original"
 * keeps the user able to sign in.
 *
 * @since 0.1.0
 */
import { type ReactNode, useRef, useState } from "react"
import * as ContactChannels from "../../src/api/ContactChannels.ts"
import * as Mutations from "../../src/cache/Mutations.ts"
import type { ContactChannel } from "../../src/protocol/schemas/ContactChannel.ts"
import { Field, Form, Submit } from "../handler/ui.tsx"
import { useContactChannelsQuery } from "../hooks.ts"
import { useMutation } from "../useQuery.ts"
import { ConfirmButton, ErrorMessage, useFocusFirstError, Loaded, Notice, Refusal, Section, useAccountLinks, useRefusal } from "./parts.tsx"
import { addressesSignIn } from "./signInMethods.ts"
import { refusalOf, useSignInState } from "./useSignInState.ts"

function ChannelRow(props: {
  readonly channel: ContactChannel
  readonly onRefused: (reason: string | undefined) => void
}): ReactNode {
  const { channel } = props
  const links = useAccountLinks()
  const state = useSignInState()
  const verify = useMutation(() =>
    ContactChannels.sendVerificationCode(channel.id, { callbackUrl: links.absolute(links.urls.emailVerification) })
  )
  const primary = useMutation(() => Mutations.updateContactChannel(channel.id, { isPrimary: true, usedForAuth: true }))
  const signIn = useMutation((on: boolean) => Mutations.updateContactChannel(channel.id, { usedForAuth: on }))
  const remove = useMutation(() => Mutations.removeContactChannel(channel.id))
  const toggleSignIn = (on: boolean) => {
    const reason = on ? undefined : refusalOf(state, { _tag: "Email", channelId: channel.id })
    props.onRefused(reason)
    if (reason === undefined) void signIn.mutate(on)
  }
  const busy = verify.isPending || primary.isPending || signIn.isPending || remove.isPending
  return (
    <tr data-testid={`channel-${channel.value}`}>
      <td className="sae-cell-main">
        <span className="sae-strong">{channel.value}</span>
        <span className="sae-badges">
          {channel.isPrimary && <span className="sae-badge sae-badge-accent">Primary</span>}
          {channel.isVerified
            ? <span className="sae-badge sae-badge-success">Verified</span>
            : <span className="sae-badge sae-badge-warning">Not verified</span>}
        </span>
      </td>
      <td>
        <label className="sae-switch">
          <input
            type="checkbox"
            role="switch"
            checked={channel.usedForAuth}
            disabled={signIn.isPending}
            onChange={(e) => toggleSignIn(e.currentTarget.checked)}
            data-testid="channel-sign-in"
          />{" "}
          Use for sign-in
        </label>
      </td>
      <td className="sae-cell-actions">
        {!channel.isVerified && (
          <button
            type="button"
            className="sae-button sae-button-secondary"
            disabled={busy}
            onClick={() => void verify.mutate()}
            data-testid="channel-verify"
          >
            Send verification e-mail
          </button>
        )}
        {channel.isVerified && !channel.isPrimary && (
          <button type="button" className="sae-button sae-button-secondary" disabled={busy} onClick={() => void primary.mutate()} data-testid="channel-make-primary">
            Make primary
          </button>
        )}
        {!channel.isPrimary && (
          <ConfirmButton
            label="Remove"
            title={`Remove ${channel.value}?`}
            body={channel.usedForAuth ? "You will no longer be able to sign in with this address." : "You will no longer get e-mails at this address."}
            confirmLabel="Remove address"
            onConfirm={() => void remove.mutate()}
            busy={remove.isPending}
            refuse={() => refusalOf(state, { _tag: "Email", channelId: channel.id })}
            onRefused={props.onRefused}
            testId="channel-remove"
          />
        )}
        {verify.exit?._tag === "Success" && <Notice testId="verification-sent">Verification e-mail sent.</Notice>}
        <ErrorMessage error={verify.error ?? primary.error ?? signIn.error ?? remove.error} testId="channel-error" />
      </td>
    </tr>
  )
}

/** The user's e-mail addresses. SPEC §3 Contact channel */
export function EmailsSection(): ReactNode {
  const channels = useContactChannelsQuery()
  const state = useSignInState()
  const [email, setEmail] = useState("")
  const [forSignIn, setForSignIn] = useState(true)
  const [refusal, setRefusal] = useRefusal()
  const form = useRef<HTMLDivElement>(null)
  const add = useMutation(() => Mutations.createContactChannel({ type: "email", value: email.trim(), usedForAuth: forSignIn }))
  useFocusFirstError(form, add.exit)
  const signsIn = state === undefined || addressesSignIn(state)
  return (
    <Section id="emails" title="E-mail addresses" description="Addresses marked “Use for sign-in” can sign in to your account.">
      <Loaded result={channels} testId="channels" empty={(list) => list.length === 0} emptyText="No e-mail address yet.">
        {(list) => (
          <table className="sae-table" data-testid="contact-channels">
            <thead>
              <tr><th scope="col">Address</th><th scope="col">Sign-in</th><th scope="col"><span className="sae-visually-hidden">Actions</span></th></tr>
            </thead>
            <tbody>
              {list.map((c) => (
                <ChannelRow
                  key={c.id}
                  channel={c}
                  onRefused={setRefusal}
                />
              ))}
            </tbody>
          </table>
        )}
      </Loaded>
      {!signsIn && <p className="sae-hint">This app signs in by e-mail only with a password: set one under Password.</p>}
      <Refusal reason={refusal} />
      <div ref={form}>
        <Form
          label="Add an e-mail address"
          onSubmit={() => {
            setRefusal(undefined)
            void add.mutate().then((exit) => {
              if (exit._tag === "Success") setEmail("")
             
            })
          }}
          testId="add-channel"
        >
          <Field label="New e-mail address" name="channel-email" type="email" value={email} onChange={setEmail} autoComplete="email" />
          <label className="sae-checkbox">
            <input type="checkbox" checked={forSignIn} onChange={(e) => setForSignIn(e.currentTarget.checked)} data-testid="channel-new-sign-in" />{" "}
            Use for sign-in
          </label>
          <ErrorMessage error={add.error} />
          <Submit busy={add.isPending} testId="add-channel-submit">{add.isPending ? "Adding…" : "Add address"}</Submit>
        </Form>
      </div>
    </Section>
  )
}
