import fs from "fs"
import path from "path"
import { PUBLIC_DIR, builtRoutes, page } from "./built-site"
import { readBusiness, readCities, readReviews } from "../fixtures/content"
import { expectEvery } from "../offenders"

const routes = builtRoutes()
const pages = [...routes, "404.html"]
const business = readBusiness()
const cities = readCities()
/**
 * The only external links: the map host's pages of the places mapped in data/,
 * linked from each map's placeholder (the place's query as its embed address has it),
 * and each review's original, where data/reviews.json gives one.
 */
const reviewLinks = new Set(readReviews().flatMap((review) => (review.link ? [review.link] : [])))
const mapEmbeds = [business.homeMapUrl, ...cities.map((city) => city.mapUrl)].map((url) => new URL(url))
const isMapPage = (href: string): boolean => {
  const url = new URL(href)
  return mapEmbeds.some(
    (embed) =>
      url.origin === embed.origin &&
      url.pathname === embed.pathname &&
      url.searchParams.get("q") === embed.searchParams.get("q"),
  )
}

const idsOn = (route: string): Set<string> => {
  const $ = page(route)
  return new Set(
    $("[id]")
      .map((_, el) => $(el).attr("id"))
      .get(),
  )
}

describe("links on every built page", () => {
  it("every internal link resolves to a built page, and every #anchor to an id there", () => {
    expectEvery(pages, "pages have a broken link", (route) => {
      const $ = page(route)
      const broken: string[] = []
      $("a[href]").each((_, el) => {
        const href = $(el).attr("href") ?? ""
        if (/^(tel|mailto):/.test(href)) return
        if (/^https?:\/\//.test(href)) {
          if (!isMapPage(href) && !reviewLinks.has(href)) {
            broken.push(`${href} (external links are not expected, but for the maps and reviews of data/)`)
          }
          return
        }
        const [rawPath, hash] = href.split("#")
        const target = rawPath === "" ? route : rawPath
        const isPage = routes.includes(target) || target === "404.html"
        const isFile =
          !isPage && fs.existsSync(path.join(PUBLIC_DIR, target)) && fs.statSync(path.join(PUBLIC_DIR, target)).isFile()
        if (!isPage && !isFile) {
          broken.push(`${href} (no page at ${target})`)
          return
        }
        if (!target.endsWith("/") && isPage && target !== "404.html") broken.push(`${href} (no trailing slash)`)
        if (hash && isPage && !idsOn(target).has(hash)) broken.push(`${href} (no id "${hash}" on ${target})`)
      })
      return broken
    })
  })

  it("every page has tel: links, and each dials the number in data/business.json", () => {
    expectEvery(pages, "pages lack a tel: link or dial another number", (route) => {
      const $ = page(route)
      const tels = $("a[href^='tel:']")
        .map((_, el) => $(el).attr("href"))
        .get()
      if (tels.length === 0) return "no tel: link"
      return tels.filter((tel) => tel !== `tel:${business.phone.e164}`).map((tel) => `dials ${tel}`)
    })
  })

  it("the header links to the home sections from every page but the home page", () => {
    const $home = page("/")
    expect($home("header nav a").first().attr("href")).toBe("#coupons")
    for (const route of ["/coupons/", "/services/washer-repair/", "/service-area/niles/"]) {
      const $ = page(route)
      expect($("header nav a").first().attr("href")).toBe("/#coupons")
    }
  })
})
