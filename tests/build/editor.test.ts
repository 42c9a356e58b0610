import fs from "fs"
import path from "path"
import * as cheerio from "cheerio"
import { parse } from "yaml"
import { PUBLIC_DIR, builtRoutes, htmlFileFor } from "./built-site"
import { CSP_META_MARKER } from "../../internal/csp"
import { CONFIG_FILE, decapDistDir, isEditorAsset } from "../../internal/cms/admin-files"
import { editorBackend, type EditorBackend } from "../../internal/cms/backend"
import { NETLIFY_OAUTH_BASE_URL } from "../../internal/cms/editor-config"
import { DEFAULT_SITE_URL, resolveSiteUrl } from "../../src/lib/site-url"
import { expectEvery } from "../offenders"

const ADMIN_DIR = path.join(PUBLIC_DIR, "admin")

/**
 * The golden file, written for a build at the default address that names no repository, as this build
 * writes it: at this build's address, on its branch, and with GitHub's sign-in when CMS_BACKEND says so.
 */
function goldenFor(golden: Record<string, Record<string, unknown>>, { signIn, repo, branch, siteUrl }: EditorBackend) {
  const moved = JSON.parse(JSON.stringify(golden).split(DEFAULT_SITE_URL).join(siteUrl)) as typeof golden
  if (signIn === "github") {
    return { ...moved, backend: { name: "github", repo, branch, base_url: NETLIFY_OAUTH_BASE_URL }, auth: undefined }
  }
  return { ...moved, backend: { ...moved.backend, branch } }
}
const adminFiles = fs.readdirSync(ADMIN_DIR)

/** The editor's sign-in pages: Gatsby pages under /admin/ (src/pages/admin/), beside the editor's own files. */
const SIGN_IN_PAGES = ["/admin/invitation/", "/admin/sign-in/", "/admin/editors/"]
const SIGN_IN_CHUNK_GROUP = /^component---src-pages-admin-/

/**
 * The files only the sign-in pages load: the bundles of their chunk groups that
 * no other page's group has (webpack's stats), with their licence notes, and
 * their page data. A bundle a public page shares with them is still checked.
 */
function signInPageFiles(): Set<string> {
  const groups = Object.entries(webpackStats().namedChunkGroups)
  const namesOf = (signIn: boolean) =>
    groups
      .filter(([group]) => SIGN_IN_CHUNK_GROUP.test(group) === signIn)
      .flatMap(([, { assets }]) => assets.map(({ name }) => name))
  const elsewhere = new Set(namesOf(false))
  const own = namesOf(true).filter((name) => !elsewhere.has(name))
  const pageData = SIGN_IN_PAGES.map((route) => `page-data${route}page-data.json`)
  return new Set([...own, ...own.map((name) => `${name}.LICENSE.txt`), ...pageData])
}

interface WebpackStats {
  namedChunkGroups: Record<string, { assets: Array<{ name: string }> }>
  assetsByChunkName: Record<string, string[]>
}
const webpackStats = () =>
  JSON.parse(fs.readFileSync(path.join(PUBLIC_DIR, "webpack.stats.json"), "utf8")) as WebpackStats

/** A file named after a hash of its content, as webpack names Gatsby's bundles (app-0a1b…e9.js). */
const HASHED_BUNDLE = /^[\w~-]+[-.][0-9a-f]{20}\.(js|css)(\.LICENSE\.txt)?$/

/**
 * An earlier build's bundle, which public/ may keep and no page of this build loads:
 * hashed, and named by no chunk of this build.
 */
function earlierBundles(): (file: string) => boolean {
  const current = new Set(Object.values(webpackStats().assetsByChunkName).flat())
  return (file) => HASHED_BUNDLE.test(file) && !current.has(file.replace(/\.LICENSE\.txt$/, ""))
}

/** Every file under public/ but the editor's and its sign-in pages', with its path from public/. */
function siteFiles(dir = PUBLIC_DIR, skipped = signInPageFiles()): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return full === ADMIN_DIR ? [] : siteFiles(full, skipped)
    const file = path.relative(PUBLIC_DIR, full).split(path.sep).join("/")
    return skipped.has(file) ? [] : [file]
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

  it("is left out of the pages' script policy step: its own policy is a header rule on its addresses", () => {
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
    const backend = editorBackend(process.env, resolveSiteUrl())
    expect(built).toEqual(goldenFor(golden, backend))
  })

  it("is published with the editorial workflow and the site's own sign-in and gateway, no local backend", () => {
    const built = parse(fs.readFileSync(path.join(ADMIN_DIR, CONFIG_FILE), "utf8")) as Record<string, unknown>
    const { signIn, siteUrl } = editorBackend(process.env, resolveSiteUrl())
    expect(built.publish_mode).toBe("editorial_workflow")
    if (signIn === "github")
      expect(built.backend).toMatchObject({ name: "github", base_url: "https://api.netlify.com" })
    else
      expect(built.backend).toMatchObject({
        name: "git-gateway",
        auth_type: "pkce",
        gateway_url: `${siteUrl}/api/git/github`,
      })
    expect(built).not.toHaveProperty("local_backend")
    expect(JSON.stringify(built)).not.toMatch(/localhost:8081|127\.0\.0\.1/)
  })
})

describe("the editor's sign-in pages", () => {
  it("are built, never indexed, in English with one h1, and carry the pages' script policy", () => {
    expectEvery(SIGN_IN_PAGES, "sign-in pages built wrong", (route) => {
      const file = htmlFileFor(route)
      if (!fs.existsSync(file)) return ["not built"]
      const html = fs.readFileSync(file, "utf8")
      const $page = cheerio.load(html)
      return [
        ...($page("meta[name='robots']").attr("content") === "noindex" ? [] : ["not noindex"]),
        ...($page("link[rel='canonical']").length === 0 ? [] : ["has a canonical"]),
        ...($page("html").attr("lang") === "en" ? [] : ["no lang"]),
        ...($page("h1").length === 1 ? [] : [`${$page("h1").length} h1`]),
        ...(html.includes(CSP_META_MARKER) ? [] : ["no script policy"]),
      ]
    })
  })

  it("load only bundles of their own beside the site's shared ones, and no public page loads those", () => {
    const own = [...signInPageFiles()].filter((file) => file.endsWith(".js"))
    expect(own.length).toBeGreaterThan(0)
    expectEvery([...builtRoutes(), "404.html"], "public pages that load a sign-in page's bundle", (route) => {
      const html = fs.readFileSync(htmlFileFor(route), "utf8")
      return own.filter((file) => html.includes(file))
    })
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
    const earlier = earlierBundles()
    const files = siteFiles().filter((file) => /\.(js|css|json|webmanifest|xml|txt)$/.test(file) && !earlier(file))
    expect(files.length).toBeGreaterThan(10)
    const naming = files.filter((file) =>
      /decap-cms|netlify-cms|\/admin\//i.test(fs.readFileSync(path.join(PUBLIC_DIR, file), "utf8")),
    )
    // robots.txt names /admin/ only to disallow it.
    expect(naming).toEqual(["robots.txt"])
  })
})
