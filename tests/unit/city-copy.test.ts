import { DESCRIPTION_LIMIT, TITLE_LIMIT, cityCopy, type CityFacts } from "../../src/lib/city-copy"
import { milesPhrase } from "../../src/lib/phrases"
import { distanceMiles, nearestPlaces, roundMiles } from "../../internal/geo/distance"
import { readBusiness, readCities, type CityData as City } from "../fixtures/content"
import { expectEvery } from "../offenders"

const cities = readCities()
const business = readBusiness()
const basics = {
  shopTown: business.address.city,
  region: business.address.region,
  foundingYear: business.foundingYear,
  phoneDisplay: business.phone.display,
}
const copyOf = (city: City) =>
  cityCopy(
    { ...city, milesFromShop: roundMiles(distanceMiles(business.geo, city)), nearby: nearestPlaces(city, cities) },
    basics,
  )

describe("city copy", () => {
  it("every town's title and description fit search results and name the town (the description the phone too)", () => {
    expectEvery(
      cities,
      "towns' titles or descriptions are too long or miss the town or the phone",
      (city) => {
        const { title, description } = copyOf(city)
        return [
          ...(title.length < TITLE_LIMIT ? [] : [`title has ${title.length} characters`]),
          ...(description.length < DESCRIPTION_LIMIT ? [] : [`description has ${description.length} characters`]),
          ...(title.includes(city.name) ? [] : ["the title does not name the town"]),
          ...(description.includes(city.name) ? [] : ["the description does not name the town"]),
          ...(description.includes(business.phone.display) ? [] : ["the description lacks the phone number"]),
        ]
      },
      (city) => city.name,
    )
  })

  it("writes from the city's facts: county, distance and neighbours", () => {
    const skokie = cities.find((city) => city.slug === "skokie") as City
    const copy = copyOf(skokie)
    const miles = roundMiles(distanceMiles(business.geo, skokie))
    expect(copy.heading).toBe("Appliance Repair in Skokie (Cook County)")
    expect(copy.intro).toContain(`${milesPhrase(miles)} from our Northfield shop`)
    expect(copy.whyChoose.join(" ")).toContain("Cook County")
    const neighbours = nearestPlaces(skokie, cities).map((city) => city.name)
    for (const name of neighbours) expect(copy.serviceText[0]).toContain(name)
  })

  it("names every county of a town that spans several", () => {
    const barringtonHills = cities.find((city) => city.slug === "barrington-hills") as City
    expect(copyOf(barringtonHills).heading).toBe(
      `Appliance Repair in Barrington Hills (${barringtonHills.county.split(", ").slice(0, -1).join(", ")} and ${barringtonHills.county.split(", ").at(-1)} counties)`,
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

  it("every sentence of every town's copy reads right", () => {
    expectEvery(
      cities,
      "towns' copy has a sentence that reads wrong",
      (city) => sentencesOf(copyOf(city)).flatMap(grammarProblems),
      (city) => city.name,
    )
  })
})

/** Every piece of copy the page shows or puts in its head. */
const sentencesOf = (copy: ReturnType<typeof cityCopy>): string[] => [
  copy.title,
  copy.heading,
  copy.description,
  copy.intro,
  ...copy.whyChoose,
  ...copy.serviceText,
]

/** What a reader would flag: a wrong article, a wrong number, a broken list, a missing value. */
function grammarProblems(sentence: string): string[] {
  const checks: Array<[RegExp, string]> = [
    [/\b[Aa] (8|11|18)(\b|\d|\.|-)/, "'a' before a number spoken with a vowel"],
    [/\b[Aa]n (?!8|11[^\d]|18[^\d])\d/, "'an' before a number spoken with a consonant"],
    [/(^|[^\d.])1 (miles|communities|counties)\b/, "plural after 1"],
    [/(\d*\.\d+|\b(0|[2-9]|\d{2,})) (mile|community|county)\b/, "singular after a number other than 1"],
    [/\d-miles\b/, "plural compound adjective"],
    [/\bmiles drive\b/, "'miles drive' (needs 'mile drive')"],
    [/(?<!and )\b[A-Z][a-zA-Z]+ counties\b/, "one county called counties"],
    [/\b(County|Counties) counties\b|\bcounties County\b/, "county said twice"],
    [/(undefined|null|NaN|\[object)/, "a missing value"],
    [/(: *[.,]|: *$| , |,,|\.\.| {2}| and \.| and ,|\band and\b)/, "a broken list or punctuation"],
  ]
  return checks.filter(([pattern]) => pattern.test(sentence)).map(([, problem]) => `${problem}: "${sentence}"`)
}

describe("city copy at the edges", () => {
  const basics = { shopTown: "Northfield", region: "IL", foundingYear: 2010, phoneDisplay: "(847) 555-0142" }
  const town = (overrides: Partial<CityFacts>): CityFacts => ({
    name: "Testville",
    county: "Cook",
    milesFromShop: 5,
    nearby: [{ name: "Alpha" }, { name: "Beta" }, { name: "Gamma" }, { name: "Delta" }],
    ...overrides,
  })

  it("says the distance with the right article and number: 0.5, 1, 8, 11, 18 and 12 miles", () => {
    const examples = [
      [0.5, "A 0.5-mile drive", "0.5 miles from our Northfield shop"],
      [1, "A 1-mile drive", "1 mile from our Northfield shop"],
      [8, "An 8-mile drive", "8 miles from our Northfield shop"],
      [11, "An 11-mile drive", "11 miles from our Northfield shop"],
      [18, "An 18-mile drive", "18 miles from our Northfield shop"],
      [12, "A 12-mile drive", "12 miles from our Northfield shop"],
    ] as const
    expectEvery(
      examples,
      "distances are said wrong",
      ([miles, drive, distance]) => {
        const copy = cityCopy(town({ milesFromShop: miles }), basics)
        expect(copy.whyChoose[0]).toBe(`${drive} from our Northfield shop`)
        expect(copy.intro).toContain(`Testville is ${distance}, in Cook County.`)
        expect(copy.serviceText[0]).toContain(`reach Testville in ${drive.toLowerCase()}, and on the same route`)
        expect(sentencesOf(copy).flatMap(grammarProblems)).toEqual([])
      },
      ([miles]) => `${miles} miles`,
    )
  })

  it("names one, two and three counties", () => {
    expect(cityCopy(town({ county: "Lake" }), basics).heading).toBe("Appliance Repair in Testville (Lake County)")
    expect(cityCopy(town({ county: "Cook, Lake" }), basics).whyChoose[1]).toBe(
      "Same-day visits across Cook and Lake counties",
    )
    const three = cityCopy(town({ county: "Cook, DuPage, Lake" }), basics)
    expect(three.heading).toBe("Appliance Repair in Testville (Cook, DuPage and Lake counties)")
    expect(three.title).toBe("Testville, IL Appliance Repair · Cook County")
    expect(sentencesOf(three).flatMap(grammarProblems)).toEqual([])
  })

  it("reads right with one neighbour or none", () => {
    const one = cityCopy(town({ nearby: [{ name: "Alpha" }] }), basics)
    expect(one.whyChoose).toContain("Also nearby: Alpha")
    expect(one.serviceText[0]).toContain("on the same route they serve Alpha.")
    const none = cityCopy(town({ nearby: [] }), basics)
    expect(none.whyChoose.join(" ")).not.toContain("Also nearby")
    expect(none.serviceText[0]).toContain("reach Testville in a 5-mile drive. That is why")
    expect(none.description).not.toContain("nearby")
    for (const copy of [one, none]) expect(sentencesOf(copy).flatMap(grammarProblems)).toEqual([])
  })

  it("the grammar check itself catches the old mistakes", () => {
    expect(grammarProblems("A 11 miles drive from our Northfield shop")).toHaveLength(2)
    expect(grammarProblems("across Cook counties")).toHaveLength(1)
    expect(grammarProblems("We serve 1 communities within 20 miles")).toHaveLength(1)
    expect(grammarProblems("Also nearby: ")).toHaveLength(1)
  })
})
