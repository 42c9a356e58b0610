import fs from "fs"
import path from "path"
import { PUBLIC_DIR, builtRoutes, htmlFileFor, page } from "./built-site"
import { readBusiness, readCities, readCoupons, readServices } from "../fixtures/content"
import { inlineScriptHashes, pagePolicy } from "../../internal/csp"
import { resolveSiteUrl } from "../../src/lib/site-url"

// The build under test was made with the same environment as this run.
const siteUrl = resolveSiteUrl()
const routes = builtRoutes().filter((route) => route !== "/404/")
const business = readBusiness()
const cities = readCities()
const services = readServices()
const coupons = readCoupons()

type JsonLd = Record<string, unknown> & { "@type"?: string }

function jsonLdOf(route: string): JsonLd[] {
  const $ = page(route)
  return $("script[type='application/ld+json']")
    .map((_, el) => JSON.parse($(el).html() ?? "") as JsonLd)
    .get() as JsonLd[]
}

describe("head of every page", () => {
  it(`checks all ${routes.length} indexable pages`, () => {
    // Every service and city page, plus /, /coupons/, /brands/ and /service-area/.
    expect(routes.length).toBe(services.length + cities.length + 4)
  })

  it.each(routes)("%s has lang, title, description, self canonical, Open Graph and Twitter tags", (route) => {
    const $ = page(route)
    const url = `${siteUrl}${route}`
    expect($("html").attr("lang")).toBe("en")
    expect($("head > title")).toHaveLength(1)
    expect($("head > title").text().length).toBeGreaterThan(10)
    expect($("meta[name='description']").attr("content")?.length).toBeGreaterThan(50)
    expect($("link[rel='canonical']").attr("href")).toBe(url)
    expect($("meta[property='og:url']").attr("content")).toBe(url)
    expect($("meta[property='og:title']").attr("content")).toBe($("head > title").text())
    expect($("meta[property='og:type']").attr("content")).toBe("website")
    expect($("meta[property='og:site_name']").attr("content")).toBe(`${business.brand} Appliance Repair`)
    expect($("meta[property='og:locale']").attr("content")).toBe("en_US")
    expect($("meta[property='og:image']").attr("content")).toBe(`${siteUrl}/og-image.png`)
    expect($("meta[name='twitter:card']").attr("content")).toBe("summary_large_image")
    expect($("meta[name='theme-color']")).toHaveLength(1)
    expect($("meta[name='robots']")).toHaveLength(0)
  })

  it("gives every page a unique title and a unique description", () => {
    const titles = routes.map((route) => page(route)("title").text())
    const descriptions = routes.map((route) => page(route)("meta[name='description']").attr("content"))
    expect(new Set(titles).size).toBe(routes.length)
    expect(new Set(descriptions).size).toBe(routes.length)
  })

  it("keeps city titles under 60 characters and descriptions under 160", () => {
    for (const city of cities) {
      const $ = page(`/service-area/${city.slug}/`)
      expect($("head > title").text().length).toBeLessThan(60)
      expect($("meta[name='description']").attr("content")?.length).toBeLessThan(160)
    }
  })

  it("carries the spec's meta keywords on service pages", () => {
    for (const service of services) {
      expect(page(`/services/${service.slug}/`)("meta[name='keywords']").attr("content")).toBe(service.metaKeywords)
    }
  })

  it("marks the 404 page noindex, with no canonical", () => {
    const $ = page("404.html")
    expect($("meta[name='robots']").attr("content")).toBe("noindex")
    expect($("link[rel='canonical']")).toHaveLength(0)
    expect($("html").attr("lang")).toBe("en")
  })

  it("ships the 1200×630 Open Graph image and the icons", () => {
    const png = fs.readFileSync(path.join(PUBLIC_DIR, "og-image.png"))
    expect(png.readUInt32BE(16)).toBe(1200)
    expect(png.readUInt32BE(20)).toBe(630)
    expect(fs.existsSync(path.join(PUBLIC_DIR, "favicon-32x32.png"))).toBe(true)
    const manifest = JSON.parse(fs.readFileSync(path.join(PUBLIC_DIR, "manifest.webmanifest"), "utf8"))
    expect(manifest.name).toBe(`${business.brand} Appliance Repair`)
    expect(manifest.icons.length).toBeGreaterThan(3)
    expect(page("/")("link[rel='icon']").attr("href")).toContain("favicon-32x32.png")
  })
})

