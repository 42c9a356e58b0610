/** @jest-environment node */
import fs from "fs"
import os from "os"
import path from "path"
import { addPagePolicy, CSP_META_MARKER } from "../../internal/csp"
import { htmlFileOf, sitemapEntry, sitemapPages, type SitemapData } from "../../internal/gatsby/sitemap-options"
import { CHANGED_URLS_PATH } from "../../internal/indexnow"
import { parseState, stateJson, updateLastmod, type LastmodState } from "../../internal/sitemap/lastmod"
import { contentFingerprint, decodeEntities, pageContent } from "../../internal/sitemap/page-content"

/**
 * tests/fixtures/lastmod/ holds five builds of a site of four pages, in the shape
 * Gatsby writes them (CSP meta, inlined styles, JSON-LD, hashed class and file
 * names, inline scripts, the deferred scripts' template):
 *  - first-build: a commit built on its day;
 *  - rebuilt-other-code: the same content built with other code (other class
 *    names, bundle and map hashes, script hashes), as a rebuild on another day;
 *  - coupon-expired: the day after a coupon's last day, the build leaves it out
 *    of / and /coupons/ (text and structured data);
 *  - town-edited: the owner edited Glencoe's paragraph;
 *  - notice-week: a closure's notice is on every page.
 * expected/ holds what gatsby-plugin-sitemap's `resolvePages` and `serialize`
 * (internal/gatsby/sitemap-options.ts) make of the first build: the entries the
 * plugin writes into the sitemap, and the state file the next build reads.
 */
const FIXTURES = path.resolve(__dirname, "../fixtures/lastmod")
const SITE_URL = "https://www.example.com"
const ROUTES = ["/", "/coupons/", "/service-area/glencoe/", "/service-area/wilmette/"]

/** Route to fingerprint of every page of a fixture build, as resolvePages reads them. */
function fingerprintsOf(build: string): Record<string, string> {
  return Object.fromEntries(
    ROUTES.map((route) => [
      route,
      contentFingerprint(fs.readFileSync(htmlFileOf(path.join(FIXTURES, build), route), "utf8")),
    ]),
  )
}

const html = (build: string, route: string) => fs.readFileSync(path.join(FIXTURES, build, route, "index.html"), "utf8")
const lastmods = (state: LastmodState) =>
  Object.fromEntries(Object.entries(state).map(([route, s]) => [route, s.lastmod]))
const entriesOf = (state: LastmodState) =>
  Object.entries(state).map(([route, { lastmod }]) => sitemapEntry({ path: route, lastmod }))

const first = updateLastmod(undefined, fingerprintsOf("first-build"), "2026-11-24")

describe("lastmod across builds", () => {
  it("a first build (no previous state) gives every page its day", () => {
    expect(first.changed).toEqual(ROUTES)
    expect(lastmods(first.state)).toEqual(Object.fromEntries(ROUTES.map((route) => [route, "2026-11-24"])))
  })

  it("a rebuild of the same content on another day, with other code, writes the same state and sitemap entries", () => {
    const again = updateLastmod(first.state, fingerprintsOf("rebuilt-other-code"), "2026-11-25")
    expect(again.changed).toEqual([])
    expect(stateJson(again.state)).toBe(stateJson(first.state))
    expect(entriesOf(again.state)).toEqual(entriesOf(first.state))
  })

  it("the build the day after a coupon's last day changes exactly the pages that showed it", () => {
    const expired = updateLastmod(first.state, fingerprintsOf("coupon-expired"), "2026-11-26")
    expect(expired.changed).toEqual(["/", "/coupons/"])
    expect(lastmods(expired.state)).toEqual({
      "/": "2026-11-26",
      "/coupons/": "2026-11-26",
      "/service-area/glencoe/": "2026-11-24",
      "/service-area/wilmette/": "2026-11-24",
    })
  })

  it("an edited town changes exactly its page", () => {
    expect(updateLastmod(first.state, fingerprintsOf("town-edited"), "2026-11-26").changed).toEqual([
      "/service-area/glencoe/",
    ])
  })

  it("a closure entering its notice week changes every page that shows the notice", () => {
    expect(updateLastmod(first.state, fingerprintsOf("notice-week"), "2026-11-19").changed).toEqual(ROUTES)
  })

  it("never keeps a day after the build's, should the previous state be dated later", () => {
    const earlier = updateLastmod(first.state, fingerprintsOf("rebuilt-other-code"), "2026-11-20")
    expect(earlier.changed).toEqual([])
    expect(Object.values(lastmods(earlier.state))).toEqual(ROUTES.map(() => "2026-11-20"))
  })

  it("a page gone leaves the state; a new page takes the build's day", () => {
    const { "/service-area/wilmette/": _gone, ...rest } = fingerprintsOf("rebuilt-other-code")
    const next = updateLastmod(first.state, { ...rest, "/service-area/winnetka/": "x" }, "2026-11-27")
    expect(next.removed).toEqual(["/service-area/wilmette/"])
    expect(next.changed).toEqual(["/service-area/winnetka/"])
    expect(Object.keys(next.state)).toEqual(["/", "/coupons/", "/service-area/glencoe/", "/service-area/winnetka/"])
  })
})

