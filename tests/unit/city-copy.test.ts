import { DESCRIPTION_LIMIT, TITLE_LIMIT, cityCopy, milesPhrase } from "../../src/lib/city-copy"
import { distanceMiles, nearestPlaces, roundMiles } from "../../src/lib/geo"
import { readCities, readData } from "../fixtures/content"

interface City {
  name: string
  slug: string
  county: string
  lat: number
  lng: number
}
const cities = readCities<City>()
const business = readData<{ geo: { lat: number; lng: number }; foundingYear: number; phone: { display: string } }>("business.json")
const basics = { shopTown: "Northfield", foundingYear: business.foundingYear, phoneDisplay: business.phone.display }
const copyOf = (city: City) =>
  cityCopy(
    { ...city, milesFromShop: roundMiles(distanceMiles(business.geo, city)), nearby: nearestPlaces(city, cities) },
    basics,
  )

describe("city copy", () => {
  it.each(cities.map((city) => [city.name, city] as const))("%s: title and description fit search results", (_, city) => {
    const copy = copyOf(city)
    expect(copy.title.length).toBeLessThan(TITLE_LIMIT)
    expect(copy.description.length).toBeLessThan(DESCRIPTION_LIMIT)
    expect(copy.title).toContain(city.name)
    expect(copy.description).toContain(city.name)
    expect(copy.description).toContain(business.phone.display)
  })

  it("writes from the city's facts: county, distance and neighbours", () => {
    const skokie = cities.find((city) => city.slug === "skokie") as City
    const copy = copyOf(skokie)
    const miles = roundMiles(distanceMiles(business.geo, skokie))
    expect(copy.heading).toBe("Appliance Repair in Skokie, Cook County")
    expect(copy.intro).toContain(`${milesPhrase(miles)} from our Northfield shop`)
    expect(copy.whyChoose.join(" ")).toContain("Cook County")
    const neighbours = nearestPlaces(skokie, cities).map((city) => city.name)
    for (const name of neighbours) expect(copy.serviceText[0]).toContain(name)
  })

  it("names every county of a town that spans several", () => {
    const barringtonHills = cities.find((city) => city.slug === "barrington-hills") as City
    expect(copyOf(barringtonHills).heading).toBe(
      `Appliance Repair in Barrington Hills, ${barringtonHills.county.split(", ").slice(0, -1).join(", ")} and ${barringtonHills.county.split(", ").at(-1)} counties`,
    )
  })

  it("speaks of the home town as home, not as a drive", () => {
    const northfield = cities.find((city) => city.slug === "northfield") as City
    const copy = copyOf(northfield)
    expect(copy.intro).toContain("Our shop is right here in Northfield")
    expect(copy.whyChoose[0]).toBe(`Based in Northfield since ${business.foundingYear}`)
  })

  it("no two cities share a title, heading or description", () => {
    const copies = cities.map(copyOf)
    for (const key of ["title", "heading", "description"] as const) {
      expect(new Set(copies.map((copy) => copy[key])).size).toBe(cities.length)
    }
  })

  it("says mile or miles as the number needs", () => {
    expect(milesPhrase(1)).toBe("1 mile")
    expect(milesPhrase(4.5)).toBe("4.5 miles")
  })
})
