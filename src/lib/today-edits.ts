import {
  addDays,
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
  type Notice,
} from "./day-rules"

/**
 * The owner's changes of the day, each a function from a file's text (as it is
 * on the live branch when the change is made) to its new text: close days,
 * other hours on a day, a notice until a date, a coupon ended; and each one's
 * undo. Each refuses what the content model's rules (day-rules.ts) or the day
 * itself forbid, naming the field, before anything is sent; and again on the
 * file as it then is, since another phone may have changed it.
 */

/** What the owner typed wrong, by the field's label on the page. */
export interface FieldProblem {
  field: string
  message: string
}

/** The change is refused: nothing is to be sent. */
export class RefusedChange extends Error {
  constructor(readonly problems: FieldProblem[]) {
    super(problems.map(({ field, message }) => `${field}: ${message}`).join("; "))
    this.name = "RefusedChange"
  }
}

export interface SpecialEntry {
  from: string
  to?: string
  opens?: string
  closes?: string
  note?: string
}

interface Business {
  specialHours?: SpecialEntry[]
  [key: string]: unknown
}

interface Coupon {
  title: string
  expires?: string
  [key: string]: unknown
}

export type CouponList = "homeCoupons" | "offers"

interface CouponBook {
  homeCoupons: Coupon[]
  offers: Coupon[]
  [key: string]: unknown
}

/** The files the changes write, as the repository has them. */
export const TODAY_FILES = {
  business: "data/business.json",
  notice: "data/notice.json",
  coupons: "data/coupons.json",
  reviews: "data/reviews.json",
} as const

/** JSON as the data files are written: two spaces, a final newline (as the editor writes them). */
const written = (data: unknown): string => `${JSON.stringify(data, null, 2)}\n`

/** The problems found, without the checks that found none. */
const present = (problems: (FieldProblem | undefined)[]): FieldProblem[] =>
  problems.filter((problem): problem is FieldProblem => Boolean(problem))

const refuseAny = (problems: (FieldProblem | undefined)[]) => {
  const found = present(problems)
  if (found.length) throw new RefusedChange(found)
}

/** A day the owner picked: a real day, and not before today. */
function dayProblem(field: string, value: string | undefined, today: string, optional = false) {
  if (!value) return optional ? undefined : { field, message: "is empty: pick a day" }
  if (!DAY_FORMAT.test(value) || !isCalendarDay(value)) return { field, message: "is not a day of the calendar" }
  if (value < today) return { field, message: `is ${value}, already past (today is ${today})` }
  return undefined
}

/** The content model's problem, under the page's label for the field it names. */
const labelled = (problem: DayProblem | undefined, labels: Record<string, string>): FieldProblem | undefined => {
  if (!problem) return undefined
  const key = String(problem.path.at(-1))
  return { field: labels[key] ?? key, message: problem.message }
}

const occasionProblem = (field: string, value: string | undefined, required: boolean) => {
  const occasion = (value ?? "").trim()
  if (required && !occasion) return { field, message: "is empty: say why, e.g. Thanksgiving" }
  if (occasion.length > NOTE_MAX) return { field, message: `is ${occasion.length} characters, more than ${NOTE_MAX}` }
  return undefined
}

const ENTRY_LABELS = { from: "First day", to: "Last day", opens: "Opens at", closes: "Closes at", note: "Occasion" }

/** Adds `entry` to the special hours of business.json's text, refusing a day that already has some. */
function withSpecialEntry(text: string, entry: SpecialEntry, labels: Record<string, string>): string {
  const business = JSON.parse(text) as Business
  const special = [...(business.specialHours ?? []), entry]
  refuseAny([labelled(overlapProblem(special, special.length - 1, []), labels)])
  return written({ ...business, specialHours: special })
}

export interface CloseDays {
  from: string
  /** The last day closed; empty for one day. */
  to?: string
  occasion: string
}

/** Closed on a day or several, for an occasion. */
export function checkCloseDays(input: CloseDays, today: string): FieldProblem[] {
  return present([
    dayProblem("First day", input.from, today),
    dayProblem("Last day", input.to, today, true),
    labelled(lastDayProblem({ from: input.from, to: input.to }, []), ENTRY_LABELS),
    occasionProblem("Occasion", input.occasion, true),
  ])
}

export const closeDays =
  (input: CloseDays, today: string) =>
  (text: string): string => {
    refuseAny(checkCloseDays(input, today))
    const entry: SpecialEntry = { from: input.from, note: input.occasion.trim() }
    if (input.to && input.to !== input.from) entry.to = input.to
    return withSpecialEntry(text, entry, ENTRY_LABELS)
  }

export interface OtherHours {
  day: string
  opens: string
  closes: string
  occasion?: string
}

const timeProblem = (field: string, value: string) =>
  !value
    ? { field, message: "is empty: give a time" }
    : CLOCK_TIME.test(value)
      ? undefined
      : { field, message: "must be HH:MM, e.g. 09:00" }

/** The other hours' page names its one day "Day". */
const HOURS_LABELS = { ...ENTRY_LABELS, from: "Day" }

/** Open at other hours on one day. */
export function checkOtherHours(input: OtherHours, today: string): FieldProblem[] {
  const times = [timeProblem("Opens at", input.opens), timeProblem("Closes at", input.closes)]
  return present([
    dayProblem("Day", input.day, today),
    ...times,
    times.some(Boolean) ? undefined : labelled(hoursProblem(input, []), HOURS_LABELS),
    occasionProblem("Occasion", input.occasion, false),
  ])
}

