/**
 * Former names of writes, kept so existing code compiles: each is exactly the API function it
 * names. Every write through an app keeps its cache right by itself (`CacheWrites`), so call the
 * API functions directly (`Users.update`, `Teams.create`, ...): that is the one way to write.
 *
 * @since 0.1.0
 * @module
 */
import * as ApiKeys from "../api/ApiKeys.ts"
import * as ContactChannels from "../api/ContactChannels.ts"
import * as EmailVerification from "../api/EmailVerification.ts"
import * as Notifications from "../api/Notifications.ts"
import * as Passkeys from "../api/Passkeys.ts"
import * as Passwords from "../api/Passwords.ts"
import * as Sessions from "../api/Sessions.ts"
import * as TeamInvitations from "../api/TeamInvitations.ts"
import * as TeamMemberships from "../api/TeamMemberships.ts"
import * as Teams from "../api/Teams.ts"
import * as Users from "../api/Users.ts"

/** Updates the current user. @deprecated Use `Users.update`. */
export const updateUser = Users.update
/** Deletes the current user. @deprecated Use `Users.deleteCurrent`. */
export const deleteUser = Users.deleteCurrent
/** Revokes another session of the user. @deprecated Use `Sessions.revokeMine`. */
export const revokeSession = Sessions.revokeMine
/** Creates a team. @deprecated Use `Teams.create`. */
export const createTeam = Teams.create
/** Updates a team. @deprecated Use `Teams.update`. */
export const updateTeam = Teams.update
/** Deletes a team. @deprecated Use `Teams.remove`. */
export const removeTeam = Teams.remove
/** Selects a team. @deprecated Use `Teams.select`. */
export const selectTeam = Teams.select
/** Leaves a team. @deprecated Use `TeamMemberships.leave`. */
export const leaveTeam = TeamMemberships.leave
/** Invites someone to a team. @deprecated Use `TeamInvitations.send`. */
export const inviteToTeam = TeamInvitations.send
/** Revokes a pending invitation. @deprecated Use `TeamInvitations.revoke`. */
export const revokeInvitation = TeamInvitations.revoke
/** Accepts an invitation. @deprecated Use `TeamInvitations.accept`. */
export const acceptInvitation = TeamInvitations.accept
/** Adds a contact channel. @deprecated Use `ContactChannels.create`. */
export const createContactChannel = ContactChannels.create
/** Changes a contact channel. @deprecated Use `ContactChannels.update`. */
export const updateContactChannel = ContactChannels.update
/** Deletes a contact channel. @deprecated Use `ContactChannels.remove`. */
export const removeContactChannel = ContactChannels.remove
/** Creates an API key. @deprecated Use `ApiKeys.create`. */
export const createApiKey = ApiKeys.create
/** Revokes an API key. @deprecated Use `ApiKeys.revoke`. */
export const revokeApiKey = ApiKeys.revoke
/** Turns a notification category on or off. @deprecated Use `Notifications.setEnabled`. */
export const setNotificationEnabled = Notifications.setEnabled
/** Verifies an e-mail with its code. @deprecated Use `EmailVerification.verify`. */
export const verifyEmail = EmailVerification.verify
/** Changes the password. @deprecated Use `Passwords.update`. */
export const updatePassword = Passwords.update
/** Gives the user a first password. @deprecated Use `Passwords.set`. */
export const setPassword = (password: Passwords.Password) => Passwords.set({ password })
/** Registers a passkey for the user. @deprecated Use `Passkeys.register`. */
export const registerPasskey = Passkeys.register