describe("the state file", () => {
  it("reads back what it wrote", () => {
    expect(parseState(stateJson(first.state))).toEqual(first.state)
    expect(stateJson({})).toBe("{}\n")
  })

  it.each([
    ["not JSON", "{", /not JSON/],
    ["not an object", "[]", /not an object/],
    ["an entry without its day", '{"/": {"fingerprint": "x"}}', /"\/"/],
    ["a key that is no path", '{"coupons": {"fingerprint": "x", "lastmod": "2026-11-24"}}', /"coupons"/],
  ])("refuses %s, saying why", (_case, text, message) => {
    const state = parseState(text)
    expect(state).toBeInstanceOf(Error)
    expect((state as Error).message).toMatch(message)
  })

  it("refuses a build day that is no day", () => {
    expect(() => updateLastmod(undefined, {}, "2026-11-24T06:00")).toThrow(/YYYY-MM-DD/)
  })
})

describe("what a page shows", () => {
  it("reads the title, the description, the structured data and the visible text", () => {
    const town = pageContent(html("first-build", "service-area/glencoe"))
    expect(town.title).toBe("Glencoe, IL Appliance Repair · Cook County")
    expect(town.description).toMatch(/^Same-day appliance repair in Glencoe/)
    expect(town.structuredData).toHaveLength(1)
    expect(JSON.parse(town.structuredData[0])).toMatchObject({ "@type": "BreadcrumbList" })
    expect(town.text).toContain("Glencoe's houses are a lesson in North Shore architecture")
    expect(town.text).toContain("From our Northfield shop 2.5 miles")
  })

  it("leaves out scripts, styles, the deferred scripts, class names and hashed file names", () => {
    const { text } = pageContent(html("first-build", ""))
    for (const unseen of [
      "webpackCompilationHash",
      "pagePath",
      "getElementById",
      "position:sticky",
      "HQGUS5",
      ".svg",
      ".png",
    ]) {
      expect(text).not.toContain(unseen)
    }
  })

  it("counts an image's alternative text and the notice band", () => {
    expect(pageContent(html("first-build", "")).text).toContain("Brands Whirlpool Service Area")
    expect(pageContent(html("notice-week", "coupons")).text).toContain(
      "Closed Thursday, November 26, for Thanksgiving.",
    )
  })

  it("reads a character the same however it is escaped", () => {
    expect(decodeEntities("Glencoe&#x27;s &amp; Wilmette&#39;s &quot;homes&quot; &nbsp;&bogus;")).toBe(
      "Glencoe's & Wilmette's \"homes\" \u00a0&bogus;",
    )
  })
})

