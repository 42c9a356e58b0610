import type { GatsbyNode } from "gatsby"
import { distanceMiles, nearestPlaces, roundMiles, type LatLng } from "../../src/lib/geo"

interface CitySource extends LatLng {
  slug: string
}

interface NodeModelContext {
  nodeModel: {
    findOne<T>(args: { type: string }): Promise<T | null>
    findAll<T>(args: { type: string }): Promise<{ entries: Iterable<T> }>
  }
}

/**
 * Resolvers of the computed fields declared in internal/content/computed.ts:
 * facts computed at build time from the coordinates, a city's distance from
 * the shop and its nearest neighbours, so no one keeps them by hand.
 */
export const COMPUTED_RESOLVERS = {
  City: {
    milesFromShop: {
      resolve: async (source: CitySource, _args: unknown, context: NodeModelContext) => {
        const business = await context.nodeModel.findOne<{ geo: LatLng }>({ type: "Business" })
        if (!business) throw new Error("data/business.json: no business record to measure distances from")
        return roundMiles(distanceMiles(business.geo, source))
      },
    },
    nearby: {
      resolve: async (source: CitySource, _args: unknown, context: NodeModelContext) => {
        const { entries } = await context.nodeModel.findAll<CitySource>({ type: "City" })
        return nearestPlaces(source, Array.from(entries))
      },
    },
  },
}

export const createResolvers: GatsbyNode["createResolvers"] = ({ createResolvers }) => {
  createResolvers(COMPUTED_RESOLVERS)
}
