import { z } from "zod"
import { citySlug } from "../../src/lib/slug"
import {
  MAP_HOST,
  POINTS_PER_SERVICE,
  PROBLEMS_PER_SERVICE,
  SERVICE_ICONS,
  SERVICE_SLUGS,
  TRUST_ICONS,
  WEEKDAYS,
} from "../../src/lib/content-rules"

/**
 * The content model: every kind of content in data/, declared once.
 *
 * Each content type names its GraphQL type, where its files live, the field
 * that names a record, and the zod schema of one record. Every field carries
 * `.meta({ title, description })`: the label and hint an owner reads in the
 * editor. Everything else that lists fields is derived from this module:
 *  - the GraphQL type definitions (internal/content/graphql-types.ts),
 *  - gatsby-transformer-json's type names (`jsonTypeName` below),
 *  - the validation of data/ (internal/content/validate.ts),
 *  - the editor's field list, through `z.toJSONSchema` (its JSON Schema keeps
 *    titles, descriptions, required fields, patterns, list lengths, enums and
 *    number ranges).
 *
 * More metadata keys reach the JSON Schema too:
 *  - `graphqlType` names the GraphQL type of a nested object;
 *  - `fileReference: true` marks a path (relative to data/) that names a file,
 *    which GraphQL links to its File node; `fileFolder` names the folder
 *    (relative to data/) such files live in, where the editor uploads new ones;
 *  - `multiline: true` marks a text of sentences (the editor gives it a text box).
 */

/** A field: its schema with the label and the hint an owner sees. */
const field = <T extends z.ZodType>(schema: T, title: string, description: string): T =>
  schema.meta({ title, description })

/** A nested object: its GraphQL type name, label and hint. */
const group = <T extends z.ZodType>(schema: T, graphqlType: string, title: string, description: string): T =>
  schema.meta({ graphqlType, title, description })

const text = z.string({ error: "is missing" }).trim().min(1, { error: "is empty" })
const textList = (what: string) =>
  z.array(text, { error: "is missing" }).min(1, { error: `needs at least one ${what}` })
/** Sentences rather than a name or a number: the editor shows a text box. */
const prose = text.meta({ multiline: true })
const proseList = (what: string) =>
  z.array(prose, { error: "is missing" }).min(1, { error: `needs at least one ${what}` })

const escapeRegExp = (value: string): string => value.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")
const mapUrl = text.regex(new RegExp(`^https://${escapeRegExp(MAP_HOST)}/maps([/?#]|$)`), {
  error: `must be an https://${MAP_HOST}/maps… embed address`,
})

// Whether a point lies in the service region is a rule across files (validate.ts):
// the region is the business's service radius around its centre town.
const latitude = z
  .number({ error: "is missing or not a number" })
  .min(-90, { error: "must be between -90 and 90" })
  .max(90, { error: "must be between -90 and 90" })
const longitude = z
  .number({ error: "is missing or not a number" })
  .min(-180, { error: "must be between -180 and 180" })
  .max(180, { error: "must be between -180 and 180" })

const clockTime = z
  .string({ error: "is missing" })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$|^$/, { error: "must be HH:MM, or empty when closed" })

