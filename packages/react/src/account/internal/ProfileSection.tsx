/**
 * Account settings, profile: the display name and the profile picture
 * (`PATCH /users/me`).
 *
 * @since 0.1.0
 */
import { type ReactNode, useState } from "react"
import * as Users from "stack-auth-effect/Users"
import { Form, Submit } from "../../handler/ui.tsx"
import { Alert, ErrorAlert, Field } from "../../ui/primitives.tsx"
import { useMessages } from "../../ui/Theme.tsx"
import { useMutation } from "../../useQuery.ts"
import { PictureEditor, Section } from "./parts.tsx"

/** The profile: display name and picture. */
export function ProfileSection(props: { readonly user: Users.CurrentUser }): ReactNode {
  const { user } = props
  const messages = useMessages()
  const t = messages.account.profile
  const [name, setName] = useState(user.displayName ?? "")
  const save = useMutation(() => Users.update({ displayName: name.trim() === "" ? null : name.trim() }))
  return (
    <Section id="profile" title={t.title} description={t.description}>
      <PictureEditor
        name={user.displayName ?? user.primaryEmail ?? t.you}
        imageUrl={user.profileImageUrl}
        size={64}
        canEdit
        uploadLabel={t.upload}
        testId="profile-picture"
        save={(url) => Users.update({ profileImageUrl: url })}
      />
      <p className="sae-muted" data-testid="profile-email">{t.primaryEmail(user.primaryEmail, user.primaryEmailVerified)}</p>
      <Form
        label={t.title}
        onSubmit={() => {
          save.reset()
          return save.mutate()
        }}
        testId="profile"
      >
        <Field label={t.nameLabel} name="display-name" value={name} onChange={setName} required={false} autoComplete="name" />
        <ErrorAlert error={save.error} />
        <Submit busy={save.isPending} busyText={messages.account.saving} testId="profile-submit">{messages.account.save}</Submit>
        {save.exit?._tag === "Success" && <Alert tone="success" testId="profile-saved">{messages.account.saved}</Alert>}
      </Form>
    </Section>
  )
}
