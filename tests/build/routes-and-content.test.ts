import fs from "fs"
import path from "path"
import type { CheerioAPI } from "cheerio"
import { PUBLIC_DIR, buildDay, builtRoutes, page, textOf } from "./built-site"
import {
  SPEC,
  readBrands,
  readBusiness,
  readCities,
  readData,
  readCoupons,
  readGrid,
  readReviews,
  readServices,
  specCitySlugs,
  specServiceSlugs,
} from "../fixtures/content"
import { formatHours } from "../../src/lib/hours"
import { citySlug } from "../../src/lib/slug"
import { groupByCounty } from "../../src/lib/service-area"
import { expectEvery, expectNone } from "../offenders"
import { callBacksOn } from "../../internal/call-backs/setting"

const services = readServices()
const cities = readCities()
const brands = readBrands()
const business = readBusiness()
const coupons = readCoupons()
/** The coupons of a list the build keeps: none, or a last day not before the build's. */
const current = <T extends { expires?: string }>(list: readonly T[]): T[] => {
  const day = buildDay(business.timeZone)
  return list.filter((coupon) => !coupon.expires || coupon.expires >= day)
}
const grid = readGrid()
const cityPageCopy = readData<{ whyChoosePoints: string[]; applianceGroups: string[] }>("city-pages.json")
const SPEC_SERVICES = specServiceSlugs()
const citySlugs = new Set(cities.map((city) => city.slug))
/** Grid names with no city record stay plain text (today: Waukegan). */
const gridWithoutPage = grid.filter((name) => !citySlugs.has(citySlug(name)))

/** Whether a link opens the map host's normal page of the place an embed address shows (not the embed address). */
function opensPlaceOf(href: string | undefined, mapUrl: string): boolean {
  if (!href?.startsWith("https://")) return false
  const opened = new URL(href)
  const embed = new URL(mapUrl)
  return (
    `${opened.origin}${opened.pathname}` === `${embed.origin}${embed.pathname}` &&
    opened.searchParams.get("q") === embed.searchParams.get("q") &&
    !opened.searchParams.has("output")
  )
}

/**
 * A map as the built page carries it: no frame of the map host (nothing is asked
 * of it before the visitor wants it; our own maps are frames of /maps/ files),
 * but a placeholder in the section that names the place, keeps the frame's 400px
 * and links to the place's normal page on the map host in a new tab.
 */
function expectMapPlaceholder($: CheerioAPI, section: string, mapUrl: string, place: string) {
  expect($("iframe").filter((_, el) => !($(el).attr("src") ?? "").startsWith("/maps/"))).toHaveLength(0)
  expect(mapUrl).toMatch(/^https:\/\/www\.google\.com\/maps/)
  const link = $(`${section} a`).filter((_, el) => opensPlaceOf($(el).attr("href"), mapUrl))
  expect(link).toHaveLength(1)
  expect(link.attr("target")).toBe("_blank")
  expect(link.attr("rel")).toContain("noopener")
  expect(link.text()).toContain(place)
  // The placeholder holding the link names the place, and its box keeps the frame's height.
  const placeholder = link.parent()
  const title = placeholder.find("p").text()
  expect(title.startsWith("Map of")).toBe(true)
  expect(title).toContain(place)
  expect(placeholder.parent().attr("style")).toMatch(new RegExp(`height:\\s*${SPEC.cityMapHeightPx}px`))
}

