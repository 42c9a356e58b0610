/**
 * The small pieces of English that pages build from data: lists, counts,
 * distances and counties. Every sentence made from a record goes through
 * these, so articles and singular/plural stay right for any record.
 */

/** ["A"] -> "A"; ["A", "B", "C"] -> "A, B and C". */
export function listPhrase(items: readonly string[]): string {
  return items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`
}

/** 1 -> "1 community", 67 -> "67 communities". */
export function countPhrase(count: number, singular: string, plural: string): string {
  return `${count} ${count === 1 ? singular : plural}`
}

/** "5.4 miles", "1 mile". */
export const milesPhrase = (miles: number): string => countPhrase(miles, "mile", "miles")

/** The distance as a compound adjective, always singular: "11-mile", "0.5-mile". */
export const mileAdjective = (miles: number): string => `${miles}-mile`

/**
 * "a" or "an" before a phrase that starts with a number, as the number is
 * spoken: an 8-, 11-, 18-, 80-, 800- or 11,000-mile drive; a 1-, 5.4- or 0.5-mile drive.
 * Before a word it follows the first letter's vowel.
 */
export function indefiniteArticle(phrase: string): "a" | "an" {
  const digits = /^(\d+)/.exec(phrase)?.[1]
  if (digits === undefined) return /^[aeiou]/i.test(phrase) ? "an" : "a"
  if (digits.startsWith("8")) return "an"
  // 11 and 18 ("eleven", "eighteen") lead the number when its digit count leaves two in the first group.
  return digits.length % 3 === 2 && (digits.startsWith("11") || digits.startsWith("18")) ? "an" : "a"
}

/** "11-mile drive" -> "an 11-mile drive". */
export const withArticle = (phrase: string): string => `${indefiniteArticle(phrase)} ${phrase}`

/** "an 11-mile drive" -> "An 11-mile drive". */
export const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1)

/** The county names of a county field such as "Cook, Lake". */
export const countyNames = (county: string): string[] =>
  county
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean)

/** The primary (first-listed) county of a county field such as "Cook, Lake". */
export const primaryCounty = (county: string): string => countyNames(county)[0] ?? ""

/** ["Cook"] -> "Cook County"; ["Cook", "Lake"] -> "Cook and Lake counties". */
export function countiesPhrase(names: readonly string[]): string {
  return names.length === 1 ? `${names[0]} County` : `${listPhrase(names)} counties`
}

/** "Cook" -> "Cook County"; "Cook, Lake" -> "Cook and Lake counties". */
export const countyPhrase = (county: string): string => countiesPhrase(countyNames(county))

/** Brands named in a description: every one when there are few, else the first six and the last. */
export function brandsSentence(names: readonly string[]): string {
  if (names.length <= 7) return `We repair ${listPhrase(names)} appliances.`
  const named = [...names.slice(0, 6), names[names.length - 1]]
  return `We repair ${countPhrase(names.length, "appliance brand", "appliance brands")}, including ${listPhrase(named)}.`
}

/** A number joined by a hyphen to a word ("1-year", "18-inch", "5.4-mile"): one unit, never split over two lines. */
const NUMBER_COMPOUND = /(\d[\d.,]*-\p{L}+)/u

/**
 * A text cut where its number compounds start and end: "with a 1-year
 * warranty" -> [{ text: "with a " }, { text: "1-year", compound: true }, {
 * text: " warranty" }], so the compound can be kept on one line (a line may
 * otherwise break after any hyphen).
 */
export function compoundSegments(text: string): { text: string; compound: boolean }[] {
  return text
    .split(NUMBER_COMPOUND)
    .map((part, index) => ({ text: part, compound: index % 2 === 1 }))
    .filter((segment) => segment.text !== "")
}
