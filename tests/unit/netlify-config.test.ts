import { createHash } from "crypto"
import fs from "fs"
import path from "path"
import { parse } from "smol-toml"
import { MAP_ORIGIN } from "../../src/lib/content-rules"
import { addScriptPolicy, inlineScriptHashes, scriptPolicy } from "../../internal/csp"

interface NetlifyConfig {
  build: { command: string; publish: string; environment: Record<string, string> }
  headers: Array<{ for: string; values: Record<string, string> }>
}

const config = parse(fs.readFileSync(path.resolve(__dirname, "../../netlify.toml"), "utf8")) as unknown as NetlifyConfig
const everyPath = config.headers.find((rule) => rule.for === "/*")?.values ?? {}
const directives = new Map(
  (everyPath["Content-Security-Policy"] ?? "").split(";").map((part) => {
    const [name, ...sources] = part.trim().split(/\s+/)
    return [name, sources] as const
  }),
)

describe("netlify.toml", () => {
  it("builds with npm run build, publishes public/ on Node 20", () => {
    expect(config.build.command).toBe("npm run build")
    expect(config.build.publish).toBe("public")
    expect(config.build.environment.NODE_VERSION).toBe("20")
  })

  it("sends the security headers on every path", () => {
    expect(everyPath["Strict-Transport-Security"]).toMatch(/max-age=\d{8,}/)
    expect(everyPath["Referrer-Policy"]).toBe("strict-origin-when-cross-origin")
    expect(everyPath["Permissions-Policy"]).toContain("camera=()")
    expect(everyPath["X-Content-Type-Options"]).toBe("nosniff")
  })

  it("has a CSP that allows own styles, the map host in frame-src and nothing to frame, post or plug in", () => {
    expect(directives.get("frame-src")).toEqual([MAP_ORIGIN])
    expect(directives.get("frame-ancestors")).toEqual(["'none'"])
    expect(directives.get("base-uri")).toEqual(["'self'"])
    expect(directives.get("form-action")).toEqual(["'none'"])
    expect(directives.get("object-src")).toEqual(["'none'"])
    expect(directives.get("style-src")).toContain("'self'")
    expect(directives.get("connect-src")).toEqual(["'self'"])
  })

  it("leaves scripts to the per-page hashed policy: no script-src, no default-src, no unsafe-inline scripts", () => {
    expect(directives.has("script-src")).toBe(false)
    expect(directives.has("default-src")).toBe(false)
  })

  it("does not override the cache headers Gatsby's Netlify adapter writes", () => {
    for (const rule of config.headers) {
      expect(Object.keys(rule.values).map((name) => name.toLowerCase())).not.toContain("cache-control")
    }
  })
})

describe("per-page script policy", () => {
  const page = `<!DOCTYPE html><html><head><meta charSet="utf-8"/></head><body>
<script type="application/ld+json">{"@type":"Thing"}</script>
<script id="gatsby-script-loader">window.pagePath="/";</script>
<script type="module">console.log(1)</script>
<script src="/app.js" async></script></body></html>`

  it("hashes every inline script a browser runs, and not JSON-LD or external scripts", () => {
    const sha256 = (code: string) => `'sha256-${createHash("sha256").update(code).digest("base64")}'`
    expect(inlineScriptHashes(page)).toEqual([sha256('window.pagePath="/";'), sha256("console.log(1)")].sort())
  })

  it("puts the policy first in <head>, and replaces it when run again", () => {
    const once = addScriptPolicy(page)
    expect(once).toContain(`<head><meta http-equiv="Content-Security-Policy" content="${scriptPolicy(inlineScriptHashes(page))}"/>`)
    expect(addScriptPolicy(once)).toBe(once)
  })
})
