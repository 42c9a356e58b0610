import fs from "fs"
import path from "path"
import { createRequire } from "module"
import { feature, mesh } from "topojson-client"
import type { Feature, MultiLineString, MultiPolygon, Polygon } from "geojson"
import type { GeometryCollection, Topology } from "topojson-specification"

/**
 * The U.S. Census county boundaries as us-atlas packages them for the web
 * (counties-10m.json: TopoJSON, simplified and quantized; every county's id is
 * its five-digit FIPS code, the first two digits its state's).
 */

export interface CountyShape {
  /** Five-digit FIPS code, e.g. "17031" (Cook County, Illinois). */
  id: string
  /** The county's name without "County", e.g. "Cook", "McHenry". */
  name: string
  /** Two-digit FIPS code of its state, e.g. "17" (Illinois), "55" (Wisconsin). */
  state: string
  feature: Feature<Polygon | MultiPolygon>
}

export interface Atlas {
  counties: CountyShape[]
  /** The borders between two states (state lines, not coasts). */
  stateLines: MultiLineString
}

interface CountyProperties {
  name: string
}

type CountiesTopology = Topology<{
  counties: GeometryCollection<CountyProperties>
  states: GeometryCollection
  nation: GeometryCollection
}>

/** us-atlas's counties file, resolved from the project root as Node would (gatsby-node is compiled into .cache/). */
function atlasFile(): string {
  const fromRoot = createRequire(path.resolve(process.cwd(), "package.json"))
  return fromRoot.resolve("us-atlas/counties-10m.json")
}

/** Decodes the TopoJSON: every county as a GeoJSON feature, and the state lines. */
export function decodeAtlas(topology: CountiesTopology): Atlas {
  const collection = feature(topology, topology.objects.counties)
  const counties = collection.features.map((county) => {
    const id = String(county.id)
    return {
      id,
      name: county.properties.name,
      state: id.slice(0, 2),
      feature: county as Feature<Polygon | MultiPolygon>,
    }
  })
  const stateLines = mesh(topology, topology.objects.states, (a, b) => a !== b)
  return { counties, stateLines }
}

let loaded: Atlas | undefined

/** The atlas, read and decoded once per process. */
export function loadAtlas(): Atlas {
  loaded ??= decodeAtlas(JSON.parse(fs.readFileSync(atlasFile(), "utf8")) as CountiesTopology)
  return loaded
}
