/**
 * Team invitations (`/team-invitations`): send an invitation by e-mail (the
 * mail links to `callback_url` with `?code=`), list and revoke a team's pending invitations, and,
 * with the code read from the link, check it, describe it (`teamDisplayName`) and accept it.
 * Unknown, expired, used and exhausted codes are typed errors.
 *
 * @since 0.1.0
 * @module
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import type { KnownError, UnknownErrorCode } from "../protocol/KnownError.ts"
import * as KnownErrors from "../protocol/KnownErrors.ts"
import {
  CodeCheck,
  SentInvitation,
  TeamInvitation,
  TeamInvitationDetails,
  TeamInvitationList
} from "../protocol/internal/schemas/TeamInvitation.ts"
import * as Session from "../session/Session.ts"
import type { TransportError } from "../transport/TransportErrors.ts"
import * as Traced from "../transport/internal/Traced.ts"

/** A team invitation: as sent, as listed by the team, and as its recipient reads it. */
export type { SentInvitation, TeamInvitation, TeamInvitationDetails } from "../protocol/internal/schemas/TeamInvitation.ts"

type Common = KnownError | UnknownErrorCode | TransportError

/** What `send` can fail with: lacking `$invite_members`, an untrusted callback URL, no such team, signed out. */
export type SendError =
  | KnownErrors.SchemaError
  | KnownErrors.UserAuthenticationRequired
  | KnownErrors.TeamMembershipNotFound
  | KnownErrors.TeamPermissionRequired
  | KnownErrors.RedirectUrlNotWhitelisted
  | KnownErrors.TeamNotFound
  | Common

/** What `send` takes: the team, who to invite, and the page the invitation link opens. */
export interface SendOptions {
  readonly teamId: string
  readonly email: string
  readonly callbackUrl: string
}

/** Invites an e-mail address to a team. `POST /team-invitations/send-code` */
export const send = /*#__PURE__*/ Effect.fnUntraced(
  function*(options: SendOptions): Effect.fn.Return<SentInvitation, SendError, Session.Session> {
    return yield* Session.call({
      method: "POST",
      path: "/team-invitations/send-code",
      body: { email: options.email, team_id: options.teamId, callback_url: options.callbackUrl },
      response: SentInvitation,
      errors: [
        KnownErrors.SchemaError,
        KnownErrors.UserAuthenticationRequired,
        KnownErrors.TeamMembershipNotFound,
        KnownErrors.TeamPermissionRequired,
        KnownErrors.RedirectUrlNotWhitelisted,
        KnownErrors.TeamNotFound
      ]
    })
  },
  /*#__PURE__*/ Traced.span("TeamInvitations.send")
)

/** What `list` and `revoke` can fail with: not a member, lacking the permissions, no such team, signed out. */
export type ManageError =
  | KnownErrors.SchemaError
  | KnownErrors.CannotGetOwnUserWithoutUser
  | KnownErrors.TeamMembershipNotFound
  | KnownErrors.TeamPermissionRequired
  | KnownErrors.TeamNotFound
  | Common

const manageErrors = [
  KnownErrors.SchemaError,
  KnownErrors.CannotGetOwnUserWithoutUser,
  KnownErrors.TeamMembershipNotFound,
  KnownErrors.TeamPermissionRequired,
  KnownErrors.TeamNotFound
] as const

/** A team's pending invitations (clients need `$read_members` and `$invite_members`). `GET /team-invitations?team_id={id}` */
export const list = /*#__PURE__*/ Effect.fnUntraced(
  function*(teamId: string): Effect.fn.Return<ReadonlyArray<TeamInvitation>, ManageError, Session.Session> {
    const page = yield* Session.call({ method: "GET", path: "/team-invitations", query: { team_id: teamId }, response: TeamInvitationList, errors: manageErrors })
    return page.items
  },
  /*#__PURE__*/ Traced.span("TeamInvitations.list")
)

/** Revokes a pending invitation (clients need `$remove_members`). `DELETE /team-invitations/{id}?team_id={id}` */
export const revoke = /*#__PURE__*/ Effect.fnUntraced(
  function*(invitationId: string, teamId: string): Effect.fn.Return<void, ManageError, Session.Session> {
    yield* Session.call({
      method: "DELETE",
      path: `/team-invitations/${encodeURIComponent(invitationId)}`,
      query: { team_id: teamId },
      response: Schema.Unknown,
      errors: manageErrors
    })
  },
  /*#__PURE__*/ Traced.span("TeamInvitations.revoke")
)

/** The errors of an invitation code. */
export type CodeError =
  | KnownErrors.VerificationCodeNotFound
  | KnownErrors.VerificationCodeExpired
  | KnownErrors.VerificationCodeAlreadyUsed
  | KnownErrors.VerificationCodeMaxAttemptsReached

const codeErrors = [
  KnownErrors.SchemaError,
  KnownErrors.VerificationCodeNotFound,
  KnownErrors.VerificationCodeExpired,
  KnownErrors.VerificationCodeAlreadyUsed,
  KnownErrors.VerificationCodeMaxAttemptsReached
] as const

/** What `check` can fail with: the code's errors. */
export type CheckError = KnownErrors.SchemaError | CodeError | Common

/** Succeeds when the code can still be accepted (without using it). `POST /team-invitations/accept/check-code` */
export const check = /*#__PURE__*/ Effect.fnUntraced(
  function*(code: string): Effect.fn.Return<void, CheckError, Session.Session> {
    yield* Session.call({ method: "POST", path: "/team-invitations/accept/check-code", body: { code }, response: CodeCheck, errors: codeErrors })
  },
  /*#__PURE__*/ Traced.span("TeamInvitations.check")
)

/** What `details` and `accept` can fail with: the code's errors, signed out, the team is gone. */
export type AcceptError = KnownErrors.SchemaError | CodeError | KnownErrors.UserAuthenticationRequired | KnownErrors.TeamNotFound | Common

const acceptErrors = [KnownErrors.SchemaError, ...codeErrors, KnownErrors.UserAuthenticationRequired, KnownErrors.TeamNotFound] as const

/** The team an invitation code is for, with its display name. `POST /team-invitations/accept/details` */
export const details = /*#__PURE__*/ Effect.fnUntraced(
  function*(code: string): Effect.fn.Return<TeamInvitationDetails, AcceptError, Session.Session> {
    return yield* Session.call({ method: "POST", path: "/team-invitations/accept/details", body: { code }, response: TeamInvitationDetails, errors: acceptErrors })
  },
  /*#__PURE__*/ Traced.span("TeamInvitations.details")
)

/** Accepts an invitation: the signed-in user joins the team (nothing changes for a member). `POST /team-invitations/accept` */
export const accept = /*#__PURE__*/ Effect.fnUntraced(
  function*(code: string): Effect.fn.Return<void, AcceptError, Session.Session> {
    yield* Session.call({ method: "POST", path: "/team-invitations/accept", body: { code }, response: Schema.Unknown, errors: acceptErrors })
  },
  /*#__PURE__*/ Traced.span("TeamInvitations.accept")
)

/** The `code` query parameter of an invitation link, if it has one (the `team-invitation` handler page's URL). */
export const codeFromUrl = (url: string | URL): Option.Option<string> => {
  try {
    return Option.fromNullishOr(new URL(url).searchParams.get("code") || null)
  } catch {
    return Option.none()
  }
}
