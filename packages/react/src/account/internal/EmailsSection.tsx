/**
 * Account settings, e-mail addresses (`/contact-channels`): add,
 * verify, make primary, choose which addresses sign in, remove. A change that would leave no way to
 * sign in (removing the last address used for sign-in, or turning sign-in off on it, without a
 * passkey or linked account) is refused with the reason. Making a verified address primary also
 * makes it sign in, so "add and verify a second address, make it primary, remove the original"
 * keeps the user able to sign in.
 *
 * @since 0.1.0
 */
import { type ReactNode, useState } from "react"
import * as ContactChannels from "stack-auth-effect/ContactChannels"
import type { ContactChannel } from "stack-auth-effect/ContactChannels"
import { Form, Submit } from "../../handler/ui.tsx"
import { useContactChannelsQuery } from "../../hooks.ts"
import { Alert, Button, ErrorAlert, Field } from "../../ui/primitives.tsx"
import { useMessages } from "../../ui/Theme.tsx"
import { useMutation } from "../../useQuery.ts"
import { ConfirmButton, Loaded, Refusal, Section, TableHead, useAccountLinks, useRefusal } from "./parts.tsx"
import { addressesSignIn } from "./signInMethods.ts"
import { refusalOf, useSignInState } from "./useSignInState.ts"

function ChannelRow(props: {
  readonly channel: ContactChannel
  readonly onRefused: (reason: string | undefined) => void
}): ReactNode {
  const { channel } = props
  const messages = useMessages()
  const t = messages.account.emails
  const links = useAccountLinks()
  const state = useSignInState()
  const verify = useMutation(() =>
    ContactChannels.sendVerificationCode(channel.id, { callbackUrl: links.absolute(links.urls.emailVerification) })
  )
  const primary = useMutation(() => ContactChannels.update(channel.id, { isPrimary: true, usedForAuth: true }))
  const signIn = useMutation((on: boolean) => ContactChannels.update(channel.id, { usedForAuth: on }))
  const remove = useMutation(() => ContactChannels.remove(channel.id))
  const toggleSignIn = (on: boolean) => {
    const reason = on ? undefined : refusalOf(messages, state, { _tag: "Email", channelId: channel.id })
    props.onRefused(reason)
    if (reason === undefined) void signIn.mutate(on)
  }
  const busy = verify.isPending || primary.isPending || signIn.isPending || remove.isPending
  return (
    <tr data-testid={`channel-${channel.value}`}>
      <td className="sae-cell-main">
        <span className="sae-strong">{channel.value}</span>
        <span className="sae-badges">
          {channel.isPrimary && <span className="sae-badge sae-badge-accent">{t.primary}</span>}
          {channel.isVerified
            ? <span className="sae-badge sae-badge-success">{t.verified}</span>
            : <span className="sae-badge sae-badge-warning">{t.unverified}</span>}
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
          {messages.account.useForSignIn}
        </label>
      </td>
      <td className="sae-cell-actions">
        {!channel.isVerified && (
          <Button variant="secondary" size="sm" disabled={busy} busy={verify.isPending} onClick={() => void verify.mutate()} testId="channel-verify">
            {t.verify}
          </Button>
        )}
        {channel.isVerified && !channel.isPrimary && (
          <Button variant="secondary" size="sm" disabled={busy} busy={primary.isPending} onClick={() => void primary.mutate()} testId="channel-make-primary">
            {t.makePrimary}
          </Button>
        )}
        {!channel.isPrimary && (
          <ConfirmButton
            label={messages.account.remove}
            title={t.removeTitle(channel.value)}
            body={channel.usedForAuth ? t.removeBodySignIn : t.removeBody}
            confirmLabel={t.removeConfirm}
            onConfirm={() => void remove.mutate()}
            busy={remove.isPending}
            refuse={() => refusalOf(messages, state, { _tag: "Email", channelId: channel.id })}
            onRefused={props.onRefused}
            testId="channel-remove"
          />
        )}
        {verify.exit?._tag === "Success" && <Alert tone="success" testId="verification-sent">{t.verificationSent}</Alert>}
        <ErrorAlert error={verify.error ?? primary.error ?? signIn.error ?? remove.error} testId="channel-error" />
      </td>
    </tr>
  )
}

/** The user's e-mail addresses. */
export function EmailsSection(): ReactNode {
  const messages = useMessages()
  const t = messages.account.emails
  const channels = useContactChannelsQuery()
  const state = useSignInState()
  const [email, setEmail] = useState("")
  const [forSignIn, setForSignIn] = useState(true)
  const [refusal, setRefusal] = useRefusal()
  const add = useMutation(() => ContactChannels.create({ type: "email", value: email.trim(), usedForAuth: forSignIn }))
  const signsIn = state === undefined || addressesSignIn(state)
  return (
    <Section id="emails" title={t.title} description={t.description}>
      <Loaded result={channels} testId="channels" empty={(list) => list.length === 0} emptyText={t.empty}>
        {(list) => (
          <table className="sae-table" data-testid="contact-channels">
            <TableHead columns={[t.addressColumn, t.signInColumn]} />
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
      {!signsIn && <p className="sae-hint">{t.passwordNeeded}</p>}
      <Refusal reason={refusal} />
      <Form
        label={t.addLabel}
        onSubmit={() => {
          setRefusal(undefined)
          return add.mutate().then((exit) => exit._tag === "Success" && setEmail(""))
        }}
        testId="add-channel"
      >
        <Field label={t.newLabel} name="channel-email" type="email" value={email} onChange={setEmail} autoComplete="email" inputMode="email" />
        <label className="sae-checkbox">
          <input type="checkbox" checked={forSignIn} onChange={(e) => setForSignIn(e.currentTarget.checked)} data-testid="channel-new-sign-in" />{" "}
          {messages.account.useForSignIn}
        </label>
        <ErrorAlert error={add.error} />
        <Submit busy={add.isPending} busyText={t.adding} testId="add-channel-submit">{t.add}</Submit>
      </Form>
    </Section>
  )
}
