/**
 * The count of taps on the phone number: where on a page a
 * telephone link sits, from a closed list the beacon names and the report
 * groups by, and the two endpoints of our own origin that take a tap and give
 * the editor its report.
 */
export const CALL_PLACEMENTS = ["header", "hero", "section", "prompt", "contact", "footer"] as const

export type CallPlacement = (typeof CALL_PLACEMENTS)[number]

export const isCallPlacement = (value: unknown): value is CallPlacement =>
  typeof value === "string" && (CALL_PLACEMENTS as readonly string[]).includes(value)

/** POST, body JSON `{"path":"/coupons/","placement":"header"}` (sent as text/plain by sendBeacon): 204, or 400 and nothing stored. */
export const CALL_TAP_ENDPOINT = "/api/call-tap"

/** GET `?days=7|30|90` with `Authorization: Bearer <GitHub token>`: 200 JSON report, 401 or 403. */
export const CALL_REPORT_ENDPOINT = "/api/call-report"

/** The report's windows, in days ending today (the business's day, America/Chicago). */
export const CALL_REPORT_DAYS = [7, 30, 90] as const

export type CallReportDays = (typeof CALL_REPORT_DAYS)[number]

/** What CALL_REPORT_ENDPOINT answers: taps from `from` through `to` ("YYYY-MM-DD", both included). */
export interface CallReport {
  days: CallReportDays
  from: string
  to: string
  total: number
  /** Most taps first; pages without a tap are left out. */
  byPage: Array<{ path: string; taps: number }>
  /** Most taps first; placements without a tap are left out. */
  byPlacement: Array<{ placement: CallPlacement; taps: number }>
  /** Every day from `from` through `to`, oldest first, zeros included. */
  byDay: Array<{ date: string; taps: number }>
}
