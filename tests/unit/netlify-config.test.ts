import { createHash } from "crypto"
import fs from "fs"
import path from "path"
import { parse } from "smol-toml"
import { MAP_ORIGIN } from "../../src/lib/map-host"
import { addPagePolicy, inlineScriptHashes, pagePolicy } from "../../internal/csp"

interface NetlifyConfig {
  build: { command: string; publish: string; environment: Record<string, string> }
  headers: Array<{ for: string; values: Record<string, string> }>
}

type Directives = Map<string, string[]>

const parsePolicy = (policy: string): Directives =>
  new Map(
    policy
      .split(";")
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, ...sources] = part.split(/\s+/)
        return [name, sources] as const
      }),
  )

const config = parse(fs.readFileSync(path.resolve(__dirname, "../../netlify.toml"), "utf8")) as unknown as NetlifyConfig
const rule = (pattern: string) => config.headers.find((header) => header.for === pattern)?.values ?? {}
const everyPath = rule("/*")
const directives = parsePolicy(everyPath["Content-Security-Policy"] ?? "")
const admin = rule("/admin/*")
const adminDirectives = parsePolicy(admin["Content-Security-Policy"] ?? "")
const maps = rule("/maps/*")
const mapDirectives = parsePolicy(maps["Content-Security-Policy"] ?? "")
const pageDirectives = parsePolicy(pagePolicy([]))

/** Fetch directives: what a document may load. The policy of every path must name none, or it would bind the editor too. */
const FETCH_DIRECTIVES = [
  "default-src",
  "script-src",
  "style-src",
  "img-src",
  "font-src",
  "connect-src",
  "frame-src",
  "manifest-src",
  "media-src",
  "worker-src",
]

describe("netlify.toml", () => {
  it("builds with npm run build, publishes public/ on the Node of .nvmrc", () => {
    expect(config.build.command).toBe("npm run build")
    expect(config.build.publish).toBe("public")
    expect(config.build.environment.NODE_VERSION).toBe(fs.readFileSync(path.resolve(".nvmrc"), "utf8").trim())
  })

  it("sends the security headers on every path", () => {
    expect(everyPath["Strict-Transport-Security"]).toMatch(/max-age=\d{8,}/)
    expect(everyPath["Referrer-Policy"]).toBe("strict-origin-when-cross-origin")
    expect(everyPath["Permissions-Policy"]).toContain("camera=()")
    expect(everyPath["X-Content-Type-Options"]).toBe("nosniff")
  })

  it("has, on every path, a CSP of what every path shares: framed by our own pages only, nothing to post, plug in or rebase", () => {
    // Our pages embed our maps (/maps/*.svg) in frames; no other site may frame anything of ours.
    expect(directives.get("frame-ancestors")).toEqual(["'self'"])
    expect(directives.get("base-uri")).toEqual(["'self'"])
    expect(directives.get("form-action")).toEqual(["'none'"])
    expect(directives.get("object-src")).toEqual(["'none'"])
    expect(directives.has("upgrade-insecure-requests")).toBe(true)
  })

  it("names no fetch directive on every path: Netlify applies every matching rule, and this one also reaches /admin/", () => {
    expect(FETCH_DIRECTIVES.filter((name) => directives.has(name))).toEqual([])
  })

  it("gives /admin/ its own CSP: eval and inline styles for Decap, the GitHub API and Netlify's OAuth, no framing at all", () => {
    expect(adminDirectives.get("default-src")).toEqual(["'self'"])
    expect(adminDirectives.get("script-src")).toEqual(["'self'", "'unsafe-eval'"])
    expect(adminDirectives.get("style-src")).toEqual(["'self'", "'unsafe-inline'"])
    expect(adminDirectives.get("connect-src")).toEqual([
      "'self'",
      "blob:",
      "https://api.github.com",
      "https://api.netlify.com",
    ])
    expect(adminDirectives.get("frame-ancestors")).toEqual(["'none'"])
    expect(admin["X-Robots-Tag"]).toBe("noindex")
  })

  it("keeps in the /admin/ policy everything the policy of every path says, or stricter, so either way of combining them holds", () => {
    for (const [name, sources] of directives) {
      // The editor is framed by nobody; every path allows our own pages to frame (the maps).
      const expected = name === "frame-ancestors" ? ["'none'"] : sources
      expect([name, adminDirectives.get(name)]).toEqual([name, expected])
    }
  })

  it("never lets the deployed editor reach a local port", () => {
    expect(JSON.stringify(config.headers)).not.toMatch(/localhost|127\.0\.0\.1|:8081/)
  })

  it("leaves the public pages' scripts to their per-page hashed policy: no script-src, no default-src on every path", () => {
    expect(directives.has("script-src")).toBe(false)
    expect(directives.has("default-src")).toBe(false)
  })

  it("lets no rule but the editor's own give /admin/ a fetch directive", () => {
    const matchesAdmin = (pattern: string) =>
      pattern.endsWith("*") ? "/admin/".startsWith(pattern.slice(0, -1)) : pattern === "/admin/"
    const others = config.headers.filter((header) => header.for !== "/admin/*" && matchesAdmin(header.for))
    for (const header of others) {
      const policy = parsePolicy(header.values["Content-Security-Policy"] ?? "")
      expect([header.for, FETCH_DIRECTIVES.filter((name) => policy.has(name))]).toEqual([header.for, []])
    }
  })

  it("does not override the cache headers Gatsby's Netlify adapter writes: only our maps' files get one", () => {
    const caching = config.headers.filter((rule) =>
      Object.keys(rule.values).some((name) => name.toLowerCase() === "cache-control"),
    )
    expect(caching.map((rule) => rule.for)).toEqual(["/maps/*"])
  })

  it("caches the maps' files for a year (their names carry their content's hash) and lets them load or run nothing", () => {
    expect(maps["Cache-Control"]).toBe("public, max-age=31536000, immutable")
    expect(Object.fromEntries(mapDirectives)).toEqual({
      "default-src": ["'none'"],
      "style-src": ["'unsafe-inline'"],
    })
  })
})

