import { groupByCounty, matchGridToPages } from "../../src/lib/service-area"

describe("service-area helpers", () => {
  const cities = [
    { name: "Skokie", slug: "skokie", county: "Cook" },
    { name: "Gurnee", slug: "gurnee", county: "Lake" },
    { name: "Buffalo Grove", slug: "buffalo-grove", county: "Lake, Cook" },
    { name: "Addison", slug: "addison", county: "DuPage" },
  ]

  it("links grid names that have a page and leaves the rest as text", () => {
    expect(matchGridToPages(["Buffalo Grove", "Waukegan"], cities)).toEqual([
      { name: "Buffalo Grove", slug: "buffalo-grove" },
      { name: "Waukegan", slug: null },
    ])
  })

  it("groups towns by their first county, largest group first", () => {
    expect(groupByCounty(cities).map((group) => [group.county, group.cities.map((city) => city.name)])).toEqual([
      ["Lake", ["Buffalo Grove", "Gurnee"]],
      ["Cook", ["Skokie"]],
      ["DuPage", ["Addison"]],
    ])
  })
})
