import { z } from "zod"
import { citySlug } from "../../src/lib/slug"
import { SERVICE_ICONS, TRUST_ICONS } from "../../src/lib/icon-names"
import { MAP_HOST } from "../../src/lib/map-host"
import { mapSearchUrl } from "../../internal/maps/map-links"
import { radiusTownName } from "../../src/lib/service-radius"
import { distanceMiles, roundMiles, type LatLng } from "../geo/distance"
import { isObject, ownsPath, type ContentSource, type RecordSource } from "./records"
import { existingFile, namedAfterItsFile, ruleProblem, unique, type CrossRule, type RuleContext } from "./rules"
import { coordinatesFromGazetteer, countyFromOutlines, type Derivation } from "./derivations"
import { buildDay } from "./build-clock"
import {
  CLOCK_TIME,
  DAY_FORMAT,
  NOTE_MAX,
  NOTICE_MAX,
  hasCurrentCoupon,
  hoursProblem,
  isCalendarDay,
  lastDayProblem,
  noticeProblems,
  overlapProblem,
  type DayProblem,
} from "../../src/lib/day-rules"
import {
  CONSENT_MESSAGE,
  LINK_MESSAGE,
  ONLINE_HOSTS,
  QUOTE_LENGTH,
  QUOTE_MESSAGE,
  REVIEW_LINK_HOSTS,
  REVIEW_LINK_MESSAGE,
  REVIEW_SOURCES,
  afterTodayMessage,
  givenProblem,
  httpsOnHostsPattern,
  linkProblem,
  townProblem,
} from "../../src/lib/review-rules"

export type { ContentSource }

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
 * Every rule lives here too, once: a field's own rules in its schema (with the
 * message an owner reads, and stated in its hint), and the rules across records
 * and files (`rules` of each content type, see ./rules.ts), which the build
 * checks and the editor states in the hint of every field they name.
 *
 * More metadata keys reach the JSON Schema too:
 *  - `graphqlType` names the GraphQL type of a nested object;
 *  - `fileReference: true` marks a path (relative to data/) that names a file,
 *    which GraphQL links to its File node; `fileFolder` names the folder
 *    (relative to data/) such files live in, where the editor uploads new ones;
 *  - `multiline: true` marks a text of sentences (the editor gives it a text box);
 *  - `patternMessage` is the owner's words for a text that breaks its pattern.
 */

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

/** The days opening hours may name, as schema.org's dayOfWeek spells them. */
export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const

/** What each service page lists: the spec's numbers. */
export const PROBLEMS_PER_SERVICE = 10
export const POINTS_PER_SERVICE = 8

/**
 * A town page's own paragraph: long enough that the page says something true
 * only of that town (no doorway pages: docs/architecture.md#what-a-town-page-must-hold), short enough to read on a
 * phone. Counted as runs of non-space characters, as a reader counts words.
 */
export const TOWN_PARAGRAPH_WORDS = { min: 80, max: 150 } as const

/**
 * The service region that coordinates are checked against is the business's
 * service radius (data/business.json: serviceRadius, measured from its centre
 * town) plus this margin: a town whose centre lies a little outside the radius
 * still has streets inside it. The margin catches mistyped coordinates (a
 * dropped minus sign, a swapped digit) without rejecting a real border town.
 */
export const REGION_MARGIN_MILES = 5

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

/** A text that must match a pattern; `message` is what the owner reads, in the editor and from the build. */
const matching = (schema: z.ZodString, pattern: RegExp, message: string) =>
  schema.regex(pattern, { error: message }).meta({ patternMessage: message })

/** Runs of non-space characters, as a reader counts words. */
export const countWords = (value: string): number => value.split(/\s+/).filter(Boolean).length

/**
 * Prose of `min` to `max` words. One pattern, so the editor refuses a text of
 * another length before saving (Decap checks patterns), and the build gives
 * the count.
 */
