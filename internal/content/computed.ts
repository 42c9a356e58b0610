import type { ComputedFields } from "./graphql-types"

/**
 * Facts computed at build time and added to the content types: declared here,
 * resolved in internal/gatsby/create-resolvers.ts (a unit test keeps the two
 * in step). Owners never edit them, so they are not part of the content model.
 */
export const COMPUTED_FIELDS = {
  City: {
    milesFromShop: { type: "Float!", description: "Distance from the shop in miles, rounded for display" },
    nearby: { type: "[NearbyCity!]!", description: "The nearest town pages with their distance, nearest first" },
  },
  Business: {
    serviceCenter: { type: "City!", description: "The town the service radius is measured from (serviceRadius.center)" },
  },
} as const satisfies ComputedFields

/** Object types only computed fields use. */
export const COMPUTED_TYPES = `
"A neighbouring town page and how far it is"
type NearbyCity @dontInfer {
  city: City! @link
  "Distance between the two towns in miles, rounded for display"
  miles: Float!
}
`