describe("structured data", () => {
  const businessId = `${siteUrl}/#business`

  it("every JSON-LD block on every page parses as JSON with a @context and @type", () => {
    for (const route of [...routes, "404.html"]) {
      for (const block of jsonLdOf(route)) {
        expect(block["@context"]).toBe("https://schema.org")
        expect(typeof block["@type"]).toBe("string")
      }
    }
  })

  it("the home page describes the business in full", () => {
    const [local] = jsonLdOf("/").filter((block) => block["@type"] === "HomeAndConstructionBusiness")
    expect(local).toBeDefined()
    expect(local["@id"]).toBe(businessId)
    expect(local.name).toBe(`${business.brand} Appliance Repair`)
    expect(local.telephone).toBe(business.phone.e164)
    expect(local.url).toBe(`${siteUrl}/`)
    expect(local.image).toBe(`${siteUrl}/og-image.png`)
    expect(local.address).toMatchObject({
      "@type": "PostalAddress",
      streetAddress: business.address.street,
      addressLocality: business.address.city,
      addressRegion: business.address.region,
      postalCode: business.address.postalCode,
      addressCountry: business.address.country,
    })
    expect(local.geo).toMatchObject({ "@type": "GeoCoordinates" })
    expect(local.openingHoursSpecification).toEqual(
      business.hours
        .filter((entry) => entry.opens && entry.closes)
        .map(({ days, opens, closes }) => ({ "@type": "OpeningHoursSpecification", dayOfWeek: days, opens, closes })),
    )
    expect(local.foundingDate).toBe(String(business.foundingYear))
    expect(local.priceRange).toBeTruthy()
    expect(local.areaServed).toHaveLength(cities.length)
    expect(local).not.toHaveProperty("aggregateRating")
    expect(local).not.toHaveProperty("review")
  })

  it("each service page has a Service provided by the business and a matching BreadcrumbList", () => {
    for (const service of services) {
      const route = `/services/${service.slug}/`
      const blocks = jsonLdOf(route)
      const offered = blocks.find((block) => block["@type"] === "Service")
      expect(offered).toMatchObject({ serviceType: service.name, provider: { "@id": businessId } })
      expect(offered?.areaServed).toMatchObject({ "@type": "GeoCircle" })
      const crumbs = blocks.find((block) => block["@type"] === "BreadcrumbList")
      const $ = page(route)
      const visible = $("nav[aria-label='Breadcrumb'] li")
        .map((_, el) => $(el).text())
        .get()
      expect((crumbs?.itemListElement as Array<{ name: string }>).map((item) => item.name)).toEqual(visible)
    }
  })

  it("each city page has a BreadcrumbList matching its visible breadcrumb Home › Service Area › City", () => {
    for (const city of cities) {
      const route = `/service-area/${city.slug}/`
      const $ = page(route)
      const visible = $("nav[aria-label='Breadcrumb'] li")
        .map((_, el) => $(el).text())
        .get()
      expect(visible).toEqual(["Home", "Service Area", city.name])
      const crumbs = jsonLdOf(route).find((block) => block["@type"] === "BreadcrumbList")
      expect(crumbs?.itemListElement).toEqual([
        { "@type": "ListItem", position: 1, name: "Home", item: `${siteUrl}/` },
        { "@type": "ListItem", position: 2, name: "Service Area", item: `${siteUrl}/service-area/` },
        { "@type": "ListItem", position: 3, name: city.name, item: `${siteUrl}${route}` },
      ])
    }
  })

  it("the coupons page lists the coded offers as Offers of the business", () => {
    const catalog = jsonLdOf("/coupons/").find((block) => block["@type"] === "OfferCatalog")
    const offers = catalog?.itemListElement as Array<Record<string, unknown>>
    expect(offers).toHaveLength(coupons.offers.length)
    offers.forEach((offer, index) => {
      expect(offer["@type"]).toBe("Offer")
      expect(offer.offeredBy).toEqual({ "@id": businessId })
      expect(offer.description).toContain(coupons.offers[index].code)
    })
  })
})

describe("sitemap and robots.txt", () => {
  const locs = (file: string) =>
    Array.from(fs.readFileSync(path.join(PUBLIC_DIR, file), "utf8").matchAll(/<loc>([^<]+)<\/loc>/g), (m) => m[1])

  it("lists exactly the built pages but the 404, as absolute canonical URLs", () => {
    const sitemaps = locs("sitemap-index.xml")
    expect(sitemaps).toEqual([`${siteUrl}/sitemap-0.xml`])
    const urls = locs("sitemap-0.xml")
    expect(new Set(urls)).toEqual(new Set(routes.map((route) => `${siteUrl}${route}`)))
    expect(urls).toHaveLength(routes.length)
  })

  it("robots.txt names the sitemap by its absolute URL", () => {
    const robots = fs.readFileSync(path.join(PUBLIC_DIR, "robots.txt"), "utf8")
    expect(robots).toContain(`Sitemap: ${siteUrl}/sitemap-index.xml`)
    expect(robots).toContain("User-agent: *")
  })

  it("keeps the editor out: robots.txt disallows /admin/, and no sitemap names it", () => {
    const robots = fs.readFileSync(path.join(PUBLIC_DIR, "robots.txt"), "utf8")
    expect(robots.split("\n")).toContain("Disallow: /admin/")
    for (const file of ["sitemap-index.xml", "sitemap-0.xml"]) {
      expect(fs.readFileSync(path.join(PUBLIC_DIR, file), "utf8")).not.toContain("/admin")
    }
  })
})

describe("per-page Content-Security-Policy", () => {
  it.each([...routes, "404.html"])("%s: its own inline scripts by hash, and the pages' resources", (route) => {
    const html = fs.readFileSync(htmlFileFor(route), "utf8")
    const metas = html.match(/<meta http-equiv="Content-Security-Policy" content="([^"]*)"\/>/g) ?? []
    expect(metas).toHaveLength(1)
    const meta = metas[0] ?? ""
    expect(html.indexOf(meta)).toBeLessThan(html.indexOf("<script"))
    const policy = /content="([^"]*)"/.exec(meta)?.[1]
    const withoutMeta = html.replace(meta, "")
    expect(policy).toBe(pagePolicy(inlineScriptHashes(withoutMeta)))
    expect(/script-src [^;]*/.exec(policy ?? "")?.[0]).not.toContain("unsafe-inline")
    expect(policy).not.toContain("unsafe-eval")
  })
})
