import { test as base, expect, type ConsoleMessage, type Page, type Request } from "@playwright/test"
import { readBusiness, readCities } from "../fixtures/content"
import { MAP_ORIGIN } from "../../src/lib/map-host"
import { TEMPLATES, UNKNOWN_PATH, scrollDownThePage, unloadedImages } from "../../scripts/browser.cjs"
import { settle, type RequestCount } from "../../scripts/settle.cjs"

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
      // Its requests are counted from the start, for settled().
      requestsOf(page)
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

/** Every page's requests, counted from the moment a test first asked (the fixture asks at once). */
const requestCounts = new WeakMap<Page, RequestCount>()

/** The requests of a page as Playwright sees them: those not answered yet, and how many began or ended. */
export function requestsOf(page: Page): RequestCount {
  let count = requestCounts.get(page)
  if (!count) {
    const open = new Set<Request>()
    let seen = 0
    page.on("request", (request) => {
      open.add(request)
      seen += 1
    })
    const ended = (request: Request) => {
      if (open.delete(request)) seen += 1
    }
    page.on("requestfinished", ended)
    page.on("requestfailed", ended)
    count = { open: () => [...open].map((request) => request.url()), seen: () => seen }
    requestCounts.set(page, count)
  }
  return count
}

/**
 * Waits until the page has settled (scripts/settle.cjs: loaded, hydrated, fonts ready, images on
 * screen decoded, no request open, nothing moved or scrolled for ten frames), as every check that
 * measures layout, runs axe or IBM, or reads positions must. `hydrated: null` for a page with no
 * header of ours. Fails naming the page, its width and what it waited for.
 */
export async function settled(page: Page, options: { hydrated?: string | null } = {}) {
  const what = `${new URL(page.url()).pathname} at ${page.viewportSize()?.width ?? "?"} px`
  await settle((fn, argument) => page.evaluate(fn, argument), requestsOf(page), { what, ...options })
}

/** Opens a page and waits until it has settled (see settled()): React has hydrated it, and nothing moves. */
export async function gotoHydrated(page: Page, url: string) {
  requestsOf(page)
  const response = await page.goto(url)
  await settled(page)
  return response
}

export { expect }

/**
 * The pause at each half screen of a scroll through a page: a rendered frame or so, enough for the
 * browser to see what came into view (lazy images load well before they are on screen, and every
 * image is then waited for).
 */
const SCROLL_PAUSE_MS = 20

/** In the page: scrolls the map's placeholder into view if it is still there, and says whether it was. Self-contained. */
export function bringMapPlaceholderIntoView(): boolean {
  const show = [...document.querySelectorAll("button")].find((b) => b.textContent?.startsWith("Show map of "))
  show?.scrollIntoView({ block: "center" })
  return !!show
}

/**
 * Scrolls to the bottom of the page a half screen at a time, as a reader would,
 * then waits until every image has loaded and, where the page has a map, until
 * its frame shows the (stubbed) map. Explicit waits: Playwright's networkidle can
 * hang once a frame is added after the page has loaded.
 */
export async function scrollThrough(page: Page) {
  const showMap = page.getByRole("button", { name: /^Show map of / })
  const hasMap = (await showMap.count()) > 0
  await page.evaluate(scrollDownThePage, SCROLL_PAUSE_MS)
  if (hasMap) {
    // The frame loads when its placeholder is in view once React runs; on a busy machine React may
    // start after the scroll has passed it, so the placeholder is brought back into view.
    // Done in the page in one step: the placeholder can give way to the frame between a check from
    // here and a scroll from here (a detached element, seen in CI).
    await page.evaluate(bringMapPlaceholderIntoView)
    await expect(page.frameLocator(MAP_HOST_FRAME).locator("body")).toContainText("Map", { timeout: 15_000 })
  }
  await expect.poll(() => page.evaluate(unloadedImages)).toEqual([])
  await settled(page)
}

/**
 * In the page, once it has settled: where the section with this id is against the sticky header
 * as it shows then: null when the section starts at or below the header's bottom and its heading
 * is in view, else what a reader sees. Self-contained: its source is sent to the page.
 */
export function sectionLanding(id: string): string | null {
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

/** Once the page has settled, the section with this id sits below the sticky header, its heading in view. */
export async function expectBelowHeader(page: Page, id: string) {
  await settled(page)
  expect(await page.evaluate(sectionLanding, id)).toBeNull()
}
