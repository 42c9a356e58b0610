import fs from "fs"
import path from "path"
import type { CheerioAPI } from "cheerio"
import { PUBLIC_DIR, buildDay, builtRoutes, htmlFileFor, page } from "./built-site"
import { readBusiness, readCities, readCoupons, readReviews, readServices } from "../fixtures/content"
import { inlineScriptHashes, pagePolicy } from "../../internal/csp"
import { callBacksOn } from "../../internal/call-backs/setting"
import { resolveSiteUrl } from "../../src/lib/site-url"
import { expectEvery, expectNone } from "../offenders"
import { CHANGED_URLS_PATH, type ChangedUrls } from "../../internal/indexnow"

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
    // Every service and city page, plus /, /coupons/, /brands/, /service-area/ and /privacy/, /call-back/ unless
    // CALL_BACKS=off, and /reviews/ once there is a review.
    const callBack = callBacksOn((name) => process.env[name]) ? 1 : 0
    expect(routes.length).toBe(services.length + cities.length + 5 + callBack + (readReviews().length ? 1 : 0))
  })

  const canonical = (route: string) => `${siteUrl}${route}`
  const meta = ($: CheerioAPI, selector: string) => $(selector).attr("content")
  /** "og:type is "article", expected "website"" for each tag whose content differs. */
  const tagsDiffer = ($: CheerioAPI, expected: Record<string, string>) =>
    Object.entries(expected)
      .filter(([selector, value]) => meta($, selector) !== value)
      .map(([selector, value]) => `${selector} is ${JSON.stringify(meta($, selector))}, expected "${value}"`)

  it('every page is in English: <html lang="en">', () => {
    expectEvery(routes, 'pages lack lang="en"', (route) => {
      const lang = page(route)("html").attr("lang")
      return lang === "en" ? undefined : `lang is ${JSON.stringify(lang)}`
    })
  })

  it("every page has one <title>, longer than 10 characters", () => {
    expectEvery(routes, "pages lack a single title of more than 10 characters", (route) => {
      const titles = page(route)("head > title")
      if (titles.length !== 1) return `${titles.length} <title> elements`
      return titles.text().length > 10 ? undefined : `title "${titles.text()}" is too short`
    })
  })

  it("every page has a meta description longer than 50 characters", () => {
    expectEvery(routes, "pages lack a meta description of more than 50 characters", (route) => {
      const description = meta(page(route), "meta[name='description']")
      return (description?.length ?? 0) > 50 ? undefined : `description is ${JSON.stringify(description)}`
    })
  })

  it("every page names itself as canonical, by its absolute URL", () => {
    expectEvery(routes, "pages lack a self canonical", (route) => {
      const href = page(route)("link[rel='canonical']").attr("href")
      return href === canonical(route)
        ? undefined
        : `canonical is ${JSON.stringify(href)}, expected "${canonical(route)}"`
    })
  })

  it("every page has the Open Graph tags: its URL and title, website, the site's name, en_US and the share image", () => {
    expectEvery(routes, "pages lack an Open Graph tag or have a wrong one", (route) => {
      const $ = page(route)
      return tagsDiffer($, {
        "meta[property='og:url']": canonical(route),
        "meta[property='og:title']": $("head > title").text(),
        "meta[property='og:type']": "website",
        "meta[property='og:site_name']": `${business.brand} Appliance Repair`,
        "meta[property='og:locale']": "en_US",
        "meta[property='og:image']": `${siteUrl}/og-image.png`,
      })
    })
  })

  it("every page has a large-image Twitter card and one theme colour", () => {
    expectEvery(routes, "pages lack the Twitter card or the theme colour", (route) => {
      const $ = page(route)
      const themeColors = $("meta[name='theme-color']").length
      return [
        ...tagsDiffer($, { "meta[name='twitter:card']": "summary_large_image" }),
        ...(themeColors === 1 ? [] : [`${themeColors} theme-color tags`]),
      ]
    })
  })

  it("no indexable page carries a robots meta tag", () => {
    expectEvery(routes, "pages carry a robots meta tag", (route) => {
      const robots = page(route)("meta[name='robots']")
      return robots.length ? `robots "${robots.attr("content")}"` : undefined
    })
  })

  it("gives every page a unique title and a unique description", () => {
    const shared = (valueOf: (route: string) => string | undefined) => {
      const byValue = new Map<string | undefined, string[]>()
      for (const route of routes) byValue.set(valueOf(route), [...(byValue.get(valueOf(route)) ?? []), route])
      return [...byValue]
        .filter(([, pages]) => pages.length > 1)
        .map(([value, pages]) => `"${value}": ${pages.join(", ")}`)
    }
    expectNone(
      shared((route) => page(route)("head > title").text()),
      "titles are shared by several pages",
    )
    expectNone(
      shared((route) => meta(page(route), "meta[name='description']")),
      "descriptions are shared by several pages",
    )
  })

  it("keeps city titles under 60 characters and descriptions under 160", () => {
    expectEvery(
      cities,
      "city pages have a title of 60 characters or more, or a description of 160 or more",
      (city) => {
        const $ = page(`/service-area/${city.slug}/`)
        const title = $("head > title").text()
        const description = meta($, "meta[name='description']") ?? ""
        return [
          ...(title.length < 60 ? [] : [`title has ${title.length} characters`]),
          ...(description.length < 160 ? [] : [`description has ${description.length} characters`]),
        ]
      },
      (city) => `/service-area/${city.slug}/`,
    )
  })

  it("carries the spec's meta keywords on service pages", () => {
    expectEvery(
      services,
      "service pages lack their meta keywords",
      (service) => {
        const keywords = meta(page(`/services/${service.slug}/`), "meta[name='keywords']")
        return keywords === service.metaKeywords ? undefined : `keywords are ${JSON.stringify(keywords)}`
      },
      (service) => `/services/${service.slug}/`,
    )
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

  it("answers /favicon.ico, which browsers and crawlers ask for, with an icon holding the pages' own", () => {
    const ico = fs.readFileSync(path.join(PUBLIC_DIR, "favicon.ico"))
    const png = fs.readFileSync(path.join(PUBLIC_DIR, "favicon-32x32.png"))
    // ICONDIR: reserved 0, type 1 (icon), one image; its entry gives the image's size and place.
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 1])
    expect([ico.readUInt8(6), ico.readUInt8(7)]).toEqual([32, 32])
    const [size, offset] = [ico.readUInt32LE(14), ico.readUInt32LE(18)]
    expect(ico.subarray(offset, offset + size).equals(png)).toBe(true)
    expect(offset + size).toBe(ico.length)
  })
})

