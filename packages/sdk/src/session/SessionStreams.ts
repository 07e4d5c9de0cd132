/**
 * The session's state and transitions as `Stream`s, kept apart from `Session.ts` so an
 * app that never reads them does not bundle `Stream`.
 *
 * @since 0.1.0
 * @module
 */
import type * as Stream from "effect/Stream"
import * as Listeners from "./internal/Listeners.ts"
import type { Service, SessionEvent, SessionState } from "./Session.ts"

const sameState = (a: SessionState, b: SessionState) =>
  a._tag === b._tag && (a._tag === "SignedOut" || a.userId === (b as typeof a).userId)

/** The current state, then every change (equal consecutive states once); ends with the session's scope. */
export const changes = (session: Service): Stream.Stream<SessionState> =>
  Listeners.toStream(session.listenUnsafe, { initial: session.stateUnsafe, same: sameState })

/** Transitions from now on: sign-in, sign-out, refresh; ends with the session's scope. */
export const events = (session: Service): Stream.Stream<SessionEvent> => Listeners.toStream(session.listenEventsUnsafe)
