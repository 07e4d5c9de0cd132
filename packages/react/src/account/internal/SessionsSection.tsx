/**
 * Account settings, sessions (`/auth/sessions`): where the user is
 * signed in, with the device where it can be told (this one) and the place the service saw,
 * human times ("2 hours ago"), and sign-out of another session (asked first).
 *
 * @since 0.1.0
 */
import { type ReactNode, useState } from "react"
import type { SessionInfo } from "stack-auth-effect/Sessions"
import * as Sessions from "stack-auth-effect/Sessions"
import { useSessionsQuery } from "../../hooks.ts"
import type { Messages } from "../../messages.ts"
import { ErrorAlert } from "../../ui/primitives.tsx"
import { useMessages } from "../../ui/Theme.tsx"
import { useMutation } from "../../useQuery.ts"
import { ConfirmButton, describeUserAgent, Loaded, Section, TableHead, Time } from "./parts.tsx"

/** Where a session was last used, as far as the service could tell ("Berlin, DE · 203.0.113.5"). */
export const placeOf = (session: SessionInfo): string | undefined => {
  const geo = session.geoInfo
  if (geo === undefined) return undefined
  const place = [geo.cityName, geo.regionCode, geo.countryCode].filter((p) => typeof p === "string" && p !== "").join(", ")
  return [place, geo.ip].filter((p) => p !== undefined && p !== "").join(" · ") || undefined
}

const thisDevice = (messages: Messages): string => {
  const ua = (globalThis as { navigator?: { userAgent?: string } }).navigator?.userAgent
  return messages.account.sessions.thisDevice(ua === undefined ? undefined : describeUserAgent(ua))
}

function SessionRow(props: { readonly session: SessionInfo; readonly now: number }): ReactNode {
  const { session, now } = props
  const messages = useMessages()
  const t = messages.account.sessions
  const revoke = useMutation(() => Sessions.revokeMine(session.id))
  const current = session.isCurrentSession === true
  const place = placeOf(session)
  return (
    <tr data-testid="session" data-current={current}>
      <td className="sae-cell-main">
        <span className="sae-strong">{current ? thisDevice(messages) : t.otherDevice}</span>
        <span className="sae-badges">
          {current && <span className="sae-badge sae-badge-accent">{t.current}</span>}
          {session.isImpersonation && <span className="sae-badge sae-badge-warning">{t.impersonation}</span>}
        </span>
        {place !== undefined && <span className="sae-muted" data-testid="session-place"> {place}</span>}
      </td>
      <td data-testid="session-signed-in">{t.signedIn} <Time date={session.createdAt} nowMillis={now} /></td>
      <td data-testid="session-last-used">{session.lastUsedAt === undefined ? "—" : <>{t.lastUsed} <Time date={session.lastUsedAt} nowMillis={now} /></>}</td>
      <td className="sae-cell-actions">
        {!current && (
          <ConfirmButton
            label={messages.account.signOut}
            title={t.revokeTitle}
            body={t.revokeBody}
            confirmLabel={t.revokeConfirm}
            onConfirm={() => void revoke.mutate()}
            busy={revoke.isPending}
            testId="session-revoke"
          />
        )}
        <ErrorAlert error={revoke.error} />
      </td>
    </tr>
  )
}

/** The user's sessions. */
export function SessionsSection(): ReactNode {
  const messages = useMessages()
  const t = messages.account.sessions
  const sessions = useSessionsQuery()
  const [now] = useState(() => Date.now())
  return (
    <Section id="sessions" title={t.title} description={t.description}>
      <Loaded result={sessions} testId="sessions" empty={(list) => list.length === 0} emptyText={t.empty}>
        {(list) => (
          <table className="sae-table" data-testid="sessions">
            <TableHead columns={[t.deviceColumn, t.signedInColumn, t.lastUsedColumn]} />
            <tbody>
              {[...list].sort((a, b) => Number(b.isCurrentSession === true) - Number(a.isCurrentSession === true)).map((s) => (
                <SessionRow key={s.id} session={s} now={now} />
              ))}
            </tbody>
          </table>
        )}
      </Loaded>
    </Section>
  )
}
