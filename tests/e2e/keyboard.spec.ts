import type { CDPSession, Page } from "@playwright/test"
import { expect, gotoHydrated, settled, test } from "./fixtures"
import { TAB_STOPS, pressesToForeignFrame, recordTabStops, tabStopsSettled, type TabRecord } from "./tab-round"
import { HEIGHT, PAGES, WIDTHS } from "./layout/sweep"

// Focus by keyboard (docs/architecture.md#layout): on every template and the 404 page, at the widths people
// use, a round of Tab from the top and a round of Shift+Tab back, every stop visible, in view and
// never under the sticky header. One test a page, each opening the page afresh at every width.
// Runs in the layout project (playwright.config.ts: the map host's frame in the page's process).

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
 * Presses `key` until focus has reached every Tab stop of the page or the round has ended
 * (tests/e2e/tab-round.ts), and returns the stops on the way, each reached from the one before it.
 * Keys go in bursts, the record read once a burst (a round trip per stop would make this slow).
 */
async function tabRound(page: Page, cdp: CDPSession, key: "Tab" | "Shift+Tab"): Promise<TabRecord> {
  if (key === "Shift+Tab") {
    // Going back starts past the page's last stop, as from the end of the page: focus on an element
    // put at the end and taken away again leaves the browser's starting point for Tab there.
    await page.evaluate(() => {
      const end = document.createElement("span")
      end.tabIndex = -1
      document.body.append(end)
      end.focus({ preventScroll: true })
      end.remove()
    })
  }
  await page.evaluate(recordTabStops, { selector: TAB_STOPS, backward: key === "Shift+Tab" })
  let record = await page.evaluate(tabStopsSettled)
  for (let pressed = 0; pressed < BOUND && (pressed === 0 || (record.unreached.length > 0 && !record.ended));) {
    // A burst ends on a frame of another origin (the map host's), so the page is read once the
    // browser has scrolled to it, as a reader pausing there would see it, before focus moves on.
    const count = Math.min(BURST, await page.evaluate(pressesToForeignFrame, key === "Tab" ? 1 : -1))
    await pressBurst(cdp, key, count)
    pressed += count
    // Read once the page has settled: scrolled to what has focus, a frame that came into view loaded.
    await settled(page)
    record = await page.evaluate(tabStopsSettled)
  }
  return record
}

/** The widths two by two, a test each: every page at every width, each test well under 30 s (the longest page and pair about 16 s on a quiet machine). */
const WIDTH_GROUPS = WIDTHS.flatMap((_, index) => (index % 2 === 0 ? [WIDTHS.slice(index, index + 2)] : []))

for (const route of PAGES)
  for (const widths of WIDTH_GROUPS) {
    test(`tabbing through ${route} from its top at ${widths.join(", ")} px, focus is visible, in view and never under the sticky header`, async ({
      page,
    }) => {
      // Focus scrolls instantly, as for a visitor who asks for reduced motion: a smooth scroll would be measured mid-way.
      await page.emulateMedia({ reducedMotion: "reduce" })
      const cdp = await page.context().newCDPSession(page)
      const offenders: string[] = []
      let stopsSeen = 0
      for (const width of widths) {
        // As a reader arrives: at the top, nothing scrolled past yet, so what waits
        // off screen (lazy images, the map's frame in its unrendered box) is still waiting.
        await page.setViewportSize({ width, height: HEIGHT })
        await gotoHydrated(page, route)
        const where = `${route} at ${width} px`
        // A round forward, as a keyboard user reads, then a round back: going back,
        // each stop is scrolled to from below, where the sticky header can cover it.
        for (const [key, direction] of [
          ["Tab", "forward"],
          ["Shift+Tab", "backward"],
        ] as const) {
          const { stops, unreached } = await tabRound(page, cdp, key)
          if (stops.length === 0) offenders.push(`${where}, ${direction}: Tab reached no stop`)
          stopsSeen += stops.length
          const seen = new Set<number>()
          for (const stop of stops) {
            if (stop.problem && !seen.has(stop.id))
              offenders.push(`${where}, ${direction}: ${stop.name}, ${stop.problem}`)
            seen.add(stop.id)
          }
          if (unreached.length > 0) offenders.push(`${where}, ${direction}: never reached ${unreached.join(", ")}`)
        }
      }
      console.log(`${route}: ${stopsSeen} Tab stops read over ${widths.length} widths, both ways`)
      expect(offenders, `focus hidden or invisible: ${offenders.length}:\n${offenders.join("\n")}`).toEqual([])
    })
  }
