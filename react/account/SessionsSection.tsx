/**
 * Account settings, sessions (SPEC §3 "Session (listed)", §7 `/auth/sessions`): where the user is
 * signed in, with the device where it can be told (this one) and the place the service saw,
 * human times ("2 hours ago"), and sign-out of another session (asked first).
 *
 * @since 0.1.0
 */
import { type ReactNode, useState } from "react"
import type { SessionInfo } from "../../src/protocol/schemas/SessionInfo.ts"
import * as Mutations from "../../src/cache/Mutations.ts"
import { useSessionsQuery } from "../hooks.ts"
import { useMutation } from "../useQuery.ts"
import { ConfirmButton, describeUserAgent, ErrorMessage, Loaded, Section, Time } from "./parts.tsx"

/** Where a session was last used, as far as the service could tell ("Berlin, DE · 203.0.113.5"). SPEC §3 */
export const placeOf = (session: SessionInfo): string | undefined => {
  const geo = session.geoInfo
  if (geo === undefined) return undefined
  const place = [geo.cityName, geo.regionCode, geo.countryCode].filter((p) => typeof p === "string" && p !== "").join(", ")
  return [place, geo.ip].filter((p) => p !== undefined && p !== "").join(" · ") || undefined
}

const thisDevice = (): string => {
  const ua = (globalThis as { navigator?: { userAgent?: string } }).navigator?.userAgent
  return ua === undefined ? "This device" : `This device (${describeUserAgent(ua) ?? "this browser"})`
}

function SessionRow(props: { readonly session: SessionInfo; readonly now: number }): ReactNode {
  const { session, now } = props
  const revoke = useMutation(() => Mutations.revokeSession(session.id))
  const current = session.isCurrentSession === true
  const place = placeOf(session)
  return (
    <tr data-testid="session" data-current={current}>
      <td className="sae-cell-main">
        <span className="sae-strong">{current ? thisDevice() : "Another device"}</span>
        {current && <span className="sae-badge sae-badge-accent"> Current</span>}
        {session.isImpersonation && <span className="sae-badge sae-badge-warning"> Impersonation</span>}
        {place !== undefined && <span className="sae-muted" data-testid="session-place"> {place}</span>}
      </td>
      <td data-testid="session-signed-in">Signed in <Time date={session.createdAt} nowMillis={now} /></td>
      <td data-testid="session-last-used">{session.lastUsedAt === undefined ? "—" : <>Last used <Time date={session.lastUsedAt} nowMillis={now} /></>}</td>
      <td className="sae-cell-actions">
        {!current && (
          <ConfirmButton
            label="Sign out"
            title="Sign out this session?"
            body="The device using it will be signed out at its next request."
            confirmLabel="Sign out session"
            onConfirm={() => void revoke.mutate()}
            busy={revoke.isPending}
            testId="session-revoke"
          />
        )}
        <ErrorMessage error={revoke.error} />
      </td>
    </tr>
  )
}

/** The user's sessions. SPEC §3 Session (listed) */
export function SessionsSection(): ReactNode {
  const sessions = useSessionsQuery()
  const [now] = useState(() => Date.now())
  return (
    <Section id="sessions" title="Sessions" description="Where you are signed in. Sign out the ones you do not know.">
      <Loaded result={sessions} testId="sessions" empty={(list) => list.length === 0} emptyText="No sessions.">
        {(list) => (
          <table className="sae-table" data-testid="sessions">
            <thead>
              <tr>
                <th scope="col">Device</th><th scope="col">Signed in</th><th scope="col">Last used</th>
                <th scope="col"><span className="sae-visually-hidden">Actions</span></th>
              </tr>
            </thead>
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
