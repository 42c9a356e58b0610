import { test as base, expect, type ConsoleMessage, type Request } from "@playwright/test"
import { readBusiness, readCities } from "../fixtures/content"
import { MAP_ORIGIN } from "../../src/lib/map-host"
import { TEMPLATES, UNKNOWN_PATH, scrollDownThePage, unloadedImages } from "../../scripts/browser.cjs"

export const business = readBusiness()

export const cities = readCities()

/** The map host: the only third-party origin a page may contact, and only when the visitor wants the map. */
export const MAP_HOST = new RegExp(`^${MAP_ORIGIN.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}/`)

/** The map host's frame, once it has replaced its placeholder (our own maps are frames too, from /maps/). */
export const MAP_HOST_FRAME = `iframe[src^='${MAP_ORIGIN}/']`

/** Our own maps drawn at build time and embedded from their files (internal/maps/). */
export const OWN_MAP_FRAME = "iframe[src^='/maps/']"

/** One route of each template, and a path with no page (scripts/browser.cjs, shared with Lighthouse and the screenshots). */
export { TEMPLATES, UNKNOWN_PATH }

interface Fixtures {
  /** Console errors and warnings, and uncaught page errors, seen while the test ran. */
  problems: string[]
}

export const test = base.extend<Fixtures>({
  // Automatic, so every test runs with the map stubbed and the console watched.
  problems: [
    async ({ page }, use) => {
      // The map frame is the only third-party content; no test reaches the network.
      await page.route(MAP_HOST, (route) =>
        route.fulfill({
          contentType: "text/html",
          body: '<!doctype html><html lang="en"><title>Map</title><p>Map</p></html>',
        }),
      )
      const problems: string[] = []
      page.on("console", (message: ConsoleMessage) => {
        if (message.type() === "error" || message.type() === "warning") {
          problems.push(`${message.type()}: ${message.text()}`)
        }
      })
      page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`))
      await use(problems)
    },
    { auto: true },
  ],
})

/**
 * Opens a page and waits until React has hydrated it. Gatsby's scripts load
 * after the page's `load` event; the header's menu button, which replaces the
 * no-JavaScript disclosure once React runs, says hydration has happened.
 */
export async function gotoHydrated(page: import("@playwright/test").Page, url: string) {
  const inFlight = new Set<Request>()
  const started = (request: Request) => inFlight.add(request)
  const ended = (request: Request) => inFlight.delete(request)
  page.on("request", started)
  page.on("requestfinished", ended)
  page.on("requestfailed", ended)
  try {
    const response = await page.goto(url)
    await page.waitForFunction(() => document.readyState === "complete")
    await page.locator("header button[aria-controls='site-menu']").waitFor({ state: "attached" })
    // Then the network falls quiet, as Playwright's "networkidle" has it, but after QUIET_MS
    // rather than its half a second: the pages are served from this machine.
    const deadline = Date.now() + QUIET_LIMIT_MS
    for (let quietSince = Date.now(); Date.now() - quietSince < QUIET_MS;) {
      if (Date.now() > deadline) {
        const open = [...inFlight].map((one) => one.url()).join(", ")
        throw new Error(`${url}: requests still open after ${QUIET_LIMIT_MS / 1000} s: ${open}`)
      }
      await page.waitForTimeout(20)
      if (inFlight.size > 0) quietSince = Date.now()
    }
    return response
  } finally {
    page.off("request", started)
    page.off("requestfinished", ended)
    page.off("requestfailed", ended)
  }
}

/** How long no request of a page may be open before it counts as loaded, and how long that may take at most. */
const QUIET_MS = 150
const QUIET_LIMIT_MS = 20_000

export { expect }

/**
 * The pause at each half screen of a scroll through a page: a rendered frame or so, enough for the
 * browser to see what came into view (lazy images load well before they are on screen, and every
 * image is then waited for).
 */
const SCROLL_PAUSE_MS = 20

/**
 * Scrolls to the bottom of the page a half screen at a time, as a reader would,
 * then waits until every image has loaded and, where the page has a map, until
 * its frame shows the (stubbed) map. Explicit waits: Playwright's networkidle can
 * hang once a frame is added after the page has loaded.
 */
export async function scrollThrough(page: import("@playwright/test").Page) {
  const showMap = page.getByRole("button", { name: /^Show map of / })
  const hasMap = (await showMap.count()) > 0
  await page.evaluate(scrollDownThePage, SCROLL_PAUSE_MS)
  if (hasMap) {
    // The frame loads when its placeholder is in view once React runs; on a busy machine React may
    // start after the scroll has passed it, so the placeholder is brought back into view.
    if (await showMap.count()) await showMap.scrollIntoViewIfNeeded()
    await expect(page.frameLocator(MAP_HOST_FRAME).locator("body")).toContainText("Map", { timeout: 15_000 })
  }
  await expect.poll(() => page.evaluate(unloadedImages)).toEqual([])
}

/**
 * In the page: once the page has stopped scrolling (the same scroll position ten frames running: a
 * smooth scroll is judged where it ends, not on its way), where the section with this id is
 * against the sticky header as it shows then: null when the section starts at or below the
 * header's bottom and its heading is in view, else what a reader sees. Self-contained: its source
 * is sent to the page.
 */
export function sectionLanding(id: string): Promise<string | null> {
  const judge = () => {
    const header = document.querySelector("header")?.getBoundingClientRect()
    const section = document.getElementById(id)?.getBoundingClientRect()
    const heading = document.querySelector(`#${id} h2`)?.getBoundingClientRect()
    if (!header || !section || !heading) return "the header, the section or its heading is missing"
    if (section.top < Math.floor(header.bottom) - 1)
      return `the section starts at y ${Math.round(section.top)} px, under the header (to y ${Math.round(header.bottom)} px)`
    if (heading.bottom <= 0 || heading.top >= window.innerHeight)
      return `its heading is off screen, at y ${Math.round(heading.top)} px of ${window.innerHeight} px`
    return null
  }
  return new Promise((resolve) => {
    let last = Number.NaN
    let still = 0
    const frame = () => {
      still = window.scrollY === last ? still + 1 : 0
      last = window.scrollY
      if (still >= 10) resolve(judge())
      else requestAnimationFrame(frame)
    }
    requestAnimationFrame(frame)
  })
}

/** Waits up to 5 s until the section with this id sits below the sticky header, its heading in view, once the page is still. */
export async function expectBelowHeader(page: import("@playwright/test").Page, id: string) {
  await expect.poll(() => page.evaluate(sectionLanding, id), { timeout: 5000 }).toBeNull()
}
