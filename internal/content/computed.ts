import type { ComputedFields } from "./graphql-types"

/**
 * Facts computed at build time and added to the content types: declared here,
 * resolved in internal/gatsby/create-resolvers.ts (a unit test keeps the two
 * in step). Owners never edit them, so they are not part of the content model.
 */
export const COMPUTED_FIELDS = {
  City: {
    milesFromShop: { type: "Float!", description: "Distance from the shop in miles, rounded for display" },
    nearby: { type: "[City!]!", description: "The nearest town pages, nearest first" },
  },
} as const satisfies ComputedFields

/** Object types only computed fields use. */
export const COMPUTED_TYPES = ``
