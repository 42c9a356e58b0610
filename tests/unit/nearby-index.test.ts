import { nearbyPlaces } from "../../internal/geo/nearby-index"
import { nearestPlaces } from "../../internal/geo/distance"
import { readCities } from "../fixtures/content"

interface Town {
  name: string
  slug: string
  lat: number
  lng: number
}

const summary = (list: ReadonlyArray<{ slug: string; miles: number }>) =>
  list.map(({ slug, miles }) => `${slug} ${miles}`)

/** A small deterministic generator, so the random-looking towns are the same on every run. */
function seeded(seed: number) {
  let state = seed
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296
    return state / 4294967296
  }
}

describe("neighbours from the spatial index", () => {
  const towns: Town[] = readCities().map((city) => ({ ...city, id: city.slug }))
  const index = nearbyPlaces(towns)

  it(`gives each of the ${towns.length} real towns the same neighbours as nearestPlaces: same slugs, order and miles`, () => {
    expect(towns.length).toBeGreaterThanOrEqual(67)
    for (const town of towns) {
      const expected = nearestPlaces(town, towns)
      const actual = (index.get(town.slug) ?? []).map(({ place, miles }) => ({ slug: place.slug, miles }))
      expect([town.slug, summary(actual)]).toEqual([town.slug, summary(expected)])
    }
  })

  it("agrees with nearestPlaces on 2,000 scattered towns, and on towns in a grid where many are equally far", () => {
    const random = seeded(11)
    const scattered = Array.from({ length: 2000 }, (_, i) => ({
      slug: `town-${i}`,
      lat: 41.8 + random() * 0.7,
      lng: -88.5 + random() * 0.9,
    }))
    // Exact binary offsets: each inner grid point has four neighbours at exactly the same distance.
    const grid = Array.from({ length: 400 }, (_, i) => ({
      slug: `grid-${String(i).padStart(3, "0")}`,
      lat: 42 + Math.floor(i / 20) / 64,
      lng: -88 + (i % 20) / 64,
    }))
    for (const places of [scattered, grid]) {
      const fromIndex = nearbyPlaces(places)
      for (const place of places.filter((_, i) => i % 10 === 0)) {
        const actual = (fromIndex.get(place.slug) ?? []).map(({ place: near, miles }) => ({ slug: near.slug, miles }))
        expect(summary(actual)).toEqual(summary(nearestPlaces(place, places)))
      }
    }
  })

  it("handles one town, and no town", () => {
    expect(nearbyPlaces([{ slug: "alone", lat: 42, lng: -88 }]).get("alone")).toEqual([])
    expect(nearbyPlaces([]).size).toBe(0)
  })
})
