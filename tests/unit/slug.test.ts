import { citySlug, uniqueIds } from "../../src/lib/slug"
import { cityPath, countyPath, servicePath } from "../../src/lib/routes"
import { readCities, specCitySlugs } from "../fixtures/content"

describe("slug rule", () => {
  it("lowercases the name and turns spaces into hyphens", () => {
    expect(citySlug("Arlington Heights")).toBe("arlington-heights")
    expect(citySlug("Elk Grove Village")).toBe("elk-grove-village")
    expect(citySlug("Skokie")).toBe("skokie")
  })

  it("has a city record for each of the spec's 67 valid slugs", () => {
    const slugs = readCities().map((city) => city.slug)
    expect(specCitySlugs()).toHaveLength(67)
    expect(slugs).toEqual(expect.arrayContaining(specCitySlugs()))
  })

  it("builds page paths with Gatsby's trailing slash", () => {
    expect(cityPath("glencoe")).toBe("/service-area/glencoe/")
    expect(servicePath("dryer-repair")).toBe("/services/dryer-repair/")
    expect(countyPath("cook")).toBe("/service-area/counties/cook/")
  })

  it("never gives a county page the path of a city page, whatever the names", () => {
    for (const slug of ["counties", "cook", "lake-county", "cook-county"]) {
      expect(countyPath(slug)).not.toBe(cityPath(slug))
      expect(countyPath(slug).split("/").filter(Boolean)).toHaveLength(3)
      expect(cityPath(slug).split("/").filter(Boolean)).toHaveLength(2)
    }
  })
})

describe("element ids from titles", () => {
  it("joins the prefix and the title's slug", () => {
    expect(uniqueIds("coupon", ["$25 OFF Any Appliance Repair Service", "FREE Service Call"])).toEqual([
      "coupon-25-off-any-appliance-repair-service",
      "coupon-free-service-call",
    ])
  })

  it("gives repeated titles ids of their own, never one another's", () => {
    const ids = uniqueIds("coupon", ["Free Call", "Free call", "Free Call 2", "!!!", "¡¡¡"])
    expect(ids).toEqual(["coupon-free-call", "coupon-free-call-2", "coupon-free-call-2-2", "coupon", "coupon-2"])
  })

  it("gives the same titles the same ids every time", () => {
    const titles = ["A", "B", "A"]
    expect(uniqueIds("card", titles)).toEqual(uniqueIds("card", titles))
  })
})
