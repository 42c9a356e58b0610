import { geoBounds, geoContains } from "d3-geo"
import type { LatLng } from "./distance"
import { loadAtlas, type CountyShape } from "../maps/atlas"

/**
 * The county a point lies in, by the U.S. Census outlines the maps draw
 * (us-atlas, read once per process by ../maps/atlas.ts).
 */

export interface County extends CountyShape {
  /** [[west, south], [east, north]] in degrees. */
  bounds: [[number, number], [number, number]]
}

let counties: County[] | undefined

/** Every county with its bounding box, made once per process. */
export const loadCounties = (): County[] =>
  (counties ??= loadAtlas().counties.map((county) => ({ ...county, bounds: geoBounds(county.feature) })))

/** The county whose outline holds the point, or undefined (a point in a lake, or abroad). */
export function countyAt(candidates: readonly County[], point: LatLng): County | undefined {
  const lngLat: [number, number] = [point.lng, point.lat]
  return candidates.find(
    ({ bounds: [[west, south], [east, north]], feature: outline }) =>
      point.lng >= west &&
      point.lng <= east &&
      point.lat >= south &&
      point.lat <= north &&
      geoContains(outline, lngLat),
  )
}