describe("built routes", () => {
  const routes = builtRoutes()

  it("builds the 7 service pages of the spec", () => {
    const built = routes.filter((route) => route.startsWith("/services/"))
    expect(SPEC_SERVICES).toHaveLength(7)
    expect(built.sort()).toEqual(SPEC_SERVICES.map((slug) => `/services/${slug}/`).sort())
  })

  it("builds one page for each city record, and none other", () => {
    const built = routes.filter((route) => /^\/service-area\/[^/]+\/$/.test(route))
    expect(built.sort()).toEqual(cities.map((city) => `/service-area/${city.slug}/`).sort())
  })

  it("builds a page for each of the spec's 67 valid city slugs", () => {
    expect(SPEC.citySlugs).toHaveLength(67)
    expectNone(
      specCitySlugs()
        .map((slug) => `/service-area/${slug}/`)
        .filter((route) => !routes.includes(route)),
      "city pages of the spec are missing",
    )
  })

  it("has no page for a name without a city record (Waukegan is in the grid but has none)", () => {
    expectNone(
      [...gridWithoutPage, "Chicago"].filter((name) =>
        fs.existsSync(path.join(PUBLIC_DIR, "service-area", citySlug(name))),
      ),
      "names without a city record have a page",
    )
  })

  it("no page shows a name from the code or a missing value where words belong", () => {
    // What a reader would see if a type name, an unset field or an object were printed as text
    // (a type rename once put "Queries.BusinessAddress" in the home page's Contact section).
    const leak = /\b(?:Queries|GatsbyTypes)\.\w+|\bundefined\b|\bnull\b|\bNaN\b|\[object Object\]/g
    expectEvery(routes, "pages show code where words belong", (route) => {
      const found = textOf(page(route), "body").match(leak)
      return found ? `shows ${[...new Set(found)].map((text) => `"${text}"`).join(", ")}` : undefined
    })
  })

  it("builds the home, coupons, brands, service-area and privacy pages and the 404", () => {
    for (const route of ["/", "/coupons/", "/brands/", "/service-area/", "/privacy/"]) expect(routes).toContain(route)
    expect(fs.existsSync(path.join(PUBLIC_DIR, "404.html"))).toBe(true)
    // /call-back/ unless CALL_BACKS=off, /reviews/ once there is a review, and /404/, Gatsby's copy of 404.html.
    const callBack = callBacksOn((name) => process.env[name]) ? 1 : 0
    expect(routes).toHaveLength(services.length + cities.length + 5 + callBack + (readReviews().length ? 1 : 0) + 1)
  })
})

describe("home page", () => {
  const $ = page("/")

  it("opens with the brand's h1 and a call button", () => {
    expect(textOf($, "h1")).toBe(`${business.brand} Appliance Repair`)
    expect($("h1")).toHaveLength(1)
    expect(textOf($, "main section:first-of-type a[href^='tel:']")).toBe(`Call Now ${business.phone.display}`)
  })

  it("has the sections of the spec, in order, under the ids the header links to", () => {
    const ids = $("main section[id]")
      .map((_, el) => $(el).attr("id"))
      .get()
    expect(ids).toEqual(["coupons", "services", "brands", "service-area", "about", "contact"])
  })

  it("shows the four trust claims", () => {
    const text = textOf($, "main")
    for (const claim of ["Licensed & Insured", "All Brands & Models", "Unbeatable Prices", "Satisfaction Guaranteed"]) {
      expect(text).toContain(claim)
    }
  })

  it("shows the home coupons of data/coupons.json that had not expired on the build's day, with their ends", () => {
    expect(
      $("#coupons article h3")
        .map((_, el) => $(el).text())
        .get(),
    ).toEqual(current(coupons.homeCoupons).map((coupon) => coupon.title))
    const ends = $("#coupons article")
      .map((_, el) => /Expires ([A-Z][a-z]+ \d{1,2}, \d{4})/.exec($(el).text())?.[1] ?? "")
      .get()
    expect(ends.map(Boolean)).toEqual(current(coupons.homeCoupons).map((coupon) => Boolean(coupon.expires)))
  })

  it("has a card linking to each of the 7 service pages", () => {
    const hrefs = $("#services a")
      .map((_, el) => $(el).attr("href"))
      .get()
    expect(hrefs.sort()).toEqual(SPEC_SERVICES.map((slug) => `/services/${slug}/`).sort())
  })

  it("links to every city page from the service-area section", () => {
    const hrefs = $("#service-area a[href^='/service-area/']")
      .map((_, el) => $(el).attr("href"))
      .get()
    expect(hrefs).toHaveLength(cities.length)
    expect(new Set(hrefs)).toEqual(new Set(cities.map((city) => `/service-area/${city.slug}/`)))
  })

  it("holds the map host's service-area map as a placeholder naming the centre town, with a link to the map and no frame of the map host", () => {
    expectMapPlaceholder($, "#service-area", business.homeMapUrl, business.serviceRadius.center.split(",")[0])
  })

  it("shows the address and hours in the contact section", () => {
    const contact = textOf($, "#contact")
    const { street, city, region, postalCode } = business.address
    expect(contact).toContain(street)
    expect(contact).toContain(`${city}, ${region} ${postalCode}`)
    for (const entry of business.hours) expect(contact).toContain(`${entry.label} ${formatHours(entry)}`)
  })
})

