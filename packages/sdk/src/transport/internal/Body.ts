/**
 * A body's text as every transport reads it: what `Response.text()` would give (UTF-8, invalid
 * sequences replaced, a leading BOM dropped; one decoder for every body, none made per call).
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
