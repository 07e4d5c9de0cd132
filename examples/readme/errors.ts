import * as Effect from "effect/Effect"
import * as ServerUsers from "stack-auth-effect/ServerUsers"
import type * as StackServerApp from "stack-auth-effect/StackServerApp"

// Every failure ServerUsers.get can return, matched exhaustively: the declared error type leaves
// `never`, so a case left out (or a new one in a later version) is a compile error here.
export const userStatus = (userId: string): Effect.Effect<number, never, StackServerApp.Services> =>
  ServerUsers.get(userId).pipe(
    Effect.as(200),
    Effect.catchTags({
      UserNotFound: () => Effect.succeed(404),
      SchemaError: () => Effect.succeed(400), // the service refused the input (here: a malformed id)
      KnownError: (e) => Effect.succeed(e.status), // another error the service declares
      UnknownErrorCode: () => Effect.succeed(502) // a code newer than this SDK
    }),
    // every transport failure is one StackTransportError; its reason says what went wrong
    Effect.catchReasons("StackTransportError", {
      TimeoutError: () => Effect.succeed(504), // no answer in time (one attempt, or the whole call)
      HttpError: (reason) => Effect.succeed(reason.status === 503 ? 503 : 502) // a status that is no known error
    }, () => Effect.succeed(503)) // the other reasons: unreachable, offline, redirected, garbled, ...
  )