describe("per-page policy", () => {
  const page = `<!DOCTYPE html><html><head><meta charSet="utf-8"/></head><body>
<script type="application/ld+json">{"@type":"Thing"}</script>
<script id="gatsby-script-loader">window.pagePath="/";</script>
<script type="module">console.log(1)</script>
<script src="/app.js" async></script></body></html>`

  it("hashes every inline script a browser runs, and not JSON-LD or external scripts", () => {
    const sha256 = (code: string) => `'sha256-${createHash("sha256").update(code).digest("base64")}'`
    expect(inlineScriptHashes(page)).toEqual([sha256('window.pagePath="/";'), sha256("console.log(1)")].sort())
  })

  it("allows own images, styles, fonts, data and manifest, our maps and the map host in frame-src, and no inline script", () => {
    expect(pageDirectives.get("script-src")).toEqual(["'self'"])
    expect(pageDirectives.get("frame-src")).toEqual(["'self'", MAP_ORIGIN])
    expect(pageDirectives.get("connect-src")).toEqual(["'self'"])
    expect(pageDirectives.get("img-src")).toEqual(["'self'", "data:"])
    expect(pageDirectives.get("style-src")).toContain("'self'")
    // The whole policy, written out: what a browser reads in each page's <meta>.
    expect(pagePolicy(["'sha256-x'"])).toBe(
      "script-src 'self' 'sha256-x'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; font-src 'self'; " +
        "connect-src 'self'; manifest-src 'self'; media-src 'self'; worker-src 'self'; frame-src 'self' https://www.google.com",
    )
  })

  it("puts the policy first in <head>, and replaces it when run again", () => {
    const once = addPagePolicy(page)
    expect(once).toMatch(
      /^<!DOCTYPE html><html><head><meta http-equiv="Content-Security-Policy" content="script-src 'self' 'sha256-[^"]+frame-src 'self' https:\/\/www\.google\.com"\/><meta charSet/,
    )
    expect(addPagePolicy(once)).toBe(once)
  })
})
