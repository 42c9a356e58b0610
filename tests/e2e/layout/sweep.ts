import path from "node:path"
import type { Page } from "@playwright/test"
import AxeBuilder from "@axe-core/playwright"
import { TEMPLATES, UNKNOWN_PATH, business, gotoHydrated, scrollThrough, settled } from "../fixtures"
import {
  breadcrumbOffTheContentEdge,
  brokenCompounds,
  callButtonsOverTwoLines,
  cardRowsNotFilled,
  firstScreen,
  iconsNotAtTheirSize,
  PHONES,
  SLIM_HEADER_MAX,
  scrollPastTheHeader,
  scrolledHeaderProblems,
  sidewaysOverflow,
  statusOffTheCallButton,
  wrappedPhoneNumbers,
} from "../layout-probes"

/**
 * The layout sweep (run by tests/e2e/layout.sweep.ts, judged by tests/e2e/layout.spec.ts): every
 * template and the 404 page is opened once, scrolled through, resized through the widths people
 * use and measured at each, once it has settled. One test a page, so each is short; each writes
 * its findings for the rules, which name every page and width that breaks one.
 */

export const WIDTHS = [320, 390, 768, 1280, 1440, 1920]
export const PAGES = [...TEMPLATES.map((template) => template.path), UNKNOWN_PATH]
export const HEIGHT = 900
/** The small phone whose first screen must show the headline and the first call button. */
export const FIRST_SCREEN = { width: 375, height: 667 }

/** One page's findings, each prefixed "{path} at {width} px". */
export interface WidthFindings {
  wrappedPhones: string[]
  sideways: string[]
  smallTargets: string[]
  callButtonLines: string[]
  brokenCompounds: string[]
  emptySlots: string[]
  breadcrumb: string[]
  statusAlignment: string[]
  scrolledHeader: string[]
  firstScreen: string[]
  squeezedIcons: string[]
  /** What the probes that may find nothing on a page measured there, over every width: cards' grids, breadcrumbs… */
  measured: { cardGrids: number; breadcrumbs: number; compounds: number; callButtons: number }
  /** A figure, not a rule: how much of a small phone's first screen is the page's own. */
  contentShare: number
}

/** Where a page's findings are written for the rules. */
export const findingsFile = (route: string) =>
  path.resolve("reports", "layout", `${route.replace(/\W+/g, "-").replace(/^-|-$/g, "") || "home"}.json`)

/**
 * WCAG 2.2's 2.5.8 (Target Size, Minimum) as axe's own `target-size` rule judges it on the page as
 * laid out now: each target it finds under 24 × 24 CSS px and not excused by spacing, inline text
 * or an equivalent, or that it could not judge (needs review), named with axe's reason. A page where
 * axe judged no target at all is named too.
 */
async function undersizedTargets(page: Page): Promise<string[]> {
  // Judged at the page's top, where the sticky header covers nothing: axe counts a target's part
  // under it as obscured, which 2.5.8 does not (a stop under the header is the Tab rounds' rule).
  // Then scrolled back, for the next width to measure where the others were measured: the settle
  // after that width's resize waits for the scroll too.
  const scrolled = await page.evaluate(() => window.scrollY)
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }))
  await settled(page)
  const results = await new AxeBuilder({ page }).withRules(["target-size"]).analyze()
  await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), scrolled)
  const judged = [...results.passes, ...results.violations, ...results.incomplete].flatMap((rule) => rule.nodes)
  if (judged.length === 0) return ["axe's target-size judged no link or button"]
  return [...results.violations, ...results.incomplete].flatMap((rule) =>
    rule.nodes.map(
      (node) =>
        `${node.target.join(" ")} (axe target-size${results.incomplete.includes(rule) ? ", needs review" : ""}: ${(node.failureSummary ?? "").replace(/\s+/g, " ").trim()})`,
    ),
  )
}

/** Opens a page, scrolls through it and measures it at every width, each once it has settled. */
export async function measureWidths(page: Page, route: string): Promise<WidthFindings> {
  const found: WidthFindings = {
    wrappedPhones: [],
    sideways: [],
    smallTargets: [],
    callButtonLines: [],
    brokenCompounds: [],
    emptySlots: [],
    breadcrumb: [],
    statusAlignment: [],
    scrolledHeader: [],
    firstScreen: [],
    squeezedIcons: [],
    measured: { cardGrids: 0, breadcrumbs: 0, compounds: 0, callButtons: 0 },
    contentShare: 0,
  }
  await gotoHydrated(page, route)
  // Lazy logos loaded and the (stubbed) map frame in place: the page as it stays once read.
  await scrollThrough(page)
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT })
    await settled(page)
    const where = `${route} at ${width} px`
    const { shown, wrapped } = await page.evaluate(wrappedPhoneNumbers, business.phone.display)
    if (shown === 0) found.wrappedPhones.push(`${where}: no phone number on screen`)
    found.wrappedPhones.push(...wrapped.map((lines) => `${where} (${lines})`))
    const { scrollWidth, viewport, culprits } = await page.evaluate(sidewaysOverflow)
    if (scrollWidth !== viewport) found.sideways.push(`${where}: ${scrollWidth} px wide (${culprits.join("; ")})`)
    const callButtons = await page.evaluate(callButtonsOverTwoLines)
    found.measured.callButtons += callButtons.measured
    found.callButtonLines.push(...callButtons.offenders.map((one) => `${where}: ${one}`))
    const compounds = await page.evaluate(brokenCompounds)
    found.measured.compounds += compounds.measured
    found.brokenCompounds.push(...compounds.offenders.map((one) => `${where}: ${one}`))
    const grids = await page.evaluate(cardRowsNotFilled)
    found.measured.cardGrids += grids.measured
    found.emptySlots.push(...grids.offenders.map((one) => `${where}: ${one}`))
    const crumb = await page.evaluate(breadcrumbOffTheContentEdge)
    if (crumb.measured) found.measured.breadcrumbs += 1
    if (crumb.offender) found.breadcrumb.push(`${where}: ${crumb.offender}`)
    const icons = await page.evaluate(iconsNotAtTheirSize)
    if (icons.icons === 0) found.squeezedIcons.push(`${where}: no icon measured`)
    found.squeezedIcons.push(...icons.offenders.map((one) => `${where}: ${one}`))
    const status = await page.evaluate(statusOffTheCallButton)
    if (status) found.statusAlignment.push(`${where}: ${status}`)
    // Last at each width: it scrolls to the top and back.
    found.smallTargets.push(...(await undersizedTargets(page)).map((target) => `${where}: ${target}`))
  }
  for (const phone of PHONES) {
    await page.setViewportSize(phone)
    await page.evaluate(scrollPastTheHeader)
    await settled(page)
    const problems = await page.evaluate(scrolledHeaderProblems, SLIM_HEADER_MAX)
    if (problems.length)
      found.scrolledHeader.push(`${route} at ${phone.width} × ${phone.height}: ${problems.join(", ")}`)
  }
  await page.setViewportSize(FIRST_SCREEN)
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }))
  await settled(page)
  const screen = await page.evaluate(firstScreen)
  found.contentShare = screen.contentShare
  const at = `${route} at ${FIRST_SCREEN.width} × ${FIRST_SCREEN.height}`
  found.firstScreen.push(...screen.problems.map((problem) => `${at}: ${problem}`))
  return found
}
