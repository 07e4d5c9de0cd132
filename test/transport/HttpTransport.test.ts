import { assert, describe, it } from "@effect/vitest"
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
