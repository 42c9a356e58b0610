import { createHash } from "crypto"

/**
 * Content-Security-Policy, in two parts:
 *  - netlify.toml sends, on every path, the policy for everything but scripts
 *    (it names no script-src and no default-src, so it leaves scripts alone);
 *  - the build adds to each page a <meta http-equiv> policy for scripts only:
 *    'self' plus the sha256 hash of each inline script on that page. Gatsby's
 *    inline scripts differ per page and per build (page path, compilation hash),
 *    so their hashes can only be known after the build, page by page.
 * A browser enforces both policies, so the page gets the stricter of each.
 */

/** Script types a browser executes; JSON-LD (application/ld+json) is data and is not hashed. */
const EXECUTABLE_TYPES = new Set(["", "text/javascript", "application/javascript", "module"])

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi

/** The 'sha256-…' source of every inline script a browser would run in this HTML. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/.test(attributes)) continue
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase() ?? ""
    if (!EXECUTABLE_TYPES.has(type)) continue
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`)
  }
  return Array.from(hashes).sort()
}

/** The per-page script policy. */
export function scriptPolicy(hashes: readonly string[]): string {
  return ["script-src 'self'", ...hashes].join(" ")
}

const CSP_META_MARKER = 'http-equiv="Content-Security-Policy"'

/**
 * Puts the page's script policy in a <meta> at the very start of <head>, before
 * any script. Replaces one added by an earlier run, so the step can repeat.
 */
export function addScriptPolicy(html: string): string {
  const withoutOld = html.replace(new RegExp(`<meta ${CSP_META_MARKER}[^>]*>`, "g"), "")
  const meta = `<meta ${CSP_META_MARKER} content="${scriptPolicy(inlineScriptHashes(withoutOld))}"/>`
  return withoutOld.replace(/<head([^>]*)>/i, (head) => `${head}${meta}`)
}
