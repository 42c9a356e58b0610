/**
 * The sitemap's `lastmod`: the last day what a page shows changed. Each build
 * fingerprints every page (page-content.ts) and compares with the state the
 * previous build left: a page whose fingerprint is the same keeps its day
 * (never one after the build's), a new or changed page takes the build's day. A build of the same content on
 * another day therefore writes the same state and the same sitemap.
 */

export interface PageState {
  /** contentFingerprint() of the page as last built. */
  fingerprint: string
  /** The last day (YYYY-MM-DD, the shop's time zone) its fingerprint changed. */
  lastmod: string
}

/** Page path ("/", "/coupons/") to its state. */
export type LastmodState = Record<string, PageState>

export interface LastmodUpdate {
  /** Every page of this build, in the order of their paths. */
  state: LastmodState
  /** The paths whose lastmod this build set: new pages and pages whose content changed, in order. */
  changed: string[]
  /** The paths the previous state had and this build has not. */
  removed: string[]
}

const DAY = /^\d{4}-\d{2}-\d{2}$/

const byPath = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** The new state from the previous one (none on a first build), this build's fingerprints and its day. */
export function updateLastmod(
  previous: LastmodState | undefined,
  fingerprints: Readonly<Record<string, string>>,
  day: string,
): LastmodUpdate {
  if (!DAY.test(day)) throw new Error(`the build's day is "${day}", not YYYY-MM-DD`)
  const state: LastmodState = {}
  const changed: string[] = []
  for (const path of Object.keys(fingerprints).sort(byPath)) {
    const before = previous?.[path]
    if (before && before.fingerprint === fingerprints[path]) {
      // A state from a build dated later (a test build's SITE_CLOCK, a clock put right) claims no day to come.
      state[path] = { fingerprint: before.fingerprint, lastmod: before.lastmod > day ? day : before.lastmod }
    } else {
      state[path] = { fingerprint: fingerprints[path], lastmod: day }
      changed.push(path)
    }
  }
  const removed = Object.keys(previous ?? {})
    .filter((path) => !(path in fingerprints))
    .sort(byPath)
  return { state, changed, removed }
}

/** The state as a file: one page per line, in path order, so two equal states are equal bytes. */
export function stateJson(state: LastmodState): string {
  const lines = Object.keys(state)
    .sort(byPath)
    .map((path) => `  ${JSON.stringify(path)}: ${JSON.stringify(state[path])}`)
  return lines.length === 0 ? "{}\n" : `{\n${lines.join(",\n")}\n}\n`
}

const isPageState = (value: unknown): value is PageState =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as PageState).fingerprint === "string" &&
  typeof (value as PageState).lastmod === "string" &&
  DAY.test((value as PageState).lastmod)

/** The state a file holds; an Error saying what is wrong when it is no state (the build then starts afresh). */
export function parseState(text: string): LastmodState | Error {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    return new Error(`is not JSON: ${(error as Error).message}`)
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return new Error("is not an object")
  const entries = Object.entries(parsed)
  const bad = entries.find(([path, value]) => !path.startsWith("/") || !isPageState(value))
  if (bad) return new Error(`has an entry that is no page's state: ${JSON.stringify(bad[0])}`)
  return Object.fromEntries(entries) as LastmodState
}
