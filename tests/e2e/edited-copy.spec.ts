import path from "path"
import { expect, test } from "@playwright/test"
import { distanceMiles, type LatLng } from "../../internal/geo/distance"
import {
  AT_WORD_LIMIT,
  LINCOLNWOOD,
  NEW_BRAND,
  NEW_CLOSURE,
  NEW_COUPON_TITLE,
  NEW_STREET,
  ORIGINAL,
  longDay,
  readJson,
} from "./editor-edits"
import { startSite, stop } from "./editor-setup"
import { TODAY_CLOSURE_OCCASION, TODAY_HOURS, TODAY_NOTICE } from "./today-page-edits"
import { shopToday } from "../../src/lib/today-actions"

/**
 * The copy the owner edited through the editor (tests/e2e/admin.spec.ts), once built
 * (scripts/edited-copy-check.mjs builds it in EDITED_COPY_DIR): its pages show every edit.
 * The closure's day and the offer's end are read from the copy, as the editor wrote them; so are
 * the day's facts the owner then changed from the page for today (tests/e2e/owner-today.spec.ts).
 */

const work = process.env.EDITED_COPY_DIR ?? ""
let site: Awaited<ReturnType<typeof startSite>> | undefined

test.beforeAll(async () => {
  if (!work) throw new Error("EDITED_COPY_DIR names no edited copy: run scripts/edited-copy-check.mjs")
  site = await startSite(work)
})

test.afterAll(() => stop(site?.process))

const origin = () => site?.origin ?? ""

test("the home page shows the new coupon title and the new street, and announces the closure", async ({ page }) => {
  const business = readJson<{ specialHours?: Array<{ from: string; note?: string }> }>(
    path.join(work, "data/business.json"),
  )
  const closure = business.specialHours?.find((entry) => entry.note === NEW_CLOSURE.note)
  expect(closure, "the copy holds the closure the editor added").toBeDefined()
  await page.goto(`${origin()}/`)
  await expect(page.locator("#coupons")).toContainText(NEW_COUPON_TITLE)
  await expect(page.locator("#coupons")).not.toContainText(ORIGINAL.coupons.homeCoupons[0].title)
  await expect(page.locator("#contact")).toContainText(NEW_STREET)
  await expect(page.locator("footer")).toContainText(NEW_STREET)
  // The closure, a week or less away, is announced at the top of every page.
  await expect(page.getByRole("complementary", { name: "Notice" })).toContainText(
    `Closed ${longDay(closure?.from ?? "", true)}, for ${NEW_CLOSURE.note}.`,
  )
})

test("the town given by its name and paragraph has its page: county, true miles, neighbours and map", async ({
  page,
}) => {
  const town = await page.goto(`${origin()}/service-area/lincolnwood/`)
  expect(town?.status()).toBe(200)
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Lincolnwood")
  await expect(page.locator("main")).toContainText(LINCOLNWOOD.localParagraph.slice(0, 60))
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`${LINCOLNWOOD.county} County`)
  const stated = Number(/(\d+(?:\.\d+)?) miles? from our/.exec((await page.locator("main").textContent()) ?? "")?.[1])
  const trueMiles = distanceMiles(readJson<{ geo: LatLng }>(path.join(work, "data/business.json")).geo, LINCOLNWOOD)
  expect(Math.abs(stated - trueMiles), `stated ${stated} miles, truly ${trueMiles.toFixed(2)}`).toBeLessThanOrEqual(0.5)
  expect(await page.locator("#nearby a[href^='/service-area/']").count()).toBeGreaterThanOrEqual(4)
  await expect(page.locator("main svg a[href^='/service-area/']").first()).toBeAttached()
  await page.goto(`${origin()}/service-area/`)
  await expect(page.locator("main a[href='/service-area/lincolnwood/']").first()).toBeVisible()
})

test("the town whose paragraph has the fewest words allowed has its page", async ({ page }) => {
  const atLimit = await page.goto(`${origin()}/service-area/norridge/`)
  expect(atLimit?.status()).toBe(200)
  await expect(page.locator("main")).toContainText(AT_WORD_LIMIT.localParagraph)
})

test("the brands page shows the new brand, and the coupons page the offer's end", async ({ page }) => {
  await page.goto(`${origin()}/brands/`)
  await expect(page.locator("main")).toContainText(NEW_BRAND.name)
  const offer = readJson<{ offers: Array<{ title: string; expires?: string }> }>(path.join(work, "data/coupons.json"))
    .offers[0]
  expect(offer.expires, "the copy holds the end the editor gave the first offer").toBeDefined()
  await page.goto(`${origin()}/coupons/`)
  await expect(page.locator("main li").filter({ hasText: offer.title })).toContainText(
    `Expires ${longDay(offer.expires ?? "", false)}`,
  )
})

test("the owner's changes from the page for today show: the notice on every page, the closure and the other hours in the structured data, and each coupon's end", async ({
  page,
}) => {
  interface Special {
    from: string
    to?: string
    opens?: string
    closes?: string
    note?: string
  }
  const { specialHours = [] } = readJson<{ specialHours?: Special[] }>(path.join(work, "data/business.json"))
  const closure = specialHours.find((entry) => entry.note === TODAY_CLOSURE_OCCASION)
  const hours = specialHours.find((entry) => entry.note === TODAY_HOURS.occasion)
  expect(closure, "the copy holds the closure the owner made from the page for today").toBeDefined()
  expect(hours, "the copy holds the other hours the owner gave from the page for today").toBeDefined()

  await page.goto(`${origin()}/`)
  await expect(page.getByRole("complementary", { name: "Notice" })).toContainText(TODAY_NOTICE)
  const business = (
    await page.locator('script[type="application/ld+json"]').evaluateAll((scripts) =>
      scripts.flatMap((script) => {
        const data = JSON.parse(script.textContent ?? "{}")
        return Array.isArray(data["@graph"]) ? data["@graph"] : [data]
      }),
    )
  ).find((node) => Array.isArray(node.openingHoursSpecification))
  expect(business?.openingHoursSpecification).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ opens: "00:00", closes: "00:00", validFrom: closure?.from, validThrough: closure?.to }),
      expect.objectContaining({ opens: hours?.opens, closes: hours?.closes, validFrom: hours?.from }),
    ]),
  )

  // Every coupon with a last day to come shows it, on the home page or the coupons page.
  const today = shopToday(Date.now(), readJson<{ timeZone: string }>(path.join(work, "data/business.json")).timeZone)
  const book = readJson<Record<"homeCoupons" | "offers", { title: string; expires?: string }[]>>(
    path.join(work, "data/coupons.json"),
  )
  const ending = { homeCoupons: "/", offers: "/coupons/" } as const
  const missing: string[] = []
  let seen = 0
  for (const [list, address] of Object.entries(ending) as ["homeCoupons" | "offers", string][]) {
    await page.goto(`${origin()}${address}`)
    for (const coupon of book[list].filter((one) => one.expires && one.expires >= today)) {
      const card = page.getByRole("article", { name: coupon.title, exact: true })
      const text = (await card.textContent({ timeout: 10_000 }).catch(() => "")) ?? ""
      seen += 1
      if (!text.includes(`Expires ${longDay(coupon.expires ?? "", false)}`)) missing.push(`${address} ${coupon.title}`)
    }
  }
  expect(seen, "coupons with a last day in the copy").toBeGreaterThanOrEqual(2)
  expect(missing, `coupons whose end is not shown: ${missing.join(", ")}`).toEqual([])
})
