import fs from "fs"
import path from "path"
// A real town, with its real county, ZIP code and centre, and facts true of it; the owner types only
// its name and its paragraph, and the build derives the rest.
import LINCOLNWOOD from "../fixtures/new-town.json"
// A real town whose paragraph has exactly the fewest words the content model allows.
import AT_WORD_LIMIT from "../fixtures/town-at-word-limit.json"
import { ROOT } from "../../scripts/project-copy.cjs"

/**
 * What the owner changes through the editor (tests/e2e/admin.spec.ts) and what the built copy must
 * then show (tests/e2e/edited-copy.spec.ts): values data/ does not hold yet, whatever it holds.
 */

export const readJson = <T>(file: string): T => JSON.parse(fs.readFileSync(file, "utf8")) as T

export { AT_WORD_LIMIT, LINCOLNWOOD }

/** The site's own data, before any edit. */
export const ORIGINAL = {
  coupons: readJson<{ homeCoupons: Array<{ title: string }>; offers: Array<{ title: string; expires?: string }> }>(
    path.join(ROOT, "data/coupons.json"),
  ),
  business: readJson<{
    timeZone: string
    address: { street: string }
    specialHours?: Array<{ from: string; to?: string }>
  }>(path.join(ROOT, "data/business.json")),
  brands: readJson<Array<{ name: string; slug: string }>>(path.join(ROOT, "data/brands.json")),
  reviews: readJson<unknown[]>(path.join(ROOT, "data/reviews.json")),
}

export const NEW_COUPON_TITLE = [
  "$149 Refrigerator Door Gasket Replacement",
  "$149 Refrigerator Door Seal Replacement",
].find((title) => title !== ORIGINAL.coupons.homeCoupons[0].title) as string

export const NEW_STREET = ["600 Frontage Rd", "610 Frontage Rd"].find(
  (street) => street !== ORIGINAL.business.address.street,
) as string

export const NEW_BRAND = [
  { name: "Speed Queen", slug: "speed-queen", featured: false },
  { name: "Blomberg", slug: "blomberg", featured: false },
].find((brand) => !ORIGINAL.brands.some((known) => known.slug === brand.slug)) as {
  name: string
  slug: string
  featured: boolean
}

export const NEW_TOWN = { name: LINCOLNWOOD.name, localParagraph: LINCOLNWOOD.localParagraph }

/** The day `days` after today (YYYY-MM-DD): dated content the build keeps whenever the test runs. */
const dayFromNow = (days: number) => new Date(Date.now() + days * 864e5).toISOString().slice(0, 10)
// A closure two days or more from now on a day no closure of data/ holds (entries may not overlap):
// within the week, so the build announces it at the top of every page.
const taken = (day: string) =>
  (ORIGINAL.business.specialHours ?? []).some((entry) => entry.from <= day && day <= (entry.to || entry.from))

export const NEW_CLOSURE = {
  from: [2, 3, 4, 5].map(dayFromNow).find((day) => !taken(day)) as string,
  note: "staff training",
}

export const NEW_OFFER_EXPIRY = dayFromNow(60)

/** A review the editor must refuse, clearly a test's: it is never saved. */
export const REFUSED_REVIEW = {
  quote: "A test's review, which the editor refuses before anything is saved.",
  name: "Test Refused R.",
  source: "In person",
  // Two days after today in UTC: after today in every time zone, the shop's among them.
  laterDay: dayFromNow(2),
  // A place that is no town at all, so no town the owner adds can ever be it.
  unknownTown: "Atlantis",
}

/** A review the owner saves through the editor and then takes off again, the last one. */
export const KEPT_REVIEW = {
  quote: "A test's review, which the owner saves and then takes off again.",
  name: "Test Kept K.",
  source: "In person",
}

/** "2026-12-03" as the site writes it. */
export const longDay = (day: string, weekday: boolean) =>
  new Date(day).toLocaleDateString("en-US", {
    timeZone: "UTC",
    month: "long",
    day: "numeric",
    ...(weekday ? { weekday: "long" } : { year: "numeric" }),
  })
