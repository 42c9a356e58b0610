import type { HeaderRoutes, RoutesManifest } from "gatsby"
import { ADMIN_PATH } from "./cms/admin-path"
import type { EditorSignIn } from "./cms/backend"
import { PAGE_BASE_DIRECTIVES } from "./csp"
import { MAPS_FOLDER } from "./maps/svg-file"

/**
 * The HTTP headers Netlify sends for the site, declared once. Gatsby's Netlify
 * adapter writes them into public/_headers at the end of every build
 * (./gatsby/netlify-adapter.ts), in place of the rules it would write itself.
 *
 * One rule: for every path, each header name comes from one rule only. Netlify
 * applies every rule whose path matches, and its documentation does not say
 * what it sends when two of them name one header (`netlify dev` lets the later
 * rule win; joining them with a comma makes two values that both apply). So
 * what every path shares goes on `/*` and is named by no other rule, and a
 * header that differs from path to path (the cache, the Content-Security-Policy
 * of a document that is not a page) is set on exact paths or on a folder no
 * other rule with that header covers. tests/build/headers.test.ts checks it on
 * every built file, netlify.toml's rules included, with Netlify's own parser.
 *
 * Gatsby's adapter would send, on `/*`, `cache-control: public, max-age=0,
 * must-revalidate`, `x-frame-options: DENY`, `referrer-policy: same-origin`,
 * `x-xss-protection: 1; mode=block` and `x-content-type-options: nosniff`, and a
 * year's `immutable` cache on `/static/*` and on each hashed bundle, so every
 * bundle would get two Cache-Control values. What changes here, and why:
 *  - Cache-Control is on no wildcard path: the files Gatsby names as cached for
 *    a year (its hashed bundles, `/static/…`) and our maps get it one exact path
 *    each, and everything else gets Netlify's own default, `public, max-age=0,
 *    must-revalidate`, the value Gatsby asked for. A missing file matches no
 *    exact path, so a 404 is never cached for a year.
 *  - X-Frame-Options is SAMEORIGIN, not DENY: our pages frame our own map files.
 *  - Referrer-Policy is strict-origin-when-cross-origin (the browsers' default),
 *    not same-origin: the site has always sent it, and the map host's frame
 *    gets our origin, as it does from any page that embeds it.
 *  - X-XSS-Protection is 0: the filter that `1; mode=block` turned on is gone
 *    from every current browser, and where it lingers it could be abused to
 *    block parts of a page (MDN, OWASP); the Content-Security-Policy does its job.
 */

export interface Header {
  key: string
  value: string
}

/** A year, for files whose name carries a hash of their content: a new version is a new name. */
export const CACHED_FOR_A_YEAR: Header = { key: "Cache-Control", value: "public, max-age=31536000, immutable" }

/**
 * Every path, the editor and the map files included. No Content-Security-Policy
 * here: each page's policy is a <meta> the build writes into it (internal/csp.ts),
 * and the editor and the map files have their own. Framing by anyone but our own
 * pages is refused by X-Frame-Options (a <meta> policy cannot say frame-ancestors).
 */
export const EVERY_PATH: readonly Header[] = [
  { key: "Strict-Transport-Security", value: "max-age=31536000; includeSubDomains" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  {
    key: "Permissions-Policy",
    value: "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
  },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "SAMEORIGIN" },
  { key: "X-XSS-Protection", value: "0" },
]

/**
 * Our maps (/maps/*.svg, internal/maps/), framed by our pages: a drawing loads
 * and runs nothing but its inline stylesheet, is framed by our own pages only
 * (said here too, so the file holds its whole policy whatever else applies), and
 * is cached for a year (its name carries its content's hash).
 */
export const MAP_FILE: readonly Header[] = [
  CACHED_FOR_A_YEAR,
  {
    key: "Content-Security-Policy",
    value: "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'",
  },
]

/**
 * Everything under /admin/: the owner's editor (Decap CMS, static/admin/) and
 * its sign-in pages (src/pages/admin/) are never indexed.
 */
export const EDITOR_FOLDER: readonly Header[] = [{ key: "X-Robots-Tag", value: "noindex" }]

/**
 * What the editor's documents reach besides the site itself, by how the editor signs in
 * (internal/cms/backend.ts): with GitHub's sign-in Decap talks to GitHub's API, logs in through
 * Netlify's OAuth provider and shows GitHub's avatars; with the site's own sign-in everything goes
 * to the site (its gateway relays to GitHub), so no other origin is named and a script that got
 * into the editor has nowhere else to send a token.
 */
const EDITOR_ORIGINS: Record<EditorSignIn, { connect: readonly string[]; img: readonly string[] }> = {
  "git-gateway": { connect: [], img: [] },
  github: {
    connect: ["https://api.github.com", "https://api.netlify.com"],
    img: ["https://avatars.githubusercontent.com"],
  },
}

/**
 * The editor's own documents (static/admin/: Decap's page, the Calls page):
 * never framed. Decap needs 'unsafe-eval' for its scripts and inline styles; it
 * reads back its own local draft backups as blob: URLs; the origins it talks to
 * besides the site are its sign-in's (EDITOR_ORIGINS). The local backend of
 * `npm run cms` is allowed only by the local server (scripts/serve-public.mjs).
 * frame-ancestors 'none' outranks the SAMEORIGIN of every path in every browser
 * that reads it. Set on each document's exact addresses, not on /admin/*: the
 * sign-in pages beside them are Gatsby pages, whose inline scripts a policy
 * without their hashes would block.
 */
