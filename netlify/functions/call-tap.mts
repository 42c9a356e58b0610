/**
 * Counts one tap on a telephone link. The page's beacon POSTs
 * `{"path": "/coupons/", "placement": "header"}` (sendBeacon: text/plain) to
 * CALL_TAP_ENDPOINT on the page's own origin; the function stores one blob
 * whose key says the day, the placement and the path (internal/call-taps.ts)
 * in the Netlify Blobs store CALL_TAPS_STORE, and answers 204.
 *
 * Refused with a 400 and nothing stored: a body that is not exactly that JSON,
 * an unknown placement, a path that is not a page the build made (the list the
 * build wrote, CALL_TAPS_SITE_FILE, bundled with the function by netlify.toml),
 * a body over MAX_TAP_BYTES, a request from another origin or without one. A
 * method other than POST: 405 (Netlify already sends only POSTs, `config.method`).
 *
 * Stored: the day (America/Chicago), the placement and the path. Not stored:
 * the address, the user agent, a cookie, any identifier, the time of day.
 * CALL_TAPS=off switches the counting off: every tap then gets a 204 and
 * nothing is stored (docs/deploy.md#the-tap-count).
 */
import { getStore } from "@netlify/blobs"
import type { Config } from "@netlify/functions"
import { readCappedText } from "../../internal/capped-body"
import { readCallTapsSite } from "../../internal/call-taps-file"
import { CALL_TAPS_STORE, isOwnOrigin, MAX_TAP_BYTES, parseTap, tapDay, tapKey } from "../../internal/call-taps"
import { functionEnv as env } from "../../internal/function-env"

/** "off" switches the counting off (set in Netlify's environment variables, scope Functions). */
export const SWITCH_ENV = "CALL_TAPS"

/** The site's own addresses besides the request's: Netlify's URL at run time, and those a build or `netlify dev` sets. */
const SITE_ADDRESS_ENVS = ["URL", "SITE_URL", "DEPLOY_PRIME_URL", "DEPLOY_URL"] as const

const refuse = (reason: string, status = 400, headers?: HeadersInit): Response => {
  console.log(`call-tap: refused (${status}): ${reason}`)
  return new Response(reason, { status, headers: { "Cache-Control": "no-store", ...headers } })
}

const counted = (): Response => new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } })

export default async (request: Request): Promise<Response> => {
  if (request.method !== "POST") return refuse(`method ${request.method} is not POST`, 405, { Allow: "POST" })
  if (env(SWITCH_ENV)?.trim().toLowerCase() === "off") return counted()

  const origin = request.headers.get("Origin")
  const addresses = SITE_ADDRESS_ENVS.map(env)
  if (!isOwnOrigin(origin, request.url, addresses)) return refuse(`origin ${JSON.stringify(origin)} is not the site's`)

  const length = request.headers.get("Content-Length")
  if (length !== null && !(/^\d+$/.test(length.trim()) && Number(length) <= MAX_TAP_BYTES)) {
    return refuse(`Content-Length ${length} is over ${MAX_TAP_BYTES} bytes (or not a number)`)
  }
  const body = await readCappedText(request, MAX_TAP_BYTES)
  if (body === undefined) return refuse(`the body is over ${MAX_TAP_BYTES} bytes or not UTF-8`)

  const site = readCallTapsSite(process.env)
  if (site instanceof Error) {
    console.error(`call-tap: ${site.message}; nothing stored`)
    return new Response("the list of pages is missing", { status: 500, headers: { "Cache-Control": "no-store" } })
  }
  const tap = parseTap(body, new Set(site.pages))
  if (tap instanceof Error) return refuse(tap.message)

  const key = tapKey({ ...tap, day: tapDay(Date.now()) }, crypto.randomUUID())
  try {
    await getStore(CALL_TAPS_STORE).set(key, "")
  } catch (error) {
    console.error(`call-tap: the store refused ${key}: ${error instanceof Error ? error.message : String(error)}`)
    return new Response("not stored", { status: 500, headers: { "Cache-Control": "no-store" } })
  }
  return counted()
}

// Netlify reads this object from the source without running it (zip-it-and-ship-it's parser): each value
// must be written out, as an imported name is not seen. The test checks `path` is CALL_TAP_ENDPOINT.
export const config: Config = {
  path: "/api/call-tap",
  method: "POST",
  // A visitor taps the number once or twice; a burst beyond this from one address is not taps (Netlify answers 429).
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ["ip", "domain"] },
}
