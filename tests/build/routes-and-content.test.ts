import fs from "fs"
import path from "path"
import type { CheerioAPI } from "cheerio"
import { PUBLIC_DIR, builtRoutes, page, readJson, textOf } from "./built-site"
import { specCitySlugs, specServiceSlugs } from "../fixtures/content"

interface Service {
  slug: string
  heroTitle: string
  commonProblems: Array<{ title: string }>
  whyChoosePoints: string[]
}
const services = readJson<Service[]>("services.json")
const cities = readJson<Array<{ slug: string; name: string; county: string; mapUrl: string }>>("cities.json")
const brands = readJson<Array<{ name: string; featured: boolean }>>("brands.json")
const business = readJson<{
  brand: string
  phone: { display: string; e164: string }
  serviceRadius: { center: string }
  homeMapUrl: string
}>("business.json")
const grid = readJson<{ grid: string[] }>("service-area.json").grid
const SPEC_SERVICES = specServiceSlugs()

/**
 * A map as the built page carries it: no frame (nothing is asked of the map host
 * before the visitor wants it), but a placeholder in the section that names the
 * place, keeps the frame's 400px and links to the map address in a new tab.
 */
function expectMapPlaceholder($: CheerioAPI, section: string, mapUrl: string, place: string) {
  expect($("iframe")).toHaveLength(0)
  expect(mapUrl).toMatch(/^https:\/\/www\.google\.com\/maps/)
  const link = $(`${section} a`).filter((_, el) => $(el).attr("href") === mapUrl)
  expect(link).toHaveLength(1)
  expect(link.attr("target")).toBe("_blank")
  expect(link.attr("rel")).toContain("noopener")
  expect(link.text()).toContain(place)
  // The placeholder holding the link names the place, and its box keeps the frame's height.
  const placeholder = link.parent()
  const title = placeholder.find("p").text()
  expect(title.startsWith("Map of")).toBe(true)
  expect(title).toContain(place)
  expect(placeholder.parent().attr("style")).toMatch(/height:\s*400px/)
}

