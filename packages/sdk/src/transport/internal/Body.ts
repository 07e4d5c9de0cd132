/**
 * What every transport does with a body it reads: the text `Response.text()` would give (UTF-8,
 * invalid sequences replaced, a leading BOM dropped; one decoder for every body, none made per
 * call), and why a body past its size cap was cancelled.
 *
 * @since 0.1.0
 */
let utf8: TextDecoder | undefined

/** The text of a body received as `chunks` (`bytes` in all). */
export const text = (chunks: ReadonlyArray<Uint8Array>, bytes: number): string => {
  const decoder = utf8 ??= new TextDecoder()
  if (chunks.length === 0) return ""
  if (chunks.length === 1) return decoder.decode(chunks[0])
  const all = new Uint8Array(bytes)
  let offset = 0
  for (const chunk of chunks) {
    all.set(chunk, offset)
    offset += chunk.byteLength
  }
  return decoder.decode(all)
}

/** Why a body's download was cancelled: it passed `maxBytes` (declared or read). */
export const tooLargeReason = (maxBytes: number): string => `the body is larger than ${maxBytes} bytes`
