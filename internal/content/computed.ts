import type { ComputedFields } from "./graphql-types"

/**
 * Facts computed at build time: declared here, resolved in
 * internal/gatsby/create-resolvers.ts (a unit test keeps the two in step).
 * Owners never edit them, so they are not part of the content model.
 */

/**
 * Up to this many towns, the home page and /service-area/ link every town, as the
 * spec shows them. Above it they list counties instead, each with its own page
 * (/service-area/counties/{county}/) listing its towns, so no page grows without bound.
 */
export const LIST_EVERY_TOWN_UP_TO = 150

/** Nearby-town links on each town page: every town within `withinMiles`, at least `min`, at most `max`. */
export const NEARBY = { min: 4, max: 6, withinMiles: 8 } as const

/** Fields added to the content types. */
export const COMPUTED_FIELDS = {
  City: {
    milesFromShop: { type: "Float!", description: "Distance from the shop in miles, rounded for display" },
    nearby: { type: "[NearbyCity!]!", description: "The nearest town pages with their distance, nearest first" },
  },
  Business: {
    serviceCenter: {
      type: "City!",
      description: "The town the service radius is measured from (serviceRadius.center)",
    },
  },
  ServiceAreaGrid: {
    entries: {
      type: "[ServiceAreaGridEntry!]!",
      description: "The grid's names, each with its town page when it has one",
    },
  },
} as const satisfies ComputedFields

/** Fields added to the root Query type: name -> SDL type, arguments and description. */
export const COMPUTED_ROOT_FIELDS = {
  townIndex: {
    type: "TownIndex!",
    args: {},
    description: "The towns as the home page, the service-area hub and the county pages present them",
  },
} as const

/** Object types only computed fields use. */
export const COMPUTED_TYPES = `
"A neighbouring town page and how far it is"
type NearbyCity @dontInfer {
  city: City! @link
  "Distance between the two towns in miles, rounded for display"
  miles: Float!
}

"A name of the service-area grid"
type ServiceAreaGridEntry @dontInfer {
  name: String!
  "The town's page, when it has one"
  city: City @link
}

"The towns, or above ${LIST_EVERY_TOWN_UP_TO} of them the counties, as the home page and the hub list them"
type TownIndex @dontInfer {
  townCount: Int!
  "True up to ${LIST_EVERY_TOWN_UP_TO} towns: every town is listed; above, counties are"
  listsEveryTown: Boolean!
  "Every town by name while listsEveryTown, else none"
  towns: [City!]! @link
  "The counties with a page, by name: none while listsEveryTown"
  counties: [County!]!
}

"A county with its own page, listing its towns"
type County @dontInfer {
  name: String!
  slug: String!
  townCount: Int!
  "Every town that lies (partly) in the county, by name"
  towns: [City!]! @link
}
`