describe("structured data", () => {
  const businessId = `${siteUrl}/#business`

  it("every JSON-LD block on every page parses as JSON with a @context and @type", () => {
    expectEvery(
      [...routes, "404.html"],
      "pages have a JSON-LD block that does not parse or lacks @context or @type",
      (route) =>
        jsonLdOf(route)
          .filter((block) => block["@context"] !== "https://schema.org" || typeof block["@type"] !== "string")
          .map((block) => `block ${JSON.stringify(block).slice(0, 80)}…`),
    )
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
    const hours = local.openingHoursSpecification as Array<Record<string, unknown>>
    expect(hours.filter((entry) => !entry.validFrom)).toEqual(
      business.hours
        .filter((entry) => entry.opens && entry.closes)
        .map(({ days, opens, closes }) => ({ "@type": "OpeningHoursSpecification", dayOfWeek: days, opens, closes })),
    )
    // Holidays and special hours, as Google gives them: closed is 00:00 to 00:00, from and through its days.
    const asGiven = (business.specialHours ?? []).map(({ from, to, opens, closes }) => ({
      "@type": "OpeningHoursSpecification",
      opens: (opens && closes && opens) || "00:00",
      closes: (opens && closes && closes) || "00:00",
      validFrom: from,
      validThrough: to || from,
    }))
    // Every entry that had not ended on the build's day, in order of its first day; past ones left out.
    const day = buildDay(business.timeZone)
    expect(hours.filter((entry) => entry.validFrom)).toEqual(
      asGiven
        .filter((entry) => entry.validThrough >= day)
        .sort((a, b) => (a.validFrom < b.validFrom ? -1 : a.validFrom > b.validFrom ? 1 : 0)),
    )
    expect(local.foundingDate).toBe(String(business.foundingYear))
    expect(local.priceRange).toBeTruthy()
    expect(local.areaServed).toEqual([expect.objectContaining({ "@type": "GeoCircle" })])
    expect(local).not.toHaveProperty("aggregateRating")
    expect(local).not.toHaveProperty("review")
  })

  it("each service page has a Service provided by the business and a matching BreadcrumbList", () => {
    expectEvery(
      services,
      "service pages lack the Service or a BreadcrumbList matching the visible one",
      (service) => {
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
      },
      (service) => `/services/${service.slug}/`,
    )
  })

  it("each city page has a BreadcrumbList matching its visible breadcrumb Home › Service Area › City", () => {
    expectEvery(
      cities,
      "city pages lack the breadcrumb Home › Service Area › City, visible and in JSON-LD",
      (city) => {
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
      },
      (city) => `/service-area/${city.slug}/`,
    )
  })

  it("the coupons page lists the coded offers as Offers of the business", () => {
    const catalog = jsonLdOf("/coupons/").find((block) => block["@type"] === "OfferCatalog")
    const offers = catalog?.itemListElement as Array<Record<string, unknown>>
    const day = buildDay(business.timeZone)
    const current = coupons.offers.filter((offer) => !offer.expires || offer.expires >= day)
    expect(offers).toHaveLength(current.length)
    offers.forEach((offer, index) => {
      expect(offer["@type"]).toBe("Offer")
      expect(offer.offeredBy).toEqual({ "@id": businessId })
      expect(offer.description).toContain(current[index].code)
      expect(offer.validThrough).toBe(current[index].expires || undefined)
    })
  })
})

