/**
 * The rules of the facts that change by the day (special hours and closures,
 * the site's notice): one place, read by the content model (so the build and
 * the editor refuse what breaks them) and by the owner's page for today, which
 * must refuse the same things on a phone with a few hundred bytes of script,
 * without the model's schema library.
 */

/** The longest occasion and notice the header's line and the top of a page have room for. */
export const NOTE_MAX = 40
export const NOTICE_MAX = 120

/** 24-hour time, e.g. 08:00. */
export const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/

/** A day as the editor's date picker writes it. */
export const DAY_FORMAT = /^\d{4}-\d{2}-\d{2}$/

/** The day `days` after `day` (before it, when negative), both "2026-11-26"; counted in UTC, where every day has 24 hours. */
export const addDays = (day: string, days: number): string =>
  new Date(Date.parse(day) + days * 86_400_000).toISOString().slice(0, 10)

/** "2026-11-26" names a day of the calendar (not February 30). */
export const isCalendarDay = (value: string): boolean => {
  const instant = Date.parse(value)
  return !Number.isNaN(instant) && new Date(instant).toISOString().slice(0, 10) === value
}

export const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3))

/** A broken rule: the field it names (a path into the file's JSON) and what is wrong with it. */
export interface DayProblem {
  path: PropertyKey[]
  message: string
}

export interface Hours {
  opens?: string | null
  closes?: string | null
}

/** Opening hours give both times or neither, and close after they open (no hours past midnight). */
export function hoursProblem(hours: Hours, path: PropertyKey[]): DayProblem | undefined {
  const [opens, closes] = [hours.opens ?? "", hours.closes ?? ""]
  if (!opens !== !closes) {
    return { path: [...path, opens ? "closes" : "opens"], message: "is empty: give both times, or neither (closed)" }
  }
  if (opens && closes && minutesOf(closes) <= minutesOf(opens)) {
    return { path: [...path, "closes"], message: `is ${closes}, not after the opening time ${opens}` }
  }
  return undefined
}

export interface SpecialDays {
  from: string
  to?: string | null
}

/** A closure or special hours ends on or after its first day. */
export function lastDayProblem(entry: SpecialDays, path: PropertyKey[]): DayProblem | undefined {
  if (entry.to && entry.to < entry.from) {
    return { path: [...path, "to"], message: `is ${entry.to}, before the first day ${entry.from}` }
  }
  return undefined
}

/** A day has one set of hours: the entry at `index` may not share a day with an earlier one. */
export function overlapProblem(entries: readonly SpecialDays[], index: number, path: PropertyKey[]) {
  const entry = entries[index]
  const last = entry.to || entry.from
  const earlier = entries.findIndex(
    (other, otherIndex) => otherIndex < index && other.from <= last && entry.from <= (other.to || other.from),
  )
  if (earlier < 0) return undefined
  const { from, to } = entries[earlier]
  return {
    path: [...path, "from"],
    message: `overlaps entry ${earlier + 1} (${from}${to ? ` to ${to}` : ""}): a day has one set of hours`,
  }
}

export interface Notice {
  show: boolean
  text: string
  starts?: string | null
  ends?: string | null
}

/** A notice switched on says something, and does not end before it starts. */
export function noticeProblems(notice: Notice): DayProblem[] {
  const problems: DayProblem[] = []
  if (notice.show && !notice.text.trim()) {
    problems.push({ path: ["text"], message: "is empty: write the notice, or switch it off" })
  }
  if (notice.starts && notice.ends && notice.ends < notice.starts) {
    problems.push({ path: ["ends"], message: `is ${notice.ends}, before the first day ${notice.starts}` })
  }
  return problems
}

/** Whether a coupon whose last day is `end` (none: no end) shows on `day`. */
export const couponShowsOn = (end: string | null | undefined, day: string): boolean => !end || end >= day

/** Whether a list of coupons, by their last days ("" for none), still shows one on `day`. */
export const hasCurrentCoupon = (ends: readonly string[], day: string): boolean =>
  ends.some((end) => couponShowsOn(end, day))