function wordCount({ min, max }: { min: number; max: number }) {
  const pattern = new RegExp(`^\\s*\\S+(?:\\s+\\S+){${min - 1},${max - 1}}\\s*$`)
  const rule = `must be ${min} to ${max} words`
  return prose
    .regex(pattern, {
      error: (issue) => `${rule}; it has ${countWords(String(issue.input ?? ""))}`,
    })
    .meta({ patternMessage: rule })
}

const escapeRegExp = (value: string): string => value.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")
const mapUrl = matching(
  text,
  new RegExp(`^https://${escapeRegExp(MAP_HOST)}/maps([/?#]|$)`),
  `must be an https://${MAP_HOST}/maps… embed address`,
)

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

const clockTime = matching(
  z.string({ error: "is missing" }),
  new RegExp(`${CLOCK_TIME.source}|^$`),
  "must be HH:MM, or empty when closed",
)

/** YYYY-MM-DD, without its anchors. */
const DAY = DAY_FORMAT.source.replace(/^\^|\$$/g, "")

/**
 * A day, as the editor's date picker writes it (YYYY-MM-DD), read in the
 * business's time zone; `optional` allows it empty. `date: true` gives it the
 * editor's date picker.
 */
const calendarDay = ({ optional }: { optional: boolean }) =>
  matching(
    z.string({ error: "is missing" }).trim(),
    new RegExp(optional ? `^(${DAY})?$` : `^${DAY}$`),
    optional ? "must be a date (YYYY-MM-DD), or empty" : "must be a date (YYYY-MM-DD)",
  )
    .refine((value) => !value || isCalendarDay(value), { error: "is not a day of the calendar" })
    .meta({ date: true })

/** An IANA time zone name the JavaScript of every browser knows, e.g. America/Chicago. */
const isTimeZone = (value: string): boolean => {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value })
    return value.includes("/") || value === "UTC"
  } catch {
    return false
  }
}

/** Each of the day's rules broken, as the schema's issues. */
const addProblems = (ctx: z.RefinementCtx, problems: readonly (DayProblem | undefined)[]) => {
  for (const problem of problems) {
    if (problem) ctx.addIssue({ code: "custom", path: problem.path, message: problem.message })
  }
}

export { NOTE_MAX, NOTICE_MAX }