describe("service pages", () => {
  const servicePage = (service: (typeof services)[number]) => `/services/${service.slug}/`
  const textsOf = ($: CheerioAPI, selector: string) =>
    $(selector)
      .map((_, el) => $(el).text())
      .get()

  it("every service page has one h1, its hero title", () => {
    expectEvery(
      services,
      "service pages lack their hero title as their only h1",
      (service) => {
        const $ = page(servicePage(service))
        expect($("h1")).toHaveLength(1)
        expect(textOf($, "h1")).toBe(service.heroTitle)
      },
      servicePage,
    )
  })

  it(`every service page lists its ${SPEC.problemsPerService} common problems, titled as in data/services/`, () => {
    expectEvery(
      services,
      `service pages lack their ${SPEC.problemsPerService} problems`,
      (service) => {
        const $ = page(servicePage(service))
        expect($("#common-problems li")).toHaveLength(SPEC.problemsPerService)
        expect(textsOf($, "#common-problems h3")).toEqual(service.commonProblems.map((problem) => problem.title))
      },
      servicePage,
    )
  })

  it(`every service page lists ${SPEC.pointsPerService} reasons to choose us, then a same-day call button`, () => {
    expectEvery(
      services,
      `service pages lack their ${SPEC.pointsPerService} points or the call button`,
      (service) => {
        const $ = page(servicePage(service))
        expect($("#why-choose li")).toHaveLength(SPEC.pointsPerService)
        expect(textOf($, "#why-choose a[href^='tel:']")).toBe(`Call for Same-Day Service ${business.phone.display}`)
      },
      servicePage,
    )
  })

  it("every service page has its main content and maintenance tips", () => {
    expectEvery(
      services,
      "service pages lack their main content or maintenance tips",
      (service) => {
        const $ = page(servicePage(service))
        expect($("#details p").length).toBeGreaterThan(1)
        expect(textOf($, "#maintenance h2")).toBe("Maintenance Tips")
        expect($("#maintenance li").length).toBeGreaterThan(0)
      },
      servicePage,
    )
  })

  it("gives refrigerator and dishwasher the long texts, with the spec's maintenance numbers", () => {
    const fridge = textOf(page("/services/refrigerator-repair/"), "main")
    for (const fact of ["every 6 months", "37–40°F", "0°F", "75% full", "Sub-Zero"]) expect(fridge).toContain(fact)
    const dishwasher = textOf(page("/services/dishwasher-repair/"), "main")
    expect(dishwasher).toMatch(/filter monthly|filter once a month/i)
    const words = (slug: string) => textOf(page(`/services/${slug}/`), "#details").split(" ").length
    expect(words("refrigerator-repair")).toBeGreaterThan(2 * words("microwave-repair"))
  })
})

