import fs from "fs"
import path from "path"
import { townFacts, townOfNode, type CityNode, type TownFacts, type Town } from "../content/town-facts"
import { siteMaps, type MapFile } from "../maps/site-maps"
import type { MapBusiness } from "../maps/service-area"
import { MAPS_FOLDER } from "../maps/svg-file"
import { readMapColors } from "../maps/tokens"

/**
 * The glue between Gatsby's nodes and the maps of internal/maps/: the resolvers
 * give pages the maps' data and file names, onPostBuild writes the files into
 * public/, and `gatsby develop` serves them (onCreateDevServer). All three draw
 * from the same nodes, so they agree on every file's content and name.
 */

export type BusinessNode = MapBusiness

type GetNodesByType = (type: string) => unknown[]

/** The fields of every City node that the town facts and the maps use. */
export const townsOf = (getNodesByType: GetNodesByType): Town[] =>
  (getNodesByType("City") as CityNode[]).map(townOfNode)

export function businessNodeOf(getNodesByType: GetNodesByType): BusinessNode {
  const [business] = getNodesByType("Business") as BusinessNode[]
  if (!business) throw new Error("data/business.json: no business record to draw the maps for")
  return business
}

/**
 * Every map of the build, projected once per process on first use. Above the
 * town-list limit the overview links the counties that have pages.
 */
export function buildMaps(towns: readonly Town[], business: BusinessNode, facts: TownFacts) {
  const slugById = new Map(towns.map((town) => [town.id, town.slug]))
  const countyLinks = facts.index.listsEveryTown
    ? null
    : facts.index.counties.map((county) => ({
        name: county.name,
        slug: county.slug,
        towns: county.towns.map((id) => slugById.get(id) ?? id),
      }))
  return siteMaps({ towns, business, countyLinks, colors: readMapColors() })
}

/** The map files the current nodes make. */
export function currentMapFiles(getNodesByType: GetNodesByType): MapFile[] {
  const towns = townsOf(getNodesByType)
  return buildMaps(towns, businessNodeOf(getNodesByType), townFacts(towns)).files()
}

/**
 * Writes the map files into public/maps/ and removes the ones an earlier build
 * wrote that no page refers to any more (their names carry their content's hash).
 */
export function writeMapFiles(publicDir: string, files: readonly MapFile[]): { written: string[]; removed: string[] } {
  const dir = path.join(publicDir, MAPS_FOLDER)
  fs.mkdirSync(dir, { recursive: true })
  const keep = new Set(files.map((file) => file.fileName))
  const removed = fs.readdirSync(dir).filter((name) => name.endsWith(".svg") && !keep.has(name))
  for (const name of removed) fs.rmSync(path.join(dir, name))
  for (const file of files) fs.writeFileSync(path.join(dir, file.fileName), file.svg)
  return { written: files.map((file) => file.fileName), removed }
}
