import fs from "fs"
import path from "path"
import { parse } from "smol-toml"
import { MAP_HOST_FRAME, TEMPLATES, UNKNOWN_PATH, expect, gotoHydrated, scrollThrough, test } from "./fixtures"

// The headers the test server sends are read from netlify.toml, as here.
const config = parse(fs.readFileSync(path.resolve(__dirname, "../../netlify.toml"), "utf8")) as unknown as {
  headers: Array<{ for: string; values: Record<string, string> }>
}
const expected = config.headers.find((rule) => rule.for === "/*")?.values ?? {}

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
  test(`${name}: served with netlify.toml's headers and no CSP violation`, async ({ page, problems }) => {
    const response = await gotoHydrated(page, route)
    expect(response?.status()).toBe(route === UNKNOWN_PATH ? 404 : 200)
    const headers = response?.headers() ?? {}
    for (const [header, value] of Object.entries(expected)) expect(headers[header.toLowerCase()]).toBe(value)
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

test("a client-side navigation keeps working under the policy", async ({ page }) => {
  await gotoHydrated(page, "/")
  await page.locator("#services a[href='/services/dryer-repair/']").click()
  await expect(page).toHaveURL(/\/services\/dryer-repair\/$/)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Dryer Repair/)
  expect(await page.evaluate(() => window.__cspViolations)).toEqual([])
})