export function editorHeaders(signIn: EditorSignIn): readonly Header[] {
  const { connect, img } = EDITOR_ORIGINS[signIn]
  return [
    {
      key: "Content-Security-Policy",
      value: [
        "default-src 'self'",
        "script-src 'self' 'unsafe-eval'",
        "style-src 'self' 'unsafe-inline'",
        ["img-src 'self' data: blob:", ...img].join(" "),
        ["connect-src 'self' blob:", ...connect].join(" "),
        "font-src 'self' data:",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'none'",
        "frame-ancestors 'none'",
        "upgrade-insecure-requests",
      ].join("; "),
    },
  ]
}

/** The owner's page for today (static/admin/today/, its script built from src/today/). */
export const TODAY_PAGE_PATH = `${ADMIN_PATH}today/`

/**
 * The owner's page for today: its own script and stylesheet, and its calls to the site's own
 * gateway and live facts; nothing else, no eval, no inline script or style; never framed.
 */
export const TODAY_PAGE: readonly Header[] = [
  {
    key: "Content-Security-Policy",
    value: [
      "default-src 'none'",
      "script-src 'self'",
      "style-src 'self'",
      "img-src 'self'",
      "connect-src 'self'",
      // Its web app manifest (TODAY_MANIFEST_PATH): without it, default-src 'none' keeps the page from installing.
      "manifest-src 'self'",
      ...PAGE_BASE_DIRECTIVES,
      "frame-ancestors 'none'",
    ].join("; "),
  },
]

/** The page for today's web app manifest (static/admin/today/), which makes it an app on the home screen. */
export const TODAY_MANIFEST_PATH = `${TODAY_PAGE_PATH}manifest.webmanifest`

/**
 * The manifest's registered media type (W3C Web App Manifest), said here rather than left to the
 * host's table of file extensions, so every host and the local servers send the same.
 */
export const TODAY_MANIFEST: readonly Header[] = [{ key: "Content-Type", value: "application/manifest+json" }]

/**
 * The editor's sign-in pages (src/pages/admin/: the invitation, sign-in and
 * editors pages): the pages' own policy is a <meta> the build writes
 * (internal/csp.ts); the header adds only what a <meta> cannot say, that nobody
 * frames them, as nobody frames the editor.
 */
export const EDITOR_SIGN_IN_PAGE: readonly Header[] = [
  { key: "Content-Security-Policy", value: "frame-ancestors 'none'" },
]

const MAP_FILE_PATH = new RegExp(`^/${MAPS_FOLDER}/[^/]+\\.svg$`)
/** Gatsby's chunk map, moved into a file named by its content (internal/chunk-map-file.ts). */
const CHUNK_MAP_FILE_PATH = /^\/chunk-map-[0-9a-f]{20}\.js$/

/** A file Gatsby serves with a year's cache: its hashed bundles, and everything under /static/ (its `/static/*` rule). */
const cachedForAYearByGatsby = (path: string, headers: readonly Header[]): boolean =>
  path.startsWith("/static/") ||
  headers.some(({ key, value }) => key.toLowerCase() === "cache-control" && /\bimmutable\b/.test(value))

/**
 * A file's own address, from where it lies in public/ (a route's path ends in a
 * slash unless Gatsby knows its extension: `/styles.….css/`, `/maps/….svg/`).
 */
const fileAddress = (filePath: string): string => filePath.replace(/^public(?=\/)/, "")

const byPath = (a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)

/** "/admin/calls/index.html" is also served as "/admin/calls/". */
const documentAddresses = (path: string): string[] =>
  path.endsWith("/index.html") ? [path.slice(0, -"index.html".length), path] : [path]

/**
 * The rules of public/_headers for the files of a build (Gatsby's routes
 * manifest) and the editor's sign-in: every path, the editor, then one exact path per file cached for a
 * year and the documents under /admin/, in the order of their paths so two builds of one commit write the same file.
 */
export function siteHeaderRules(routes: RoutesManifest, signIn: EditorSignIn): HeaderRoutes {
  const editor = editorHeaders(signIn)
  const files = routes.flatMap((route) => {
    if (route.type !== "static") return []
    const path = fileAddress(route.filePath)
    if (path.startsWith(ADMIN_PATH) && path.endsWith(".html")) {
      // A document under /admin/, at both its addresses: a Gatsby page ("/admin/sign-in/" from
      // public/admin/sign-in/index.html), the owner's page for today, or one of the editor's own
      // (static/admin/, listed by its file).
      const headers = path.startsWith(TODAY_PAGE_PATH)
        ? TODAY_PAGE
        : route.path.endsWith("/")
          ? EDITOR_SIGN_IN_PAGE
          : editor
      return documentAddresses(path).map((address) => ({ path: address, headers: [...headers] }))
    }
    if (MAP_FILE_PATH.test(path)) return [{ path, headers: [...MAP_FILE] }]
    if (path === TODAY_MANIFEST_PATH) return [{ path, headers: [...TODAY_MANIFEST] }]
    return cachedForAYearByGatsby(path, route.headers) || CHUNK_MAP_FILE_PATH.test(path)
      ? [{ path, headers: [CACHED_FOR_A_YEAR] }]
      : []
  })
  return [
    { path: "/*", headers: [...EVERY_PATH] },
    { path: `${ADMIN_PATH}*`, headers: [...EDITOR_FOLDER] },
    ...files.sort(byPath),
  ]
}
