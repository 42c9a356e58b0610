import { mapEmbedUrl, mapPageUrl, mapSearchUrl } from "../../internal/maps/map-links"
import { readBusiness, readCities } from "../fixtures/content"

const embeds = [
  ...readCities().map((city) => ({ place: city.name, embed: city.mapUrl })),
  { place: readBusiness().serviceRadius.center, embed: readBusiness().homeMapUrl },
]

describe("the link that opens a map in a new tab", () => {
  it("opens the map host's normal page of the same place for every map of data/, not the embed address", () => {
    const offenders = embeds.flatMap(({ place, embed }) => {
      const opened = new URL(mapPageUrl(embed, place))
      const from = new URL(embed)
      const same =
        `${opened.origin}${opened.pathname}` === `${from.origin}${from.pathname}` &&
        opened.searchParams.get("q") === from.searchParams.get("q") &&
        !opened.searchParams.has("output")
      return same ? [] : [`${place}: ${opened.href}`]
    })
    expect(embeds.length).toBeGreaterThan(1)
    expect(offenders).toEqual([])
  })

  it("keeps the address's other parameters and their encoding", () => {
    expect(mapPageUrl("https://www.google.com/maps?q=Wheeling%2C%20IL&z=13&output=embed", "Wheeling")).toBe(
      "https://www.google.com/maps?q=Wheeling%2C%20IL&z=13",
    )
  })

  it("searches for the place by name when the embed address holds no query (an /maps/embed?pb=… address)", () => {
    expect(mapPageUrl("https://www.google.com/maps/embed?pb=!1m18!2d-87.9", "Buffalo Grove, IL")).toBe(
      "https://www.google.com/maps/search/?api=1&query=Buffalo%20Grove%2C%20IL",
    )
  })
})

describe("the frame of a map address", () => {
  it("shows an embed address as it is, and the normal page of a place at a town's zoom", () => {
    const embed = "https://www.google.com/maps?q=Wheeling%2C%20IL&z=13&output=embed"
    expect(mapEmbedUrl(embed)).toBe(embed)
    expect(mapEmbedUrl(mapSearchUrl("Lincolnwood, IL"))).toBe(
      "https://www.google.com/maps?q=Lincolnwood%2C%20IL&z=13&output=embed",
    )
    expect(mapPageUrl(mapSearchUrl("Lincolnwood, IL"), "Lincolnwood")).toBe(mapSearchUrl("Lincolnwood, IL"))
  })
})