const businessSchema = z
  .strictObject({
    brand: field(text, "Brand name", 'The name before "Appliance Repair" in the site\'s name, e.g. North Shore'),
    phone: group(
      z.strictObject({
        display: field(
          text.regex(/^\(\d{3}\) \d{3}-\d{4}$/, { error: "must look like (847) 555-0142" }),
          "Phone number as shown",
          "How visitors read it, e.g. (847) 555-0142",
        ),
        e164: field(
          text.regex(/^\+1\d{10}$/, { error: "must be E.164, like +18475550142" }),
          "Phone number as dialled",
          "The same number with +1 and no spaces, e.g. +18475550142",
        ),
      }),
      "BusinessPhone",
      "Phone number",
      "The one number every call button dials",
    ),
    address: group(
      z.strictObject({
        street: field(text, "Street", "Number and street, e.g. 540 Frontage Rd"),
        city: field(text, "Town", "The shop's town; the home page's title and description name it"),
        region: field(text, "State", "Two letters, e.g. IL"),
        postalCode: field(text, "ZIP code", "Five digits, e.g. 60093"),
        country: field(text, "Country", "Two-letter country code, e.g. US"),
      }),
      "BusinessAddress",
      "Shop address",
      "Shown in the footer and the contact section",
    ),
    geo: group(
      z.strictObject({
        lat: field(latitude, "Latitude", "Of the shop, in decimal degrees with 4 places, e.g. 42.1003"),
        lng: field(longitude, "Longitude", "Of the shop, in decimal degrees with 4 places, e.g. -87.7727"),
      }),
      "GeoPoint",
      "Shop location",
      "Where the shop is; each town page gives its distance from here",
    ),
    hours: field(
      z
        .array(
          group(
            z.strictObject({
              label: field(text, "Days as shown", "e.g. Monday–Friday"),
              days: field(
                z.array(z.enum(WEEKDAYS, { error: `must be one of ${WEEKDAYS.join(", ")}` })).min(1, {
                  error: "needs at least one day",
                }),
                "Days",
                "The days these hours apply to",
              ),
              opens: field(clockTime, "Opens at", "24-hour time, e.g. 08:00; empty on a closed day"),
              closes: field(clockTime, "Closes at", "24-hour time, e.g. 18:00; empty on a closed day"),
            }),
            "OpeningHours",
            "Opening hours",
            "One line of the opening hours",
          ),
        )
        .min(1, { error: "needs at least one entry" }),
      "Opening hours",
      "One line per group of days, in the order shown",
    ),
    foundingYear: field(
      z.number({ error: "is missing or not a number" }).int().min(1900).max(2100),
      "Founding year",
      'Shown as "Family owned since …", e.g. 2010',
    ),
    serviceRadius: group(
      z.strictObject({
        miles: field(
          z.number({ error: "is missing or not a number" }).positive(),
          "Radius in miles",
          "How far from the centre town you travel, e.g. 20",
        ),
        center: field(
          text,
          "Centre town",
          "The town the radius is measured from, with its state, e.g. Buffalo Grove, IL. It needs a town page.",
        ),
      }),
      "ServiceRadius",
      "Service area",
      "The circle of towns you serve",
    ),
    homeMapUrl: field(
      mapUrl,
      "Home page map",
      "The Google Maps embed address of the map in the home page's service area",
    ),
    priceRange: field(text, "Price range", "As search engines show it, e.g. $$"),
    intro: field(prose, "Home page introduction", "The sentence under the home page's headline"),
    about: field(proseList("paragraph"), "About us", "The paragraphs of the home page's About section"),
  })
  .superRefine((business, ctx) => {
    const displayDigits = business.phone.display.replace(/\D/g, "")
    if (`+1${displayDigits}` !== business.phone.e164) {
      ctx.addIssue({
        code: "custom",
        path: ["phone", "e164"],
        message: `does not dial the number shown (${business.phone.display})`,
      })
    }
  })

const serviceSchema = z.strictObject({
  slug: field(
    z.enum(SERVICE_SLUGS, { error: `must be one of ${SERVICE_SLUGS.join(", ")}` }),
    "Page address",
    "The end of the page's address, and the file's name: one of the seven service pages",
  ),
  order: field(
    z.number({ error: "is missing or not a number" }).int().min(1),
    "Position",
    "Where the service comes in the home page's cards and the footer's links: 1 is first",
  ),
  name: field(text, "Service name", "e.g. Refrigerator Repair"),
  icon: field(
    z.enum(SERVICE_ICONS, { error: `must be one of ${SERVICE_ICONS.join(", ")}` }),
    "Icon",
    "The picture on the home page's card",
  ),
  cardDescription: field(prose, "Card text", "The short text of the service's card on the home page"),
  title: field(text, "Page title", "Shown in the browser tab and in search results"),
  metaDescription: field(prose, "Search description", "The summary search engines show under the title"),
  metaKeywords: field(text, "Search keywords", "Comma-separated"),
  heroTitle: field(text, "Headline", "The page's main heading"),
  heroDescription: field(prose, "Introduction", "The text under the headline"),
  commonProblems: field(
    z
      .array(
        group(
          z.strictObject({
            title: field(text, "Problem", "What the homeowner notices, e.g. Not cooling"),
            description: field(prose, "Explanation", "What usually causes it"),
          }),
          "CommonProblem",
          "Common problem",
          "A symptom and what causes it",
        ),
      )
      .length(PROBLEMS_PER_SERVICE, { error: `must list exactly ${PROBLEMS_PER_SERVICE} problems` }),
    "Common problems",
    `Exactly ${PROBLEMS_PER_SERVICE}`,
  ),
  whyChoosePoints: field(
    z.array(text).length(POINTS_PER_SERVICE, { error: `must list exactly ${POINTS_PER_SERVICE} points` }),
    "Why choose us",
    `Exactly ${POINTS_PER_SERVICE} short points`,
  ),
  mainContent: field(proseList("paragraph"), "About the service", "The paragraphs of the page's main text"),
  maintenanceContent: field(proseList("tip"), "Maintenance tips", "One tip per line"),
})

const zipList = text.regex(/^\d{5}(, ?\d{5})*$/, { error: "must be 5-digit ZIP codes separated by commas" })