describe("sitemap and robots.txt", () => {
  const xmlOf = (file: string) => fs.readFileSync(path.join(PUBLIC_DIR, file), "utf8")
  const NAMESPACE = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"'
  /** A W3C Datetime as the sitemap protocol allows it: a day, or a day and time with its zone. */
  const W3C_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/
  const day = buildDay(business.timeZone)
  /** Each <tag>…</tag> of the XML, with the names and text of its children. */
  const entriesOf = (xml: string, tag: string) =>
    Array.from(xml.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, "g")), ([, inner]) => ({
      children: Array.from(inner.matchAll(/<([a-z:]+)>/gi), ([, name]) => name),
      loc: /<loc>([^<]*)<\/loc>/.exec(inner)?.[1] ?? "",
      lastmod: /<lastmod>([^<]*)<\/lastmod>/.exec(inner)?.[1],
    }))
  const index = xmlOf("sitemap-index.xml")
  const sitemaps = entriesOf(index, "sitemap")
  const sitemapFileOf = (loc: string) => loc.slice(siteUrl.length + 1)
  const urls = sitemaps.flatMap(({ loc }) =>
    fs.existsSync(path.join(PUBLIC_DIR, sitemapFileOf(loc))) ? entriesOf(xmlOf(sitemapFileOf(loc)), "url") : [],
  )
  /** The entry's problems, given the children it must have (a lastmod, if among them, a W3C date no later than the build's day). */
  const problemsOfEntry = (entry: ReturnType<typeof entriesOf>[number], children: readonly string[]) => [
    ...(entry.loc.startsWith(`${siteUrl}/`) ? [] : [`loc ${entry.loc} is not an absolute URL on ${siteUrl}`]),
    ...(!children.includes("lastmod") || (entry.lastmod && W3C_DATE.test(entry.lastmod))
      ? []
      : [`lastmod ${entry.lastmod} is no W3C date`]),
    ...(entry.lastmod && W3C_DATE.test(entry.lastmod) && entry.lastmod.slice(0, 10) > day
      ? [`lastmod ${entry.lastmod} is after the build's day ${day}`]
      : []),
    ...(entry.children.join(",") === children.join(",")
      ? []
      : [`has ${entry.children.join(", ")}, not ${children.join(", ")}`]),
  ]

  it("is an index of sitemap files on the site, each of the protocol's form", () => {
    expect(index.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true)
    expect(index).toContain(`<sitemapindex ${NAMESPACE}>`)
    expectEvery(
      sitemaps,
      "sitemap files of the index break the protocol",
      (entry) => {
        const file = sitemapFileOf(entry.loc)
        if (!fs.existsSync(path.join(PUBLIC_DIR, file))) return [`${file} was not built`]
        const xml = xmlOf(file)
        const count = (xml.match(/<url>/g) ?? []).length
        // gatsby-plugin-sitemap names each file by its loc only (an index's lastmod is optional), and
        // declares the news, xhtml, image and video namespaces after the sitemap's own.
        return [
          ...problemsOfEntry(entry, ["loc"]),
          ...(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>') && xml.includes(`<urlset ${NAMESPACE}`)
            ? []
            : ["is no urlset of the sitemap namespace"]),
          ...(count >= 1 && count <= 50_000 ? [] : [`has ${count} URLs (1 to 50,000)`]),
          ...(Buffer.byteLength(xml) <= 50 * 1024 * 1024 ? [] : ["is larger than 50 MB"]),
        ]
      },
      (entry) => entry.loc,
    )
  })

  it("gives every URL its absolute loc and a W3C lastmod, and nothing else (no changefreq or priority)", () => {
    expectEvery(
      urls,
      "sitemap URLs break the protocol",
      (entry) => problemsOfEntry(entry, ["loc", "lastmod"]),
      (entry) => entry.loc,
    )
  })

  it("lists exactly the built pages but the 404 and the editor, once each", () => {
    const listed = urls.map(({ loc }) => loc)
    const pages = routes.map((route) => `${siteUrl}${route}`)
    expectNone(
      pages.filter((url) => !listed.includes(url)),
      "built pages missing from the sitemap",
    )
    expectNone(
      listed.filter((url) => !pages.includes(url)),
      "sitemap URLs with no built page",
    )
    expectNone(
      listed.filter((url, at) => listed.indexOf(url) !== at),
      "sitemap URLs listed twice",
    )
  })

  it("publishes the URLs whose lastmod this build set, each with the build's day in the sitemap", () => {
    const changes = JSON.parse(xmlOf(CHANGED_URLS_PATH.slice(1))) as ChangedUrls
    expect(changes.siteUrl).toBe(siteUrl)
    expect(changes.day).toBe(day)
    // The plugin writes a day as its first instant in UTC ("2026-11-24T00:00:00.000Z").
    const lastmodOf = new Map(urls.map(({ loc, lastmod }) => [loc, lastmod?.slice(0, 10)]))
    expectNone(
      changes.urls.filter((url) => lastmodOf.get(url) !== day).map((url) => `${url}: lastmod ${lastmodOf.get(url)}`),
      "changed URLs not in the sitemap with the build's day",
    )
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
  const pages = [...routes, "404.html"]
  const policyOf = (html: string) => {
    const metas = html.match(/<meta http-equiv="Content-Security-Policy" content="([^"]*)"\/>/g) ?? []
    return { metas, policy: /content="([^"]*)"/.exec(metas[0] ?? "")?.[1] }
  }

  it("every page carries one policy meta, ahead of its scripts, naming its own inline scripts by hash and the pages' resources", () => {
    expectEvery(pages, "pages lack their own Content-Security-Policy meta", (route) => {
      const html = fs.readFileSync(htmlFileFor(route), "utf8")
      const { metas, policy } = policyOf(html)
      if (metas.length !== 1) return `${metas.length} policy metas`
      const problems: string[] = []
      if (html.indexOf(metas[0]) > html.indexOf("<script")) problems.push("the policy comes after a script")
      const withoutMeta = html.replace(metas[0], "")
      if (policy !== pagePolicy(inlineScriptHashes(withoutMeta), /<form\b/i.test(withoutMeta))) {
        problems.push("the policy is not the one its inline scripts call for")
      }
      return problems
    })
  })

  it("no page's policy allows inline scripts by 'unsafe-inline' or any eval", () => {
    expectEvery(pages, "pages allow 'unsafe-inline' scripts or 'unsafe-eval'", (route) => {
      const { policy = "" } = policyOf(fs.readFileSync(htmlFileFor(route), "utf8"))
      return [
        ...(/script-src [^;]*/.exec(policy)?.[0].includes("unsafe-inline") ? ["script-src has 'unsafe-inline'"] : []),
        ...(policy.includes("unsafe-eval") ? ["'unsafe-eval'"] : []),
      ]
    })
  })
})
