import { LIST_EVERY_TOWN_UP_TO } from "./computed"
import { COMPLETE_FIELDS } from "./graphql-types"
import { countyNames } from "../../src/lib/phrases"
import { matchGridToPages } from "../../src/lib/service-area"
import { countySlug } from "../../src/lib/slug"
import { nearbyPlaces } from "../geo/nearby-index"

/** The fields of a town (a City node) that facts about all towns need. */
export interface Town {
  id: string
  name: string
  slug: string
  county: string
  lat: number
  lng: number
}

/** A City node as gatsby-transformer-json makes it, with the fields the build filled (on-create-node.ts). */
export interface CityNode {
  id: string
  name: string
  fields: { [COMPLETE_FIELDS]: Omit<Town, "id" | "name"> & { mapUrl?: string } }
}

/** The town facts of a City node: the file's values, and the derived ones where the file has none. */
export function townOfNode({ id, name, fields }: CityNode): Town {
  const { slug, county, lat, lng } = fields[COMPLETE_FIELDS]
  return { id, name, slug, county, lat, lng }
}

/** A county with a page: its towns as node ids, by name. */
export interface CountyFacts {
  name: string
  slug: string
  townCount: number
  towns: string[]
}

/** What the home page and /service-area/ show of the towns: every town, or the counties. */
export interface TownIndexFacts {
  townCount: number
  listsEveryTown: boolean
  /** Every town's node id, by name, while listsEveryTown; none above the limit. */
  towns: string[]
  /** The counties that have a page: only above the limit. */
  counties: CountyFacts[]
}

const byName = (a: Town, b: Town): number => a.name.localeCompare(b.name) || a.slug.localeCompare(b.slug)

/**
 * Counties and the towns in each, a town listed under every county it lies in
 * (Buffalo Grove under Lake and Cook), counties and towns by name. Spellings that
 * make the same slug are one county.
 */
export function countiesWithTowns(towns: readonly Town[]): CountyFacts[] {
  const counties = new Map<string, { name: string; towns: Town[] }>()
  for (const town of towns) {
    for (const name of countyNames(town.county)) {
      const slug = countySlug(name)
      const county = counties.get(slug) ?? { name, towns: [] }
      county.towns.push(town)
      counties.set(slug, county)
    }
  }
  return Array.from(counties, ([slug, county]) => ({
    name: county.name,
    slug,
    townCount: county.towns.length,
    towns: [...county.towns].sort(byName).map((town) => town.id),
  })).sort((a, b) => a.name.localeCompare(b.name))
}

/** Computes a value on first use, then keeps it. */
export function once<T>(make: () => T): () => T {
  let value: T | undefined
  return () => (value ??= make())
}

/**
 * Everything the computed fields need to know about all the towns at once:
 * the town index and the counties, and (on first use, since page creation does
 * not need them) every town's neighbours.
 */
export function townFacts(towns: readonly Town[], listEveryTownUpTo = LIST_EVERY_TOWN_UP_TO) {
  const listsEveryTown = towns.length <= listEveryTownUpTo
  const counties = listsEveryTown ? [] : countiesWithTowns(towns)
  const index: TownIndexFacts = {
    townCount: towns.length,
    listsEveryTown,
    towns: listsEveryTown ? [...towns].sort(byName).map((town) => town.id) : [],
    counties,
  }
  const idBySlug = new Map(towns.map((town) => [town.slug, town.id]))
  return {
    neighbours: once(() => nearbyPlaces(towns)),
    idByName: new Map(towns.map((town) => [town.name, town.id])),
    index,
    /** The service-area grid's names, each with the node id of its town page, or null. */
    gridEntries: (names: readonly string[]) =>
      matchGridToPages(names, towns).map(({ name, slug }) => ({
        name,
        city: slug ? (idBySlug.get(slug) ?? null) : null,
      })),
  }
}
export type TownFacts = ReturnType<typeof townFacts>