const citySchema = z
  .strictObject({
    name: field(text, "Town name", "As the town writes it, e.g. Arlington Heights"),
    slug: field(
      text.regex(/^[^A-Z\s]+$/, { error: "must be lower case with no spaces" }),
      "Page address",
      "The town name in lower case with hyphens for spaces, e.g. arlington-heights; also the file's name",
    ),
    county: field(
      text,
      "County",
      "The county the town lies in; several separated by commas, the main one first, e.g. Cook, Lake",
    ),
    zip: field(zipList, "ZIP codes", "5-digit codes separated by commas; not shown on the page"),
    lat: field(latitude, "Latitude", "Of the town centre, in decimal degrees with 4 places, e.g. 42.0838"),
    lng: field(longitude, "Longitude", "Of the town centre, in decimal degrees with 4 places, e.g. -87.9806"),
    mapUrl: field(mapUrl, "Map", "The Google Maps embed address of the town"),
    localParagraph: field(
      prose,
      "About the town",
      "80–150 words of facts true only of this town: housing, neighbourhoods, what homeowners ask about",
    ),
  })
  .superRefine((city, ctx) => {
    const expected = citySlug(city.name)
    if (city.slug !== expected) {
      ctx.addIssue({
        code: "custom",
        path: ["slug"],
        message: `must be "${expected}" (the lowercased name, spaces to hyphens)`,
      })
    }
  })

const brandSchema = z
  .strictObject({
    name: field(text, "Brand name", "As the maker writes it, e.g. KitchenAid"),
    slug: field(
      text.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: "must be lowercase words joined by hyphens" }),
      "Short name",
      "Lowercase words joined by hyphens, e.g. fisher-paykel",
    ),
    featured: field(
      z.boolean({ error: "must be true or false" }),
      "Logo on the home page",
      "Show this brand's logo on the home page",
    ),
    logo: text.optional().meta({
      title: "Logo file",
      description: "Path from data/ to the logo image, e.g. ../src/images/brands/lg.png; needed when the logo is shown",
      fileReference: true,
      fileFolder: "../src/images/brands",
    }),
  })
  .superRefine((brand, ctx) => {
    if (brand.featured && !brand.logo) {
      ctx.addIssue({ code: "custom", path: ["logo"], message: "is missing: a featured brand needs a logo file" })
    }
  })

const couponBookSchema = z.strictObject({
  homeCoupons: field(
    z
      .array(
        group(
          z.strictObject({
            title: field(text, "Offer", "e.g. FREE Service Call"),
            description: field(prose, "Details", "What the offer includes"),
          }),
          "HomeCoupon",
          "Home page coupon",
          "An offer shown on the home page",
        ),
      )
      .min(1, { error: "needs at least one coupon" }),
    "Home page coupons",
    "The offers of the home page's Coupons section",
  ),
  offers: field(
    z
      .array(
        group(
          z.strictObject({
            title: field(text, "Offer", "e.g. $25 OFF Any Appliance Repair Service"),
            description: field(prose, "Details", "What the offer includes"),
            code: field(
              text.regex(/^[A-Z0-9]+$/, { error: "must be capital letters and digits" }),
              "Coupon code",
              "Capital letters and digits, e.g. SAVE25",
            ),
          }),
          "CouponOffer",
          "Coded offer",
          "An offer of the coupons page, with the code to mention",
        ),
      )
      .min(1, { error: "needs at least one offer" }),
    "Coupons page offers",
    "The coded offers of the coupons page",
  ),
  disclaimer: field(prose, "Small print", "Shown under the coupons page's offers"),
})

const homePageCopySchema = z.strictObject({
  heroClaims: field(
    z.array(text).min(1, { error: "needs at least one claim" }).max(6, { error: "can list at most 6 claims" }),
    "Headline claims",
    "The short promises with a check mark under the home page's headline, e.g. Same-day service",
  ),
  trustStrip: field(
    z
      .array(
        group(
          z.strictObject({
            label: field(text, "Claim", "A few words, e.g. Licensed & Insured"),
            icon: field(
              z.enum(TRUST_ICONS, { error: `must be one of ${TRUST_ICONS.join(", ")}` }),
              "Icon",
              "The picture beside the claim",
            ),
          }),
          "TrustItem",
          "Trust strip claim",
          "A claim of the band under the home page's headline",
        ),
      )
      .min(1, { error: "needs at least one claim" })
      .max(6, { error: "can list at most 6 claims" }),
    "Trust strip",
    "The claims of the band under the home page's headline, in order",
  ),
})

const cityPageCopySchema = z.strictObject({
  whyChoosePoints: field(
    z.array(text).min(1, { error: "needs at least one point" }).max(6, { error: "can list at most 6 points" }),
    "Why choose us (every town)",
    "Points every town page lists after its own (distance, county, neighbours)",
  ),
  applianceGroups: field(
    textList("appliance group"),
    "Appliances we repair",
    "The list of appliances on every town page, e.g. Washers and dryers",
  ),
})

