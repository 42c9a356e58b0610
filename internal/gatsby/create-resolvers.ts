import type { GatsbyNode } from "gatsby"
import { COMPUTED_ROOT_FIELDS } from "../content/computed"
import { once, townFacts, townOfNode, type CityNode } from "../content/town-facts"
import { buildMaps, businessNodeOf, townsOf, type BusinessNode } from "./map-files"
import { distanceMiles, roundMiles, type LatLng } from "../geo/distance"
import { radiusTownName } from "../../src/lib/service-radius"

interface NodeModel {
  findOne<T>(args: { type: string }): Promise<T | null>
  findAll<T>(args: { type: string; query?: { limit?: number } }): Promise<{ entries: Iterable<T> }>
  getNodeById<T>(args: { id: string; type: string }): T | null
}

interface ResolverContext {
  nodeModel: NodeModel
}

type GetNodesByType = (type: string) => unknown[]

/** The distance a town page states: from the shop, rounded for display. */
const milesFromShop = (business: BusinessNode, town: LatLng): number => roundMiles(distanceMiles(business.geo, town))

/** The business record the maps are drawn for. */
async function businessOf(context: ResolverContext): Promise<BusinessNode> {
  const business = await context.nodeModel.findOne<BusinessNode>({ type: "Business" })
  if (!business) throw new Error("data/business.json: no business record to measure distances from")
  return business
}

/**
 * Makes a query depend on every town, so `gatsby develop` re-runs it when any town
 * changes: findAll tracks the whole City type. Only one node is fetched, since an
 * unlimited findAll loads every town, and doing that for each town page made the
 * query stage quadratic.
 */
const dependOnEveryTown = (context: ResolverContext) => context.nodeModel.findAll({ type: "City", query: { limit: 1 } })

/**
 * Resolvers of the computed fields declared in internal/content/computed.ts.
 * Facts that need every town (neighbours, the town index, counties) are computed
 * once, on first use, for all towns together: a process that runs no town query
 * never computes them.
 */
export function computedResolvers(getNodesByType: GetNodesByType) {
  const towns = once(() => townsOf(getNodesByType))
  const facts = once(() => townFacts(towns()))
  const maps = once(() => buildMaps(towns(), businessNodeOf(getNodesByType), facts()))
  return {
    City: {
      milesFromShop: {
        resolve: async (source: CityNode, _args: unknown, context: ResolverContext) =>
          milesFromShop(await businessOf(context), townOfNode(source)),
      },
      locatorMap: {
        resolve: async (source: CityNode, _args: unknown, context: ResolverContext) => {
          const business = await businessOf(context)
          await dependOnEveryTown(context)
          const town = townOfNode(source)
          const nearby = (facts().neighbours().get(town.slug) ?? []).map(({ place }) => place.slug)
          return maps().locator(town.slug, milesFromShop(business, town), nearby)
        },
      },
      nearby: {
        resolve: async (source: CityNode, _args: unknown, context: ResolverContext) => {
          await dependOnEveryTown(context)
          const neighbours = facts().neighbours().get(townOfNode(source).slug) ?? []
          return neighbours.map(({ place, miles }) => ({ city: place.id, miles: roundMiles(miles) }))
        },
      },
    },
    Business: {
      serviceCenter: {
        resolve: (source: BusinessNode, _args: unknown, context: ResolverContext) => {
          const town = radiusTownName(source.serviceRadius.center)
          const id = facts().idByName.get(town)
          const city = id ? context.nodeModel.getNodeById({ id, type: "City" }) : null
          if (!city) throw new Error(`data/business.json: serviceRadius.center "${town}" has no record in data/cities/`)
          return city
        },
      },
    },
    ServiceAreaGrid: {
      entries: {
        resolve: async (source: { grid: string[] }, _args: unknown, context: ResolverContext) => {
          await dependOnEveryTown(context)
          return facts().gridEntries(source.grid)
        },
      },
    },
    Query: {
      townIndex: {
        ...COMPUTED_ROOT_FIELDS.townIndex,
        resolve: async (_source: unknown, _args: unknown, context: ResolverContext) => {
          await dependOnEveryTown(context)
          const { index } = facts()
          // A county's map is drawn only when a query asks for it (county pages, above the limit).
          const counties = index.counties.map((county) => ({
            ...county,
            get map() {
              return maps().county(county.slug)
            },
          }))
          return { ...index, counties }
        },
      },
      serviceAreaMap: {
        ...COMPUTED_ROOT_FIELDS.serviceAreaMap,
        resolve: async (_source: unknown, _args: unknown, context: ResolverContext) => {
          await businessOf(context)
          await dependOnEveryTown(context)
          return maps().overview()
        },
      },
    },
  }
}

/**
 * Runs whenever Gatsby builds the schema (in `gatsby develop`, again after the
 * content changes), so the facts are recomputed from the current towns.
 */
export const createResolvers: GatsbyNode["createResolvers"] = ({ createResolvers, getNodesByType }) => {
  createResolvers(computedResolvers(getNodesByType))
}