describe("city pages", () => {
  const cityPage = (city: (typeof cities)[number]) => `/service-area/${city.slug}/`
  const textsOf = ($: CheerioAPI, selector: string) =>
    $(selector)
      .map((_, el) => $(el).text())
      .get()

  it("every city page has one h1, naming its town", () => {
    expectEvery(
      cities,
      "city pages lack a single h1 naming the town",
      (city) => {
        const $ = page(cityPage(city))
        expect($("h1")).toHaveLength(1)
        expect(textOf($, "h1")).toContain(city.name)
      },
      cityPage,
    )
  })

  it("every city page lists at least 4 reasons to choose us, ending with those of data/city-pages.json", () => {
    expectEvery(
      cities,
      "city pages lack their reasons to choose us",
      (city) => {
        const points = textsOf(page(cityPage(city)), "#why-choose li")
        expect(points.length).toBeGreaterThanOrEqual(4)
        expect(points.slice(-cityPageCopy.whyChoosePoints.length)).toEqual(cityPageCopy.whyChoosePoints)
      },
      cityPage,
    )
  })

  it("every city page lists the appliances of data/city-pages.json, then a same-day call button", () => {
    expectEvery(
      cities,
      "city pages lack the appliance list or the call button",
      (city) => {
        const $ = page(cityPage(city))
        expect(textsOf($, "#appliances li")).toEqual(cityPageCopy.applianceGroups)
        expect(textOf($, "#appliances a[href^='tel:']")).toBe(`Call for Same-Day Service ${business.phone.display}`)
      },
      cityPage,
    )
  })

  it(`every city page holds its map as a ${SPEC.cityMapHeightPx}px placeholder naming the town, linking to its map, no frame`, () => {
    expectEvery(
      cities,
      "city pages lack their map placeholder",
      (city) => expectMapPlaceholder(page(cityPage(city)), "#map", city.mapUrl, city.name),
      cityPage,
    )
  })
})

describe("coupons, brands and service-area pages", () => {
  it("/coupons/ lists the coded offers and the disclaimer of data/coupons.json", () => {
    const $ = page("/coupons/")
    expect(textOf($, "h1")).toBe("Special Offers & Coupons")
    expect($("main article")).toHaveLength(current(coupons.offers).length)
    const text = textOf($, "main")
    for (const offer of current(coupons.offers)) {
      expect(text).toContain(offer.title)
      expect(text).toContain(`Code: ${offer.code}`)
    }
    expect(text).toContain(coupons.disclaimer)
  })

  it("/brands/ lists every brand of data/brands.json in its order, and a call prompt", () => {
    const $ = page("/brands/")
    expect(textOf($, "h1")).toBe("Appliance Brands We Service")
    const names = $("main ul[aria-label='Brands'] li")
      .map((_, el) => $(el).text())
      .get()
    expect(names).toEqual(brands.map((brand) => brand.name))
    expect(textOf($, "main h2")).toContain("Don't See Your Brand?")
  })

  it("/service-area/ shows the grid in order; a name without a city page (Waukegan) stays plain text", () => {
    const $ = page("/service-area/")
    expect(textOf($, "h1")).toBe("Service Area")
    const { miles, center } = business.serviceRadius
    expect(textOf($, "main")).toContain(`Serving communities within ${miles} miles of ${center}`)
    const items = $("main ul[aria-label='Communities we serve'] li")
    expect(items.map((_, el) => $(el).text()).get()).toEqual(grid)
    const plain = items.filter((_, el) => $(el).find("a").length === 0)
    expect(plain.map((_, el) => $(el).text()).get()).toEqual(gridWithoutPage)
    expect(items.find("a")).toHaveLength(grid.length - gridWithoutPage.length)
    expect(textOf($, "main")).toContain("Don't See Your City?")
  })

  it("/service-area/ indexes every city page by county", () => {
    const $ = page("/service-area/")
    const hrefs = $("#all-towns a")
      .map((_, el) => $(el).attr("href"))
      .get()
    expect(new Set(hrefs)).toEqual(new Set(cities.map((city) => `/service-area/${city.slug}/`)))
    expect(
      $("#all-towns h3")
        .map((_, el) => $(el).text())
        .get(),
    ).toEqual(groupByCounty(cities).map((group) => `${group.county} County`))
  })

  it("the 404 page shows the message and a link home", () => {
    const $ = page("404.html")
    const text = textOf($, "main")
    expect(text).toContain("404")
    expect(text).toContain("Oops! Page not found")
    expect($("main a[href='/']").text()).toBe("Return to Home")
  })
})
