import fs from "fs"
import path from "path"
import * as cheerio from "cheerio"
import { parse } from "yaml"
import { PUBLIC_DIR, builtRoutes, htmlFileFor } from "./built-site"
import { CSP_META_MARKER } from "../../internal/csp"
import { CONFIG_FILE, decapDistDir, isEditorAsset } from "../../internal/cms/admin-files"
import { editorBackend } from "../../internal/cms/backend"
import { resolveSiteUrl } from "../../src/lib/site-url"
import { expectEvery } from "../offenders"

const ADMIN_DIR = path.join(PUBLIC_DIR, "admin")
const adminFiles = fs.readdirSync(ADMIN_DIR)

/** Every file under public/ but the editor's, with its path from public/. */
function siteFiles(dir = PUBLIC_DIR): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return full === ADMIN_DIR ? [] : siteFiles(full)
    return [path.relative(PUBLIC_DIR, full)]
  })
}

describe("the editor at /admin/", () => {
  const $ = cheerio.load(fs.readFileSync(path.join(ADMIN_DIR, "index.html"), "utf8"))

  it("is a small static page, noindex, loading Decap CMS from our own origin", () => {
    expect($("meta[name='robots']").attr("content")).toBe("noindex")
    const scripts = $("script")
      .map((_, el) => $(el).attr("src"))
      .get()
    expect(scripts).toEqual(["/admin/editor.js", "/admin/decap-cms.js"])
    expect($("script:not([src])")).toHaveLength(0)
    expect($("link[rel='cms-config-url']")).toHaveLength(0) // Decap reads config.yml beside the page
    for (const script of scripts) expect(fs.existsSync(path.join(PUBLIC_DIR, script))).toBe(true)
  })

  it("is left out of the pages' script policy step: its own policy is the /admin/* header rule", () => {
    expect(fs.readFileSync(path.join(ADMIN_DIR, "index.html"), "utf8")).not.toContain(CSP_META_MARKER)
  })

  it("ships the bundle, its chunks and WebAssembly copied from node_modules, and no source map", () => {
    const expected = fs.readdirSync(decapDistDir()).filter(isEditorAsset)
    expect(expected).toContain("decap-cms.js")
    for (const name of expected) {
      expect([name, fs.statSync(path.join(ADMIN_DIR, name)).size]).toEqual([
        name,
        fs.statSync(path.join(decapDistDir(), name)).size,
      ])
    }
    expect(adminFiles.filter((name) => name.endsWith(".map"))).toEqual([])
  })

  it("every chunk the bundle may load is there", () => {
    const bundles = adminFiles
      .filter((name) => name.endsWith(".js"))
      .map((name) => fs.readFileSync(path.join(ADMIN_DIR, name), "utf8"))
    const chunkIds = new Set(
      bundles.flatMap((code) => Array.from(code.matchAll(/"(\d+)\.decap-cms\.js"/g), (m) => m[1])),
    )
    // webpack names chunks by id: e.g. 103 -> 103.decap-cms.js
    for (const id of chunkIds) expect(adminFiles).toContain(`${id}.decap-cms.js`)
  })

  it(`has the ${CONFIG_FILE} of the committed golden file internal/cms/config.yml, for this build's repository and site`, () => {
    const built = parse(fs.readFileSync(path.join(ADMIN_DIR, CONFIG_FILE), "utf8")) as Record<string, unknown>
    const golden = parse(fs.readFileSync(path.resolve(PUBLIC_DIR, "../internal/cms/config.yml"), "utf8")) as Record<
      string,
      Record<string, unknown>
    >
    // The golden file is written for a build that names no repository; this build's names its own.
    const { repo, branch, siteUrl } = editorBackend(process.env, resolveSiteUrl())
    expect(built).toEqual({
      ...golden,
      backend: { ...golden.backend, repo, branch },
      site_url: siteUrl,
      display_url: siteUrl,
    })
  })

  it("is published with the editorial workflow and the GitHub backend, Netlify as OAuth provider, no local backend", () => {
    const built = parse(fs.readFileSync(path.join(ADMIN_DIR, CONFIG_FILE), "utf8")) as Record<string, unknown>
    expect(built.publish_mode).toBe("editorial_workflow")
    expect(built.backend).toMatchObject({ name: "github", base_url: "https://api.netlify.com" })
    expect(built).not.toHaveProperty("local_backend")
    expect(JSON.stringify(built)).not.toMatch(/localhost:8081|127\.0\.0\.1/)
  })
})

describe("nothing of the editor reaches the public pages", () => {
  const routes = [...builtRoutes(), "404.html"]

  it("no page links to /admin/ or names Decap", () => {
    expectEvery(routes, "pages link to /admin/ or name the editor", (route) => {
      const html = fs.readFileSync(htmlFileFor(route), "utf8")
      return [
        ...(/\/admin\b/.test(html) ? ["names /admin/"] : []),
        ...(/decap|netlify-cms/i.test(html) ? ["names Decap"] : []),
      ]
    })
  })

  it("no script, style or data file outside /admin/ names the editor", () => {
    const files = siteFiles().filter((file) => /\.(js|css|json|webmanifest|xml|txt)$/.test(file))
    expect(files.length).toBeGreaterThan(10)
    const naming = files.filter((file) =>
      /decap-cms|netlify-cms|\/admin\//i.test(fs.readFileSync(path.join(PUBLIC_DIR, file), "utf8")),
    )
    // robots.txt names /admin/ only to disallow it.
    expect(naming).toEqual(["robots.txt"])
  })
})
