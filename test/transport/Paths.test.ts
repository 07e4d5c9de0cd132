import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import { hasInvalidSegment } from "../../packages/sdk/src/transport/internal/Paths.ts"

/** The rule written out segment by segment: any segment after the first `/` empty, `.` or `..` (dots also as `%2e`). */
const reference = (path: string): boolean => {
  const end = path.indexOf("?")
  const segments = (end < 0 ? path : path.slice(0, end)).split("/")
  return segments.slice(1).some((part) => part.length === 0 || /^(?:\.|%2e){1,2}$/i.test(part))
}

describe("Paths.hasInvalidSegment", () => {
  it("refuses empty, `.` and `..` segments before the query, and nothing else", () => {
    for (const path of ["/users/", "/users//x", "/users/.", "/users/..", "/users/%2e", "/users/%2E%2e/x", "/users/.?q=1"]) {
      assert.isTrue(hasInvalidSegment(path), path)
    }
    for (const path of ["/users/x", "/users/...", "/users/.x", "/users/x.", "/users/%2e%2e%2e", "/users/x?next=/a//b/../", "/users/%2f"]) {
      assert.isFalse(hasInvalidSegment(path), path)
    }
  })

  it("answers as the segment-by-segment rule for any path", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("/", ".", "%2e", "%2E", "%2", "e", "a", "?", "x"), { maxLength: 14 }).map((parts) => `/${parts.join("")}`),
        (path) => hasInvalidSegment(path) === reference(path)
      ),
      { numRuns: 20_000 }
    )
  })
})
