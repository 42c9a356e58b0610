import fs from "fs"
import { createRequire } from "module"
import path from "path"
import { geoBounds, geoContains } from "d3-geo"
import { feature } from "topojson-client"
import type { Feature, Geometry } from "geojson"
import type { GeometryCollection, Topology } from "topojson-specification"
import type { LatLng } from "./distance"

/**
 * The U.S. Census county boundaries as us-atlas packages them for the web
 * (counties-10m.json, TopoJSON): the county a point lies in. The same outlines
 * the maps draw.
 */

export interface County {
  /** Five-digit FIPS code: state (2) and county (3), e.g. "17031". */
  id: string
  /** As the Census names it, without "County": "Cook". */
  name: string
  feature: Feature<Geometry, { name: string }>
  /** [[west, south], [east, north]] in degrees. */
  bounds: [[number, number], [number, number]]
}

type CountyTopology = Topology<{ counties: GeometryCollection<{ name: string }> }>

/** Every county of the atlas. */
export function countiesOf(topology: CountyTopology): County[] {
  const collection = feature(topology, topology.objects.counties)
  return collection.features.map((county) => ({
    id: String(county.id),
    name: county.properties.name,
    feature: county,
    bounds: geoBounds(county),
  }))
}

function readAtlas(): CountyTopology {
  const fromRoot = createRequire(path.resolve(process.cwd(), "package.json"))
  return JSON.parse(fs.readFileSync(fromRoot.resolve("us-atlas/counties-10m.json"), "utf8")) as CountyTopology
}

let atlas: County[] | undefined

/** The counties, read once per process. */
export const loadCounties = (): County[] => (atlas ??= countiesOf(readAtlas()))

/** The county whose outline holds the point, or undefined (a point in a lake, or abroad). */
export function countyAt(counties: readonly County[], point: LatLng): County | undefined {
  const lngLat: [number, number] = [point.lng, point.lat]
  return counties.find(
    ({ bounds: [[west, south], [east, north]], feature: outline }) =>
      point.lng >= west &&
      point.lng <= east &&
      point.lat >= south &&
      point.lat <= north &&
      geoContains(outline, lngLat),
  )
}
