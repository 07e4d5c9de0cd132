/**
 * The three access levels of the protocol (SPEC §1, §6).
 *
 * @since 0.1.0
 * @module
 */

/** Which credentials a request carries. SPEC §6 */
export type AccessType = "client" | "server" | "admin"

/** Every access type, in increasing order of privilege. */
export const all: ReadonlyArray<AccessType> = ["client", "server", "admin"]
