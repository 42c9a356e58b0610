import type { CDPSession, Page } from "@playwright/test"
import { TEMPLATES, UNKNOWN_PATH, business, expect, gotoHydrated, scrollThrough, test } from "./fixtures"
import {
  focusRecord,
  pressesToForeignFrame,
  sidewaysOverflow,
  undersizedTargets,
  watchFocus,
  wrappedPhoneNumbers,
  type FocusRecord,
} from "./layout-probes"

// The width rules of decisions.md ("Layout"), at the widths people use, on
// every template and the 404 page. Each page is opened once and resized
// through the widths (this spec sets its own widths: its own layout project runs it).

const WIDTHS = [320, 390, 768, 1280, 1440, 1920]
const PAGES = [...TEMPLATES.map((template) => template.path), UNKNOWN_PATH]
const HEIGHT = 900

interface WidthFindings {
  wrappedPhones: string[]
  sideways: string[]
  smallTargets: string[]
}

/**
 * Opens every page once, scrolls through it, resizes it through the widths and measures the three
 * width rules at each, every finding prefixed "{path} at {width} px". Each rule is its own test;
 * the first of them to run in a worker takes the measurements, and the others read them.
 */
async function measureWidths(page: Page): Promise<WidthFindings> {
  const found: WidthFindings = { wrappedPhones: [], sideways: [], smallTargets: [] }
  for (const path of PAGES) {
    await gotoHydrated(page, path)
    // Lazy logos loaded and the (stubbed) map frame in place: the page as it stays once read.
    await scrollThrough(page)
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: HEIGHT })
      // Let layout and any resize observer settle before measuring.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
      const where = `${path} at ${width} px`
      const { shown, wrapped } = await page.evaluate(wrappedPhoneNumbers, business.phone.display)
      if (shown === 0) found.wrappedPhones.push(`${where}: no phone number on screen`)
      found.wrappedPhones.push(...wrapped.map((lines) => `${where} (${lines})`))
      const { scrollWidth, viewport, culprits } = await page.evaluate(sidewaysOverflow)
      if (scrollWidth !== viewport) found.sideways.push(`${where}: ${scrollWidth} px wide (${culprits.join("; ")})`)
      found.smallTargets.push(...(await page.evaluate(undersizedTargets)).map((target) => `${where}: ${target}`))
    }
  }
  return found
}

let widthFindings: Promise<WidthFindings> | undefined
const findingsAcrossWidths = (page: Page) => (widthFindings ??= measureWidths(page))

test("a phone number never breaks across lines", async ({ page }) => {
  const offenders = (await findingsAcrossWidths(page)).wrappedPhones
  expect(offenders, `phone number wraps: ${offenders.length} case(s):\n${offenders.join("\n")}`).toEqual([])
})

test("nothing scrolls sideways: the page is exactly as wide as the viewport", async ({ page }) => {
  const offenders = (await findingsAcrossWidths(page)).sideways
  expect(offenders, `sideways scroll: ${offenders.length} case(s):\n${offenders.join("\n")}`).toEqual([])
})

test("every visible link and button is at least 24 × 24 px or spaced as WCAG 2.5.8 allows", async ({ page }) => {
  const offenders = (await findingsAcrossWidths(page)).smallTargets
  expect(offenders, `targets too small: ${offenders.length}:\n${offenders.join("\n")}`).toEqual([])
})

/**
 * Opens a page as a reader arrives from a search: loaded, hydrated (the header's menu button is
 * React's), and painted. Lighter than gotoHydrated: the Tab round does not wait for the network
 * to fall quiet (Gatsby's prefetching after load), which costs half a second a visit.
 */
async function arrive(page: Page, path: string) {
  await page.goto(path)
  await page.locator("header button[aria-controls='site-menu']").waitFor({ state: "attached" })
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
}

const BURST = 40
/** More presses than a page has stops (/service-area/ has about 130 today, about 210 at 150 towns): past it, a round has lost its way. */
const BOUND = 400

/**
 * Presses `key` `count` times as the keyboard would (a key down and a key up each, Shift held for
 * Shift+Tab), through the DevTools protocol: the events are sent one after another without waiting
 * for each answer, and Chromium handles them in the order sent, so a burst costs one round trip
 * instead of one (four with Shift) per press. Each press still moves focus and scrolls before the next.
 */
async function pressBurst(cdp: CDPSession, key: "Tab" | "Shift+Tab", count: number) {
  const modifiers = key === "Shift+Tab" ? 8 : 0
  const tab = { key: "Tab", code: "Tab", windowsVirtualKeyCode: 9, nativeVirtualKeyCode: 9, modifiers }
  const events = Array.from({ length: count }, () => [
    cdp.send("Input.dispatchKeyEvent", { type: "rawKeyDown", ...tab }),
    cdp.send("Input.dispatchKeyEvent", { type: "keyUp", ...tab }),
  ])
  await Promise.all(events.flat())
}

/**
 * Presses `key` until focus has reached every Tab stop of the page, and
 * returns the stops on the way, each reached from the one before it. Keys go
 * in bursts, the record read once a burst (a round trip per stop would make
 * this slow); pressing past the end of a round does no harm.
 */
async function tabRound(page: Page, cdp: CDPSession, key: "Tab" | "Shift+Tab"): Promise<FocusRecord> {
  await page.evaluate(watchFocus)
  let record = await page.evaluate(focusRecord)
  for (let pressed = 0; pressed < BOUND && (pressed === 0 || record.unreached.length > 0);) {
    // A burst ends on a frame of another origin (the map host's), so the page is read once the
    // browser has scrolled to it, as a reader pausing there would see it, before focus moves on.
    const count = Math.min(BURST, await page.evaluate(pressesToForeignFrame, key === "Tab" ? 1 : -1))
    await pressBurst(cdp, key, count)
    pressed += count
    record = await page.evaluate(focusRecord)
  }
  return record
}

test("tabbing through a page from its top, focus is visible, in view and never under the sticky header", async ({
  page,
}) => {
  // Focus scrolls instantly, as for a visitor who asks for reduced motion: a smooth scroll would be measured mid-way.
  await page.emulateMedia({ reducedMotion: "reduce" })
  const cdp = await page.context().newCDPSession(page)
  const offenders: string[] = []
  for (const path of PAGES) {
    for (const width of WIDTHS) {
      // As a reader arrives: at the top, nothing scrolled past yet, so what waits
      // off screen (lazy images, the map's frame in its unrendered box) is still waiting.
      await page.setViewportSize({ width, height: HEIGHT })
      await arrive(page, path)
      const where = `${path} at ${width} px`
      // A round forward, as a keyboard user reads, then a round back: going back,
      // each stop is scrolled to from below, where the sticky header can cover it.
      for (const [key, direction] of [
        ["Tab", "forward"],
        ["Shift+Tab", "backward"],
      ] as const) {
        const { stops, unreached } = await tabRound(page, cdp, key)
        const seen = new Set<number>()
        for (const stop of stops) {
          if (stop.problem && !seen.has(stop.id))
            offenders.push(`${where}, ${direction}: ${stop.name}, ${stop.problem}`)
          seen.add(stop.id)
        }
        if (unreached.length > 0) offenders.push(`${where}, ${direction}: never reached ${unreached.join(", ")}`)
      }
    }
  }
  expect(offenders, `focus hidden or invisible: ${offenders.length}:\n${offenders.join("\n")}`).toEqual([])
})
