/**
 * Ids in request paths: each id travels as one path segment (the API modules encode it
 * with `encodeURIComponent`, so a `/` inside cannot split it). An empty id, `.` or `..`
 * would name another resource (`/users/.` is the user list), so such a path is refused before any
 * request (a `StackTransportError`, reason `InvalidIdError`).
 *
 * @since 0.1.0
 */

const dotSegment = /^(?:\.|%2e){1,2}$/i

/** Whether a path (under `/api/v1`, starting with `/`) has an empty, `.` or `..` segment. */
export const hasInvalidSegment = (path: string): boolean => {
  const end = path.indexOf("?")
  const segments = (end < 0 ? path : path.slice(0, end)).split("/")
  for (let i = 1; i < segments.length; i++) {
    const part = segments[i]!
    if (part.length === 0 || dotSegment.test(part)) return true
  }
  return false
}
