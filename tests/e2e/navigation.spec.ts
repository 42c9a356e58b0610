import type { Page } from "@playwright/test"
import { expect, gotoHydrated, sectionLanding, settled, test } from "./fixtures"

// The header's links to the home sections, at each project's viewport: on a phone they sit behind
// the menu. Runs in the desktop and the phone projects (playwright.config.ts). One test per rule,
// each following every link and naming every section that does not land where a reader expects.
// Anchors scroll at once, as for a reader who asks for reduced motion: a smooth scroll ends where
// the jump lands (scroll-padding places both), and the landing is read once the page has settled.

const SECTIONS = ["coupons", "services", "brands", "service-area", "about", "contact"]

/** Opens the phone menu when the links are behind it. */
async function revealNav(page: Page) {
  const button = page.getByRole("button", { name: "Menu" })
  if (await button.isVisible()) await button.click()
}

/**
 * Opens `from` afresh for each section, follows the header's link to it, waits up to 5 s for the
 * address and then until the page has settled there: the sections where either is wrong, named
 * with what a reader sees.
 */
async function sectionsMissed(page: Page, from: string, href: (id: string) => string): Promise<string[]> {
  await page.emulateMedia({ reducedMotion: "reduce" })
  const missed: string[] = []
  for (const id of SECTIONS) {
    await gotoHydrated(page, from)
    await revealNav(page)
    await page.locator(`header nav a[href='${href(id)}']`).click()
    const address = () => {
      const { pathname, hash } = new URL(page.url())
      return `${pathname}${hash}`
    }
    const arrived = await expect
      .poll(address, { timeout: 5000 })
      .toBe(`/#${id}`)
      .then(() => true)
      .catch(() => false)
    if (!arrived) {
      missed.push(`#${id}: the address is ${address()}`)
      continue
    }
    // The address changes when the new page's navigation commits, before its document is parsed.
    await page.waitForLoadState("load")
    await settled(page)
    const problem = await page.evaluate(sectionLanding, id)
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

/** A town whose page is linked from the county index of /service-area/ (a plain link: a page loaded anew). */
const TOWN = "/service-area/glencoe/"

/** Scrolls to the bottom of the page as a reader would, and waits until it has settled there. */
async function readToTheBottom(page: Page) {
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }))
  await settled(page)
  const y = await page.evaluate(() => window.scrollY)
  expect(y, "the page did not scroll").toBeGreaterThan(0)
  return y
}

test("a page opened again from a link starts at its top, not where an earlier visit left it", async ({ page }) => {
  await gotoHydrated(page, TOWN)
  await readToTheBottom(page)
  await gotoHydrated(page, "/service-area/")
  await page.locator(`#all-towns a[href='${TOWN}']`).click()
  await expect(page).toHaveURL(new RegExp(`${TOWN}$`))
  await settled(page)
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
})

test("a reload returns the reader to where they were on the page", async ({ page }) => {
  await gotoHydrated(page, TOWN)
  const y = await readToTheBottom(page)
  await page.reload()
  await settled(page)
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - y)).toBeLessThan(2)
})
