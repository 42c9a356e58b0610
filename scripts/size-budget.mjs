#!/usr/bin/env node
/**
 * Size budget of the home page, as a browser sees it. Serves the build in
 * public/ as Netlify would (scripts/serve-public.mjs, gzip so the figures are
 * gzip figures), opens / in Debian's Chromium as a phone (390×844, 3x), and:
 *  - first-load JS: waits for `load` and then a few seconds with no
 *    interaction, and sums the bytes transferred (gzip, headers left out) of
 *    every response of resource type "script", plus the page's inline scripts
 *    (JSON-LD is data, not script) gzipped together as they travel in the HTML.
 *    Budget: 81 KB.
 *  - the whole page without the map: then scrolls to the bottom so every lazy
 *    logo loads (the map host is not contacted: its requests are aborted), and
 *    sums the bytes transferred of every response. Budget: 350 KB.
 *  - the HTML of / as transferred, headers included, against what a new
 *    connection's first round trip carries (10 TCP segments of 1460 bytes, the
 *    initial window Lighthouse's simulation assumes; past it, first paint waits
 *    one round trip more), less 1 KB for the next town, coupon or notice:
 *    budget 13,576 bytes (scripts/first-round-trip.mjs). The build-output suite
 *    holds every build to it too, the edited copy's (a closure's notice) included.
 * Prints its figures and exits 1 when a budget is exceeded.
 *   node scripts/size-budget.mjs
 */
import zlib from "node:zlib"
import { chromium } from "@playwright/test"
import { startServer } from "./serve-public.mjs"
import { FIRST_ROUND_TRIP, HTML_BUDGET } from "./first-round-trip.mjs"
import { CHROMIUM_FLAGS, HEADLESS_CHROMIUM_PATH, PHONE, scrollDownThePage, waitForImages } from "./browser.cjs"

const KB = 1024
const BUDGET = { firstLoadJs: 81 * KB, wholePage: 350 * KB }
const QUIET_MS = 5000

/** Inline scripts a browser runs in this HTML (the template's included), not JSON-LD. */
function inlineScripts(html) {
  const bodies = []
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/.test(attributes)) continue
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase() ?? ""
    if (["", "text/javascript", "application/javascript", "module"].includes(type)) bodies.push(body)
  }
  return bodies
}

const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`
const shortName = (url) => new URL(url).pathname.replace(/^\//, "").replace(/-[0-9a-f]{16,}\.js$/, ".js")

const server = await startServer({ port: 0, encodings: ["gzip"] })
const origin = `http://127.0.0.1:${server.address().port}`
const browser = await chromium.launch({
  executablePath: HEADLESS_CHROMIUM_PATH,
  args: [...CHROMIUM_FLAGS],
})
let exitCode = 1
try {
  const context = await browser.newContext({
    ...PHONE,
  })
  const page = await context.newPage()
  await page.route(
    (url) => url.origin !== origin,
    (route) => route.abort(),
  )

  /** Requests under way, and when the last one started or ended. */
  let underWay = 0
  let lastActivity = Date.now()
  page.on("request", () => {
    underWay += 1
    lastActivity = Date.now()
  })
  for (const event of ["requestfinished", "requestfailed"]) {
    page.on(event, () => {
      underWay -= 1
      lastActivity = Date.now()
    })
  }
  /** Resolves once no request has been under way for `ms`; throws after `timeout`. */
  async function quiet(ms, timeout) {
    const until = Date.now() + timeout
    while (underWay > 0 || Date.now() - lastActivity < ms) {
      if (Date.now() > until)
        throw new Error(`the page still loads after ${timeout / 1000} s (${underWay} requests under way)`)
      await page.waitForTimeout(100)
    }
  }

  /** Every response the page received, with its transferred body size once it has finished. */
  const responses = []
  page.on("requestfinished", async (request) => {
    const response = await request.response()
    if (!response) return
    const sizes = await request.sizes()
    responses.push({
      url: request.url(),
      type: request.resourceType(),
      bytes: sizes.responseBodySize,
      headerBytes: sizes.responseHeadersSize,
    })
  })

  const document = await page.goto(`${origin}/`, { waitUntil: "load" })
  if (!document?.ok()) throw new Error(`/ answered ${document?.status()}`)
  const html = await document.text()
  await page.waitForTimeout(QUIET_MS)

  const scripts = responses.filter((response) => response.type === "script")
  const inline = inlineScripts(html)
  const inlineBytes = inline.length ? zlib.gzipSync(inline.join("\n"), { level: 9 }).length : 0
  const jsBytes = scripts.reduce((sum, script) => sum + script.bytes, 0) + inlineBytes

  // Then as a reader going down the page: every lazy image loads.
  await page.evaluate(scrollDownThePage, 100)
  // Until every image has loaded and no request has been under way for a second. (Not Playwright's
  // "networkidle": a frame whose box has left the screen again, the overview map's, reports none.)
  const missing = await waitForImages(page, 30_000)
  if (missing.length) throw new Error(`images not loaded after 30 s: ${missing.join(", ")}`)
  await quiet(1000, 30_000)
  const byType = {}
  for (const response of responses) byType[response.type] = (byType[response.type] ?? 0) + response.bytes
  const total = responses.reduce((sum, response) => sum + response.bytes, 0)

  console.log(
    `size budget of /: first-load JS ${kb(jsBytes)} gzip as transferred within ${QUIET_MS / 1000} s of load, no interaction — budget ${kb(BUDGET.firstLoadJs)}`,
  )
  console.log(
    `  ${scripts.length} files: ${scripts.map((script) => `${shortName(script.url)} ${kb(script.bytes)}`).join(", ")}; ${inline.length} inline scripts ${kb(inlineBytes)}`,
  )
  console.log(
    `size budget of /: whole page without the map ${kb(total)} as transferred, scrolled to the bottom (${responses.length} responses: ${Object.entries(
      byType,
    )
      .sort((a, b) => b[1] - a[1])
      .map(([type, bytes]) => `${type} ${kb(bytes)}`)
      .join(", ")}) — budget ${kb(BUDGET.wholePage)}`,
  )
  const documentResponse = responses.find((response) => response.type === "document")
  if (!documentResponse) throw new Error("no document response for /")
  const htmlBytes = documentResponse.bytes + documentResponse.headerBytes
  console.log(
    `size budget of /: HTML ${htmlBytes.toLocaleString("en-US")} bytes gzip with headers (${(FIRST_ROUND_TRIP - htmlBytes).toLocaleString("en-US")} of a new connection's first round trip of ${FIRST_ROUND_TRIP.toLocaleString("en-US")} left) — budget ${HTML_BUDGET.toLocaleString("en-US")} bytes (1 KB to spare)`,
  )
  const over = jsBytes > BUDGET.firstLoadJs || total > BUDGET.wholePage || htmlBytes > HTML_BUDGET
  if (over) console.error("size budget exceeded")
  exitCode = over ? 1 : 0
} finally {
  await browser.close()
  server.close()
}
process.exit(exitCode)
