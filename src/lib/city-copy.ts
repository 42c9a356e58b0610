import { capitalize, countyPhrase, listPhrase, mileAdjective, milesPhrase, primaryCounty, withArticle } from "./phrases"

export interface CityFacts {
  name: string
  county: string
  milesFromShop: number
  nearby: ReadonlyArray<{ name: string }>
}

export interface BusinessBasics {
  shopTown: string
  /** The state the business and its towns are in, as addresses write it: "IL". */
  region: string
  foundingYear: number
  phoneDisplay: string
}

/** Titles stay under 60 characters and descriptions under 160, so search results don't cut them. */
export const TITLE_LIMIT = 60
export const DESCRIPTION_LIMIT = 160

/** Picks the first candidate shorter than `limit` characters (the last one otherwise). */
function firstThatFits(candidates: readonly string[], limit: number): string {
  return candidates.find((text) => text.length < limit) ?? candidates[candidates.length - 1]
}

/**
 * The copy of a city page, written from the city's own facts (county,
 * distance, neighbours) so that no two pages differ only by the name.
 */
export function cityCopy(city: CityFacts, business: BusinessBasics) {
  const county = countyPhrase(city.county)
  const distance = milesPhrase(city.milesFromShop)
  const neighbours = city.nearby.map((place) => place.name)
  const firstTwo = listPhrase(neighbours.slice(0, 2))
  /** The town the shop stands in is home, not a drive away. */
  const isHome = city.name === business.shopTown
  /** "an 11-mile drive", "a 5.4-mile drive". */
  const drive = withArticle(`${mileAdjective(city.milesFromShop)} drive`)

  const title = firstThatFits(
    [
      `${city.name}, ${business.region} Appliance Repair · ${primaryCounty(city.county)} County`,
      `${city.name}, ${business.region} Appliance Repair`,
    ],
    TITLE_LIMIT,
  )

  // One place, then where it lies: "…in Buffalo Grove (Lake and Cook counties)", not a list of three places.
  const heading = `Appliance Repair in ${city.name} (${county})`

  const withNeighbours = neighbours.length > 0
  const description = firstThatFits(
    [
      ...(withNeighbours
        ? [
            `Same-day appliance repair in ${city.name}, ${distance} from our ${business.shopTown} shop, and nearby ${firstTwo}. Licensed technicians. Call ${business.phoneDisplay}.`,
            `Same-day appliance repair in ${city.name}, ${distance} from our ${business.shopTown} shop, and nearby ${firstTwo}. Call ${business.phoneDisplay}.`,
          ]
        : []),
      `Same-day appliance repair in ${city.name} (${county}), ${distance} from our ${business.shopTown} shop. Call ${business.phoneDisplay}.`,
      `Same-day appliance repair in ${city.name}, ${distance} from our shop. Call ${business.phoneDisplay}.`,
    ],
    DESCRIPTION_LIMIT,
  )

  const intro = isHome
    ? `Our shop is right here in ${city.name}, so ${city.name} homes in ${county} get the shortest wait for a same-day visit.`
    : `${city.name} is ${distance} from our ${business.shopTown} shop, in ${county}. We repair refrigerators, ovens, dishwashers, washers, dryers, microwaves and disposals there every week we are open.`

  const whyChoose = [
    isHome
      ? `Based in ${city.name} since ${business.foundingYear}`
      : `${capitalize(drive)} from our ${business.shopTown} shop`,
    `Same-day visits across ${county}`,
    ...(withNeighbours ? [`Also nearby: ${firstTwo}`] : []),
  ]

  const serviceText = [
    isHome
      ? `Because ${city.name} is our home town, a technician is rarely far away: call in the morning and we can usually be at your door the same day.`
      : `From ${business.shopTown}, our technicians reach ${city.name} in ${drive}${withNeighbours ? `, and on the same route they serve ${listPhrase(neighbours)}` : ""}. That is why a morning call from ${city.name} can usually be answered with a same-day visit.`,
    `On the first visit the technician diagnoses the fault, tells you what the repair involves and what it costs before any work starts, then repairs and tests the appliance. Every repair in ${city.name} carries the same 1-year warranty on parts and labor as every other job we do in ${county}.`,
  ]

  return { title, heading, description, intro, whyChoose, serviceText }
}
