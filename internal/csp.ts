import { createHash } from "crypto"
import { MAP_ORIGIN } from "../src/lib/map-host"

/**
 * The public pages' Content-Security-Policy: a <meta http-equiv> the build
 * writes into each page, since Gatsby's inline scripts differ per page and per
 * build, so their sha256 hashes can only be known after the build, page by
 * page. It holds the whole policy but frame-ancestors, which a <meta> cannot
 * say: X-Frame-Options, sent on every path (internal/headers.ts), refuses
 * framing by other sites. No HTTP header adds a policy to a public page: the
 * editor at /admin/ and our map files, which have their own, are documents of
 * their own; the editor's sign-in pages (Gatsby pages under /admin/) carry this
 * policy too, and a header adds to it only frame-ancestors 'none'.
 */

/** What a page may do besides loading: no plugins, no <base>, no form posts, https only. */
export const PAGE_BASE_DIRECTIVES = [
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
  "upgrade-insecure-requests",
] as const

/**
 * What a public page loads besides scripts: its own images, styles, fonts, data
 * and manifest, and frames: our own maps drawn at build time ('self': the
 * /maps/*.svg files, internal/maps/) and the map host's frame.
 */
export const PAGE_RESOURCE_DIRECTIVES = [
  "img-src 'self' data:",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "media-src 'self'",
  "worker-src 'self'",
  `frame-src 'self' ${MAP_ORIGIN}`,
] as const

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

/** The per-page script directive. */
export function scriptPolicy(hashes: readonly string[]): string {
  return ["script-src 'self'", ...hashes].join(" ")
}

/**
 * The one form of the public pages, the call-back request (`/call-back/`), posts to the site's own
 * function: a page that holds a form may post to the site itself, and nowhere else; every other page
 * may post nowhere.
 */
export const FORM_PAGE_ACTION = "form-action 'self'"

/** The per-page policy: its scripts, everything else a page loads, then what it may not do. */
export function pagePolicy(hashes: readonly string[], hasForm = false): string {
  const base = PAGE_BASE_DIRECTIVES.map((directive) =>
    hasForm && directive.startsWith("form-action") ? FORM_PAGE_ACTION : directive,
  )
  return [scriptPolicy(hashes), ...PAGE_RESOURCE_DIRECTIVES, ...base].join("; ")
}

export const CSP_META_MARKER = 'http-equiv="Content-Security-Policy"'

/**
 * Puts the page's policy in a <meta> at the very start of <head>, before any
 * script or resource. Replaces one added by an earlier run, so the step can repeat.
 */
export function addPagePolicy(html: string): string {
  const withoutOld = html.replace(new RegExp(`<meta ${CSP_META_MARKER}[^>]*>`, "g"), "")
  const meta = `<meta ${CSP_META_MARKER} content="${pagePolicy(inlineScriptHashes(withoutOld), /<form\b/i.test(withoutOld))}"/>`
  return withoutOld.replace(/<head([^>]*)>/i, (head) => `${head}${meta}`)
}
