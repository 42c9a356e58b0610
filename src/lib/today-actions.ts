import { formatDate, formatTime, localTime } from "./business-time"
import { couponShowsOn } from "./day-rules"
import type { LiveFacts } from "./live-facts"
import {
  RefusedChange,
  TODAY_FILES,
  closeDays,
  endCoupon,
  noticeOff,
  noticeUntil,
  otherHours,
  removeSpecialDays,
  restoreCouponEnd,
  takeCouponOff,
  type CloseDays,
  type CouponList,
  type CouponToEnd,
  type EndCoupon,
  type FieldProblem,
  type NoticeUntil,
  type OtherHours,
} from "./today-edits"

/**
 * The owner's page for today, its pure part: each action the page offers as
 * the one commit it makes (the file, the commit's message, the change of the
 * file's text from today-edits.ts) and how the live site shows it once built
 * (`shows`, read from /admin/today/live.json); then where a saved change is on
 * its way to the site.
 */

export interface PlannedChange {
  /** What the owner did, as the page says it once saved: "Closed December 24, 2026 for Christmas". */
  summary: string
  /** The repository's file the commit changes. */
  file: string
  /** The commit's message. */
  message: string
  /** The file's new text from its text on the live branch's head (throws RefusedChange). */
  change: (text: string) => string
  /** Whether the live site's facts show the change. */
  shows: (facts: LiveFacts) => boolean
}

/** "December 24, 2026", or "December 24, 2026 to December 26, 2026". */
const days = (from: string, to?: string): string =>
  to && to !== from ? `${formatDate(from)} to ${formatDate(to)}` : formatDate(from)

const hoursText = (opens: string, closes: string): string => `${formatTime(opens)} to ${formatTime(closes)}`

const FROM_THE_PAGE = "(from the page for today)"

/** Closed on a day or several, for an occasion. */
export function planCloseDays(input: CloseDays, today: string): PlannedChange {
  const to = input.to && input.to !== input.from ? input.to : undefined
  const summary = `Closed ${days(input.from, to)} for ${input.occasion.trim()}`
  return {
    summary,
    file: TODAY_FILES.business,
    message: `${summary} ${FROM_THE_PAGE}`,
    change: closeDays(input, today),
    shows: (facts) =>
      facts.schedule.specialHours.some(
        (entry) => entry.from === input.from && (entry.to || undefined) === to && !entry.opens && !entry.closes,
      ),
  }
}

/** Open at other hours on one day. */
export function planOtherHours(input: OtherHours, today: string): PlannedChange {
  const occasion = input.occasion?.trim()
  const summary = `Open ${hoursText(input.opens, input.closes)} on ${formatDate(input.day)}${occasion ? ` for ${occasion}` : ""}`
  return {
    summary,
    file: TODAY_FILES.business,
    message: `${summary} ${FROM_THE_PAGE}`,
    change: otherHours(input, today),
    shows: (facts) =>
      facts.schedule.specialHours.some(
        (entry) => entry.from === input.day && entry.opens === input.opens && entry.closes === input.closes,
      ),
  }
}

/** Undoes a closure or other hours: the entry starting on `from` (ending on `to`) goes. */
export function planRemoveSpecialDays(from: string, to?: string | null): PlannedChange {
  const summary = `Usual hours again on ${days(from, to ?? undefined)}`
  return {
    summary,
    file: TODAY_FILES.business,
    message: `${summary} ${FROM_THE_PAGE}`,
    change: removeSpecialDays(from),
    shows: (facts) => !facts.schedule.specialHours.some((entry) => entry.from === from),
  }
}

/** A notice at the top of every page until a day. */
export function planNotice(input: NoticeUntil, today: string): PlannedChange {
  const text = input.text.trim()
  const summary = `Notice on every page until ${formatDate(input.ends)}: “${text}”`
  return {
    summary,
    file: TODAY_FILES.notice,
    message: `${summary} ${FROM_THE_PAGE}`,
    change: noticeUntil(input, today),
    shows: ({ notice }) => notice.show && notice.text === text && notice.ends === input.ends,
  }
}

/** The notice taken down. */
export function planNoticeOff(): PlannedChange {
  const summary = "Notice taken down"
  return {
    summary,
    file: TODAY_FILES.notice,
    message: `${summary} ${FROM_THE_PAGE}`,
    change: noticeOff(),
    shows: ({ notice }) => !notice.show,
  }
}

