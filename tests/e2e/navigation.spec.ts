import type { Page } from "@playwright/test"
import { expect, gotoHydrated, sectionLanding, test } from "./fixtures"

// The header's links to the home sections, at each project's viewport: on a phone they sit behind
// the menu. Runs in the desktop and the phone projects (playwright.config.ts). One test per rule,
// each following every link and naming every section that does not land where a reader expects.
// Anchors scroll at once, as for a reader who asks for reduced motion: a smooth scroll ends where
// the jump lands (scroll-padding places both), and the landing is read once the page is still.

const SECTIONS = ["coupons", "services", "brands", "service-area", "about", "contact"]

/** Opens the phone menu when the links are behind it. */
async function revealNav(page: Page) {
  const button = page.getByRole("button", { name: "Menu" })
  if (await button.isVisible()) await button.click()
}

/**
 * Opens `from` afresh for each section, follows the header's link to it and waits up to 5 s for
 * the address and the landing: the sections where either is wrong, named with what a reader sees.
 */
async function sectionsMissed(page: Page, from: string, href: (id: string) => string): Promise<string[]> {
  await page.emulateMedia({ reducedMotion: "reduce" })
  const missed: string[] = []
  for (const id of SECTIONS) {
    await gotoHydrated(page, from)
    await revealNav(page)
    await page.locator(`header nav a[href='${href(id)}']`).click()
    let problem: string | null = "never read"
    const deadline = Date.now() + 5000
    for (;;) {
      const { pathname, hash } = new URL(page.url())
      const arrived = pathname === "/" && hash === `#${id}`
      problem = arrived
        ? await page.evaluate(sectionLanding, id).catch((error: Error) => error.message.split("\n")[0])
        : `the address is ${pathname}${hash}`
      if (problem === null || Date.now() > deadline) break
      if (!arrived) await page.waitForTimeout(50)
    }
    if (problem) missed.push(`#${id}: ${problem}`)
  }
  return missed
}

test("on /, each header link brings its section into view below the sticky header", async ({ page }) => {
  const missed = await sectionsMissed(page, "/", (id) => `#${id}`)
  expect(missed, `${missed.length} of ${SECTIONS.length} sections missed:\n${missed.join("\n")}`).toEqual([])
})

test("from a service page, each header link lands on / at its section, below the sticky header", async ({ page }) => {
  const missed = await sectionsMissed(page, "/services/washer-repair/", (id) => `/#${id}`)
  expect(missed, `${missed.length} of ${SECTIONS.length} sections missed:\n${missed.join("\n")}`).toEqual([])
})
