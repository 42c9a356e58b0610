import type { GatsbyNode } from "gatsby"
import { distanceMiles, nearestPlaces, roundMiles, type LatLng } from "../../src/lib/geo"

/**
 * Every content type is declared, so a missing field fails loudly instead of
 * silently disappearing from an inferred schema.
 */
export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createTypes(`
    type SiteSiteMetadata {
      siteUrl: String!
    }
    type Site implements Node {
      siteMetadata: SiteSiteMetadata!
    }

    type BusinessPhone @dontInfer {
      display: String!
      e164: String!
    }
    type BusinessAddress @dontInfer {
      street: String!
      city: String!
      region: String!
      postalCode: String!
      country: String!
    }
    type GeoPoint @dontInfer {
      lat: Float!
      lng: Float!
    }
    type OpeningHours @dontInfer {
      label: String!
      days: [String!]!
      opens: String!
      closes: String!
    }
    type ServiceRadius @dontInfer {
      miles: Float!
      center: String!
    }
    type Business implements Node @dontInfer {
      brand: String!
      phone: BusinessPhone!
      address: BusinessAddress!
      geo: GeoPoint!
      hours: [OpeningHours!]!
      foundingYear: Int!
      serviceRadius: ServiceRadius!
      homeMapUrl: String!
      priceRange: String!
      intro: String!
      about: [String!]!
    }

    type CommonProblem @dontInfer {
      title: String!
      description: String!
    }
    type Service implements Node @dontInfer {
      slug: String!
      name: String!
      icon: String!
      cardDescription: String!
      title: String!
      metaDescription: String!
      metaKeywords: String!
      heroTitle: String!
      heroDescription: String!
      commonProblems: [CommonProblem!]!
      whyChoosePoints: [String!]!
      mainContent: [String!]!
      maintenanceContent: [String!]!
    }

    type City implements Node @dontInfer {
      name: String!
      slug: String!
      county: String!
      zip: String!
      lat: Float!
      lng: Float!
      mapUrl: String!
      localParagraph: String!
    }

    type Brand implements Node @dontInfer {
      name: String!
      slug: String!
      featured: Boolean!
      logo: File @fileByRelativePath
    }

    type HomeCoupon @dontInfer {
      title: String!
      description: String!
    }
    type CouponOffer @dontInfer {
      title: String!
      description: String!
      code: String!
    }
    type CouponBook implements Node @dontInfer {
      homeCoupons: [HomeCoupon!]!
      offers: [CouponOffer!]!
      disclaimer: String!
    }

    type ServiceAreaGrid implements Node @dontInfer {
      grid: [String!]!
    }
  `)
}

interface CitySource extends LatLng {
  slug: string
}

/**
 * Facts computed at build time from the coordinates: a city's distance from
 * the shop and its nearest neighbours, so no one keeps them by hand.
 */
export const createResolvers: GatsbyNode["createResolvers"] = ({ createResolvers }) => {
  createResolvers({
    City: {
      milesFromShop: {
        type: "Float!",
        resolve: async (source: CitySource, _args: unknown, context: NodeModelContext) => {
          const business = await context.nodeModel.findOne<{ geo: LatLng }>({ type: "Business" })
          if (!business) throw new Error("data/business.json: no business record to measure distances from")
          return roundMiles(distanceMiles(business.geo, source))
        },
      },
      nearby: {
        type: "[City!]!",
        resolve: async (source: CitySource, _args: unknown, context: NodeModelContext) => {
          const { entries } = await context.nodeModel.findAll<CitySource>({ type: "City" })
          return nearestPlaces(source, Array.from(entries))
        },
      },
    },
  })
}

interface NodeModelContext {
  nodeModel: {
    findOne<T>(args: { type: string }): Promise<T | null>
    findAll<T>(args: { type: string }): Promise<{ entries: Iterable<T> }>
  }
}
