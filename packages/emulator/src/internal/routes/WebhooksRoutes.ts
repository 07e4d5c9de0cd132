/**
 * `POST /webhooks/svix-token` (admin only): a token for the third-party webhook
 * service's portal. The emulator has no such service; it answers a fresh opaque token (201).
 *
 * @since 0.1.0
 */
import * as Effect from "effect/Effect"
import * as Responses from "../http/Responses.ts"
import * as Router from "../../Router.ts"
import * as Tokens from "../model/Tokens.ts"

/** Webhook routes. */
export const routes: ReadonlyArray<Router.Route> = [
  Router.post("/webhooks/svix-token", "admin", ({ auth }) =>
    Effect.sync(() => Responses.created({ token: `emulator_svix_${auth.project.id}_${Tokens.randomToken(16)}` })))
]
