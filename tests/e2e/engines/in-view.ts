import type { Tab } from "../../../scripts/engines.cjs"

/** The time between two readings of the page. */
const LOOK_MS = 200

/**
 * Waits until the page has not scrolled for a quarter of a second from this call on, as a person's
 * next tap would; fails after `timeout`. A reading an earlier call left in the page is dropped first:
 * with it, a page that had scrolled away and back to the same place would count as still at once.
 */
export async function pageStill(tab: Tab, timeout = 20_000): Promise<void> {
  const end = Date.now() + timeout
  await tab.evaluate(() => {
    delete (window as unknown as { __still?: unknown }).__still
  })
  for (;;) {
    const still = await tab.evaluate(() => {
      const page = window as unknown as { __still?: { y: number; since: number } }
      const now = performance.now()
      if (!page.__still || page.__still.y !== window.scrollY) page.__still = { y: window.scrollY, since: now }
      return now - page.__still.since >= 250
    })
    if (still) return
    if (Date.now() > end) throw new Error(`${tab.engine}: the page did not stop scrolling within ${timeout / 1000} s`)
    await new Promise((resolve) => setTimeout(resolve, LOOK_MS))
  }
}

/**
 * Brings the element `selector` names to the middle of the view, and again until it stays whole in
 * view once the page is still. WebKit scrolls back to the element that has the focus a while after
 * it took it, or after its value changed, and on a busy machine later than a quarter of a second:
 * an element brought into view once was out of it again when clicked (the call-back form's Send),
 * and most likely when captured (the page for today's QR code, once unreadable from the screen).
 */
export async function bringIntoView(tab: Tab, selector: string): Promise<void> {
  for (let tries = 1; ; tries += 1) {
    await pageStill(tab)
    await tab.evaluate((name: string) => document.querySelector(name)?.scrollIntoView({ block: "center" }), selector)
    await pageStill(tab)
    const inView = await tab.evaluate((name: string) => {
      const box = document.querySelector(name)?.getBoundingClientRect()
      return Boolean(box && box.top >= 0 && box.bottom <= window.innerHeight)
    }, selector)
    if (inView) return
    if (tries === 5) throw new Error(`${tab.engine}: ${selector} did not stay in view`)
  }
}
