import type { Browser, Page } from "@playwright/test"
import AxeBuilder from "@axe-core/playwright"
import {
  MAP_HOST_FRAME,
  TEMPLATES,
  UNKNOWN_PATH,
  business,
  expect,
  gotoHydrated,
  scrollThrough,
  settled,
  test,
} from "./fixtures"
import { IBM_POLICY, checkWithIbm } from "./ibm-checker"
import { cspViolations, expectNetlifyHeaders, watchCspViolations } from "./served-policy"

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
/** Both engines check each template at a phone's width and a desktop's. */
const A11Y_WIDTHS = [390, 1280] as const

/**
 * Both accessibility engines on one visit of a page at a width, each judging the page settled:
 * axe as the page opens, IBM Equal Access once it has been scrolled through (lazy frames hold
 * their documents). Every finding is named "{engine} at {width} px: …".
 */
async function accessibilityFindings(page: Page, path: string, width: number): Promise<string[]> {
  const found: string[] = []
  await page.setViewportSize({ width, height: 844 })
  await gotoHydrated(page, path)
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()
  if (results.passes.length === 0) found.push(`axe at ${width} px: no rule passed, so it checked nothing`)
  found.push(
    ...results.violations.map(
      (v) => `axe at ${width} px, ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    ),
  )
  await scrollThrough(page)
  const findings = await checkWithIbm(page)
  found.push(...findings.failures.map((line) => `IBM Equal Access at ${width} px: ${line}`))
  const review = Object.entries(findings.forReview)
  const total = review.reduce((sum, [, count]) => sum + count, 0)
  const rules = review.map(([rule, count]) => `${rule} ×${count}`).join(", ")
  console.log(
    `IBM Equal Access at ${width} px, ${path}: ${total} for review (not failures)${total ? `: ${rules}` : ""}`,
  )
  return found
}

/** One test a page and width: axe and IBM Equal Access on one visit. */
const accessibilityRule = (name: string, path: string) => {
  for (const width of A11Y_WIDTHS)
    test(`${name} (${path}): axe and IBM Equal Access (${IBM_POLICY}) find no WCAG 2.2 A/AA failure at ${width} px`, async ({
      page,
    }) => {
      const failures = await accessibilityFindings(page, path, width)
      expect(failures, `${failures.length} accessibility failures on ${path}:\n${failures.join("\n")}`).toEqual([])
    })
}

/** A slow phone: its processor this many times slower than the machine's (DevTools' CPU throttling). */
const SLOW_PHONE_CPU = 6
/** Widths of the header's two layouts: a phone's and a desktop's. */
const SHIFT_WIDTHS = [390, 1280] as const

/**
 * Opens a page as a slow phone does, its processor slowed (Chromium paints a page it has only begun
 * to parse), and returns every layout shift from the start until the page has settled, each with
 * its value and what moved, box before and after: "0.00656 at 875 ms: li 837,392 379×27 -> 644,392 282×54".
 */
async function shiftsOnASlowPhone(browser: Browser, baseURL: string, path: string, width: number): Promise<string[]> {
  // A browser of its own, as a visitor's that has not been to the site: nothing cached or compiled yet.
  const context = await browser.newContext({ baseURL, ignoreHTTPSErrors: true, viewport: { width, height: 844 } })
  const page = await context.newPage()
  await page.addInitScript(() => {
    type Shift = PerformanceEntry & {
      value: number
      hadRecentInput: boolean
      sources?: Array<{ node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }>
    }
    const shifts: string[] = []
    ;(window as unknown as { __shifts: string[] }).__shifts = shifts
    const box = (rect: DOMRectReadOnly) =>
      `${Math.round(rect.x)},${Math.round(rect.y)} ${Math.round(rect.width)}×${Math.round(rect.height)}`
    const name = (node?: Node | null) =>
      node instanceof Element
        ? `${node.tagName.toLowerCase()} '${(node.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 30)}'`
        : (node?.nodeName ?? "a removed node")
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        if (entry.hadRecentInput) continue
        const moved = (entry.sources ?? []).map(
          (one) => `${name(one.node)} ${box(one.previousRect)} -> ${box(one.currentRect)}`,
        )
        shifts.push(
          `${entry.value.toFixed(5)} at ${Math.round(entry.startTime)} ms: ${moved.join("; ") || "no source named"}`,
        )
      }
    }).observe({ type: "layout-shift", buffered: true })
  })
  const cdp = await page.context().newCDPSession(page)
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: SLOW_PHONE_CPU })
  try {
    await gotoHydrated(page, path)
    return await page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts)
  } finally {
    await context.close()
  }
}

for (const template of TEMPLATES) {
  // One visit, three rules (soft assertions, so a visit reports every rule it breaks).
  test(`${template.name} (${template.path}): served with Netlify's headers; loads with no console error, warning, page error or CSP violation; scripts wait for the first paint; every tel: link dials the number`, async ({
    page,
    problems,
  }) => {
    await watchCspViolations(page)
    const response = await gotoHydrated(page, template.path)
    expect(response?.status()).toBe(200)
    await expectNetlifyHeaders(response, template.path)
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

    // Scroll through so lazy content (logos, the map frame) loads too, with no console problem
    // and nothing refused by the page's policy.
    await scrollThrough(page)
    expect(problems).toEqual([])
    expect(await cspViolations(page)).toEqual([])
  })
  accessibilityRule(template.name, template.path)

  test(`${template.name} (${template.path}): nothing moves while a slow phone parses and paints it (its processor ${SLOW_PHONE_CPU}× slower), at ${SHIFT_WIDTHS.join(" and ")} px`, async ({
    browser,
    baseURL,
  }) => {
    // Both phones at once, each in a context of its own: DevTools' throttling pauses the page's thread,
    // which leaves the machine idle most of the time, so the two loads take about the time of one.
    const byWidth = await Promise.all(
      SHIFT_WIDTHS.map(async (width) =>
        (await shiftsOnASlowPhone(browser, baseURL ?? "", template.path, width)).map(
          (shift) => `${width} px: ${shift}`,
        ),
      ),
    )
    const shifts = byWidth.flat()
    expect(shifts, `${shifts.length} layout shifts on ${template.path}:\n${shifts.join("\n")}`).toEqual([])
  })
}