describe("gatsby-plugin-sitemap's resolvePages and serialize", () => {
  const silent = { info: () => undefined, warn: () => undefined }
  /** A copy of a fixture build as public/ (resolvePages writes the changed URLs and the key file there). */
  function publicCopy(build: string): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lastmod-public-"))
    fs.cpSync(path.join(FIXTURES, build), dir, { recursive: true })
    return dir
  }
  /** The query's data: the pages in the order Gatsby happens to list them, the 404s and the editor among them. */
  const data = (siteUrl = SITE_URL): SitemapData => ({
    site: { siteMetadata: { siteUrl } },
    business: { timeZone: "America/Chicago" },
    allSitePage: {
      nodes: [
        "/service-area/wilmette/",
        "/404/",
        "/",
        "/dev-404-page/",
        "/404.html",
        "/admin/",
        "/coupons/",
        "/service-area/glencoe/",
      ].map((route) => ({ path: route })),
    },
  })
  const dirs: string[] = []
  afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })))

  function resolve(build: string, stateFile: string, day: string, env: Record<string, string | undefined> = {}) {
    const publicDir = publicCopy(build)
    dirs.push(publicDir)
    const pages = sitemapPages(data(), { publicDir, stateFile, day, reporter: silent, env })
    return { publicDir, pages }
  }

  it("the first build gives the committed entries, in path order, loc and lastmod only, and the committed state", () => {
    const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), "lastmod-state-"))
    dirs.push(stateDir)
    const stateFile = path.join(stateDir, "pages.json")
    const { publicDir, pages } = resolve("first-build", stateFile, "2026-11-24")
    expect(pages.map(sitemapEntry)).toEqual(
      JSON.parse(fs.readFileSync(path.join(FIXTURES, "expected", "sitemap-entries.json"), "utf8")),
    )
    // The state holds each page's fingerprint: a change to what page-content.ts reads re-dates every page on the next deploy.
    expect(fs.readFileSync(stateFile, "utf8")).toBe(
      fs.readFileSync(path.join(FIXTURES, "expected", "pages.json"), "utf8"),
    )
    expect(JSON.parse(fs.readFileSync(path.join(publicDir, CHANGED_URLS_PATH), "utf8"))).toEqual({
      siteUrl: SITE_URL,
      day: "2026-11-24",
      urls: ROUTES.map((route) => `${SITE_URL}${route}`),
    })
  })

  it("the next build reads the state the previous one wrote: only the edited town moves, and only it is published", () => {
    const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), "lastmod-state-"))
    dirs.push(stateDir)
    const stateFile = path.join(stateDir, "pages.json")
    resolve("first-build", stateFile, "2026-11-24")
    const { publicDir, pages } = resolve("town-edited", stateFile, "2026-11-26", { INDEXNOW_KEY: "0123456789abcdef" })
    expect(pages.map(sitemapEntry)).toEqual([
      { url: "/", lastmod: "2026-11-24" },
      { url: "/coupons/", lastmod: "2026-11-24" },
      { url: "/service-area/glencoe/", lastmod: "2026-11-26" },
      { url: "/service-area/wilmette/", lastmod: "2026-11-24" },
    ])
    expect(JSON.parse(fs.readFileSync(path.join(publicDir, CHANGED_URLS_PATH), "utf8")).urls).toEqual([
      `${SITE_URL}/service-area/glencoe/`,
    ])
    expect(fs.readFileSync(path.join(publicDir, "0123456789abcdef.txt"), "utf8")).toBe("0123456789abcdef")
  })

  it("fails, naming the page, when a page of the sitemap has no built HTML", () => {
    const publicDir = publicCopy("first-build")
    dirs.push(publicDir)
    fs.rmSync(path.join(publicDir, "coupons"), { recursive: true })
    expect(() =>
      sitemapPages(data(), {
        publicDir,
        stateFile: path.join(publicDir, "state.json"),
        day: "2026-11-24",
        reporter: silent,
        env: {},
      }),
    ).toThrow(/\/coupons\//)
  })

  it("reads the same fingerprint before and after the site's onPostBuild adds the page's CSP", () => {
    for (const route of ROUTES) {
      const built = html("first-build", route).replace(new RegExp(`<meta ${CSP_META_MARKER}[^>]*>`), "")
      expect(built).not.toContain(CSP_META_MARKER)
      expect(addPagePolicy(built)).toContain(CSP_META_MARKER)
      expect(contentFingerprint(addPagePolicy(built))).toBe(contentFingerprint(built))
    }
  })
})