export const otherHours =
  (input: OtherHours, today: string) =>
  (text: string): string => {
    refuseAny(checkOtherHours(input, today))
    const entry: SpecialEntry = { from: input.day, opens: input.opens, closes: input.closes }
    if (input.occasion?.trim()) entry.note = input.occasion.trim()
    return withSpecialEntry(text, entry, HOURS_LABELS)
  }

/** Undoes a closure or other hours: the entry that starts on `from` leaves business.json. */
export const removeSpecialDays =
  (from: string) =>
  (text: string): string => {
    const business = JSON.parse(text) as Business
    const special = business.specialHours ?? []
    if (!special.some((entry) => entry.from === from)) {
      throw new RefusedChange([{ field: "First day", message: `${from}: no closure or special hours start then now` }])
    }
    return written({ ...business, specialHours: special.filter((entry) => entry.from !== from) })
  }

export interface NoticeUntil {
  text: string
  /** The last day it shows. */
  ends: string
}

const NOTICE_LABELS = { text: "Notice", ends: "Last day", starts: "First day" }

/** A notice at the top of every page, from now until a day. */
export function checkNoticeUntil(input: NoticeUntil, today: string): FieldProblem[] {
  const text = input.text.trim()
  return present([
    text.length > NOTICE_MAX
      ? { field: "Notice", message: `is ${text.length} characters, more than ${NOTICE_MAX}` }
      : undefined,
    dayProblem("Last day", input.ends, today),
    ...noticeProblems({ show: true, text, ends: input.ends }).map((problem) => labelled(problem, NOTICE_LABELS)),
  ])
}

export const noticeUntil =
  (input: NoticeUntil, today: string) =>
  (text: string): string => {
    refuseAny(checkNoticeUntil(input, today))
    const notice = JSON.parse(text) as Notice
    return written({ ...notice, show: true, text: input.text.trim(), starts: today, ends: input.ends })
  }

/** Undoes the notice: it is switched off (its text kept for the editor). */
export const noticeOff =
  () =>
  (text: string): string =>
    written({ ...(JSON.parse(text) as Notice), show: false })

export interface EndCoupon {
  list: CouponList
  /** The coupon's title, as the page showed it (the file may have changed since). */
  title: string
  /** Its last day: today, or a later day. */
  on: string
}

/** The coupon to take off the site now: which one, as the page showed it. */
export type CouponToEnd = Pick<EndCoupon, "list" | "title">

const LIST_NAMES: Record<CouponList, string> = { homeCoupons: "home page", offers: "coupons page" }

/** Sets the last day of the coupon titled `title` in `list` to `expires` (undefined: no end). */
function withCouponEnd(text: string, list: CouponList, title: string, expires: string | undefined): CouponBook {
  const book = JSON.parse(text) as CouponBook
  const index = book[list].findIndex((coupon) => coupon.title === title)
  if (index < 0) {
    throw new RefusedChange([{ field: "Coupon", message: `“${title}” is no longer on the ${LIST_NAMES[list]}` }])
  }
  const coupons = book[list].map((coupon, at) => {
    if (at !== index) return coupon
    const { expires: _previous, ...rest } = coupon
    return expires ? { ...rest, expires } : rest
  })
  return { ...book, [list]: coupons }
}

/** A coupon's last day: today or later, and never the last coupon of its list (the site never shows none). */
export function checkEndCoupon(input: EndCoupon, today: string): FieldProblem[] {
  return present([dayProblem("Last day", input.on, today)])
}

/**
 * The coupon with its last day `expires`, refused when its list would then show none on `from`
 * (the content model's own rule, hasCurrentCoupon, as the build checks it on its day); `when`
 * says when that is, after "is the last offer of the … page".
 */
function endedCoupon(text: string, coupon: CouponToEnd, expires: string, from: string, when: string): string {
  const book = withCouponEnd(text, coupon.list, coupon.title, expires)
  const ends = book[coupon.list].map((item) => item.expires ?? "")
  if (!hasCurrentCoupon(ends, from)) {
    throw new RefusedChange([
      {
        field: "Coupon",
        message: `is the last offer of the ${LIST_NAMES[coupon.list]} ${when}: the site never shows none, so add another offer first`,
      },
    ])
  }
  return written(book)
}

export const endCoupon =
  (input: EndCoupon, today: string) =>
  (text: string): string => {
    refuseAny(checkEndCoupon(input, today))
    return endedCoupon(text, input, input.on, addDays(input.on, 1), `after ${input.on}`)
  }

/**
 * Takes a coupon off the site at the next build: its last day becomes yesterday, in the shop's
 * time zone (`today` is the shop's day). The content model's own way for a coupon to leave the
 * site, so the next build leaves it out (a page built earlier carries no last day for it, so it
 * shows until that rebuild), the editor still holds it (its
 * Expires says when it ended: clear it to use the coupon again), and "Put it back" is the undo
 * of any end: its last day removed. Removing it from the list instead would lose its details
 * and code, which the live site's facts do not carry, so no undo could put it back.
 */
export const takeCouponOff =
  (coupon: CouponToEnd, today: string) =>
  (text: string): string =>
    endedCoupon(text, coupon, addDays(today, -1), today, "on show")

/** Undoes a coupon's end: its last day as it was (`expires`, or none). */
export const restoreCouponEnd =
  (list: CouponList, title: string, expires: string | undefined) =>
  (text: string): string =>
    written(withCouponEnd(text, list, title, expires))
