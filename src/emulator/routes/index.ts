/**
 * Every route of the emulator, composed from the route modules (SPEC §7). A new resource adds its
 * module's `routes` list here (and a new OAuth grant its handler to `grants`).
 *
 * @since 0.1.0
 */
import type * as Router from "../Router.ts"
import * as Anonymous from "./Anonymous.ts"
import * as Health from "./Health.ts"
import * as Password from "./Password.ts"
import * as Projects from "./Projects.ts"
import * as Sessions from "./Sessions.ts"
import * as Tokens from "./Tokens.ts"
import * as Users from "./Users.ts"

/** The token endpoint's grants. SPEC §7 */
export const grants: Readonly<Record<string, Tokens.GrantHandler>> = {
  ...Tokens.defaultGrants
}

/** All routes of the service the emulator answers. SPEC §7 */
export const all: ReadonlyArray<Router.Route> = [
  ...Health.routes,
  ...Projects.routes,
  ...Password.routes,
  ...Anonymous.routes,
  ...Sessions.routes,
  ...Users.routes,
  Tokens.makeTokenRoute(grants),
  Tokens.jwksRoute
]
