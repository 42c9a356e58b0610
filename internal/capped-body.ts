/**
 * How every function reads a request's body: never more than it means to keep.
 * Content-Length is a claim of the sender, absent from a chunked body and free
 * to lie, so the bytes themselves are counted as they arrive and the reading
 * stops at the first chunk past the cap; a declared length over the cap is
 * refused before anything is read.
 */

/** The body's bytes, or undefined when it holds (or says it holds) more than `maxBytes`. */
export async function readCapped(request: Request, maxBytes: number): Promise<Uint8Array | undefined> {
  const declared = request.headers.get("Content-Length")
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > maxBytes) {
    await request.body?.cancel()
    return undefined
  }
  if (!request.body) return new Uint8Array()
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel()
      return undefined
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

/** The body as UTF-8 text, or undefined when it is over `maxBytes` (as readCapped) or not UTF-8. */
export async function readCappedText(request: Request, maxBytes: number): Promise<string | undefined> {
  const bytes = await readCapped(request, maxBytes)
  if (!bytes) return undefined
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes)
  } catch {
    return undefined
  }
}
