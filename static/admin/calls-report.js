/**
 * The editor's Calls page, its pure part (static/admin/calls.js draws it): the
 * report's address, the editor's GitHub token, the report's shape, and the bars
 * of the chart of taps per day. Plain JavaScript the browser loads as it is (no
 * build step, as editor.js); tests/unit/calls-report.test.ts checks it against
 * the shared names of src/lib/call-tap.ts.
 */

/** CALL_REPORT_ENDPOINT of src/lib/call-tap.ts. */
export const REPORT_ENDPOINT = "/api/call-report"

/** The periods the page offers, in days (the report's `days`). */
export const PERIODS = [7, 30, 90]

/** Each placement of src/lib/call-tap.ts's closed list as the table names it. */
export const PLACEMENT_LABELS = {
  header: "Header (every page)",
  hero: "Top of the page",
  section: "Within the page",
  prompt: "“Call” box",
  contact: "Home page contact section",
  footer: "Footer (every page)",
}

/** Where Decap CMS keeps the signed-in user (`{ token, backendName, … }`). */
export const USER_KEY = "decap-cms-user"

/** @param {number} days */
export const reportUrl = (days) => `${REPORT_ENDPOINT}?days=${days}`

/** The editor's sign-ins whose token the report accepts: the site's own (passkeys, through its gateway), or GitHub's. */
const SIGNED_IN_BACKENDS = new Set(["git-gateway", "github"])

/**
 * The signed-in editor's token (the site's own access token, or GitHub's), or undefined when no one is
 * signed in that way (Decap's local backend has no token).
 * @param {Pick<Storage, "getItem">} storage
 * @returns {string | undefined}
 */
export function editorToken(storage) {
  try {
    const user = JSON.parse(storage.getItem(USER_KEY) ?? "null")
    return user && SIGNED_IN_BACKENDS.has(user.backendName) && typeof user.token === "string" && user.token
      ? user.token
      : undefined
  } catch {
    return undefined
  }
}

const isCount = (value) => Number.isInteger(value) && value >= 0
const isRows = (rows, key) =>
  Array.isArray(rows) && rows.every((row) => row && typeof row[key] === "string" && isCount(row.taps))

/**
 * Whether a response body is the report the endpoint promises.
 * @param {any} value the parsed body, whatever it holds
 */
export function isReport(value) {
  return (
    !!value &&
    PERIODS.includes(value.days) &&
    typeof value.from === "string" &&
    typeof value.to === "string" &&
    isCount(value.total) &&
    isRows(value.byPage, "path") &&
    isRows(value.byPlacement, "placement") &&
    isRows(value.byDay, "date")
  )
}

/**
 * Rows with the most taps first, then in the order of their names.
 * @template {{ taps: number }} Row
 * @param {readonly Row[]} rows
 * @param {keyof Row} key
 * @returns {Row[]}
 */
export function byTapsThenName(rows, key) {
  return [...rows].sort((a, b) => b.taps - a.taps || (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0))
}

/** @param {string} placement */
export const placementLabel = (placement) => PLACEMENT_LABELS[placement] ?? placement

/**
 * "Nov 24" for "2026-11-24": the day as the report names it, never moved by the reader's time zone.
 * @param {string} date
 */
export const dayLabel = (date) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" })

/** @param {number} taps */
export const tapsText = (taps) => `${taps} ${taps === 1 ? "tap" : "taps"}`

/**
 * The chart's geometry: one bar per day of the report, left to right, in a box
 * of `width` × `height` units with room for the labels below (`axis`); the
 * tallest bar fills the height. Each bar says its day and its taps.
 * @param {ReadonlyArray<{ date: string, taps: number }>} byDay
 * @param {{ width: number, height: number, axis: number }} box
 */
export function chartBars(byDay, { width, height, axis }) {
  const most = Math.max(1, ...byDay.map((day) => day.taps))
  const slot = width / Math.max(1, byDay.length)
  const gap = Math.min(slot * 0.2, 4)
  const plot = height - axis
  return byDay.map((day, index) => {
    const barHeight = (day.taps / most) * plot
    return {
      date: day.date,
      taps: day.taps,
      x: index * slot + gap / 2,
      y: plot - barHeight,
      width: slot - gap,
      height: barHeight,
      label: `${dayLabel(day.date)}: ${tapsText(day.taps)}`,
    }
  })
}

/**
 * What the page says for an answer that is not a report.
 * @param {number} status
 */
export function refusal(status) {
  if (status === 401 || status === 403) {
    return "You cannot read the call counts: only someone signed in to this editor with write access to the site's repository can. Sign in again, or ask the site's owner for access."
  }
  return `The call counts could not be loaded (the server answered ${status}). Try again in a few minutes.`
}
