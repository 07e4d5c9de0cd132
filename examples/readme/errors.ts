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
      KnownError: (e) => Effect.succeed(e.status), // another error the service declares
      UnknownErrorCode: () => Effect.succeed(502), // a code newer than this SDK
      // the transport failures: the service could not be reached or answered nonsense
      StackConnectionError: () => Effect.succeed(503),
      StackOfflineError: () => Effect.succeed(503),
      StackTimeoutError: () => Effect.succeed(504),
      StackHttpError: () => Effect.succeed(502),
      StackDecodeError: () => Effect.succeed(502)
    })
  )
