import {
  CALL_PLACEMENTS,
  CALL_REPORT_DAYS,
  isCallPlacement,
  type CallPlacement,
  type CallReport,
  type CallReportDays,
} from "../src/lib/call-tap"
import { localTime } from "../src/lib/business-time"
import { addDays } from "../src/lib/day-rules"
import { ADMIN_PATH } from "./cms/admin-path"

/**
 * The count of taps on the phone number, shared by the function that
 * takes a tap (netlify/functions/call-tap.mts), the one that reports them
 * (netlify/functions/call-report.mts) and the build that tells them which pages
 * exist (internal/gatsby/on-post-build.ts). Pure: no store, no file, no clock.
 *
 * One tap is one blob of the Netlify Blobs store CALL_TAPS_STORE, with an empty
 * value: all it says is in its key, "{day}/{placement}/{path}/{random}". Two
 * taps never write the same blob, so taps that arrive at once are all kept (no
 * read-modify-write of a counter), and the report counts keys.
 */

/** The Netlify Blobs store (site-wide, not per deploy: a new deploy keeps the counts). */
export const CALL_TAPS_STORE = "call-taps"

/** The business's time zone: a tap's day is the shop's day (docs/architecture.md#time-in-the-content). */
export const SHOP_TIME_ZONE = "America/Chicago"

/** The most a tap's body may hold, in bytes: `{"path":"…","placement":"…"}` needs far less. */
export const MAX_TAP_BYTES = 1024

export interface Tap {
  path: string
  placement: CallPlacement
}

export interface StoredTap extends Tap {
  /** "YYYY-MM-DD" in SHOP_TIME_ZONE. */
  day: string
}

/** "YYYY-MM-DD": the only time a tap keeps. */
export const tapDay = (instant: number): string => localTime(instant, SHOP_TIME_ZONE).date

const DAY = /^\d{4}-\d{2}-\d{2}$/
const RANDOM = /^[\w-]{8,64}$/

/**
 * The blob key of one tap: the day, the placement, the path in base64url (a
 * page path has "/", which a key uses to separate, and a key may not start with
 * one) and a random suffix that keeps two taps of the same page, placement and
 * day apart. Nothing else: no visitor, no time of day.
 */
export function tapKey({ day, placement, path }: StoredTap, random: string): string {
  if (!DAY.test(day) || !isCallPlacement(placement) || !RANDOM.test(random)) {
    throw new Error(`not a tap: ${JSON.stringify({ day, placement, path, random })}`)
  }
  return `${day}/${placement}/${Buffer.from(path, "utf8").toString("base64url")}/${random}`
}

/** The tap a key holds, or undefined for a key of another form (which the report then leaves out). */
export function parseTapKey(key: string): StoredTap | undefined {
  const [day, placement, encodedPath, random, ...rest] = key.split("/")
  if (rest.length > 0 || !DAY.test(day) || !isCallPlacement(placement) || !RANDOM.test(random ?? "")) return undefined
  if (!/^[\w-]+$/.test(encodedPath ?? "")) return undefined
  const path = Buffer.from(encodedPath, "base64url").toString("utf8")
  return path.startsWith("/") ? { day, placement, path } : undefined
}

/**
 * The tap a body holds: exactly `{"path": "...", "placement": "..."}`, the
 * placement one of CALL_PLACEMENTS and the path one of the pages the site built.
 * Otherwise an Error saying why (the function answers it with a 400).
 */
