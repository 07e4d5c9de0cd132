/**
 * Ids in request paths: each id travels as one path segment (the API modules encode it
 * with `encodeURIComponent`, so a `/` inside cannot split it). An empty id, `.` or `..`
 * would name another resource (`/users/.` is the user list), so such a path is refused before any
 * request (a `StackTransportError`, reason `InvalidIdError`).
 *
 * @since 0.1.0
 */

/** A `/` that begins an empty, `.` or `..` segment (a dot may be written `%2e`). */
const invalidSegment = /\/(?:(?:\.|%2e){1,2})?(?:\/|$)/i

/**
 * Whether a path (under `/api/v1`, starting with `/`) has an empty, `.` or `..` segment before its
 * query. One scan, no array of segments: it runs on every request.
 */
export const hasInvalidSegment = (path: string): boolean => {
  const end = path.indexOf("?")
  return invalidSegment.test(end < 0 ? path : path.slice(0, end))
}
