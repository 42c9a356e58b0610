import { createHash } from "crypto"
import fs from "fs"
import path from "path"
import { parse } from "smol-toml"
import { MAP_ORIGIN } from "../../src/lib/map-host"
import type { RoutesManifest } from "gatsby"
import { PAGE_BASE_DIRECTIVES, addPagePolicy, inlineScriptHashes, pagePolicy } from "../../internal/csp"
import {
  editorHeaders,
  EDITOR_FOLDER,
  EDITOR_SIGN_IN_PAGE,
  TODAY_MANIFEST,
  TODAY_PAGE,
  EVERY_PATH,
  MAP_FILE,
  siteHeaderRules,
  type Header,
} from "../../internal/headers"
import { expectNone } from "../offenders"
import { CALL_TAPS_SITE_FILE } from "../../internal/call-taps"
import { EDITOR_SIGN_INS } from "../../internal/cms/backend"

interface NetlifyConfig {
  build: { command: string; publish: string; environment: Record<string, string> }
  functions?: Record<string, { included_files?: string[] }>
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
const valueOf = (headers: readonly Header[], name: string) =>
  headers.find(({ key }) => key.toLowerCase() === name.toLowerCase())?.value
/** The editor's policy as the site's own sign-in (the default) has it, and as GitHub's sign-in has it. */
const EDITOR = editorHeaders("git-gateway")
const adminDirectives = parsePolicy(valueOf(EDITOR, "Content-Security-Policy") ?? "")
const githubAdminDirectives = parsePolicy(valueOf(editorHeaders("github"), "Content-Security-Policy") ?? "")
const mapDirectives = parsePolicy(valueOf(MAP_FILE, "Content-Security-Policy") ?? "")
const pageDirectives = parsePolicy(pagePolicy([]))

describe("netlify.toml", () => {
  it("builds with npm run build, publishes public/ on the Node of .nvmrc", () => {
    expect(config.build.command).toBe("npm run build")
    expect(config.build.publish).toBe("public")
    expect(config.build.environment.NODE_VERSION).toBe(fs.readFileSync(path.resolve(".nvmrc"), "utf8").trim())
  })

  it("bundles the build's list of pages with both functions of the call taps, at the path they read it from", () => {
    for (const name of ["call-tap", "call-report"]) {
      expect([name, config.functions?.[name]?.included_files]).toEqual([name, [CALL_TAPS_SITE_FILE]])
      expect(fs.existsSync(path.resolve(`netlify/functions/${name}.mts`))).toBe(true)
    }
  })
})

/**
 * A routes manifest as Gatsby hands it to the adapter: a page, a bundle, a /static/ image, a map, the editor
 * (a file of static/admin/) and a sign-in page beside it (a Gatsby page under /admin/).
 */
const ROUTES = [
  {
    type: "static",
    path: "/",
    filePath: "public/index.html",
    headers: [{ key: "cache-control", value: "public, max-age=0, must-revalidate" }],
  },
  {
    type: "static",
    path: "/app-0123456789abcdef0123.js",
    filePath: "public/app-0123456789abcdef0123.js",
    headers: [{ key: "cache-control", value: "public, max-age=31536000, immutable" }],
  },
  { type: "static", path: "/static/ab12/logo.png/", filePath: "public/static/ab12/logo.png", headers: [] },
  {
    type: "static",
    path: "/maps/service-area.0a1b2c3d4e5f.svg/",
    filePath: "public/maps/service-area.0a1b2c3d4e5f.svg",
    headers: [],
  },
  { type: "static", path: "/admin/index.html", filePath: "public/admin/index.html", headers: [] },
  { type: "static", path: "/admin/today/index.html", filePath: "public/admin/today/index.html", headers: [] },
  {
    type: "static",
    path: "/admin/today/manifest.webmanifest",
    filePath: "public/admin/today/manifest.webmanifest",
    headers: [],
  },
  {
    type: "static",
    path: "/admin/sign-in/",
    filePath: "public/admin/sign-in/index.html",
    headers: [{ key: "cache-control", value: "public, max-age=0, must-revalidate" }],
  },
  { type: "redirect", path: "/old/", toPath: "/", status: 301, headers: [] },
] as unknown as RoutesManifest

describe("the header rules the build writes (internal/headers.ts)", () => {
  it("puts what every path shares on /*, noindex on /admin/*, the editor's policy on its documents, and a year's cache on each hashed or static file and map", () => {
    const year = "public, max-age=31536000, immutable"
    expect(siteHeaderRules(ROUTES, "git-gateway")).toEqual([
      {
        path: "/*",
        headers: [
          { key: "Strict-Transport-Security", value: "max-age=31536000; includeSubDomains" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
          {
            key: "Permissions-Policy",
            value: "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
          },
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "X-Frame-Options", value: "SAMEORIGIN" },
          { key: "X-XSS-Protection", value: "0" },
        ],
      },
      { path: "/admin/*", headers: [...EDITOR_FOLDER] },
      { path: "/admin/", headers: [...EDITOR] },
      { path: "/admin/index.html", headers: [...EDITOR] },
      { path: "/admin/sign-in/", headers: [...EDITOR_SIGN_IN_PAGE] },
      { path: "/admin/sign-in/index.html", headers: [...EDITOR_SIGN_IN_PAGE] },
      { path: "/admin/today/", headers: [...TODAY_PAGE] },
      { path: "/admin/today/index.html", headers: [...TODAY_PAGE] },
      {
        path: "/admin/today/manifest.webmanifest",
        headers: [{ key: "Content-Type", value: "application/manifest+json" }],
      },
      { path: "/app-0123456789abcdef0123.js", headers: [{ key: "Cache-Control", value: year }] },
      {
        path: "/maps/service-area.0a1b2c3d4e5f.svg",
        headers: [
          { key: "Cache-Control", value: year },
          {
            key: "Content-Security-Policy",
            value: "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'",
          },
        ],
      },
      { path: "/static/ab12/logo.png", headers: [{ key: "Cache-Control", value: year }] },
    ])
  })

  it("names on every path no header that another rule names, so no path gets one header twice", () => {
    const shared = new Set(EVERY_PATH.map(({ key }) => key.toLowerCase()))
    const others = [
      ...EDITOR_FOLDER,
      ...EDITOR,
      ...EDITOR_SIGN_IN_PAGE,
      ...TODAY_PAGE,
      ...TODAY_MANIFEST,
      ...MAP_FILE,
    ].map(({ key }) => key.toLowerCase())
    expect(others.filter((name) => shared.has(name))).toEqual([])
  })

  it("gives /admin/ its own CSP: eval and inline styles for Decap, the site alone to talk to, no framing at all", () => {
    expect(adminDirectives.get("default-src")).toEqual(["'self'"])
    expect(adminDirectives.get("script-src")).toEqual(["'self'", "'unsafe-eval'"])
    expect(adminDirectives.get("style-src")).toEqual(["'self'", "'unsafe-inline'"])
    expect(adminDirectives.get("connect-src")).toEqual(["'self'", "blob:"])
    expect(adminDirectives.get("img-src")).toEqual(["'self'", "data:", "blob:"])
    expect(adminDirectives.get("frame-ancestors")).toEqual(["'none'"])
    expect(valueOf(EDITOR_FOLDER, "X-Robots-Tag")).toBe("noindex")
  })

  it("names GitHub's API, Netlify's OAuth and GitHub's avatars in /admin/'s CSP only for GitHub's sign-in (CMS_BACKEND=github), and changes nothing else", () => {
    expect(githubAdminDirectives.get("connect-src")).toEqual([
      "'self'",
      "blob:",
      "https://api.github.com",
      "https://api.netlify.com",
    ])
    expect(githubAdminDirectives.get("img-src")).toEqual([
      "'self'",
      "data:",
      "blob:",
      "https://avatars.githubusercontent.com",
    ])
    const others = (directives: Directives) =>
      [...directives].filter(([name]) => name !== "connect-src" && name !== "img-src")
    expect(others(githubAdminDirectives)).toEqual(others(adminDirectives))
    expectNone(
      EDITOR_SIGN_INS.filter((signIn) => signIn !== "github")
        .map((signIn) => [signIn, valueOf(editorHeaders(signIn), "Content-Security-Policy") ?? ""] as const)
        .filter(([, policy]) => /github|netlify/i.test(policy))
        .map(([signIn, policy]) => `${signIn}: ${policy}`),
      "sign-ins other than GitHub's whose editor policy names GitHub or Netlify",
    )
    const rules = (signIn: (typeof EDITOR_SIGN_INS)[number]) =>
      siteHeaderRules(ROUTES, signIn).find(({ path }) => path === "/admin/")?.headers
    expect(rules("github")).toEqual([...editorHeaders("github")])
    expect(rules("git-gateway")).toEqual([...editorHeaders("git-gateway")])
  })

  it("lets the owner's page for today load only its own script and style and call only its own site, eval and inline code refused", () => {
    expect(Object.fromEntries(parsePolicy(valueOf(TODAY_PAGE, "Content-Security-Policy") ?? ""))).toEqual({
      "default-src": ["'none'"],
      "script-src": ["'self'"],
      "style-src": ["'self'"],
      "img-src": ["'self'"],
      "connect-src": ["'self'"],
      "manifest-src": ["'self'"],
      "object-src": ["'none'"],
      "base-uri": ["'self'"],
      "form-action": ["'none'"],
      "upgrade-insecure-requests": [],
      "frame-ancestors": ["'none'"],
    })
  })

  it("adds to the sign-in pages' own <meta> policy only that nobody frames them: their inline scripts stay allowed", () => {
    expect(EDITOR_SIGN_IN_PAGE).toEqual([{ key: "Content-Security-Policy", value: "frame-ancestors 'none'" }])
  })

  it("holds in the editor's policy everything a page may not do, whatever its sign-in", () => {
    for (const directives of [adminDirectives, githubAdminDirectives]) {
      for (const [name, sources] of parsePolicy(PAGE_BASE_DIRECTIVES.join("; "))) {
        expect([name, directives.get(name)]).toEqual([name, sources])
      }
    }
  })

  it("never lets the deployed editor reach a local port", () => {
    expect(JSON.stringify([...EVERY_PATH, ...EDITOR_FOLDER, ...EDITOR_SIGN_INS.flatMap(editorHeaders)])).not.toMatch(
      /localhost|127\.0\.0\.1|:8081/,
    )
  })

  it("lets a map file load or run nothing and be framed by our own pages only", () => {
    expect(Object.fromEntries(mapDirectives)).toEqual({
      "default-src": ["'none'"],
      "style-src": ["'unsafe-inline'"],
      "frame-ancestors": ["'self'"],
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
    expect(pageDirectives.get("object-src")).toEqual(["'none'"])
    expect(pageDirectives.get("base-uri")).toEqual(["'self'"])
    expect(pageDirectives.get("form-action")).toEqual(["'none'"])
    expect(pageDirectives.has("upgrade-insecure-requests")).toBe(true)
    expect(pageDirectives.get("script-src")).toEqual(["'self'"])
    expect(pageDirectives.get("frame-src")).toEqual(["'self'", MAP_ORIGIN])
    expect(pageDirectives.get("connect-src")).toEqual(["'self'"])
    expect(pageDirectives.get("img-src")).toEqual(["'self'", "data:"])
    expect(pageDirectives.get("style-src")).toContain("'self'")
    // The whole policy, written out: what a browser reads in each page's <meta>.
    expect(pagePolicy(["'sha256-x'"])).toBe(
      "script-src 'self' 'sha256-x'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; font-src 'self'; " +
        "connect-src 'self'; manifest-src 'self'; media-src 'self'; worker-src 'self'; frame-src 'self' https://www.google.com; " +
        "object-src 'none'; base-uri 'self'; form-action 'none'; upgrade-insecure-requests",
    )
  })

  it("lets a page that holds a form post it to the site itself, and nowhere else; a page without one posts nowhere", () => {
    const withForm = page.replace("<body>", '<body><form method="post" action="/api/call-back"></form>')
    const directives = (html: string) =>
      parsePolicy(/http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(addPagePolicy(html))?.[1] ?? "")
    expect(directives(withForm).get("form-action")).toEqual(["'self'"])
    expect(directives(page).get("form-action")).toEqual(["'none'"])
  })

  it("puts the policy first in <head>, and replaces it when run again", () => {
    const once = addPagePolicy(page)
    expect(once).toMatch(
      /^<!DOCTYPE html><html><head><meta http-equiv="Content-Security-Policy" content="script-src 'self' 'sha256-[^"]+frame-src 'self' https:\/\/www\.google\.com; object-src[^"]+upgrade-insecure-requests"\/><meta charSet/,
    )
    expect(addPagePolicy(once)).toBe(once)
  })
})
