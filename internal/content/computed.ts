/**
 * The rules of the facts computed at build time, and the object types their
 * fields return. The fields themselves are declared, each with its resolver, in
 * internal/gatsby/create-resolvers.ts.
 */

/**
 * Up to this many towns, the home page and /service-area/ link every town, as the
 * spec shows them. Above it they list counties instead, each with its own page
 * (/service-area/counties/{county}/) listing its towns, so no page grows without bound.
 */
export const LIST_EVERY_TOWN_UP_TO = 150

/** Nearby-town links on each town page: every town within `withinMiles`, at least `min`, at most `max`. */
export const NEARBY = { min: 4, max: 6, withinMiles: 8 } as const

/** Object types only computed fields use. */
export const COMPUTED_TYPES = `
"A line at the top of every page, shown from its first day through its last (business time)"
type SiteNoticeLine @dontInfer {
  text: String!
  "The first day it shows (YYYY-MM-DD), or none"
  starts: String
  "The last day it shows (YYYY-MM-DD), or none"
  ends: String
}

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
  "The county page's map of its towns, written as a file"
  map: MapFile!
}

"A map address as the Google Maps frame shows it and as a plain link opens it"
type MapLinks @dontInfer {
  "The frame's embed address"
  embed: String!
  "The place's normal page"
  page: String!
}

"A map drawn at build time and written as an SVG file under /maps/, for a page to embed"
type MapFile @dontInfer {
  "Its address: /maps/{name}.{content hash}.svg"
  src: String!
  "Its canvas, in its own units: the embedding keeps this aspect ratio"
  width: Int!
  height: Int!
  "What it shows, for the frame's title"
  title: String!
}

"A text on a map, in the map's units: y is the middle of the line of text"
type MapLabel @dontInfer {
  text: String!
  x: Float!
  y: Float!
  "start, middle or end: which part of the text sits at x"
  anchor: String!
}

"A county as a map draws it: its name and SVG path data, clipped to the map"
type MapShape @dontInfer {
  name: String!
  d: String!
}

"A scale bar: its left end, its length in the map's units and the miles it stands for"
type MapScaleBar @dontInfer {
  x: Float!
  y: Float!
  width: Float!
  miles: Float!
  label: MapLabel!
}

"A mark on a map and its label (none when the label found no room)"
type MapPlace @dontInfer {
  x: Float!
  y: Float!
  label: MapLabel
}

"The straight line from the shop (x1, y1) to the town (x2, y2), labelled with the miles the page states"
type MapRoute @dontInfer {
  x1: Float!
  y1: Float!
  x2: Float!
  y2: Float!
  label: MapLabel!
}

"A nearby town on a town page's map, linked to its page"
type MapNeighbour @dontInfer {
  name: String!
  slug: String!
  x: Float!
  y: Float!
  label: MapLabel!
  "False when its name found no room: it shows only while its link has focus or the pointer"
  labelShown: Boolean!
  "True for the shop's own town: the shop's mark, where the shop is, stands for its dot and carries its link"
  shop: Boolean!
}

"A town page's map, drawn inline: everything in the units of a width × height canvas"
type LocatorMap @dontInfer {
  width: Int!
  height: Int!
  title: String!
  description: String!
  land: [MapShape!]!
  "SVG path data of the state lines in view, or empty"
  stateLines: String!
  countyNames: [MapLabel!]!
  "The name of the water in view, if it has one"
  water: MapLabel
  scale: MapScaleBar!
  shop: MapPlace!
  town: MapPlace!
  "True on the shop's own town's map: the shop's mark stands for the town, whose dot is not drawn"
  shopTown: Boolean!
  route: MapRoute!
  neighbours: [MapNeighbour!]!
}
`
