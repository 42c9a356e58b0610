import { MAP_HOST_FRAME, OWN_MAP_FRAME, expect, gotoHydrated, test } from "./fixtures"
import { cspViolations, netlifyHeaders, watchCspViolations } from "./served-policy"

// Each template's and the 404's own headers and policy are checked on their visit in templates.spec.ts.

test.beforeEach(async ({ page }) => {
  await watchCspViolations(page)
})

test("the city map frame is allowed by the policy and loads", async ({ page }) => {
  await gotoHydrated(page, "/service-area/evanston/")
  // Scrolled into view, the placeholder gives way to the frame.
  await page.getByRole("button", { name: "Show map of Evanston" }).scrollIntoViewIfNeeded()
  await expect(page.frameLocator(MAP_HOST_FRAME).locator("body")).toContainText("Map")
  expect(await cspViolations(page)).toEqual([])
})

test("our map file is served with its own policy and a year's cache, and a missing one is not cached", async ({
  page,
}) => {
  await gotoHydrated(page, "/")
  const src = await page.locator(OWN_MAP_FRAME).first().getAttribute("src")
  expect(src).toMatch(/^\/maps\/[\w.-]+\.svg$/)
  const map = await page.request.get(src ?? "")
  expect(map.status()).toBe(200)
  expect(map.headers()["content-security-policy"]).toBe((await netlifyHeaders(src ?? ""))["content-security-policy"])
  expect(map.headers()["content-security-policy"]).toContain("frame-ancestors 'self'")
  expect(map.headers()["cache-control"]).toContain("immutable")
  const missing = await page.request.get("/maps/service-area.000000000000.svg")
  expect(missing.status()).toBe(404)
  expect(missing.headers()["cache-control"]).not.toContain("immutable")
})

test("a client-side navigation keeps working under the policy", async ({ page }) => {
  await gotoHydrated(page, "/")
  await page.locator("#services a[href='/services/dryer-repair/']").click()
  await expect(page).toHaveURL(/\/services\/dryer-repair\/$/)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Dryer Repair/)
  expect(await cspViolations(page)).toEqual([])
})
