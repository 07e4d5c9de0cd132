/**
 * Account settings, profile: the display name and the profile picture (SPEC §2 `account-settings`,
 * §3 User, §7 `PATCH /users/me`).
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import { type ReactNode, useRef, useState } from "react"
import type * as Users from "../../src/api/Users.ts"
import * as Mutations from "../../src/cache/Mutations.ts"
import { Field, Form, Submit } from "../handler/ui.tsx"
import { useMutation } from "../useQuery.ts"
import type { AccountCheck } from "./messages.ts"
import { Avatar, ErrorMessage, useFocusFirstError, imageFileToDataUrl, Notice, Section } from "./parts.tsx"

/** The profile: display name and picture. SPEC §3 User */
export function ProfileSection(props: { readonly user: Users.CurrentUser }): ReactNode {
  const { user } = props
  const [name, setName] = useState(user.displayName ?? "")
  const form = useRef<HTMLDivElement>(null)
  const save = useMutation(() => Mutations.updateUser({ display_name: name.trim() === "" ? null : name.trim() }))
  useFocusFirstError(form, save.exit)
  const picture = useMutation((url: string | null) => Mutations.updateUser({ profile_image_url: url }))
  const readFile = useMutation((file: File) =>
    Effect.tryPromise({ try: () => imageFileToDataUrl(file), catch: (): AccountCheck => ({ _tag: "ImageUnreadable" }) })
  )
  const upload = async (file: File | undefined) => {
    if (file === undefined) return
    const url = await readFile.mutate(file)
    if (url._tag === "Success") await picture.mutate(url.value)
  }
  const label = user.displayName ?? user.primaryEmail ?? "You"
  return (
    <Section id="profile" title="Profile" description="How you appear to others in this app.">
      <div className="sae-row" data-testid="profile-picture">
        <Avatar name={label} imageUrl={user.profileImageUrl} size={64} />
        <div className="sae-stack">
          <label className="sae-button sae-button-secondary sae-file">
            {user.profileImageUrl === null ? "Upload a picture" : "Change picture"}
            <input
              type="file"
              accept="image/*"
              className="sae-visually-hidden"
              onChange={(e) => void upload(e.currentTarget.files?.[0])}
              data-testid="profile-picture-input"
            />
          </label>
          {user.profileImageUrl !== null && (
            <button type="button" className="sae-button sae-button-ghost" onClick={() => void picture.mutate(null)} disabled={picture.isPending} data-testid="profile-picture-remove">
              Remove picture
            </button>
          )}
        </div>
      </div>
      <ErrorMessage error={picture.error ?? readFile.error} testId="profile-picture-error" />
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
