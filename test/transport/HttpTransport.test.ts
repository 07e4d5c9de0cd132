import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import { readBody, TransportFailure } from "../../packages/sdk/src/transport/HttpTransport.ts"

/** A body that yields 10-byte chunks forever, counting how often it was read from. */
const counted = () => {
  const state = { pulled: 0, cancelled: false }
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      state.pulled++
      controller.enqueue(new Uint8Array(10))
    },
    cancel() {
      state.cancelled = true
    }
  }, { highWaterMark: 0 })
  return { body, state }
}

const failureOf = async (promise: Promise<unknown>) => {
  try {
    await promise
  } catch (error) {
    return error
  }
  return undefined
}

describe("HttpTransport.readBody (issue #15 row 4)", () => {
  it("a declared Content-Length above the cap fails before any byte is read, and the body is cancelled", async () => {
    const { body, state } = counted()
    const response = new Response(body, { headers: { "content-length": "1000" } })
    const error = await failureOf(readBody(response, new AbortController().signal, 100))
    assert.instanceOf(error, TransportFailure)
    assert.strictEqual((error as TransportFailure).maxBytes, 100)
    assert.strictEqual(state.pulled, 0, "no byte was read")
    assert.isTrue(state.cancelled)
  })

  it("an undeclared body is read up to the cap, then cancelled", async () => {
    const { body, state } = counted()
    const error = await failureOf(readBody(new Response(body), new AbortController().signal, 100))
    assert.strictEqual((error as TransportFailure).maxBytes, 100)
    assert.strictEqual(state.pulled, 11, "100 bytes and the chunk that passed them")
    assert.isTrue(state.cancelled)
  })

  it("a redirect's body is not read", async () => {
    const { body, state } = counted()
    assert.strictEqual(await readBody(new Response(body, { status: 302, headers: { location: "/x" } }), new AbortController().signal, 100), "")
    assert.strictEqual(state.pulled, 0)
  })
})

describe("HttpTransport.readBody's text", () => {
  /** A body that yields the given chunks. */
  const chunked = (chunks: ReadonlyArray<Uint8Array>) =>
    new Response(new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk)
        controller.close()
      }
    }))

  it("equals `Response.text()` for any bytes cut into any chunks (split characters, a BOM, invalid UTF-8)", async () => {
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 64 }),
      fc.string({ unit: "binary", maxLength: 24 }).map((text) => new TextEncoder().encode(`\uFEFF${text}`)),
      fc.string({ unit: "binary", maxLength: 24 }).map((text) => new TextEncoder().encode(text))
    )
    await fc.assert(
      fc.asyncProperty(bytes, fc.array(fc.nat(64), { maxLength: 5 }), async (all, cuts) => {
        const points = [...new Set(cuts.map((cut) => cut % (all.length + 1)))].sort((a, b) => a - b)
        const chunks = [...points, all.length].map((end, i, ends) => all.slice(i === 0 ? 0 : ends[i - 1], end)).filter((c) => c.length > 0)
        const expected = await new Response(all).text()
        assert.strictEqual(await readBody(chunked(chunks), new AbortController().signal, 1024), expected)
      }),
      { numRuns: 2_000 }
    )
  })
})
