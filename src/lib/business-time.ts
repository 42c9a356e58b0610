// What depends on today's date: "open now", whether a dated window (coupon, notice) is current, and the notices
// derived from upcoming closures. Runs at build time (Node) and in the visitor's browser (first-load JavaScript:
// keep it small). Every time is the business's wall clock in its IANA zone, never the device's zone: instants are
// read only through Intl with an explicit timeZone, and "YYYY-MM-DD" days are counted in UTC, where every day has
// 24 hours, so daylight-saving time never shifts them.

import { addDays } from "./day-rules"

/** Days are "Monday".."Sunday"; opens/closes are "HH:MM" (24-hour), both "" on a closed day. */
export interface WeeklyHours {
  readonly days: readonly string[]
  readonly opens: string
  readonly closes: string
}

/** Replaces the weekly hours from `from` through `to` (inclusive; empty = `from` only); no hours = closed. */
export interface SpecialHours {
  readonly from: string
  readonly to?: string | null
  readonly opens?: string | null
  readonly closes?: string | null
  /** The occasion, as it reads after "for": "Thanksgiving", "the holidays". */
  readonly note?: string | null
}

export interface Schedule {
  readonly timeZone: string
  readonly hours: readonly WeeklyHours[]
  readonly specialHours: readonly SpecialHours[]
}

/** Inclusive "YYYY-MM-DD" days, either bound open. */
export interface DateWindow {
  readonly starts?: string | null
  readonly ends?: string | null
}

export interface Notice {
  readonly text: string
  readonly starts: string
  readonly ends: string
}

type Hours = { readonly opens?: string | null; readonly closes?: string | null; readonly note?: string | null }

export const DAYS = "Sunday Monday Tuesday Wednesday Thursday Friday Saturday".split(" ")
const formatters: Record<string, Intl.DateTimeFormat> = {}

/** The business-local day ("YYYY-MM-DD") and minutes since local midnight of an epoch-ms instant. */
export function localTime(instant: number, timeZone: string): { date: string; minutes: number } {
  const formatter = (formatters[timeZone] ||= new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }))
  const p: Record<string, string> = {}
  for (const { type, value } of formatter.formatToParts(instant)) p[type] = value
  // Some engines print midnight as hour "24" even with h23.
  return { date: `${p.year}-${p.month}-${p.day}`, minutes: (+p.hour % 24) * 60 + +p.minute }
}

const toMinutes = (time: string): number => {
  const [h, m] = time.split(":")
  return +h * 60 + +m
}

/** "08:00" -> "8 am", "12:30" -> "12:30 pm". */
export const formatTime = (time: string): string => {
  const [h, m] = time.split(":")
  return `${+h % 12 || 12}${+m ? ":" + m : ""} ${+h < 12 ? "am" : "pm"}`
}

const longDate = (date: string, options: Intl.DateTimeFormatOptions): string =>
  new Date(date).toLocaleDateString("en-US", { timeZone: "UTC", month: "long", day: "numeric", ...options })

/** "2026-12-24" -> "Thursday, December 24". */
const dayAndDate = (date: string): string => longDate(date, { weekday: "long" })

/** "2026-12-31" -> "December 31, 2026". */
export const formatDate = (date: string): string => longDate(date, { year: "numeric" })

const forNote = (hours?: Hours): string => (hours?.note ? " for " + hours.note : "")

const special = (date: string, schedule: Schedule): SpecialHours | undefined =>
  schedule.specialHours.find((entry) => entry.from <= date && date <= (entry.to || entry.from))

const hoursOn = (date: string, schedule: Schedule): Hours | undefined =>
  special(date, schedule) || schedule.hours.find((entry) => entry.days.includes(DAYS[new Date(date).getUTCDay()]))

/** Whether the instant's business-local day is within the window, both ends included. */
export function isCurrent(window: DateWindow, instant: number, timeZone: string): boolean {
  const { date } = localTime(instant, timeZone)
  return (!window.starts || window.starts <= date) && (!window.ends || date <= window.ends)
}

/**
 * "Open now · until 6 pm", "Closed · opens today 9 am", "Closed · opens Monday 8 am" (1–6 days ahead),
 * "Closed · opens Monday, January 4, 8 am" (7 or more), "Closed today for Thanksgiving · opens Friday 8 am"
 * (today is a special closed day), or "Closed" (no opening within 366 days). Open from the minute of opening to
 * the minute before closing. A special day's note is added only while open ("Open now · until 1 pm for Christmas
 * Eve"), not to "opens …".
 */
export function openingStatus(instant: number, schedule: Schedule): { open: boolean; text: string } {
  const { date, minutes } = localTime(instant, schedule.timeZone)
  const todaySpecial = special(date, schedule)
  const today = hoursOn(date, schedule)
  if (today?.opens && today.closes && toMinutes(today.opens) <= minutes && minutes < toMinutes(today.closes))
    return { open: true, text: `Open now · until ${formatTime(today.closes)}${forNote(today)}` }
  const closed =
    todaySpecial && !(todaySpecial.opens && todaySpecial.closes) ? "Closed today" + forNote(todaySpecial) : "Closed"
  for (let days = 0; days <= 366; days++) {
    const day = addDays(date, days)
    const hours = days ? hoursOn(day, schedule) : today
    if (hours?.opens && hours.closes && (days || minutes < toMinutes(hours.opens))) {
      const when = !days ? "today" : days < 7 ? DAYS[new Date(day).getUTCDay()] : dayAndDate(day) + ","
      return { open: false, text: `${closed} · opens ${when} ${formatTime(hours.opens)}` }
    }
  }
  return { open: false, text: "Closed" }
}

/**
 * A site-wide notice for each special entry with a note, current from 7 days before its first day through its last:
 * "Closed Thursday, November 26, for Thanksgiving.",
 * "Closed Thursday, December 24, through Friday, January 1, for the holidays.",
 * "Open 9 am to 1 pm on Thursday, December 24, for Christmas Eve." (a range: "Open 9 am to 1 pm Thursday, …, through …").
 */
export const closureNotices = (specialHours: readonly SpecialHours[]): Notice[] =>
  specialHours
    .filter((entry) => entry.note)
    .map(({ from, to, opens, closes, note }) => {
      const ends = to || from
      const range = ends > from
      const open =
        opens && closes ? `Open ${formatTime(opens)} to ${formatTime(closes)}${range ? "" : " on"}` : "Closed"
      const days = dayAndDate(from) + (range ? ", through " + dayAndDate(ends) : "")
      return { text: `${open} ${days}, for ${note}.`, starts: addDays(from, -7), ends }
    })
