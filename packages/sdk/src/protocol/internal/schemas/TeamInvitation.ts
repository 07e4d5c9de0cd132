/**
 * Wire shapes of team invitations: a pending invitation, the
 * answer of sending one, and the details of a code (`team_display_name`).
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"
import * as Wire from "./Wire.ts"

/** A pending invitation (`expiresAt` from `expires_at_millis`). */
export const TeamInvitation = Schema.Struct({
  id: Schema.String,
  teamId: Schema.String,
  recipientEmail: Schema.String,
  expiresAt: Schema.DateFromMillis
}).pipe(Wire.encodeKeys({ teamId: "team_id", recipientEmail: "recipient_email", expiresAt: "expires_at_millis" }))

type TeamInvitationType = typeof TeamInvitation.Type
/** A pending invitation. */
export interface TeamInvitation extends TeamInvitationType {}

/** The `{ items }` list of invitations. */
export const TeamInvitationList = Schema.Struct({ items: Schema.Array(TeamInvitation) })

/** The answer of sending an invitation: the new invitation's id. */
export const SentInvitation = Schema.Struct({ id: Schema.String })

type SentInvitationType = typeof SentInvitation.Type
/** The answer of sending an invitation. */
export interface SentInvitation extends SentInvitationType {}

/** What an invitation code is for. */
export const TeamInvitationDetails = Schema.Struct({ teamId: Schema.String, teamDisplayName: Schema.String }).pipe(
  Wire.encodeKeys({ teamId: "team_id", teamDisplayName: "team_display_name" })
)

type TeamInvitationDetailsType = typeof TeamInvitationDetails.Type
/** What an invitation code is for. */
export interface TeamInvitationDetails extends TeamInvitationDetailsType {}

/** The answer of checking a code. */
export const CodeCheck = Schema.Struct({ isCodeValid: Schema.Boolean }).pipe(Wire.encodeKeys({ isCodeValid: "is_code_valid" }))
