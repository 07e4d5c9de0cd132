/**
 * Wire shapes of team invitations (SPEC §3 Team invitation, §7 Teams): a pending invitation, the
 * answer of sending one, and the details of a code (`team_display_name`).
 *
 * @since 0.1.0
 */
import * as Schema from "effect/Schema"
import * as Wire from "./Wire.ts"

/** A pending invitation (`expiresAt` from `expires_at_millis`). SPEC §3 */
export const TeamInvitation = Schema.Struct({
  id: Schema.String,
  teamId: Schema.String,
  recipientEmail: Schema.String,
  expiresAt: Schema.DateFromMillis
}).pipe(Wire.encodeKeys({ teamId: "team_id", recipientEmail: "recipient_email", expiresAt: "expires_at_millis" }))

type TeamInvitationType = typeof TeamInvitation.Type
/** A pending invitation. SPEC §3 */
export interface TeamInvitation extends TeamInvitationType {}

/** The `{ items }` list of invitations. SPEC §7 */
export const TeamInvitationList = Schema.Struct({ items: Schema.Array(TeamInvitation) })

/** The answer of sending an invitation: the new invitation's id. SPEC §7 */
export const SentInvitation = Schema.Struct({ id: Schema.String })

type SentInvitationType = typeof SentInvitation.Type
/** The answer of sending an invitation. SPEC §7 */
export interface SentInvitation extends SentInvitationType {}

/** What an invitation code is for. SPEC §3 */
export const TeamInvitationDetails = Schema.Struct({ teamId: Schema.String, teamDisplayName: Schema.String }).pipe(
  Wire.encodeKeys({ teamId: "team_id", teamDisplayName: "team_display_name" })
)

type TeamInvitationDetailsType = typeof TeamInvitationDetails.Type
/** What an invitation code is for. SPEC §3 */
export interface TeamInvitationDetails extends TeamInvitationDetailsType {}

/** The answer of checking a code. SPEC §7 */
export const CodeCheck = Schema.Struct({ isCodeValid: Schema.Boolean }).pipe(Wire.encodeKeys({ isCodeValid: "is_code_valid" }))