const serviceAreaGridSchema = z.strictObject({
  grid: field(
    textList("town"),
    "Towns in the grid",
    "The names shown on the Service Area page, in order; a name with a town page links to it",
  ),
})

/** Where a content type's records live, relative to data/. */
export type ContentSource =
  /** A folder holding one record per file, `{folder}/{record key}.json`. */
  | { folder: string }
  /** One file: a single record, or (with `list`) an ordered list of records. */
  | { file: string; list?: boolean }

export interface ContentType<Schema extends z.ZodType = z.ZodType> {
  /** The GraphQL type of one record. */
  typeName: string
  /** What the owner calls this content (the editor's label), and a hint. */
  label: string
  description: string
  source: ContentSource
  /** The field whose value names a record in messages; null for a file with one record. */
  recordKey: string | null
  /** The schema of one record. */
  schema: Schema
}

const contentType = <Schema extends z.ZodType>(type: ContentType<Schema>): ContentType<Schema> => type

export const business = contentType({
  typeName: "Business",
  label: "Business details",
  description: "Name, phone, address, hours and service area, shown on every page",
  source: { file: "business.json" },
  recordKey: null,
  schema: businessSchema,
})

export const services = contentType({
  typeName: "Service",
  label: "Services",
  description: "One page per service",
  source: { folder: "services" },
  recordKey: "slug",
  schema: serviceSchema,
})

export const cities = contentType({
  typeName: "City",
  label: "Towns",
  description: "One page per town served",
  source: { folder: "cities" },
  recordKey: "slug",
  schema: citySchema,
})

export const brands = contentType({
  typeName: "Brand",
  label: "Brands",
  description: "The brands you repair, in the order shown",
  source: { file: "brands.json", list: true },
  recordKey: "slug",
  schema: brandSchema,
})

export const couponBook = contentType({
  typeName: "CouponBook",
  label: "Coupons",
  description: "The offers of the home page and the coupons page",
  source: { file: "coupons.json" },
  recordKey: null,
  schema: couponBookSchema,
})

export const serviceAreaGrid = contentType({
  typeName: "ServiceAreaGrid",
  label: "Service Area grid",
  description: "The town names of the Service Area page",
  source: { file: "service-area.json" },
  recordKey: null,
  schema: serviceAreaGridSchema,
})

export const homePageCopy = contentType({
  typeName: "HomePageCopy",
  label: "Home page texts",
  description: "The claims under the home page's headline and in its trust strip",
  source: { file: "home-page.json" },
  recordKey: null,
  schema: homePageCopySchema,
})

export const cityPageCopy = contentType({
  typeName: "CityPageCopy",
  label: "Town page texts",
  description: "What every town page says besides its own facts",
  source: { file: "city-pages.json" },
  recordKey: null,
  schema: cityPageCopySchema,
})

/** Every content type, in the order the editor lists them. */
export const CONTENT_TYPES: readonly ContentType[] = [
  business,
  services,
  cities,
  brands,
  couponBook,
  serviceAreaGrid,
  homePageCopy,
  cityPageCopy,
]

export type BusinessContent = z.infer<typeof businessSchema>
export type ServiceContent = z.infer<typeof serviceSchema>
export type CityContent = z.infer<typeof citySchema>
export type BrandContent = z.infer<typeof brandSchema>
export type CouponBookContent = z.infer<typeof couponBookSchema>
export type ServiceAreaGridContent = z.infer<typeof serviceAreaGridSchema>

/** The data/ path (e.g. "business.json", "cities/glencoe.json") a content type owns, or none. */
export function contentTypeOf(relativePath: string): ContentType | undefined {
  const normalised = relativePath.split("\\").join("/")
  return CONTENT_TYPES.find(({ source }) => {
    if ("folder" in source) {
      const prefix = `${source.folder}/`
      return (
        normalised.startsWith(prefix) && normalised.endsWith(".json") && !normalised.slice(prefix.length).includes("/")
      )
    }
    return normalised === source.file
  })
}

/** Human name of where a content type lives: "data/business.json", "data/cities/". */
export const sourceLabel = (source: ContentSource): string =>
  "folder" in source ? `data/${source.folder}/` : `data/${source.file}`

interface TypeNameArgs {
  node: { relativePath?: string; name?: string }
}

/** gatsby-transformer-json's `typeName`: the GraphQL type of the records of a data file. */
export function jsonTypeName({ node }: TypeNameArgs): string {
  const relativePath = node.relativePath ?? `${node.name ?? ""}.json`
  const type = contentTypeOf(relativePath)
  if (!type) {
    throw new Error(
      `data/${relativePath}: no content type is declared for this file. Declare it in internal/content/model.ts.`,
    )
  }
  return type.typeName
}