const businessSchema = z
  .strictObject({
    brand: field(text, "Brand name", 'The name before "Appliance Repair" in the site\'s name, e.g. North Shore'),
    phone: group(
      z.strictObject({
        display: field(
          matching(text, /^\(\d{3}\) \d{3}-\d{4}$/, "must look like (847) 555-0142"),
          "Phone number as shown",
          "How visitors read it, e.g. (847) 555-0142",
        ),
        e164: field(
          matching(text, /^\+1\d{10}$/, "must be E.164, like +18475550142"),
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
    timeZone: field(
      text.refine(isTimeZone, { error: "must be a time zone name, e.g. America/Chicago" }),
      "Time zone",
      "Where the shop's clock runs, e.g. America/Chicago: the hours, closures and expiry dates are read in it, never in a visitor's",
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
    specialHours: field(
      z.array(
        group(
          z.strictObject({
            from: field(calendarDay({ optional: false }), "First day", "e.g. 2026-11-26"),
            to: field(
              calendarDay({ optional: true }),
              "Last day",
              "Empty for a single day; for a vacation, its last day, e.g. 2027-01-01",
            ).optional(),
            opens: field(clockTime, "Opens at", "24-hour time, e.g. 09:00; empty when closed all day").optional(),
            closes: field(clockTime, "Closes at", "24-hour time, e.g. 13:00; empty when closed all day").optional(),
            note: field(
              z
                .string()
                .trim()
                .max(NOTE_MAX, { error: `must be at most ${NOTE_MAX} characters` }),
              "Occasion",
              `Shown as "Closed today for …" beside the call button and, from a week before, in a notice at the top of every page, e.g. Thanksgiving; at most ${NOTE_MAX} characters; empty: no notice`,
            ).optional(),
          }),
          "SpecialHours",
          "Closure or special hours",
          "A day or days closed, or open at other hours",
        ),
      ),
      "Holidays and special hours",
      "Days the shop is closed (leave the times empty) or keeps other hours: a holiday, a vacation, a storm. They replace the opening hours on those days, in the line beside the call button and for search engines; entries may not overlap; past ones leave the site at the next daily build",
    ).optional(),
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
          "The town the radius is measured from, with its state, e.g. Buffalo Grove, IL",
        ),
        areaName: field(
          text,
          "Area name",
          'What homeowners call the area you serve, as it reads after "the" in a sentence, e.g. north and northwest Chicago suburbs',
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
    reviewLink: field(
      matching(z.string().trim(), httpsOnHostsPattern(REVIEW_LINK_HOSTS, { orEmpty: true }), REVIEW_LINK_MESSAGE),
      "Review link",
      'Your "ask for reviews" link from your Google Business Profile (Get more reviews › Share review form), e.g. https://g.page/r/…/review; /review/ sends customers to it. Empty: no /review/',
    ).optional(),
    priceRange: field(text, "Price range", "As search engines show it, e.g. $$"),
    intro: field(prose, "Home page introduction", "The sentence under the home page's headline"),
    about: field(proseList("paragraph"), "About us", "The paragraphs of the home page's About section"),
  })
  .superRefine((business, ctx) => {
    addProblems(
      ctx,
      business.hours.map((entry, index) => hoursProblem(entry, ["hours", index])),
    )
    const special = business.specialHours ?? []
    addProblems(
      ctx,
      special.flatMap((entry, index) => [
        hoursProblem(entry, ["specialHours", index]),
        lastDayProblem(entry, ["specialHours", index]),
      ]),
    )
    addProblems(
      ctx,
      special.map((_entry, index) => overlapProblem(special, index, ["specialHours", index])),
    )
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

const zipList = matching(text, /^\d{5}(, ?\d{5})*$/, "must be 5-digit ZIP codes separated by commas")

const citySchema = z
  .strictObject({
    name: field(text, "Town name", "As the town writes it, e.g. Arlington Heights"),
    slug: field(
      matching(text, /^[^A-Z\s]+$/, "must be lower case with no spaces"),
      "Page address",
      "The town name in lower case with hyphens for spaces, e.g. arlington-heights",
    ).optional(),
    county: field(
      text,
      "County",
      "The county the town lies in; several separated by commas, the main one first, e.g. Cook, Lake",
    ).optional(),
    zip: field(zipList, "ZIP codes", "5-digit codes separated by commas; not shown on the page").optional(),
    lat: field(latitude, "Latitude", "Of the town centre, in decimal degrees with 4 places, e.g. 42.0838").optional(),
    lng: field(
      longitude,
      "Longitude",
      "Of the town centre, in decimal degrees with 4 places, e.g. -87.9806",
    ).optional(),
    mapUrl: field(
      mapUrl,
      "Map",
      "The Google Maps address of the town: its page, or the embed address of its frame",
    ).optional(),
    localParagraph: field(
      wordCount(TOWN_PARAGRAPH_WORDS),
      "About the town",
      `${TOWN_PARAGRAPH_WORDS.min} to ${TOWN_PARAGRAPH_WORDS.max} words of facts true only of this town: housing, neighbourhoods, what homeowners ask about`,
    ),
  })
  .superRefine((city, ctx) => {
    const expected = citySlug(city.name)
    if (city.slug !== undefined && city.slug !== expected) {
      ctx.addIssue({
        code: "custom",
        path: ["slug"],
        message: `must be "${expected}" (the lowercased name, spaces to hyphens)`,
      })
    }
  })

/** The town's page address: its name in lower case, spaces to hyphens (the spec's rule). */
const slugFromName: Derivation = {
  fields: ["slug"],
  says: "made from the town's name, in lower case with hyphens for spaces",
  derive: ({ name }) => (typeof name === "string" && name.trim() ? { values: { slug: citySlug(name) } } : undefined),
}

/** The Google Maps page of the town's name and state; the frame's embed address is made from it. */
const mapFromName: Derivation = {
  fields: ["mapUrl"],
  says: "the Google Maps page of the town's name and state",
  derive: ({ name }, { region }) =>
    typeof name === "string" && name.trim() && region
      ? { values: { mapUrl: mapSearchUrl(`${name.trim()}, ${region}`) } }
      : undefined,
}

const brandSchema = z
  .strictObject({
    name: field(text, "Brand name", "As the maker writes it, e.g. KitchenAid"),
    slug: field(
      matching(text, /^[a-z0-9]+(-[a-z0-9]+)*$/, "must be lowercase words joined by hyphens"),
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
            expires: field(
              calendarDay({ optional: true }),
              "Expires",
              'The last day the offer is honoured, shown as "Expires December 31, 2026"; empty: no end. An expired coupon leaves the site that night, and a page built earlier hides it when the day ends',
            ).optional(),
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
              matching(text, /^[A-Z0-9]+$/, "must be capital letters and digits"),
              "Coupon code",
              "Capital letters and digits, e.g. SAVE25",
            ),
            expires: field(
              calendarDay({ optional: true }),
              "Expires",
              'The last day the offer is honoured, shown as "Expires December 31, 2026"; empty: no end. An expired coupon leaves the site that night, and a page built earlier hides it when the day ends',
            ).optional(),
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

const siteNoticeSchema = z
  .strictObject({
    show: field(
      z.boolean({ error: "must be true or false" }),
      "Show the notice",
      "Switch it on to show the line at the top of every page (between its dates, when given)",
    ),
    text: field(
      z
        .string({ error: "is missing" })
        .trim()
        .max(NOTICE_MAX, { error: `must be at most ${NOTICE_MAX} characters` }),
      "Notice",
      `One short line, e.g. Storm backlog: repairs are booked about three days out; at most ${NOTICE_MAX} characters`,
    ),
    starts: field(calendarDay({ optional: true }), "First day", "The day it first shows; empty: from now").optional(),
    ends: field(
      calendarDay({ optional: true }),
      "Last day",
      "The last day it shows; empty: until switched off",
    ).optional(),
  })
  .superRefine((notice, ctx) => addProblems(ctx, noticeProblems(notice)))

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

export interface ContentType<Schema extends z.ZodType = z.ZodType> extends RecordSource {
  /** The GraphQL type of one record. */
  typeName: string
  /** What the owner calls this content (the editor's label), and a hint. */
  label: string
  description: string
  source: ContentSource
  /** The field whose value names a record in messages; null for a file with one record. */
  recordKey: string | null
  /** The schema of one record: its fields and each field's own rules. */
  schema: Schema
  /**
   * The rules across its records and other files. Records named by a key get two
   * of their own: no two share a key, and a record of a folder is its file's name.
   */
  rules: readonly CrossRule[]
  /** The fields a file may leave empty, and how the build fills them (./derivations.ts), in order. */
  derivations: readonly Derivation[]
}

type ContentTypeDeclaration<Schema extends z.ZodType> = Omit<ContentType<Schema>, "rules" | "derivations"> & {
  /** What else the records must satisfy (see ./rules.ts). */
  rules?: readonly CrossRule[]
  derivations?: readonly Derivation[]
  /** How the owner calls one record, in a rule: "town", "service", "brand". */
  recordNoun?: string
}

/** A content type, with the rules every keyed record set has. */
function contentType<Schema extends z.ZodType>({
  rules = [],
  derivations = [],
  recordNoun = "record",
  ...type
}: ContentTypeDeclaration<Schema>): ContentType<Schema> {
  const key = type.recordKey
  const keyRules: CrossRule[] = !key
    ? []
    : [
        unique(key, `No two ${recordNoun}s may share it.`),
        ...("folder" in type.source ? [namedAfterItsFile(key, `The ${recordNoun}'s file is named after it.`)] : []),
      ]
  return { ...type, rules: [...keyRules, ...rules], derivations }
}

const MILES_PER_DEGREE_OF_LATITUDE = 69.05

/** The business's record and the town its service radius is measured from, when both can be read. */
function serviceCentre(context: RuleContext) {
  const [shop] = context.records("Business")
  const radius = shop?.data.serviceRadius
  if (!shop || !isObject(radius) || typeof radius.center !== "string" || typeof radius.miles !== "number") return null
  const name = radiusTownName(radius.center)
  const town = context.records("City").find(({ data }) => data.name === name)
  return { shop, center: radius.center, miles: radius.miles, name, town }
}

const isLatLng = (value: unknown): value is LatLng =>
  isObject(value) && typeof value.lat === "number" && typeof value.lng === "number"

/**
 * Coordinates within the service region: the business's service radius around
 * its centre town, plus REGION_MARGIN_MILES. Reported on the coordinate that
 * carries the distance, the likelier mistake (a dropped minus sign). Another
 * region is a matter of editing data, not code.
 */
function withinServiceRegion(prefix: string): CrossRule {
  return {
    fields: [`${prefix}lat`, `${prefix}lng`],
    says: `It must lie within the service radius (Business details › Service area) plus ${REGION_MARGIN_MILES} miles.`,
    check(records, context) {
      const region = serviceCentre(context)
      const town = region?.town
      if (!region || !town || !isLatLng(town.data)) return []
      const centre = town.data
      const limit = region.miles + REGION_MARGIN_MILES
      return records.flatMap((sourced) => {
        const point = prefix ? sourced.data[prefix.slice(0, -1)] : sourced.data
        if (!isLatLng(point)) return []
        const miles = distanceMiles(centre, point)
        if (miles <= limit) return []
        const northSouth = Math.abs(point.lat - centre.lat) * MILES_PER_DEGREE_OF_LATITUDE
        const eastWest =
          Math.abs(point.lng - centre.lng) * MILES_PER_DEGREE_OF_LATITUDE * Math.cos((centre.lat * Math.PI) / 180)
        return [
          ruleProblem(
            sourced,
            `${prefix}${northSouth >= eastWest ? "lat" : "lng"}`,
            `lies outside the service region: ${roundMiles(miles)} miles from ${region.center} (${town.file}), ` +
              `more than the ${region.miles}-mile service radius plus a ${REGION_MARGIN_MILES}-mile margin`,
          ),
        ]
      })
    },
  }
}

/** The service radius is measured from a town that has a page. */
const centreHasATownPage: CrossRule = {
  fields: ["serviceRadius.center"],
  says: "The town must have a page among the Towns.",
  check(_records, context) {
    const region = serviceCentre(context)
    if (!region || region.town) return []
    return [
      ruleProblem(region.shop, "serviceRadius.center", `names "${region.name}", which has no record in data/cities/`),
    ]
  },
}

export const business = contentType({
  typeName: "Business",
  label: "Business details",
  description: "Name, phone, address, hours and service area, shown on every page",
  source: { file: "business.json" },
  recordKey: null,
  schema: businessSchema,
  rules: [centreHasATownPage, withinServiceRegion("geo.")],
})

export const services = contentType({
  typeName: "Service",
  label: "Services",
  description: "One page per service",
  source: { folder: "services" },
  recordKey: "slug",
  recordNoun: "service",
  schema: serviceSchema,
  rules: [
    unique(
      "order",
      "No two services may share a position.",
      (order, where) => `is ${order}, as in ${where}: give each service its own position`,
    ),
  ],
})

export const cities = contentType({
  typeName: "City",
  label: "Towns",
  description: "One page per town served",
  source: { folder: "cities" },
  recordKey: "slug",
  recordNoun: "town",
  schema: citySchema,
  // A new town needs its name and its paragraph; the build fills the rest.
  derivations: [slugFromName, coordinatesFromGazetteer, countyFromOutlines, mapFromName],
  rules: [
    unique(
      "localParagraph",
      "No two towns may share a paragraph.",
      (_paragraph, where) => `is the same text as ${where}: write what is true of this town`,
    ),
    withinServiceRegion(""),
  ],
})

export const brands = contentType({
  typeName: "Brand",
  label: "Brands",
  description: "The brands you repair, in the order shown",
  source: { file: "brands.json", list: true, minItems: 1 },
  recordKey: "slug",
  recordNoun: "brand",
  schema: brandSchema,
  rules: [
    existingFile("logo", "The file must be in src/images/brands/.", (brand) => `brand "${String(brand.name ?? "")}"`),
  ],
})

/** The business's time zone, when its record gives one (the build's validation checks it first). */
function businessTimeZone(context: RuleContext): string | null {
  const zone = context.records("Business")[0]?.data.timeZone
  return typeof zone === "string" && isTimeZone(zone) ? zone : null
}

/**
 * Each list of coupons keeps one that has not expired on the day of the build
 * (in the business's time zone): a section of coupons is never empty.
 */
const aCurrentCoupon: CrossRule = {
  fields: ["homeCoupons", "offers"],
  says: "At least one coupon of the list must not have expired: the site never shows an empty list of coupons.",
  check(records, context) {
    const zone = businessTimeZone(context)
    if (!zone) return []
    const today = buildDay(zone)
    return records.flatMap((sourced) =>
      (["homeCoupons", "offers"] as const).flatMap((list) => {
        const coupons = sourced.data[list]
        if (!Array.isArray(coupons) || coupons.length === 0) return []
        const ends = coupons.map((coupon) =>
          isObject(coupon) && typeof coupon.expires === "string" ? coupon.expires : "",
        )
        if (hasCurrentCoupon(ends, today)) return []
        const last = ends.sort().at(-1)
        return [
          ruleProblem(
            sourced,
            list,
            `every coupon has expired (the last on ${last}, before today, ${today}): add a coupon, or give one a later expiry date or none`,
          ),
        ]
      }),
    )
  },
}

const reviewSchema = z
  .strictObject({
    quote: field(
      matching(prose, new RegExp(`^[\\s\\S]{${QUOTE_LENGTH.min},${QUOTE_LENGTH.max}}$`), QUOTE_MESSAGE),
      "The customer's words",
      `As the customer gave them, ${QUOTE_LENGTH.min} to ${QUOTE_LENGTH.max} characters; never edited, except a cut marked with …`,
    ),
    name: field(text, "Name as agreed", "The name as the customer agreed to show it, e.g. Maria G."),
    // Empty is none: the editor writes "" for a town picked and then cleared.
    town: field(
      z.string({ error: "is missing" }).trim(),
      "Town",
      "The customer's town, as its page names it, e.g. Glenview; empty: none",
    ).optional(),
    service: field(
      z.enum(SERVICE_SLUGS, { error: `must be one of ${SERVICE_SLUGS.join(", ")}` }),
      "Appliance",
      "The service page it is about; empty: none",
    ).optional(),
    given: field(calendarDay({ optional: false }), "Day given", "The day the customer gave it, e.g. 2026-03-14"),
    source: field(
      z.enum(REVIEW_SOURCES, { error: `must be one of ${REVIEW_SOURCES.join(", ")}` }),
      "Where it was given",
      "Google, Yelp, Facebook, in person or by letter",
    ),
    link: field(
      matching(z.string().trim(), httpsOnHostsPattern(ONLINE_HOSTS, { orEmpty: true }), LINK_MESSAGE),
      "Link to it",
      "Where it is online, its https address on that site (Google, Yelp or Facebook); empty for one given in person or by letter",
    ).optional(),
    consent: field(
      z.literal(true, { error: CONSENT_MESSAGE }).meta({ patternMessage: CONSENT_MESSAGE }),
      "The customer agreed",
      "Yes: the customer agreed that we show this on our site. Without it, the review cannot be saved",
    ),
  })
  .superRefine((review, ctx) => addProblems(ctx, [linkProblem(review.source, review.link)]))

/** A review's town is one of the towns served, by the name its page gives. */
const aServedTown: CrossRule = {
  fields: ["town"],
  says: "It must be the name of a town among the Towns, or empty.",
  // The editor offers the towns' names to pick from, read from the Towns it holds.
  editorCheck: { oneOf: { source: cities.source, field: "name" } },
  check(records, context) {
    const towns = context.records("City").flatMap(({ data }) => (typeof data.name === "string" ? [data.name] : []))
    return records.flatMap((sourced) => {
      const town = sourced.data.town
      const problem = typeof town === "string" ? townProblem(town, towns) : undefined
      return problem ? [ruleProblem(sourced, "town", problem.message)] : []
    })
  },
}

/** A review was given on or before the build's day, in the business's time zone. */
const givenByToday: CrossRule = {
  fields: ["given"],
  says: "It may not be after today.",
  editorCheck: { notAfterToday: afterTodayMessage },
  check(records, context) {
    const zone = businessTimeZone(context)
    if (!zone) return []
    const today = buildDay(zone)
    return records.flatMap((sourced) => {
      const given = sourced.data.given
      const problem = typeof given === "string" ? givenProblem(given, today) : undefined
      return problem ? [ruleProblem(sourced, "given", problem.message)] : []
    })
  },
}

export const couponBook = contentType({
  typeName: "CouponBook",
  label: "Coupons",
  description: "The offers of the home page and the coupons page",
  source: { file: "coupons.json" },
  recordKey: null,
  schema: couponBookSchema,
  rules: [aCurrentCoupon],
})

export const siteNotice = contentType({
  typeName: "SiteNotice",
  label: "Site notice",
  description: "A short line at the top of every page, switched on when there is news: a storm backlog, a move",
  source: { file: "notice.json" },
  recordKey: null,
  schema: siteNoticeSchema,
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

export const reviews = contentType({
  typeName: "Review",
  label: "Reviews",
  description:
    "Words a customer gave and agreed to have shown, as they gave them: shown as quotes on the home page, their town's page, their appliance's page and the reviews page",
  source: { file: "reviews.json", list: true },
  recordKey: null,
  schema: reviewSchema,
  rules: [aServedTown, givenByToday],
})

/** Every content type, in the order the editor lists them. */
export const CONTENT_TYPES: readonly ContentType[] = [
  business,
  services,
  cities,
  brands,
  couponBook,
  siteNotice,
  serviceAreaGrid,
  homePageCopy,
  cityPageCopy,
  reviews,
]

export type BusinessContent = z.infer<typeof businessSchema>
export type ServiceContent = z.infer<typeof serviceSchema>
export type CityContent = z.infer<typeof citySchema>
/** A town as its page shows it: what the file gives, and what the build derived for the rest. */
export type CompleteCity = CityContent & Required<Pick<CityContent, "slug" | "county" | "lat" | "lng" | "mapUrl">>
export type BrandContent = z.infer<typeof brandSchema>
export type CouponBookContent = z.infer<typeof couponBookSchema>
export type SiteNoticeContent = z.infer<typeof siteNoticeSchema>
export type ServiceAreaGridContent = z.infer<typeof serviceAreaGridSchema>
export type ReviewContent = z.infer<typeof reviewSchema>

/** The data/ path (e.g. "business.json", "cities/glencoe.json") a content type owns, or none. */
export function contentTypeOf(relativePath: string): ContentType | undefined {
  return CONTENT_TYPES.find(({ source }) => ownsPath(source, relativePath))
}

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
