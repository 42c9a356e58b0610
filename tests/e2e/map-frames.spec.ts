import type { Page } from "@playwright/test"
import { MAP_HOST, MAP_HOST_FRAME, business, cities, expect, gotoHydrated, settled, test } from "./fixtures"

// The map host is stubbed by the fixtures (no test reaches the network); these
// tests watch which requests leave for it, and when.

/** Every request the page sends to the map host, from now on. */
function mapRequests(page: Page): string[] {
  const urls: string[] = []
  page.on("request", (request) => {
    if (MAP_HOST.test(request.url())) urls.push(request.url())
  })
  return urls
}

declare global {
  interface Window {
    __layoutShifts: string[]
  }
}

/**
 * Every layout shift of the page not caused by input (what its CLS sums), each with what moved: its
 * value, when, and each moved element with its box before and after.
 */
async function layoutShifts(page: Page): Promise<string[]> {
  return page.evaluate(() => window.__layoutShifts)
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    window.__layoutShifts = []
    type Shift = PerformanceEntry & {
      value: number
      hadRecentInput: boolean
      sources?: Array<{ node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }>
    }
    const box = (rect: DOMRectReadOnly) =>
      `${Math.round(rect.x * 10) / 10},${Math.round(rect.y * 10) / 10} ${Math.round(rect.width * 10) / 10}×${Math.round(rect.height * 10) / 10}`
    const name = (node?: Node | null) =>
      node instanceof Element
        ? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ""}${node.classList.length ? `.${[...node.classList].join(".")}` : ""}`
        : (node?.nodeName ?? "a removed node")
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        if (entry.hadRecentInput) continue
        const moved = (entry.sources ?? []).map(
          (source) => `${name(source.node)} ${box(source.previousRect)} -> ${box(source.currentRect)}`,
        )
        window.__layoutShifts.push(
          `${entry.value.toFixed(5)} at ${Math.round(entry.startTime)} ms: ${moved.join("; ") || "no source named"}`,
        )
      }
    }).observe({ type: "layout-shift", buffered: true })
  })
})

const city = cities.find((record) => record.slug === "buffalo-grove")
const centreTown = business.serviceRadius.center.split(",")[0].trim()

test("a city page asks nothing of the map host until its map scrolls into view, then loads the frame", async ({
  page,
  problems,
}) => {
  if (!city) throw new Error("data/cities/ has no Buffalo Grove record")
  const requests = mapRequests(page)
  await gotoHydrated(page, `/service-area/${city.slug}/`)
  const show = page.getByRole("button", { name: `Show map of ${city.name}` })
  await expect(show).toBeVisible() // hydrated: the placeholder's button works
  await expect(show).not.toBeInViewport()
  // Settled (gotoHydrated): nothing is open, and nothing was asked of the map host.
  expect(requests).toEqual([])
  await expect(page.locator(MAP_HOST_FRAME)).toHaveCount(0)

  // The placeholder's box already holds the frame's height.
  expect((await show.locator("xpath=../..").boundingBox())?.height).toBe(400)
  await show.scrollIntoViewIfNeeded()

  const frame = page.locator(`#map ${MAP_HOST_FRAME}`)
  await expect(frame).toHaveAttribute("title", new RegExp(city.name))
  await expect(page.frameLocator(`#map ${MAP_HOST_FRAME}`).locator("body")).toContainText("Map")
  expect(requests).toEqual([city.mapUrl])
  await settled(page)
  expect((await frame.boundingBox())?.height).toBe(400)
  expect(await layoutShifts(page)).toEqual([])
  expect(problems).toEqual([])
})

test("the home page's map loads when its button is pressed, before it is scrolled to", async ({ page, problems }) => {
  const requests = mapRequests(page)
  await gotoHydrated(page, "/")
  const show = page.getByRole("button", { name: `Show map of ${centreTown}` })
  await expect(show).toBeVisible()
  await expect(show).not.toBeInViewport()
  expect(requests).toEqual([])

  // A keyboard user reaching the button: focus it without scrolling, then press it.
  await show.evaluate((button: HTMLElement) => button.focus({ preventScroll: true }))
  await page.keyboard.press("Enter")
  const frame = page.locator(`#service-area ${MAP_HOST_FRAME}`)
  await expect(frame).toHaveAttribute("title", new RegExp(centreTown))
  await expect(page.frameLocator(`#service-area ${MAP_HOST_FRAME}`).locator("body")).toContainText("Map")
  expect(requests).toEqual([business.homeMapUrl])
  // Focus follows into the frame that replaced the button.
  await expect(frame).toBeFocused()
  await settled(page)
  expect((await frame.boundingBox())?.height).toBe(400)
  expect(await layoutShifts(page)).toEqual([])
  expect(problems).toEqual([])
})