test("an unknown path shows the 404, served with Netlify's headers, and logs exactly the line the product's rules give", async ({
  page,
  problems,
}) => {
  await watchCspViolations(page)
  const response = await gotoHydrated(page, UNKNOWN_PATH)
  expect(response?.status()).toBe(404)
  await expectNetlifyHeaders(response, UNKNOWN_PATH)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Oops! Page not found/)
  await expect(page.getByText("404", { exact: true })).toBeVisible()
  await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/")
  await expect
    .poll(() => problems)
    .toContain(`error: 404 Error: User attempted to access non-existent route: ${UNKNOWN_PATH}`)
  // Scrolled through, as a reader would: nothing refused by the policy on the way, in the console or its events.
  await scrollThrough(page)
  expect(problems.filter((line) => !line.includes("404"))).toEqual([])
  expect(await cspViolations(page)).toEqual([])
})

accessibilityRule("the 404 page", UNKNOWN_PATH)

test("the city map frame, once scrolled to, is 400px high and titled", async ({ page }) => {
  await gotoHydrated(page, "/service-area/buffalo-grove/")
  await page.getByRole("button", { name: "Show map of Buffalo Grove" }).scrollIntoViewIfNeeded()
  const frame = page.locator(MAP_HOST_FRAME)
  await expect(frame).toHaveAttribute("title", /Buffalo Grove/)
  await settled(page)
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
  await settled(page)
  await expect(skip).toBeInViewport()
  const outline = await skip.evaluate((el) => getComputedStyle(el).outlineStyle)
  expect(outline).not.toBe("none")
  await page.keyboard.press("Enter")
  await expect(page.locator("main")).toBeFocused()
})
