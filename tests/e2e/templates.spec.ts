import AxeBuilder from "@axe-core/playwright"
import {
  MAP_HOST_FRAME,
  TEMPLATES,
  UNKNOWN_PATH,
  business,
  expect,
  gotoHydrated,
  scrollThrough,
  test,
} from "./fixtures"
import { IBM_POLICY, checkWithIbm } from "./ibm-checker"

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
/** Both engines check each template at a phone's width and a desktop's. */
const A11Y_WIDTHS = [390, 1280] as const

for (const template of TEMPLATES) {
  // One visit, three rules (soft assertions, so a visit reports every rule it breaks).
  test(`${template.name} (${template.path}): loads with no console error, warning or page error; scripts wait for the first paint; every tel: link dials the number`, async ({
    page,
    problems,
  }) => {
    const response = await gotoHydrated(page, template.path)
    expect(response?.status()).toBe(200)
    await expect(page.locator("h1")).toHaveCount(1)

    // Scripts are requested only after the first contentful paint, then the manifest is linked.
    const timing = await page.evaluate(() => ({
      paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
      scripts: performance
        .getEntriesByType("resource")
        .map((entry) => ({ name: new URL(entry.name).pathname, start: entry.startTime }))
        .filter(({ name }) => name.endsWith(".js")),
    }))
    expect.soft(timing.paint).toBeGreaterThan(0)
    expect
      .soft(timing.scripts.map((script) => script.name))
      .toEqual(expect.arrayContaining([expect.stringMatching(/^\/app-/)]))
    const early = timing.scripts.filter((script) => !(script.start >= (timing.paint ?? Infinity)))
    expect.soft(early.map((script) => `${script.name} at ${script.start} ms, paint at ${timing.paint} ms`)).toEqual([])
    // The browser fetches the manifest itself once it is linked, which the loader does after the paint too.
    await expect.soft(page.locator("head link[rel='manifest']")).toHaveAttribute("href", "/manifest.webmanifest")

    // Every tel: link of the hydrated page dials the number in data/business.json.
    const hrefs = await page.locator("a[href^='tel:']").evaluateAll((links) => links.map((a) => a.getAttribute("href")))
    expect.soft(hrefs.length).toBeGreaterThan(1)
    expect.soft(hrefs.filter((href) => href !== `tel:${business.phone.e164}`)).toEqual([])

    // Scroll through so lazy content (logos, the map frame) loads too, with no console problem.
    await scrollThrough(page)
    expect(problems).toEqual([])
  })

  test(`${template.name} (${template.path}): axe finds no WCAG 2.2 A/AA violation, at ${A11Y_WIDTHS.join(" and ")} px`, async ({
    page,
  }) => {
    const summary: string[] = []
    for (const width of A11Y_WIDTHS) {
      await page.setViewportSize({ width, height: 844 })
      await gotoHydrated(page, template.path)
      const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()
      summary.push(
        ...results.violations.map((v) => `${width} px ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
      )
    }
    expect(summary).toEqual([])
  })
}

test("an unknown path shows the 404 and logs exactly the line of decisions.md", async ({ page, problems }) => {
  const response = await gotoHydrated(page, UNKNOWN_PATH)
  expect(response?.status()).toBe(404)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Oops! Page not found/)
  await expect(page.getByText("404", { exact: true })).toBeVisible()
  await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/")
  await expect
    .poll(() => problems)
    .toContain(`error: 404 Error: User attempted to access non-existent route: ${UNKNOWN_PATH}`)
  expect(problems.filter((line) => !line.includes("404"))).toEqual([])
})

test("the 404 page passes axe too", async ({ page }) => {
  await gotoHydrated(page, UNKNOWN_PATH)
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()
  expect(results.violations.map((v) => v.id)).toEqual([])
})

test(`IBM Equal Access (${IBM_POLICY}) finds no failure on any template or the 404 page, at ${A11Y_WIDTHS.join(" and ")} px`, async ({
  page,
}) => {
  const failures: string[] = []
  for (const width of A11Y_WIDTHS) {
    await page.setViewportSize({ width, height: 844 })
    for (const path of [...TEMPLATES.map((template) => template.path), UNKNOWN_PATH]) {
      await gotoHydrated(page, path)
      // The page as a reader has it once scrolled: lazy frames hold their documents, not an empty one.
      await scrollThrough(page)
      const findings = await checkWithIbm(page)
      failures.push(...findings.failures.map((line) => `${path} at ${width} px: ${line}`))
      const review = Object.entries(findings.forReview)
      const total = review.reduce((sum, [, count]) => sum + count, 0)
      const rules = review.map(([rule, count]) => `${rule} ×${count}`).join(", ")
      console.log(
        `IBM Equal Access at ${width} px, ${path}: ${total} for review (not failures)${total ? `: ${rules}` : ""}`,
      )
    }
  }
  expect(failures, `${failures.length} IBM Equal Access failures`).toEqual([])
})

test("the city map frame, once scrolled to, is 400px high and titled", async ({ page }) => {
  await gotoHydrated(page, "/service-area/buffalo-grove/")
  await page.getByRole("button", { name: "Show map of Buffalo Grove" }).scrollIntoViewIfNeeded()
  const frame = page.locator(MAP_HOST_FRAME)
  await expect(frame).toHaveAttribute("title", /Buffalo Grove/)
  const box = await frame.boundingBox()
  expect(box?.height).toBe(400)
})

test("the first Tab lands on the skip link, which is visible with a focus ring and moves focus to main", async ({
  page,
}) => {
  await gotoHydrated(page, "/services/dryer-repair/")
  await page.keyboard.press("Tab")
  const skip = page.getByRole("link", { name: "Skip to main content" })
  await expect(skip).toBeFocused()
  await expect(skip).toBeInViewport()
  const outline = await skip.evaluate((el) => getComputedStyle(el).outlineStyle)
  expect(outline).not.toBe("none")
  await page.keyboard.press("Enter")
  await expect(page.locator("main")).toBeFocused()
})
