/**
 * The SDK's own version, sent on every request.
 *
 * @since 0.1.0
 */

/** This package's version; a test keeps it equal to package.json. */
export const packageVersion = "0.1.0"

/** Value of the `x-stack-client-version` header. */
export const clientVersion = `js stack-auth-effect@${packageVersion}`
