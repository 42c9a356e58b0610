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

/**
 * The copy the owner edited through the editor (tests/e2e/admin.spec.ts), once built
 * (scripts/edited-copy-check.mjs builds it in EDITED_COPY_DIR): its pages show every edit.
 * The closure's day and the offer's end are read from the copy, as the editor wrote them.
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
