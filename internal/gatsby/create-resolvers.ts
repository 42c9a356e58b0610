import type { GatsbyNode } from "gatsby"
import { COMPLETE_FIELDS } from "../content/graphql-types"
import { mapLinks } from "../maps/map-links"
import { once, townFacts, townOfNode, type CityNode } from "../content/town-facts"
import { buildMaps, businessNodeOf, townsOf, type BusinessNode } from "./map-files"
import { distanceMiles, roundMiles, type LatLng } from "../geo/distance"
import { radiusTownName } from "../../src/lib/service-radius"
import { closureNotices, isCurrent, type SpecialHours } from "../../src/lib/business-time"
import { weeklySummary } from "../../src/lib/hours"
import { buildInstant } from "../content/build-clock"
import { HOME_QUOTE_MAX, cutQuote, reviewCaption, sourcePhrase, type ShownReview } from "../../src/lib/reviews"
import type { BusinessContent, CouponBookContent, SiteNoticeContent } from "../content/model"
import { localBusinessJsonLd, serializeJsonLd } from "../../src/lib/structured-data"
import { serviceAreaCircle } from "../../src/lib/service-radius"
import { siteNameOf } from "../../src/lib/site-name"
import { absoluteUrl } from "../../src/lib/site-url"
import { OG_IMAGE } from "../../src/lib/og-image"

interface NodeModel {
  findOne<T>(args: { type: string }): Promise<T | null>
  findAll<T>(args: { type: string; query?: { limit?: number } }): Promise<{ entries: Iterable<T> }>
  getNodeById<T>(args: { id: string; type: string }): T | null
}

interface ResolverContext {
  nodeModel: NodeModel
}

type GetNodesByType = (type: string) => unknown[]

type ReviewNode = ShownReview

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

/** Nothing of a dated thing (a closure, a coupon, a notice) that has ended by the build's day is built. */
const notEnded = (ends: string | null | undefined, timeZone: string): boolean =>
  isCurrent({ ends }, buildInstant(), timeZone)

/** The closures and special hours from the build's day on, in order of their first day. */
const upcomingSpecialHours = (business: BusinessContent): SpecialHours[] =>
  (business.specialHours ?? [])
    .filter((entry) => notEnded(entry.to || entry.from, business.timeZone))
    .sort((a, b) => (a.from < b.from ? -1 : 1))

/** The time zone of the business, which every expiry date is read in. */
async function timeZoneOf(context: ResolverContext): Promise<string> {
  return ((await businessOf(context)) as unknown as BusinessContent).timeZone
}

/** The coupons of one list of the coupon book that have not expired by the build's day. */
const notExpired = (list: "homeCoupons" | "offers", type: string, description: string) => ({
  type,
  description,
  resolve: async (source: CouponBookContent, _args: unknown, context: ResolverContext) => {
    const timeZone = await timeZoneOf(context)
    return source[list].filter((coupon) => notEnded(coupon.expires, timeZone))
  },
})

/** A field computed at build time: its GraphQL type, arguments (root fields), description and resolver. */
export interface ComputedField {
  type: string
  args?: Record<string, string>
  description: string
  /** Each resolver types its own source (the node of its type) and arguments. */
  resolve: (source: never, args: never, context: ResolverContext) => unknown
}

/**
 * The facts computed at build time, each declared once with its resolver: the
 * schema prints their types (create-schema-customization.ts), createResolvers
 * gives them their resolvers. Owners never edit them, so they are not part of
 * the content model.
 * Facts that need every town (neighbours, the town index, counties) are computed
 * once, on first use, for all towns together: a process that runs no town query
 * never computes them.
 */
