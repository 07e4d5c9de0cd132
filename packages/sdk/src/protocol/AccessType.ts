/**
 * The three access levels of the protocol.
 *
 * @since 0.1.0
 * @module
 */

/** Which credentials a request carries. */
export type AccessType = "client" | "server" | "admin"

/** Every access type, in increasing order of privilege. */
export const all: ReadonlyArray<AccessType> = ["client", "server", "admin"]
