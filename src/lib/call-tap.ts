/**
 * The count of taps on the phone number (issue 34): where on a page a
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
