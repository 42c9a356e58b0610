/** @jest-environment node */
import fs from "fs"
import path from "path"
import { sitemapRouteOf } from "../../internal/gatsby/lastmod-files"
import { parseState, stateJson, updateLastmod, type LastmodState } from "../../internal/sitemap/lastmod"
import { contentFingerprint, decodeEntities, pageContent } from "../../internal/sitemap/page-content"
import { sitemapFiles } from "../../internal/sitemap/sitemap-xml"

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
 * expected/ holds the sitemap of the first build, as the protocol has it.
 */
const FIXTURES = path.resolve(__dirname, "../fixtures/lastmod")
const SITE_URL = "https://www.example.com"

function htmlFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    return entry.isDirectory() ? htmlFiles(full) : entry.name.endsWith(".html") ? [full] : []
  })
}

/** Route to fingerprint of every page of a fixture build, as onPostBuild reads them. */
function fingerprintsOf(build: string): Record<string, string> {
  const dir = path.join(FIXTURES, build)
  const fingerprints: Record<string, string> = {}
  for (const file of htmlFiles(dir)) {
    const route = sitemapRouteOf(dir, file)
    if (route) fingerprints[route] = contentFingerprint(fs.readFileSync(file, "utf8"))
  }
  return fingerprints
}

const html = (build: string, route: string) => fs.readFileSync(path.join(FIXTURES, build, route, "index.html"), "utf8")
const lastmods = (state: LastmodState) =>
  Object.fromEntries(Object.entries(state).map(([route, s]) => [route, s.lastmod]))
const sitemapOf = (state: LastmodState) =>
  sitemapFiles(
    SITE_URL,
    Object.entries(state).map(([route, { lastmod }]) => ({ path: route, lastmod })),
  )

const ROUTES = ["/", "/coupons/", "/service-area/glencoe/", "/service-area/wilmette/"]
const first = updateLastmod(undefined, fingerprintsOf("first-build"), "2026-11-24")

describe("lastmod across builds", () => {
  it("a first build (no previous state) gives every page its day", () => {
    expect(first.changed).toEqual(ROUTES)
    expect(lastmods(first.state)).toEqual(Object.fromEntries(ROUTES.map((route) => [route, "2026-11-24"])))
  })

  it("the first build's sitemap is the committed one: loc and lastmod only", () => {
    const files = sitemapOf(first.state)
    expect(Object.keys(files).sort()).toEqual(["sitemap-0.xml", "sitemap-index.xml"])
    for (const [name, xml] of Object.entries(files)) {
      expect(xml).toBe(fs.readFileSync(path.join(FIXTURES, "expected", name), "utf8"))
    }
  })

  it("a rebuild of the same content on another day, with other code, writes the same state and sitemap, byte for byte", () => {
    const again = updateLastmod(first.state, fingerprintsOf("rebuilt-other-code"), "2026-11-25")
    expect(again.changed).toEqual([])
    expect(stateJson(again.state)).toBe(stateJson(first.state))
    expect(sitemapOf(again.state)).toEqual(sitemapOf(first.state))
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

describe("the sitemap's files", () => {
  it("split above 45,000 URLs, the index naming each file with its latest lastmod", () => {
    const entries = Array.from({ length: 45_001 }, (_, index) => ({
      path: `/p/${index}/`,
      lastmod: index === 45_000 ? "2026-11-25" : "2026-11-24",
    }))
    const files = sitemapFiles(SITE_URL, entries)
    expect(Object.keys(files).sort()).toEqual(["sitemap-0.xml", "sitemap-1.xml", "sitemap-index.xml"])
    expect(files["sitemap-index.xml"]).toContain(
      `<sitemap><loc>${SITE_URL}/sitemap-1.xml</loc><lastmod>2026-11-25</lastmod></sitemap>`,
    )
    expect(files["sitemap-1.xml"].match(/<url>/g)).toHaveLength(1)
  })
})
