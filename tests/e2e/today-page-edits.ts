/**
 * What the owner says from the page for today (tests/e2e/owner-today.spec.ts) and what the built
 * copy must then show (tests/e2e/edited-copy.spec.ts): occasions and a notice data/ does not hold,
 * on days no closure of the content holds, whatever it holds.
 */

/** The closure kept: two days from a free day on, within the week, so the build announces it. */
export const TODAY_CLOSURE_OCCASION = "a family wedding"
/** Other hours on a later free day, kept. */
export const TODAY_HOURS = { opens: "10:00", closes: "14:00", occasion: "inventory" }
/** The notice kept, at the top of every page. */
export const TODAY_NOTICE = "Phones are answered until 8 pm every day this week."

interface Special {
  from: string
  to?: string | null
}

/** The day `days` after `day` (YYYY-MM-DD). */
export const dayAfter = (day: string, days: number): string =>
  new Date(Date.parse(day) + days * 864e5).toISOString().slice(0, 10)

/** The first day from `from` on, with `length` free days in a row, that no entry of `special` holds. */
export function freeDays(special: readonly Special[], from: string, length = 1): string {
  const taken = (day: string) => special.some((entry) => entry.from <= day && day <= (entry.to || entry.from))
  for (let start = from; ; start = dayAfter(start, 1)) {
    if (Array.from({ length }, (_, offset) => dayAfter(start, offset)).every((day) => !taken(day))) return start
  }
}