describe("built routes", () => {
  const routes = builtRoutes()

  it("builds the 7 service pages of the spec", () => {
    const built = routes.filter((route) => route.startsWith("/services/"))
    expect(SPEC_SERVICES).toHaveLength(7)
    expect(built.sort()).toEqual(SPEC_SERVICES.map((slug) => `/services/${slug}/`).sort())
  })

  it("builds one page for each of the 67 valid city slugs, and none other", () => {
    const built = routes.filter((route) => /^\/service-area\/[^/]+\/$/.test(route))
    expect(built).toHaveLength(67)
    expect(built.sort()).toEqual(specCitySlugs().map((slug) => `/service-area/${slug}/`).sort())
  })

  it("has no page for a slug outside the list (Waukegan is in the grid but has no page)", () => {
    expect(fs.existsSync(path.join(PUBLIC_DIR, "service-area/waukegan"))).toBe(false)
    expect(fs.existsSync(path.join(PUBLIC_DIR, "service-area/chicago"))).toBe(false)
  })

  it("builds the home, coupons, brands and service-area pages and the 404", () => {
    for (const route of ["/", "/coupons/", "/brands/", "/service-area/"]) expect(routes).toContain(route)
    expect(fs.existsSync(path.join(PUBLIC_DIR, "404.html"))).toBe(true)
    expect(routes).toHaveLength(7 + 67 + 4 + 1) // the last is /404/, Gatsby's copy of 404.html
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

  it("shows the three home coupons", () => {
    expect($("#coupons article")).toHaveLength(3)
    expect(textOf($, "#coupons")).toContain("$199 Oven Igniter Replacement")
    expect(textOf($, "#coupons")).toContain("$199 Dryer Not Heating or Won't Start")
    expect(textOf($, "#coupons")).toContain("FREE Service Call")
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
    expect(hrefs).toHaveLength(67)
    expect(new Set(hrefs)).toEqual(new Set(cities.map((city) => `/service-area/${city.slug}/`)))
  })

  it("holds the service-area map as a placeholder naming the centre town, with a link to the map and no frame", () => {
    expectMapPlaceholder($, "#service-area", business.homeMapUrl, business.serviceRadius.center.split(",")[0])
  })

  it("shows the address and hours in the contact section", () => {
    const contact = textOf($, "#contact")
    expect(contact).toContain("540 Frontage Rd")
    expect(contact).toContain("Northfield, IL 60093")
    expect(contact).toContain("Monday–Friday 8am–6pm")
    expect(contact).toContain("Saturday 9am–4pm")
    expect(contact).toContain("Sunday Closed")
  })
})

describe("service pages", () => {
  it.each(services.map((service) => [service.slug, service] as const))(
    "%s shows its hero, 10 problems, 8 points, main content and maintenance tips",
    (slug, service) => {
      const $ = page(`/services/${slug}/`)
      expect(textOf($, "h1")).toBe(service.heroTitle)
      expect($("h1")).toHaveLength(1)
      expect($("#common-problems li")).toHaveLength(10)
      expect(
        $("#common-problems h3")
          .map((_, el) => $(el).text())
          .get(),
      ).toEqual(service.commonProblems.map((problem) => problem.title))
      expect($("#why-choose li")).toHaveLength(8)
      expect(textOf($, "#why-choose a[href^='tel:']")).toBe(`Call for Same-Day Service ${business.phone.display}`)
      expect($("#details p").length).toBeGreaterThan(1)
      expect(textOf($, "#maintenance h2")).toBe("Maintenance Tips")
      expect($("#maintenance li").length).toBeGreaterThan(0)
    },
  )

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
  it.each(cities.map((city) => [city.slug, city] as const))("%s has its own h1, lists and a 400px map placeholder", (slug, city) => {
    const $ = page(`/service-area/${slug}/`)
    expect($("h1")).toHaveLength(1)
    expect(textOf($, "h1")).toContain(city.name)
    expect($("#why-choose li").length).toBeGreaterThanOrEqual(4)
    expect($("#appliances li")).toHaveLength(6)
    expect(textOf($, "#appliances a[href^='tel:']")).toBe(`Call for Same-Day Service ${business.phone.display}`)
    expectMapPlaceholder($, "#map", city.mapUrl, city.name)
  })
})

describe("coupons, brands and service-area pages", () => {
  it("/coupons/ lists the three coded offers and the disclaimer", () => {
    const $ = page("/coupons/")
    expect(textOf($, "h1")).toBe("Special Offers & Coupons")
    expect($("main article")).toHaveLength(3)
    const text = textOf($, "main")
    for (const code of ["SAVE25", "SAVE50", "FREECALL"]) expect(text).toContain(`Code: ${code}`)
    expect(text).toContain(
      "Cannot be combined with other offers. Mention coupon code when scheduling. Valid for Northfield, IL & surrounding areas.",
    )
  })

  it("/brands/ lists the 30 brands in the spec's order and a call prompt", () => {
    const $ = page("/brands/")
    expect(textOf($, "h1")).toBe("Appliance Brands We Service")
    const names = $("main ul[aria-label='Brands'] li")
      .map((_, el) => $(el).text())
      .get()
    expect(names).toEqual(brands.map((brand) => brand.name))
    expect(names).toHaveLength(30)
    expect(textOf($, "main h2")).toContain("Don't See Your Brand?")
  })

  it("/service-area/ shows the 40-name grid in order; Waukegan stays plain text", () => {
    const $ = page("/service-area/")
    expect(textOf($, "h1")).toBe("Service Area")
    expect(textOf($, "main")).toContain("Serving communities within 20 miles of Buffalo Grove, IL")
    const items = $("main ul[aria-label='Communities we serve'] li")
    expect(items).toHaveLength(40)
    expect(items.map((_, el) => $(el).text()).get()).toEqual(grid)
    const waukegan = items.filter((_, el) => $(el).text() === "Waukegan")
    expect(waukegan.find("a")).toHaveLength(0)
    expect(items.find("a")).toHaveLength(39)
    expect(textOf($, "main")).toContain("Don't See Your City?")
  })

  it("/service-area/ indexes every city page by county", () => {
    const $ = page("/service-area/")
    const hrefs = $("#all-towns a")
      .map((_, el) => $(el).attr("href"))
      .get()
    expect(new Set(hrefs)).toEqual(new Set(cities.map((city) => `/service-area/${city.slug}/`)))
    expect($("#all-towns h3").first().text()).toBe("Cook County")
  })

  it("the 404 page shows the message and a link home", () => {
    const $ = page("404.html")
    const text = textOf($, "main")
    expect(text).toContain("404")
    expect(text).toContain("Oops! Page not found")
    expect($("main a[href='/']").text()).toBe("Return to Home")
  })
})
