/** Business rules of the content that are shared by validation, pages and headers. */

/** Host every embedded map frame must come from (also the CSP frame-src). */
export const MAP_HOST = "www.google.com"
export const MAP_ORIGIN = `https://${MAP_HOST}`

/** The seven service pages of the spec. */
export const SERVICE_SLUGS = [
  "refrigerator-repair",
  "dishwasher-repair",
  "oven-stove-repair",
  "microwave-repair",
  "garbage-disposal-repair",
  "dryer-repair",
  "washer-repair",
] as const

export const SERVICE_ICONS = ["refrigerator", "dishwasher", "oven", "microwave", "disposal", "dryer", "washer"] as const
export type ServiceIcon = (typeof SERVICE_ICONS)[number]

/** The pictures the home page's trust strip can show beside a claim. */
export const TRUST_ICONS = ["shield", "wrench", "coins", "badge"] as const
export type TrustIcon = (typeof TRUST_ICONS)[number]

/** The days opening hours may name, as schema.org's dayOfWeek spells them. */
export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const

export const PROBLEMS_PER_SERVICE = 10
export const POINTS_PER_SERVICE = 8

/**
 * The service region that coordinates are checked against is the business's
 * service radius (data/business.json: serviceRadius, measured from its centre
 * town) plus this margin: a town whose centre lies a little outside the radius
 * still has streets inside it. The margin catches mistyped coordinates (a
 * dropped minus sign, a swapped digit) without rejecting a real border town.
 */
export const REGION_MARGIN_MILES = 5

/**
 * Up to this many towns, the home page and /service-area/ link every town, as the
 * spec shows them. Above it they list counties instead, each with its own page
 * (/service-area/counties/{county}/) listing its towns, so no page grows without bound.
 */
export const LIST_EVERY_TOWN_UP_TO = 150

/** Nearby-city links on each city page. */
export const NEARBY = { min: 4, max: 6, withinMiles: 8 } as const
