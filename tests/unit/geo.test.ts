import { distanceMiles, nearestPlaces, roundMiles } from "../../internal/geo/distance"

describe("great-circle distance", () => {
  it("matches the published New York–Los Angeles distance (about 2,445 miles)", () => {
    const newYork = { lat: 40.7128, lng: -74.006 }
    const losAngeles = { lat: 34.0522, lng: -118.2437 }
    expect(distanceMiles(newYork, losAngeles)).toBeGreaterThan(2440)
    expect(distanceMiles(newYork, losAngeles)).toBeLessThan(2450)
  })

  it("measures a short suburban hop: Evanston to Wilmette is about 2 miles", () => {
    const evanston = { lat: 42.0481, lng: -87.6817 }
    const wilmette = { lat: 42.0763, lng: -87.703 }
    expect(distanceMiles(evanston, wilmette)).toBeCloseTo(2.2, 1)
  })

  it("is zero from a place to itself and symmetric", () => {
    const a = { lat: 42.1, lng: -87.8 }
    const b = { lat: 42.2, lng: -88.0 }
    expect(distanceMiles(a, a)).toBe(0)
    expect(distanceMiles(a, b)).toBeCloseTo(distanceMiles(b, a), 10)
  })

  it("rounds to tenths under 10 miles and to whole miles above", () => {
    expect(roundMiles(4.26)).toBe(4.3)
    expect(roundMiles(14.6)).toBe(15)
  })
})

describe("nearest places", () => {
  // A line of towns one degree of longitude apart at the equator is ~69 miles;
  // use small offsets (0.01° ≈ 0.69 mi) so distances are easy to reason about.
  const place = (slug: string, lngOffset: number) => ({ slug, lat: 0, lng: lngOffset * 0.01 })
  const towns = [
    place("a", 0),
    place("b", 1),
    place("c", 2),
    place("d", 3),
    place("e", 4),
    place("f", 5),
    place("g", 6),
    place("h", 30),
  ]

  it("excludes the place itself and lists the nearest first", () => {
    const result = nearestPlaces(towns[0], towns, { min: 4, max: 6, withinMiles: 100 })
    expect(result.map((town) => town.slug)).toEqual(["b", "c", "d", "e", "f", "g"])
  })

  it("never returns fewer than the minimum, even when none is within range", () => {
    const result = nearestPlaces(towns[7], towns, { min: 4, max: 6, withinMiles: 1 })
    expect(result.map((town) => town.slug)).toEqual(["g", "f", "e", "d"])
  })

  it("returns those within range when there are between min and max", () => {
    const result = nearestPlaces(towns[0], towns, { min: 4, max: 6, withinMiles: 3.5 })
    expect(result.map((town) => town.slug)).toEqual(["b", "c", "d", "e", "f"])
  })

  it("breaks ties by slug, whatever the input order", () => {
    // Offsets that are exact in binary, so left and right are exactly as far.
    const at = (slug: string, lng: number) => ({ slug, lat: 0, lng })
    const center = at("m", 0.5)
    const left = at("l", 0.25)
    const right = at("r", 0.75)
    const others = [at("x", 2), at("y", 2.25), at("z", 2.5)]
    const forward = nearestPlaces(center, [center, left, right, ...others], { min: 4, max: 4, withinMiles: 0 })
    const backward = nearestPlaces(center, [...others, right, left, center], { min: 4, max: 4, withinMiles: 0 })
    expect(forward.map((town) => town.slug)).toEqual(["l", "r", "x", "y"])
    expect(backward.map((town) => town.slug)).toEqual(["l", "r", "x", "y"])
  })
})
