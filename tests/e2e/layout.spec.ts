import type { CDPSession, Page } from "@playwright/test"
import { TEMPLATES, UNKNOWN_PATH, business, expect, gotoHydrated, scrollThrough, test } from "./fixtures"
import {
  breadcrumbOffTheContentEdge,
  brokenCompounds,
  callButtonsOverTwoLines,
  cardRowsNotFilled,
  firstScreen,
  focusRecord,
  PHONES,
  SLIM_HEADER_MAX,
  pressesToForeignFrame,
  scrolledHeaderProblems,
  sidewaysOverflow,
  statusOffTheCallButton,
  undersizedTargets,
  watchFocus,
  wrappedPhoneNumbers,
  type FocusRecord,
} from "./layout-probes"

// The width rules (docs/architecture.md#layout), at the widths people use, on
// every template and the 404 page. Each page is opened once and resized
// through the widths (this spec sets its own widths: its own layout project runs it).

const WIDTHS = [320, 390, 768, 1280, 1440, 1920]
const PAGES = [...TEMPLATES.map((template) => template.path), UNKNOWN_PATH]
const HEIGHT = 900
/** The small phone whose first screen must show the headline and the first call button. */
const FIRST_SCREEN = { width: 375, height: 667 }

interface WidthFindings {
  wrappedPhones: string[]
  sideways: string[]
  smallTargets: string[]
  callButtonLines: string[]
  brokenCompounds: string[]
  emptySlots: string[]
  breadcrumb: string[]
  statusAlignment: string[]
  scrolledHeader: string[]
  firstScreen: string[]
}

/**
 * Opens every page once, scrolls through it, resizes it through the widths and measures the three
 * width rules at each, every finding prefixed "{path} at {width} px". Each rule is its own test;
 * the first of them to run in a worker takes the measurements, and the others read them.
 */
async function measureWidths(page: Page): Promise<WidthFindings> {
  const found: WidthFindings = {
    wrappedPhones: [],
    sideways: [],
    smallTargets: [],
    callButtonLines: [],
    brokenCompounds: [],
    emptySlots: [],
    breadcrumb: [],
    statusAlignment: [],
    scrolledHeader: [],
    firstScreen: [],
  }
  const shares: string[] = []
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
      found.callButtonLines.push(...(await page.evaluate(callButtonsOverTwoLines)).map((one) => `${where}: ${one}`))
      found.brokenCompounds.push(...(await page.evaluate(brokenCompounds)).map((one) => `${where}: ${one}`))
      found.emptySlots.push(...(await page.evaluate(cardRowsNotFilled)).map((one) => `${where}: ${one}`))
      const crumb = await page.evaluate(breadcrumbOffTheContentEdge)
      if (crumb) found.breadcrumb.push(`${where}: ${crumb}`)
      const status = await page.evaluate(statusOffTheCallButton)
      if (status) found.statusAlignment.push(`${where}: ${status}`)
    }
    for (const phone of PHONES) {
      await page.setViewportSize(phone)
      const problems = await page.evaluate(scrolledHeaderProblems, SLIM_HEADER_MAX)
      if (problems.length)
        found.scrolledHeader.push(`${path} at ${phone.width} × ${phone.height}: ${problems.join(", ")}`)
    }
    await page.setViewportSize(FIRST_SCREEN)
    const screen = await page.evaluate(firstScreen)
    shares.push(`${path} ${Math.round(screen.contentShare * 100)} %`)
    const at = `${path} at ${FIRST_SCREEN.width} × ${FIRST_SCREEN.height}`
    found.firstScreen.push(...screen.problems.map((problem) => `${at}: ${problem}`))
  }
  // A figure, not a rule: how much of a small phone's first screen is the page's own.
  console.log(`the page's own share of the first screen at 375 × 667: ${shares.join(", ")}`)
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

test("no call button takes more than two lines (a label's line, the number's line)", async ({ page }) => {
  const offenders = (await findingsAcrossWidths(page)).callButtonLines
  expect(offenders, `call buttons over two lines: ${offenders.length}:\n${offenders.join("\n")}`).toEqual([])
})

test("a number joined to a word by a hyphen ('1-year') never breaks across lines", async ({ page }) => {
  const offenders = (await findingsAcrossWidths(page)).brokenCompounds
  expect(offenders, `compounds broken at the hyphen: ${offenders.length}:\n${offenders.join("\n")}`).toEqual([])
})

test("a grid of cards fills every row: no empty slot at any width", async ({ page }) => {
  const offenders = (await findingsAcrossWidths(page)).emptySlots
  expect(offenders, `rows with an empty slot: ${offenders.length}:\n${offenders.join("\n")}`).toEqual([])
})

test("the breadcrumb starts on the content's left edge, with the headline", async ({ page }) => {
  const offenders = (await findingsAcrossWidths(page)).breadcrumb
  expect(offenders, `breadcrumb off the edge: ${offenders.length}:\n${offenders.join("\n")}`).toEqual([])
})

test("the header's opening status sits on the call button or ends where it ends", async ({ page }) => {
  const offenders = (await findingsAcrossWidths(page)).statusAlignment
  expect(offenders, `status not lined up: ${offenders.length}:\n${offenders.join("\n")}`).toEqual([])
})

test(`once scrolled, the header on a phone is one row of at most ${SLIM_HEADER_MAX} px with the call button and the status`, async ({
  page,
}) => {
  const offenders = (await findingsAcrossWidths(page)).scrolledHeader
  expect(offenders, `scrolled header too tall or incomplete: ${offenders.length}:\n${offenders.join("\n")}`).toEqual([])
})

test("the first screen of a small phone shows the headline and the first call button", async ({ page }) => {
  const offenders = (await findingsAcrossWidths(page)).firstScreen
  expect(offenders, `not on the first screen: ${offenders.length}:\n${offenders.join("\n")}`).toEqual([])
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