export function computedFields(getNodesByType: GetNodesByType) {
  const towns = once(() => townsOf(getNodesByType))
  const facts = once(() => townFacts(towns()))
  const maps = once(() => buildMaps(towns(), businessNodeOf(getNodesByType), facts()))
  return {
    // How a quote is shown, in words made here rather than in the pages' script: the home page's
    // first-load JavaScript has no room for them (scripts/size-budget.mjs).
    Review: {
      caption: {
        type: "String!",
        description: "Who gave it, where and when, as a quote's caption: Maria G., Glenview, October 2026",
        resolve: (source: ReviewNode) => reviewCaption(source),
      },
      sourcePhrase: {
        type: "String!",
        description: "Where it was given, as the caption ends: on Google, in person",
        resolve: (source: ReviewNode) => sourcePhrase(source.source),
      },
      homeQuote: {
        type: "String!",
        description: `The quote as the home page shows it: cut at a word within ${HOME_QUOTE_MAX} characters, marked with …`,
        resolve: (source: ReviewNode) => cutQuote(source.quote, HOME_QUOTE_MAX),
      },
    },
    City: {
      milesFromShop: {
        type: "Float!",
        description: "Distance from the shop in miles, rounded for display",
        resolve: async (source: CityNode, _args: unknown, context: ResolverContext) =>
          milesFromShop(await businessOf(context), townOfNode(source)),
      },
      nearby: {
        type: "[NearbyCity!]!",
        description: "The nearest town pages with their distance, nearest first",
        resolve: async (source: CityNode, _args: unknown, context: ResolverContext) => {
          await dependOnEveryTown(context)
          const neighbours = facts().neighbours().get(townOfNode(source).slug) ?? []
          return neighbours.map(({ place, miles }) => ({ city: place.id, miles: roundMiles(miles) }))
        },
      },
      locatorMap: {
        type: "LocatorMap!",
        description: "The town page's map: the town, its nearby towns, the shop and the line to it (internal/maps/)",
        resolve: async (source: CityNode, _args: unknown, context: ResolverContext) => {
          const business = await businessOf(context)
          await dependOnEveryTown(context)
          const town = townOfNode(source)
          const nearby = (facts().neighbours().get(town.slug) ?? []).map(({ place }) => place.slug)
          return maps().locator(town.slug, milesFromShop(business, town), nearby)
        },
      },
      mapLinks: {
        type: "MapLinks!",
        description: "The Google Maps frame of the town and its normal page, from its map address",
        resolve: (source: CityNode) => mapLinks(source.fields[COMPLETE_FIELDS].mapUrl ?? "", source.name),
      },
    },
    Business: {
      serviceCenter: {
        type: "City!",
        description: "The town the service radius is measured from (serviceRadius.center)",
        resolve: (source: BusinessNode, _args: unknown, context: ResolverContext) => {
          const town = radiusTownName(source.serviceRadius.center)
          const id = facts().idByName.get(town)
          const city = id ? context.nodeModel.getNodeById({ id, type: "City" }) : null
          if (!city) throw new Error(`data/business.json: serviceRadius.center "${town}" has no record in data/cities/`)
          return city
        },
      },
      homeMapLinks: {
        type: "MapLinks!",
        description: "The Google Maps frame of the home page's service area and its normal page",
        resolve: (source: BusinessNode & { homeMapUrl: string }) =>
          mapLinks(source.homeMapUrl, source.serviceRadius.center),
      },
      weekSummary: {
        type: "String!",
        description:
          'The week\'s hours on one line, "Mon–Fri 8 am–6 pm · Sat 9 am–4 pm": what the opening status shows before the browser reads its clock',
        resolve: (source: BusinessContent) => weeklySummary(source.hours),
      },
      builtAt: {
        type: "String!",
        description:
          "The instant the build took as now (ISO 8601): what the pages show until the browser reads its clock",
        resolve: () => new Date(buildInstant()).toISOString(),
      },
      homeJsonLd: {
        type: "String!",
        description:
          "The home page's structured data, the full HomeAndConstructionBusiness, serialized: made here, as the home page's first-load JavaScript has no room for the code that makes it (scripts/size-budget.mjs)",
        resolve: async (source: BusinessContent, _args: unknown, context: ResolverContext) => {
          const site = await context.nodeModel.findOne<{ siteMetadata: { siteUrl: string } }>({ type: "Site" })
          if (!site) throw new Error("gatsby-config.ts: no site record to take the site's address from")
          const { siteUrl } = site.siteMetadata
          const town = radiusTownName(source.serviceRadius.center)
          const center = (getNodesByType("City") as CityNode[]).map(townOfNode).find((one) => one.name === town)
          if (!center)
            throw new Error(`data/business.json: serviceRadius.center "${town}" has no record in data/cities/`)
          return serializeJsonLd(
            localBusinessJsonLd(siteUrl, {
              siteName: siteNameOf(source.brand),
              phone: source.phone,
              address: source.address,
              geo: source.geo,
              hours: source.hours,
              specialHours: upcomingSpecialHours(source),
              foundingYear: source.foundingYear,
              priceRange: source.priceRange,
              description: source.intro,
              imageUrl: absoluteUrl(siteUrl, OG_IMAGE.path),
              // The service radius, as the service pages give it: the towns are the page's visible links,
              // and naming all of them here too would cost the home page its first round trip.
              areaServed: [serviceAreaCircle(center, source.serviceRadius.miles)],
            }),
          )
        },
      },
      upcomingSpecialHours: {
        type: "[SpecialHours!]!",
        description: "The closures and special hours from the build's day on, in order; past ones are not built",
        resolve: (source: BusinessContent) => upcomingSpecialHours(source),
      },
      notices: {
        type: "[SiteNoticeLine!]!",
        description:
          "The lines at the top of every page that have not ended by the build's day: the owner's notice when on, and one for each closure or special hours with an occasion, from a week before",
        resolve: async (source: BusinessContent, _args: unknown, context: ResolverContext) => {
          const notice = await context.nodeModel.findOne<SiteNoticeContent>({ type: "SiteNotice" })
          const own =
            notice?.show && notice.text ? [{ text: notice.text, starts: notice.starts, ends: notice.ends }] : []
          return [...own, ...closureNotices(upcomingSpecialHours(source))].filter((line) =>
            notEnded(line.ends, source.timeZone),
          )
        },
      },
    },
    CouponBook: {
      currentHomeCoupons: notExpired(
        "homeCoupons",
        "[HomeCoupon!]!",
        "The home page's coupons that have not expired by the build's day",
      ),
      currentOffers: notExpired(
        "offers",
        "[CouponOffer!]!",
        "The coupons page's offers that have not expired by the build's day",
      ),
    },
    ServiceAreaGrid: {
      entries: {
        type: "[ServiceAreaGridEntry!]!",
        description: "The grid's names, each with its town page when it has one",
        resolve: async (source: { grid: string[] }, _args: unknown, context: ResolverContext) => {
          await dependOnEveryTown(context)
          return facts().gridEntries(source.grid)
        },
      },
    },
    Query: {
      townIndex: {
        type: "TownIndex!",
        args: {},
        description: "The towns as the home page, the service-area hub and the county pages present them",
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
        type: "MapFile!",
        args: {},
        description: "The map of the service area that the home page and the hub embed, written as a file",
        resolve: async (_source: unknown, _args: unknown, context: ResolverContext) => {
          await businessOf(context)
          await dependOnEveryTown(context)
          return maps().overview()
        },
      },
    },
  } satisfies Record<string, Record<string, ComputedField>>
}

/** The computed fields of each type, without their resolvers: what the schema declares. */
export function computedFieldTypes(): Record<string, Record<string, Omit<ComputedField, "resolve">>> {
  return Object.fromEntries(
    Object.entries(computedFields(() => [])).map(([type, fields]) => [
      type,
      Object.fromEntries(Object.entries(fields).map(([name, { resolve: _resolve, ...declared }]) => [name, declared])),
    ]),
  )
}

/**
 * Runs whenever Gatsby builds the schema (in `gatsby develop`, again after the
 * content changes), so the facts are recomputed from the current towns.
 */
export const createResolvers: GatsbyNode["createResolvers"] = ({ createResolvers, getNodesByType }) => {
  // Fields of the content types are declared in the SDL already (typeDefinitions); they get their resolver here.
  const fields = computedFields(getNodesByType)
  createResolvers(
    Object.fromEntries(
      Object.entries(fields).map(([type, typeFields]) => [
        type,
        type === "Query"
          ? typeFields
          : Object.fromEntries(Object.entries(typeFields).map(([name, { resolve }]) => [name, { resolve }])),
      ]),
    ),
  )
}