/** A coupon's last day set to today or a later day. */
export function planEndCoupon(input: EndCoupon, today: string): PlannedChange {
  const summary = `“${input.title}” ends ${input.on === today ? "today" : `on ${formatDate(input.on)}`}`
  return {
    summary,
    file: TODAY_FILES.coupons,
    message: `${summary} ${FROM_THE_PAGE}`,
    change: endCoupon(input, today),
    shows: (facts) =>
      facts.coupons[input.list].some((coupon) => coupon.title === input.title && coupon.expires === input.on),
  }
}

/** Whether the live site shows the coupon titled `title` of `list` on `day` (it has no last day, or a later one). */
const couponOnShow = (facts: LiveFacts, list: CouponList, title: string, day: string): boolean =>
  facts.coupons[list].some((coupon) => coupon.title === title && couponShowsOn(coupon.expires, day))

/** A coupon taken off the site now: live once the site no longer shows it today. */
export function planTakeCouponOff(coupon: CouponToEnd, today: string): PlannedChange {
  const summary = `“${coupon.title}” taken off the site`
  return {
    summary,
    file: TODAY_FILES.coupons,
    message: `${summary} ${FROM_THE_PAGE}`,
    change: takeCouponOff(coupon, today),
    shows: (facts) => !couponOnShow(facts, coupon.list, coupon.title, today),
  }
}

/** Undoes a coupon's end, at the end of a day or now: it shows again with no last day. */
export function planCouponWithoutEnd(list: CouponList, title: string): PlannedChange {
  const summary = `“${title}” shows again, with no end`
  return {
    summary,
    file: TODAY_FILES.coupons,
    message: `${summary} ${FROM_THE_PAGE}`,
    change: restoreCouponEnd(list, title, undefined),
    shows: (facts) => facts.coupons[list].some((coupon) => coupon.title === title && !coupon.expires),
  }
}

/** The part of a file the live site's facts hold, as the file's text: enough for a change's own checks. */
function liveText(file: string, facts: LiveFacts): string {
  if (file === TODAY_FILES.business) return JSON.stringify({ specialHours: facts.schedule.specialHours })
  // The live facts name each review by its day and name only: a new review's own checks need no more.
  if (file === TODAY_FILES.reviews) return "[]"
  return JSON.stringify(file === TODAY_FILES.notice ? facts.notice : facts.coupons)
}

/**
 * What the change's own checks refuse on the site as it shows now (a day that already has
 * hours of its own, the last offer of a list), before anything is sent; the change checks
 * again on the file as it is when saved.
 */
export function refusedOnTheLiveSite(change: PlannedChange, facts: LiveFacts): FieldProblem[] {
  try {
    change.change(liveText(change.file, facts))
    return []
  } catch (error) {
    if (error instanceof RefusedChange) return error.problems
    throw error
  }
}

/**
 * How long a change may take to show on the live site before the page says so: a build of the site
 * takes a few minutes on Netlify; three times that is no longer a slow build.
 */
export const LATE_AFTER_MS = 15 * 60_000

/** Where the page reads the last failed production build (netlify/functions/build-failure.mts). */
export const BUILD_FAILURE_PATH = "/api/today/build-failure"

/** How often the page reads the live site while a change is on its way (under 1 KB a read). */
export const READ_EVERY_MS = 5_000

/** Where a saved change is: the build under way, live, failed, or later than a build takes. */
export type Arrival = "building" | "live" | "failed" | "late"

/** The last failed production build, as /api/today/build-failure gives it (internal/today/build-failures.ts). */
export interface FailedBuild {
  at: string
  problems: string[]
}

/**
 * The state of a change saved at `savedAt`, from the live site's facts read at `now` (undefined:
 * not read) and the last failed production build: live once the site shows it; failed when a
 * production build failed after it was saved; late past the time a build takes.
 */
export function arrival(
  change: Pick<PlannedChange, "shows">,
  facts: LiveFacts | undefined,
  savedAt: number,
  now: number,
  failed?: FailedBuild | null,
): Arrival {
  if (facts && change.shows(facts)) return "live"
  if (failed && Date.parse(failed.at) > savedAt) return "failed"
  return now - savedAt >= LATE_AFTER_MS ? "late" : "building"
}

/** "10:42 am", the shop's clock. */
export function clockTime(instant: number, timeZone: string): string {
  const { minutes } = localTime(instant, timeZone)
  const hh = String(Math.floor(minutes / 60)).padStart(2, "0")
  const mm = String(minutes % 60).padStart(2, "0")
  return formatTime(`${hh}:${mm}`).replace(/^(\d+) /, "$1:00 ")
}

/** Today in the shop's time zone, YYYY-MM-DD: the day the build and the site count in. */
export const shopToday = (instant: number, timeZone: string): string => localTime(instant, timeZone).date
