import { z } from "zod"
import { citySlug } from "../../src/lib/slug"
import {
  MAP_HOST,
  POINTS_PER_SERVICE,
  PROBLEMS_PER_SERVICE,
  SERVICE_ICONS,
  SERVICE_REGION,
  SERVICE_SLUGS,
} from "../../src/lib/content-rules"

const text = z.string({ error: "is missing" }).trim().min(1, { error: "is empty" })

const mapUrl = text.refine(
  (value) => {
    try {
      const url = new URL(value)
      return url.protocol === "https:" && url.host === MAP_HOST && url.pathname.startsWith("/maps")
    } catch {
      return false
    }
  },
  { error: `must be an https://${MAP_HOST}/maps… embed address` },
)

const latitude = z
  .number({ error: "is missing or not a number" })
  .min(SERVICE_REGION.minLat, { error: "lies outside the service region" })
  .max(SERVICE_REGION.maxLat, { error: "lies outside the service region" })
const longitude = z
  .number({ error: "is missing or not a number" })
  .min(SERVICE_REGION.minLng, { error: "lies outside the service region" })
  .max(SERVICE_REGION.maxLng, { error: "lies outside the service region" })

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^$/, { error: "must be HH:MM, or empty when closed" })

export const businessSchema = z
  .object({
    brand: text,
    phone: z.object({
      display: text.regex(/^\(\d{3}\) \d{3}-\d{4}$/, { error: "must look like (847) 555-0142" }),
      e164: text.regex(/^\+1\d{10}$/, { error: "must be E.164, like +18475550142" }),
    }),
    address: z.object({ street: text, city: text, region: text, postalCode: text, country: text }),
    geo: z.object({ lat: latitude, lng: longitude }),
    hours: z
      .array(
        z.object({
          label: text,
          days: z.array(text).min(1, { error: "needs at least one day" }),
          opens: clockTime,
          closes: clockTime,
        }),
      )
      .min(1, { error: "needs at least one entry" }),
    foundingYear: z.number().int().min(1900).max(2100),
    serviceRadius: z.object({ miles: z.number().positive(), center: text }),
    homeMapUrl: mapUrl,
    priceRange: text,
    intro: text,
    about: z.array(text).min(1, { error: "needs at least one paragraph" }),
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

const serviceSchema = z.object({
  slug: z.enum(SERVICE_SLUGS, { error: `must be one of ${SERVICE_SLUGS.join(", ")}` }),
  name: text,
  icon: z.enum(SERVICE_ICONS, { error: `must be one of ${SERVICE_ICONS.join(", ")}` }),
  cardDescription: text,
  title: text,
  metaDescription: text,
  metaKeywords: text,
  heroTitle: text,
  heroDescription: text,
  commonProblems: z
    .array(z.object({ title: text, description: text }))
    .length(PROBLEMS_PER_SERVICE, { error: `must list exactly ${PROBLEMS_PER_SERVICE} problems` }),
  whyChoosePoints: z
    .array(text)
    .length(POINTS_PER_SERVICE, { error: `must list exactly ${POINTS_PER_SERVICE} points` }),
  mainContent: z.array(text).min(1, { error: "needs at least one paragraph" }),
  maintenanceContent: z.array(text).min(1, { error: "needs at least one tip" }),
})

const zipList = text.regex(/^\d{5}(, ?\d{5})*$/, { error: "must be 5-digit ZIP codes separated by commas" })

const citySchema = z
  .object({
    name: text,
    slug: text,
    county: text,
    zip: zipList,
    lat: latitude,
    lng: longitude,
    mapUrl,
    localParagraph: text,
  })
  .superRefine((city, ctx) => {
    const expected = citySlug(city.name)
    if (city.slug !== expected) {
      ctx.addIssue({ code: "custom", path: ["slug"], message: `must be "${expected}" (the lowercased name, spaces to hyphens)` })
    }
  })

const brandSchema = z
  .object({
    name: text,
    slug: text.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: "must be lowercase words joined by hyphens" }),
    featured: z.boolean({ error: "must be true or false" }),
    logo: text.optional(),
  })
  .superRefine((brand, ctx) => {
    if (brand.featured && !brand.logo) {
      ctx.addIssue({ code: "custom", path: ["logo"], message: "is missing: a featured brand needs a logo file" })
    }
  })

const couponsSchema = z.object({
  homeCoupons: z.array(z.object({ title: text, description: text })).min(1),
  offers: z
    .array(
      z.object({
        title: text,
        description: text,
        code: text.regex(/^[A-Z0-9]+$/, { error: "must be capital letters and digits" }),
      }),
    )
    .min(1),
  disclaimer: text,
})

const serviceAreaSchema = z.object({
  grid: z.array(text).min(1, { error: "needs at least one town" }),
})

/** Each data file, its schema, and the field that names one of its records. */
export const CONTENT_FILES = {
  "business.json": { schema: businessSchema, recordKey: null },
  "services.json": { schema: uniqueBy(z.array(serviceSchema), "slug"), recordKey: "slug" },
  "cities.json": { schema: uniqueBy(z.array(citySchema), "slug"), recordKey: "slug" },
  "brands.json": { schema: uniqueBy(z.array(brandSchema), "slug"), recordKey: "slug" },
  "coupons.json": { schema: couponsSchema, recordKey: "title" },
  "service-area.json": { schema: serviceAreaSchema, recordKey: null },
} as const

export type ContentFileName = keyof typeof CONTENT_FILES
export type BusinessContent = z.infer<typeof businessSchema>
export type ServiceContent = z.infer<typeof serviceSchema>
export type CityContent = z.infer<typeof citySchema>
export type BrandContent = z.infer<typeof brandSchema>

function uniqueBy<T extends z.ZodType<Record<string, unknown>[]>>(schema: T, key: string) {
  return schema.superRefine((records, ctx) => {
    const seen = new Map<unknown, number>()
    records.forEach((record, index) => {
      const value = record[key]
      const first = seen.get(value)
      if (first !== undefined) {
        ctx.addIssue({
          code: "custom",
          path: [index, key],
          message: `duplicates record ${first + 1} ("${String(value)}")`,
        })
      } else {
        seen.set(value, index)
      }
    })
  })
}
