/**
 * Which reviews a page shows, and how a quote names its month and source: plain
 * functions the pages call with the reviews of data/reviews.json (newest first,
 * as their query sorts them). A quote is shown as the customer gave it, with
 * the name, town, month and source; never a rating or stars
 * (docs/architecture.md#reviews).
 */

/** The most quotes a section of the home page, a town page or a service page shows. */
export const QUOTES_PER_SECTION = 3

/** What a page needs of a review. */
export interface ShownReview {
  quote: string
  name: string
  town?: string | null
  service?: string | null
  given: string
  source: string
  link?: string | null
}

/** Newest first (by the day given, YYYY-MM-DD); reviews of one day keep their order in the file. */
export function newestFirst<T extends Pick<ShownReview, "given">>(reviews: readonly T[]): T[] {
  return [...reviews].sort((a, b) => (a.given === b.given ? 0 : a.given < b.given ? 1 : -1))
}

/**
 * A town page's: that town's reviews, newest first, then, up to three, those of
 * its listed neighbours (nearest first, each town's newest first). Each quote
 * names its town, so a neighbour's review never passes for the town's own.
 */
export function townReviews<T extends ShownReview>(
  reviews: readonly T[],
  town: string,
  neighbours: readonly string[],
): T[] {
  const sorted = newestFirst(reviews)
  const own = sorted.filter((review) => review.town === town)
  const nearby = neighbours.flatMap((name) => sorted.filter((review) => review.town === name))
  return [...own, ...nearby].slice(0, QUOTES_PER_SECTION)
}

/** A service page's: the reviews about that appliance, newest three. */
export const serviceReviews = <T extends ShownReview>(reviews: readonly T[], service: string): T[] =>
  newestFirst(reviews.filter((review) => review.service === service)).slice(0, QUOTES_PER_SECTION)

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const

/** "2026-10-02" -> "October 2026" (one line: a no-break space): the day as written, never shifted by a time zone. */
export function reviewMonth(given: string): string {
  const [year, month] = given.split("-")
  return `${MONTHS[Number(month) - 1] ?? ""}\u00a0${year ?? ""}`.trim()
}

/**
 * The home page's longest quote, in characters: its HTML must fit the first round trip
 * (docs/architecture.md#speed), so a longer quote is cut there, the cut marked with "…" as
 * the owner may cut one, and shown whole on /reviews/.
 */
export const HOME_QUOTE_MAX = 80

/** The quote cut at the last word boundary within `max` characters, the cut marked with "…"; whole when it fits. */
export function cutQuote(quote: string, max: number): string {
  const text = quote.trim()
  if ([...text].length <= max) return text
  const head = [...text].slice(0, max - 1).join("")
  const atWord = head.slice(0, head.lastIndexOf(" ") > 0 ? head.lastIndexOf(" ") : head.length)
  return `${atWord.replace(/[\s,;:.!?–—-]+$/u, "")}…`
}

/** A quote's caption before its source: "Maria G., Glenview, October 2026, " (no town: none). */
export function reviewCaption(review: Pick<ShownReview, "name" | "town" | "given">): string {
  return `${review.name}${review.town ? `, ${review.town}` : ""}, ${reviewMonth(review.given)}, `
}

/** How a quote says where it was given: "on Google", "in person", "by letter". */
export function sourcePhrase(source: string): string {
  return source === "In person" || source === "By letter" ? source.toLowerCase() : `on ${source}`
}