export function parseTap(body: string, pages: ReadonlySet<string>): Tap | Error {
  let value: unknown
  try {
    value = JSON.parse(body)
  } catch {
    return new Error("the body is not JSON")
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return new Error("the body is not an object")
  const fields = Object.keys(value).sort()
  if (fields.join() !== "path,placement") {
    return new Error(`the body must hold exactly "path" and "placement", not ${JSON.stringify(fields)}`)
  }
  const { path, placement } = value as Record<string, unknown>
  if (!isCallPlacement(placement)) return new Error(`unknown placement ${JSON.stringify(placement)}`)
  if (typeof path !== "string" || !pages.has(path)) return new Error(`not a page of the site: ${JSON.stringify(path)}`)
  return { path, placement }
}

/** The origin of an address ("https://example.com"), or undefined when it is not one. */
const originOf = (address: string | undefined): string | undefined => {
  if (!address?.trim()) return undefined
  try {
    const { origin } = new URL(address.trim())
    return origin === "null" ? undefined : origin
  } catch {
    return undefined
  }
}

/**
 * Whether a request's Origin header is the site's own origin: the origin the
 * request itself was sent to (a production domain, a deploy preview's or a
 * branch deploy's address: the beacon goes to the page's own origin), or one
 * of the site's addresses Netlify or the owner give (`siteAddresses`: URL,
 * SITE_URL, …). A missing Origin is refused: a browser sends one on every POST,
 * so only a script outside a browser leaves it out (and it could write any
 * Origin: what stops a flood is the function's rate limit).
 */
export function isOwnOrigin(
  originHeader: string | null,
  requestUrl: string,
  siteAddresses: ReadonlyArray<string | undefined>,
): boolean {
  const origin = originHeader?.trim()
  if (!origin || origin === "null") return false
  // A browser writes its Origin serialized ("https://host[:port]", lower case): compare that exact text.
  return new Set([requestUrl, ...siteAddresses].map(originOf)).has(origin)
}

/** The report's window of `days` days ending `today` ("YYYY-MM-DD"), both ends included, every day listed. */
export function reportDays(today: string, days: CallReportDays): string[] {
  return Array.from({ length: days }, (_, index) => addDays(today, index - days + 1))
}

/** The key prefixes ("YYYY-MM") that hold every tap of the window: a 90-day report lists 4 months, not all time. */
export const monthPrefixes = (dates: readonly string[]): string[] => [...new Set(dates.map((date) => date.slice(0, 7)))]

/** `?days=` of a report request: "7", "30" or "90", else undefined. */
export function parseReportDays(value: string | null): CallReportDays | undefined {
  return CALL_REPORT_DAYS.find((days) => String(days) === value)
}

const byTapsThen = <T>(counts: Map<T, number>, name: (item: T) => string) =>
  [...counts]
    .sort(([a, tapsA], [b, tapsB]) => tapsB - tapsA || name(a).localeCompare(name(b)))
    .map(([item, taps]) => ({ item, taps }))

/**
 * The report over the stored keys: the taps of the `days` days ending `today`,
 * per page and per placement (most first, ties by name) and per day (every day,
 * zeros included). Keys outside the window or of another form are left out.
 */
export function callReport(keys: Iterable<string>, today: string, days: CallReportDays): CallReport {
  const dates = reportDays(today, days)
  const perDay = new Map(dates.map((date) => [date, 0]))
  const perPage = new Map<string, number>()
  const perPlacement = new Map<CallPlacement, number>()
  let total = 0
  for (const key of keys) {
    const tap = parseTapKey(key)
    const dayCount = tap && perDay.get(tap.day)
    if (!tap || dayCount === undefined) continue
    total += 1
    perDay.set(tap.day, dayCount + 1)
    perPage.set(tap.path, (perPage.get(tap.path) ?? 0) + 1)
    perPlacement.set(tap.placement, (perPlacement.get(tap.placement) ?? 0) + 1)
  }
  const placementOrder = (placement: CallPlacement) => String(CALL_PLACEMENTS.indexOf(placement)).padStart(2, "0")
  return {
    days,
    from: dates[0],
    to: dates[dates.length - 1],
    total,
    byPage: byTapsThen(perPage, (path) => path).map(({ item, taps }) => ({ path: item, taps })),
    byPlacement: byTapsThen(perPlacement, placementOrder).map(({ item, taps }) => ({ placement: item, taps })),
    byDay: dates.map((date) => ({ date, taps: perDay.get(date) ?? 0 })),
  }
}

/**
 * What the build tells the two functions (CALL_TAPS_SITE_FILE): the paths of
 * the pages it built, the only paths a tap may name, and the editor's GitHub
 * repository ("owner/name", as internal/cms/backend.ts finds it), whose
 * collaborators with push access may read the report. Netlify gives a function
 * at run time only URL, SITE_NAME and SITE_ID of its own variables, not the
 * build's REPOSITORY_URL, so the build writes down what it knew.
 */
export interface CallTapsSite {
  pages: string[]
  repo: string | null
}

/**
 * Where the build writes CallTapsSite, from the project's root: beside the
 * project, not in public/, so it is not published; netlify.toml bundles it with
 * both functions (`included_files`), which Netlify packs after the build.
 */
export const CALL_TAPS_SITE_FILE = ".call-taps/site.json"

/**
 * The built pages a tap may name: every page of the build but Gatsby's page for `gatsby develop`'s 404
 * and the editor's sign-in pages under /admin/, which show no phone number.
 */
export function callTapsSite(pagePaths: Iterable<string>, repo: string | null): CallTapsSite {
  const pages = [...new Set(pagePaths)]
    .filter((path) => path.startsWith("/") && path !== "/dev-404-page/" && !path.startsWith(ADMIN_PATH))
    .sort()
  return { pages, repo }
}

/** The file's content, or an Error saying what is wrong with it. */
export function parseCallTapsSite(text: string): CallTapsSite | Error {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return new Error(`${CALL_TAPS_SITE_FILE} is not JSON`)
  }
  const { pages, repo } = (value ?? {}) as Partial<Record<keyof CallTapsSite, unknown>>
  if (!Array.isArray(pages) || pages.length === 0 || !pages.every((page) => typeof page === "string")) {
    return new Error(`${CALL_TAPS_SITE_FILE} lists no pages`)
  }
  if (repo !== null && (typeof repo !== "string" || !/^[\w.-]+\/[\w.-]+$/.test(repo))) {
    return new Error(`${CALL_TAPS_SITE_FILE} names no repository "owner/name" (nor null)`)
  }
  return { pages: pages as string[], repo }
}
