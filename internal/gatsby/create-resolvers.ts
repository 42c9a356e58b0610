import type { GatsbyNode } from "gatsby"
import { nearbyPlaces } from "../geo/nearby-index"
import { distanceMiles, roundMiles, type LatLng } from "../../src/lib/geo"
import { radiusTownName } from "../../src/lib/service-radius"

/** The fields of a City node the computed fields need. */
interface TownNode extends LatLng {
  id: string
  name: string
  slug: string
}

interface BusinessNode {
  geo: LatLng
  serviceRadius: { center: string }
}

interface NodeModel {
  findOne<T>(args: { type: string }): Promise<T | null>
  findAll<T>(args: { type: string }): Promise<{ entries: Iterable<T> }>
  getNodeById<T>(args: { id: string; type: string }): T | null
}

interface ResolverContext {
  nodeModel: NodeModel
}

type GetNodesByType = (type: string) => unknown[]

/** Computes a value on first use, then keeps it. */
function once<T>(make: () => T): () => T {
  let value: T | undefined
  return () => (value ??= make())
}

/**
 * Facts about the towns that need every town: computed once, on first use, for
 * all towns together (so a process that runs no town query never computes them).
 */
function townFacts(getNodesByType: GetNodesByType) {
  return once(() => {
    const towns = (getNodesByType("City") as TownNode[]).map(({ id, name, slug, lat, lng }) => ({ id, name, slug, lat, lng }))
    return {
      neighbours: nearbyPlaces(towns),
      idByName: new Map(towns.map((town) => [town.name, town.id])),
    }
  })
}

/**
 * Resolvers of the computed fields declared in internal/content/computed.ts:
 * facts computed at build time from the content, so no one keeps them by hand
 * and no component recomputes them.
 */
export function computedResolvers(getNodesByType: GetNodesByType) {
  const facts = townFacts(getNodesByType)
  return {
    City: {
      milesFromShop: {
        resolve: async (source: TownNode, _args: unknown, context: ResolverContext) => {
          const business = await context.nodeModel.findOne<BusinessNode>({ type: "Business" })
          if (!business) throw new Error("data/business.json: no business record to measure distances from")
          return roundMiles(distanceMiles(business.geo, source))
        },
      },
      nearby: {
        resolve: async (source: TownNode, _args: unknown, context: ResolverContext) => {
          // Depend on every town, so `gatsby develop` re-runs the query when any town moves.
          await context.nodeModel.findAll({ type: "City" })
          const neighbours = facts().neighbours.get(source.slug) ?? []
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
  }
}

/**
 * Runs whenever Gatsby builds the schema (in `gatsby develop`, again after the
 * content changes), so the facts are recomputed from the current towns.
 */
export const createResolvers: GatsbyNode["createResolvers"] = ({ createResolvers, getNodesByType }) => {
  createResolvers(computedResolvers(getNodesByType))
}
