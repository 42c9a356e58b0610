import type { BrowserContext, Page, Request } from "@playwright/test"
import { CALL_PLACEMENTS, CALL_TAP_ENDPOINT } from "../../src/lib/call-tap"
import { TEMPLATES, business, expect, gotoHydrated, test } from "./fixtures"

/**
 * The tap count in Chromium: a tap on each kind of call button of every template sends one
 * beacon to our own endpoint with the page's path and the button's placement, and the tap still
 * dials: the click is not held back, and the browser starts the tel: navigation. WebKit and Firefox
 * tap the same buttons in the engines' sweep (tests/e2e/engines/sweep.ts). Without JavaScript
 * nothing is sent and the links are plain tel: links.
 */

const TEL = `tel:${business.phone.e164}`
const TEL_LINK = "a[href^='tel:']"

/** Takes every beacon of the context's pages (answered as the function does, 204) and keeps what each carried. */
async function takeBeacons(context: BrowserContext): Promise<Request[]> {
  const beacons: Request[] = []
  await context.route(`**${CALL_TAP_ENDPOINT}`, async (route) => {
    beacons.push(route.request())
    await route.fulfill({ status: 204 })
  })
  return beacons
}

/** Chromium's word for each navigation the page's frame asks for: a tel: link's is the dial. */
async function watchNavigations(page: Page): Promise<string[]> {
  const session = await page.context().newCDPSession(page)
  const navigations: string[] = []
  session.on("Page.frameRequestedNavigation", (event) => navigations.push(event.url))
  await session.send("Page.enable")
  return navigations
}

/**
 * The pages whose call buttons are tapped: between them every component that renders one (the
 * header, the home page's hero, section and contact section, a service's and a town's hero and
 * section, a call prompt, the footer), so every placement of the closed list.
 */
const TAPPED = TEMPLATES.filter((template) => ["home", "service", "city", "brands"].includes(template.name))
/** The header's and the footer's buttons, the same component on every page: tapped on the home page. */
const ON_EVERY_PAGE = new Set(["header", "footer"])
/** The buttons each page's test taps: the home page's in two tests (a tab a tap makes each one long). */
const EVERY_PAGE_BUTTONS = {
  which: "the header's and the footer's",
  tapped: (placement: string) => ON_EVERY_PAGE.has(placement),
}
const OWN_BUTTONS = { which: "its own", tapped: (placement: string) => !ON_EVERY_PAGE.has(placement) }

for (const { name, path } of TAPPED) {
  for (const { which, tapped } of name === "home" ? [EVERY_PAGE_BUTTONS, OWN_BUTTONS] : [OWN_BUTTONS]) {
    test(`${name}: a tap on each of ${which} call buttons sends one beacon with the page and its placement, and dials`, async ({
      context,
      page,
    }) => {
      const beacons = await takeBeacons(context)
      await gotoHydrated(page, path)
      const all = await page
        .locator(TEL_LINK)
        .evaluateAll((links) => links.map((link) => link.getAttribute("data-call-placement") ?? ""))
      // Each kind of button the page has, once.
      const placements = [...new Set(all)].filter(tapped)
      expect(placements, `call buttons of ${path} to tap (${which})`).not.toEqual([])
      const offenders: string[] = []
      const problems: string[] = []
      for (const placement of placements) {
        // A tab of its own for each tap: once Chromium has handed a tel: link to the system, that tab
        // takes no more input.
        const tab = await context.newPage()
        tab.on("console", (message) => message.type() === "error" && problems.push(message.text()))
        tab.on("pageerror", (error) => problems.push(error.message))
        await gotoHydrated(tab, path)
        await tab.evaluate(() => {
          const clicks: boolean[] = []
          ;(window as unknown as { __clicks: boolean[] }).__clicks = clicks
          // Heard last (on the window, after the site's listener and React's): was the click held back?
          window.addEventListener("click", (event) => clicks.push(event.defaultPrevented))
        })
        const navigations = await watchNavigations(tab)
        const before = beacons.length
        const link = tab.locator(`${TEL_LINK}[data-call-placement="${placement}"]`)
        await link.scrollIntoViewIfNeeded()
        await link.click()
        await expect.poll(() => beacons.length, { message: `a beacon for ${placement}` }).toBeGreaterThan(before)
        // A second beacon of the same tap would be in by now, and the dial asked for.
        await tab.waitForTimeout(200)
        const sent = beacons.slice(before)
        const expected = JSON.stringify({ path, placement })
        if (sent.length !== 1) offenders.push(`${placement}: ${sent.length} beacons`)
        for (const beacon of sent) {
          if (beacon.method() !== "POST") offenders.push(`${placement}: sent by ${beacon.method()}`)
          if (beacon.postData() !== expected) offenders.push(`${placement}: sent ${beacon.postData()}, not ${expected}`)
          if (new URL(beacon.url()).origin !== new URL(tab.url()).origin) {
            offenders.push(`${placement}: sent to ${beacon.url()}`)
          }
        }
        const clicks = await tab.evaluate(() => (window as unknown as { __clicks: boolean[] }).__clicks)
        if (clicks.length !== 1 || clicks[0])
          offenders.push(`${placement}: clicks heard, held back: ${JSON.stringify(clicks)}`)
        if (!navigations.includes(TEL))
          offenders.push(`${placement}: no navigation to ${TEL} (${navigations.join(", ")})`)
        // The page stays where it was.
        if (new URL(tab.url()).pathname !== path) offenders.push(`${placement}: the tab went to ${tab.url()}`)
        await tab.close()
      }
      expect(offenders).toEqual([])
      expect(problems).toEqual([])
    })
  }
}

test("between the pages, every placement of the closed list has a call button", async ({ page }) => {
  const found = new Set<string>()
  for (const { path } of TEMPLATES) {
    await page.goto(path)
    for (const placement of await page
      .locator(TEL_LINK)
      .evaluateAll((all) => all.map((link) => link.getAttribute("data-call-placement") ?? ""))) {
      found.add(placement)
    }
  }
  expect([...found].sort()).toEqual([...CALL_PLACEMENTS].sort())
})

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false })

  test("a tap on each call button of / sends nothing, and the link is a plain tel: link that dials", async ({
    context,
    page,
  }) => {
    const beacons = await takeBeacons(context)
    await page.goto("/")
    const hrefs = await page.locator(TEL_LINK).evaluateAll((all) => all.map((link) => link.getAttribute("href")))
    expect(hrefs.length).toBeGreaterThan(1)
    expect(hrefs).toEqual(hrefs.map(() => TEL))
    const undialled: number[] = []
    for (const index of hrefs.keys()) {
      // A tab of its own for each tap, as above.
      const tab = await context.newPage()
      await tab.goto("/")
      const navigations = await watchNavigations(tab)
      const link = tab.locator(TEL_LINK).nth(index)
      await link.scrollIntoViewIfNeeded()
      await link.click()
      await expect.poll(() => navigations.includes(TEL)).toBe(true)
      if (!navigations.includes(TEL)) undialled.push(index)
      await tab.close()
    }
    await page.waitForTimeout(300)
    expect(undialled).toEqual([])
    expect(beacons.map((beacon) => beacon.postData())).toEqual([])
  })
})
