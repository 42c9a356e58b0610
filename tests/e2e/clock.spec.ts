import type { Page } from "@playwright/test"
import { expect, settled, test } from "./fixtures"

/**
 * Dated content as a visitor sees it, at fixed instants: the opening status
 * beside the call button and in the contact section, the notice at the top of
 * every page, and the coupons. Run only in the copy scripts/other-region-check.mjs
 * builds from tests/fixtures/other-region/ as of Friday, October 30, 2026, noon in
 * Madison (SITE_CLOCK): a shop in America/Chicago open Mon–Fri 8 am–6 pm and
 * Sat 9 am–4 pm, closed on Thanksgiving (November 26), open 9 am–1 pm the day
 * after, closed December 24 through January 3, with a storm notice from
 * October 28 through November 2, a home coupon that expires November 1 and one
 * that expired October 15. The phone's own clock is in Berlin (the project's
 * timezoneId), or Tokyo: never the shop's.
 */

const headerStatus = (page: Page) => page.locator("header p[data-open]")
const contactStatus = (page: Page) => page.locator("#contact p[data-open]")
const notice = (page: Page) => page.getByRole("complementary", { name: "Notice" })

/**
 * Opens a page with the browser's clock a little before `instant` (so the page
 * loads with its timers running), waits until React runs it, then stops the
 * clock at `instant`: what is due by then has run.
 */
async function openAt(page: Page, route: string, instant: string) {
  const at = Date.parse(instant)
  await page.clock.install({ time: at - 15_000 })
  await page.goto(route)
  // Settled while the clock still runs (a paused clock holds the frames too): then nothing moves by itself.
  await settled(page)
  await page.clock.pauseAt(at)
}

test.describe("the opening status, in the shop's time zone", () => {
  test("Saturday 3:59 pm: open until 4 pm; at 4:00 pm: closed until Monday", async ({ page }) => {
    await openAt(page, "/", "2026-10-31T20:59:00Z")
    await expect(headerStatus(page)).toHaveText("Open now · until 4 pm")
    await expect(contactStatus(page)).toHaveText("Open now · until 4 pm")
    await page.clock.runFor(60_000)
    await expect(headerStatus(page)).toHaveText("Closed · opens Monday 8 am")
    await expect(contactStatus(page)).toHaveText("Closed · opens Monday 8 am")
  })

  test("Monday 7:59 am: closed, opens today; 8:00 am: open until 6 pm", async ({ page }) => {
    await openAt(page, "/brands/", "2026-11-02T13:59:00Z")
    await expect(headerStatus(page)).toHaveText("Closed · opens today 8 am")
    await page.clock.runFor(60_000)
    await expect(headerStatus(page)).toHaveText("Open now · until 6 pm")
  })

  test("the night daylight-saving time ends: 1:30 am twice on Sunday, closed until Monday both times", async ({
    page,
  }) => {
    await openAt(page, "/coupons/", "2026-11-01T06:30:00Z") // 1:30 am CDT
    await expect(headerStatus(page)).toHaveText("Closed · opens Monday 8 am")
    await page.clock.runFor(60 * 60_000) // an hour later: 1:30 am CST
    await expect(headerStatus(page)).toHaveText("Closed · opens Monday 8 am")
  })

  test("a Sunday afternoon: closed until Monday", async ({ page }) => {
    await openAt(page, "/service-area/", "2026-11-08T20:00:00Z")
    await expect(headerStatus(page)).toHaveText("Closed · opens Monday 8 am")
  })

  test("the evening before Thanksgiving: the next opening is Friday's special hours", async ({ page }) => {
    await openAt(page, "/", "2026-11-26T00:30:00Z") // Wednesday 6:30 pm
    await expect(headerStatus(page)).toHaveText("Closed · opens Friday 9 am")
  })

  test("Thanksgiving: closed today for it, opens Friday", async ({ page }) => {
    await openAt(page, "/", "2026-11-26T16:00:00Z")
    await expect(headerStatus(page)).toHaveText("Closed today for Thanksgiving · opens Friday 9 am")
    await expect(contactStatus(page)).toHaveText("Closed today for Thanksgiving · opens Friday 9 am")
  })

  test("the day after: open on special hours, with their occasion", async ({ page }) => {
    await openAt(page, "/", "2026-11-27T16:00:00Z")
    await expect(headerStatus(page)).toHaveText("Open now · until 1 pm for the day after Thanksgiving")
  })

  test("a closure of eleven days: the next opening, days away, by its date", async ({ page }) => {
    await openAt(page, "/", "2026-12-24T16:00:00Z")
    await expect(headerStatus(page)).toHaveText("Closed today for the holidays · opens Monday, January 4, 8 am")
  })

  test.describe("on a phone whose clock is in Tokyo", () => {
    test.use({ timezoneId: "Asia/Tokyo" })

    test("Sunday 5 am in Tokyo is Saturday 3 pm at the shop: open until 4 pm", async ({ page }) => {
      await openAt(page, "/", "2026-10-31T20:00:00Z")
      expect(await page.evaluate(() => new Date().getHours())).toBe(5)
      await expect(headerStatus(page)).toHaveText("Open now · until 4 pm")
    })
  })

  test("takes the place of the week's hours without moving anything (no layout shift)", async ({ page }) => {
    await page.addInitScript(() => {
      ;(window as unknown as { __shift: number }).__shift = 0
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>) {
          ;(window as unknown as { __shift: number }).__shift += entry.value
        }
      }).observe({ type: "layout-shift", buffered: true })
    })
    // Saturday 3:59 pm: the notice stands as built (a page built before a notice starts or after it
    // ends shows or hides it when the page runs: that does move the page, and a nightly build avoids it).
    await openAt(page, "/", "2026-10-31T20:59:00Z")
    await expect(headerStatus(page)).toHaveText("Open now · until 4 pm")
    await page.clock.runFor(60_000)
    await expect(headerStatus(page)).toHaveText("Closed · opens Monday 8 am")
    expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBe(0)
  })
})

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false })

  test("the week's hours stand where the status goes", async ({ page }) => {
    await page.goto("/")
    await expect(page.locator("header p").last()).toHaveText("Mon–Fri 8 am–6 pm · Sat 9 am–4 pm")
    await expect(notice(page)).toHaveText("Storm backlog: repairs are booked about three days out.")
  })
})

