import { createHash } from "crypto"

/**
 * Gatsby writes its chunk map (`window.___chunkMapping`: every template's
 * script files, which its loader reads to prefetch the scripts of a page a
 * link points to) into every page as an inline script: the same 900 bytes or
 * so on every page, about 250 of them gzip in each page's first round trip.
 * The build moves it into one file of its own, named by its content, and each
 * page loads that file in its place: from the template of scripts that wait
 * for the first paint (src/lib/deferred-scripts.ts), in order, before
 * webpack's runtime, as the inline script ran there.
 */
const CHUNK_MAP_SCRIPT = /<script\s+id="gatsby-chunk-mapping"\s*>([\s\S]*?)<\/script>/

/** The file's name: its content's hash, so it can be cached for good. */
export const chunkMapFileName = (body: string): string =>
  `chunk-map-${createHash("sha256").update(body).digest("hex").slice(0, 20)}.js`

/** The page with its chunk map loaded from a file, and that file; the page as it was when it has none inline. */
export function withChunkMapFile(html: string): { html: string; file?: { name: string; body: string } } {
  const match = CHUNK_MAP_SCRIPT.exec(html)
  if (!match) return { html }
  const body = match[1].trim()
  const name = chunkMapFileName(body)
  return {
    html: html.replace(match[0], `<script id="gatsby-chunk-mapping" src="/${name}"></script>`),
    file: { name, body },
  }
}
