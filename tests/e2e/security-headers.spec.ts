import {
  MAP_HOST_FRAME,
  OWN_MAP_FRAME,
  TEMPLATES,
  UNKNOWN_PATH,
  expect,
  gotoHydrated,
  scrollThrough,
  test,
} from "./fixtures"
import { ROOT } from "../../scripts/project-copy.cjs"
import { headersForPath, loadHeaderRules } from "../../scripts/netlify-headers.mjs"

// What Netlify sends for a path: the rules of netlify.toml and public/_headers, read by Netlify's parser.
const expectedHeaders = async (route: string) => headersForPath(await loadHeaderRules(ROOT), route)

declare global {
  interface Window {
    __cspViolations: string[]
  }
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    window.__cspViolations = []
    document.addEventListener("securitypolicyviolation", (event) => {
      window.__cspViolations.push(`${event.violatedDirective} blocked ${event.blockedURI}`)
    })
  })
})

for (const { name, path: route } of [...TEMPLATES, { name: "unknown path", path: UNKNOWN_PATH }]) {
  test(`${name}: served with Netlify's headers and no CSP violation`, async ({ page, problems }) => {
    const response = await gotoHydrated(page, route)
    expect(response?.status()).toBe(route === UNKNOWN_PATH ? 404 : 200)
    const headers = response?.headers() ?? {}
    const expected = await expectedHeaders(route)
    expect(Object.keys(expected)).toContain("x-frame-options")
    for (const [header, value] of Object.entries(expected)) expect([header, headers[header]]).toEqual([header, value])
    // Scroll to the bottom so lazy images and any map frame load under the policy too.
    await scrollThrough(page)
    expect(await page.evaluate(() => window.__cspViolations)).toEqual([])
    expect(problems.filter((line) => /Content Security Policy|Refused to/i.test(line))).toEqual([])
  })
}

test("the city map frame is allowed by the policy and loads", async ({ page }) => {
  await gotoHydrated(page, "/service-area/evanston/")
  // Scrolled into view, the placeholder gives way to the frame.
  await page.getByRole("button", { name: "Show map of Evanston" }).scrollIntoViewIfNeeded()
  await expect(page.frameLocator(MAP_HOST_FRAME).locator("body")).toContainText("Map")
  expect(await page.evaluate(() => window.__cspViolations)).toEqual([])
})

test("our map file is served with its own policy and a year's cache, and a missing one is not cached", async ({
  page,
}) => {
  await gotoHydrated(page, "/")
  const src = await page.locator(OWN_MAP_FRAME).first().getAttribute("src")
  expect(src).toMatch(/^\/maps\/[\w.-]+\.svg$/)
  const map = await page.request.get(src ?? "")
  expect(map.status()).toBe(200)
  expect(map.headers()["content-security-policy"]).toBe((await expectedHeaders(src ?? ""))["content-security-policy"])
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
  expect(await page.evaluate(() => window.__cspViolations)).toEqual([])
})