test.describe("the notice at the top of every page", () => {
  test("runs through its last day and is gone the minute after", async ({ page }) => {
    await openAt(page, "/services/dryer-repair/", "2026-11-03T05:59:00Z") // Monday, November 2, 11:59 pm
    await expect(notice(page)).toHaveText("Storm backlog: repairs are booked about three days out.")
    await page.clock.runFor(60_000)
    await expect(notice(page)).toHaveCount(0)
  })

  test("a closure with an occasion shows from a week before, with the special hours after it", async ({ page }) => {
    await openAt(page, "/", "2026-11-25T18:00:00Z")
    await expect(notice(page).locator("p")).toHaveText([
      "Closed Thursday, November 26, for Thanksgiving.",
      "Open 9 am to 1 pm on Friday, November 27, for the day after Thanksgiving.",
    ])
  })

  test("a closure more than a week away is not announced yet", async ({ page }) => {
    await openAt(page, "/", "2026-11-18T18:00:00Z")
    await expect(notice(page)).toHaveCount(0)
  })
})

test.describe("coupons that expire", () => {
  test("say when; one that expired before the build is not on the page", async ({ page }) => {
    await openAt(page, "/", "2026-10-31T16:00:00Z")
    const coupons = page.locator("#coupons li:visible")
    await expect(coupons.locator("h3")).toHaveText(["$199 Oven Igniter Replacement", "FREE Service Call"])
    await expect(coupons.first()).toContainText("Expires November 1, 2026")
    await expect(coupons.last()).not.toContainText("Expires")
    expect(await page.content()).not.toContain("Dryer Not Heating")
  })

  test("hides a coupon the minute its last day ends, and the next closes up in its place", async ({ page }) => {
    await openAt(page, "/", "2026-11-02T05:59:00Z") // Sunday, November 1, 11:59 pm
    const coupons = page.locator("#coupons li:visible")
    await expect(coupons).toHaveCount(2)
    const place = async () => {
      const box = await coupons.first().boundingBox()
      return { x: box?.x, y: box?.y }
    }
    const firstPlace = await place()
    await page.clock.runFor(60_000)
    await expect(coupons.locator("h3")).toHaveText(["FREE Service Call"])
    expect(await place()).toEqual(firstPlace)
  })
})

test("the structured data gives the holidays to come and the offers' ends, and nothing past", async ({ request }) => {
  const jsonLd = async (route: string) => {
    const html = await (await request.get(route)).text()
    return [...html.matchAll(/<script[^>]*application\/ld\+json[^>]*>(.*?)<\/script>/g)].map(
      ([, json]) => JSON.parse(json) as Record<string, unknown>,
    )
  }
  const business = (await jsonLd("/")).find((block) => block.openingHoursSpecification)
  const special = (business?.openingHoursSpecification as Array<Record<string, string>>).filter(
    (entry) => entry.validFrom,
  )
  expect(special).toEqual([
    {
      "@type": "OpeningHoursSpecification",
      opens: "00:00",
      closes: "00:00",
      validFrom: "2026-11-26",
      validThrough: "2026-11-26",
    },
    {
      "@type": "OpeningHoursSpecification",
      opens: "09:00",
      closes: "13:00",
      validFrom: "2026-11-27",
      validThrough: "2026-11-27",
    },
    {
      "@type": "OpeningHoursSpecification",
      opens: "00:00",
      closes: "00:00",
      validFrom: "2026-12-24",
      validThrough: "2027-01-03",
    },
  ])
  const catalog = (await jsonLd("/coupons/")).find((block) => block["@type"] === "OfferCatalog")
  const offers = catalog?.itemListElement as Array<Record<string, string>>
  expect(offers.map((offer) => offer.validThrough ?? null)).toEqual(["2026-12-31", null, null])
})
