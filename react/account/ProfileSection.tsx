/**
 * Account settings, profile: the display name and the profile picture (SPEC §2 `account-settings`,
 * §3 User, §7 `PATCH /users/me`).
 *
 * @since 0.1.0
 */
import { type ReactNode, useRef, useState } from "react"
import type * as Users from "../../src/api/Users.ts"
import * as Mutations from "../../src/cache/Mutations.ts"
import { Field, Form, Submit } from "../handler/ui.tsx"
import { useMutation } from "../useQuery.ts"
import { ErrorMessage, Notice, PictureEditor, Section, useFocusFirstError } from "./parts.tsx"

/** The profile: display name and picture. SPEC §3 User */
export function ProfileSection(props: { readonly user: Users.CurrentUser }): ReactNode {
  const { user } = props
  const [name, setName] = useState(user.displayName ?? "")
  const form = useRef<HTMLDivElement>(null)
  const save = useMutation(() => Mutations.updateUser({ displayName: name.trim() === "" ? null : name.trim() }))
  useFocusFirstError(form, save.exit)
  const label = user.displayName ?? user.primaryEmail ?? "You"
  return (
    <Section id="profile" title="Profile" description="How you appear to others in this app.">
      <PictureEditor
        name={label}
        imageUrl={user.profileImageUrl}
        size={64}
        canEdit
        uploadLabel="Upload a picture"
        testId="profile-picture"
        save={(url) => Mutations.updateUser({ profileImageUrl: url })}
      />
      <p className="sae-muted" data-testid="profile-email">
        Primary e-mail: {user.primaryEmail ?? "none"}
        {user.primaryEmail !== null && (user.primaryEmailVerified ? " (verified)" : " (not verified)")}
      </p>
      <div ref={form}>
        <Form
          label="Profile"
          onSubmit={() => {
            save.reset()
            void save.mutate()
          }}
          testId="profile"
        >
          <Field label="Display name" name="display-name" value={name} onChange={setName} required={false} autoComplete="name" />
          <ErrorMessage error={save.error} />
          <Submit busy={save.isPending} testId="profile-submit">{save.isPending ? "Saving…" : "Save"}</Submit>
          {save.exit?._tag === "Success" && <Notice testId="profile-saved">Saved.</Notice>}
        </Form>
      </div>
    </Section>
  )
}
