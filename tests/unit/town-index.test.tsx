import * as React from "react"
import { render, screen, within } from "@testing-library/react"
import { countiesWithTowns, townFacts, type Town } from "../../internal/content/town-facts"
import { CountyLinks } from "../../src/components/county-links"
import { LIST_EVERY_TOWN_UP_TO } from "../../internal/content/computed"
import { countyPath } from "../../src/lib/routes"
import { countySlug } from "../../src/lib/slug"
import { readCities } from "../fixtures/content"

const town = (name: string, county: string, i = 0): Town => ({
  id: `id-${name}`,
  name,
  slug: name.toLowerCase().replace(/\s+/g, "-"),
  county,
  lat: 42 + i * 0.001,
  lng: -88 + i * 0.001,
})

/** n made-up towns spread over the given counties, a few of them in two. */
const manyTowns = (n: number, counties: readonly string[]) =>
  Array.from({ length: n }, (_, i) => {
    const county = counties[i % counties.length]
    return town(`Town ${i}`, i % 10 === 0 ? `${county}, ${counties[(i + 1) % counties.length]}` : county, i)
  })

describe("the town index: every town while they are few, counties above the limit", () => {
  it("lists every one of the real towns by name, and no county page", () => {
    const towns: Town[] = readCities().map((city) => ({ ...city, id: city.slug }))
    expect(towns.length).toBeLessThanOrEqual(LIST_EVERY_TOWN_UP_TO)
    const { index } = townFacts(towns)
    expect(index.listsEveryTown).toBe(true)
    expect(index.townCount).toBe(towns.length)
    expect(index.towns).toEqual([...towns].sort((a, b) => a.name.localeCompare(b.name)).map((t) => t.slug))
    expect(index.counties).toEqual([])
  })

  it(`lists exactly ${LIST_EVERY_TOWN_UP_TO} towns, and counties from one more`, () => {
    const counties = ["Cook", "Lake", "DuPage"]
    expect(townFacts(manyTowns(LIST_EVERY_TOWN_UP_TO, counties)).index.listsEveryTown).toBe(true)
    const { index } = townFacts(manyTowns(LIST_EVERY_TOWN_UP_TO + 1, counties))
    expect(index.listsEveryTown).toBe(false)
    expect(index.towns).toEqual([])
    expect(index.counties.map((county) => county.name)).toEqual(["Cook", "DuPage", "Lake"])
    expect(index.counties.find((county) => county.slug === "dupage")?.name).toBe("DuPage")
  })

  it("puts a town in every county it lies in, each county's towns by name, every town in some county", () => {
    const towns = manyTowns(
      2000,
      Array.from({ length: 200 }, (_, i) => `County ${i}`),
    )
    const counties = countiesWithTowns(towns)
    expect(counties).toHaveLength(200)
    const listed = new Set(counties.flatMap((county) => county.towns))
    expect(listed.size).toBe(towns.length)
    const twoCounties = towns.find((t) => t.county.includes(",")) as Town
    const holding = counties.filter((county) => county.towns.includes(twoCounties.id)).map((county) => county.name)
    expect(holding).toEqual(twoCounties.county.split(", ").sort())
    for (const county of counties) {
      expect(county.townCount).toBe(county.towns.length)
      const names = county.towns.map((id) => id.replace("id-", ""))
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)))
    }
  })

  it("treats spellings with the same slug as one county", () => {
    const counties = countiesWithTowns([town("A", "St. Clair"), town("B", "St Clair")])
    expect(counties).toEqual([{ name: "St. Clair", slug: "st-clair", townCount: 2, towns: ["id-A", "id-B"] }])
    expect(countySlug("McHenry")).toBe("mchenry")
  })

  it("matches the service-area grid's names to town pages, leaving the rest without one", () => {
    const facts = townFacts([town("Buffalo Grove", "Lake, Cook"), town("Skokie", "Cook")])
    expect(facts.gridEntries(["Skokie", "Waukegan"])).toEqual([
      { name: "Skokie", city: "id-Skokie" },
      { name: "Waukegan", city: null },
    ])
  })
})

describe("county links", () => {
  it("links each county's page and says how many towns it lists", () => {
    render(
      <CountyLinks
        label="Counties we serve"
        counties={[
          { name: "Cook", slug: "cook", townCount: 31 },
          { name: "Kane", slug: "kane", townCount: 1 },
        ]}
      />,
    )
    const list = screen.getByRole("list", { name: "Counties we serve" })
    const links = within(list).getAllByRole("link")
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Cook County", countyPath("cook")],
      ["Kane County", countyPath("kane")],
    ])
    expect(list).toHaveTextContent("Cook County (31 towns)")
    expect(list).toHaveTextContent("Kane County (1 town)")
  })
})
