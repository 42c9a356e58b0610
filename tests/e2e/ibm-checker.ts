import fs from "fs"
import type { Page } from "@playwright/test"

/**
 * IBM Equal Access (accessibility-checker-engine), a second accessibility engine
 * beside axe-core, independent of it and with rules axe does not have (unique
 * names of landmarks and articles among them).
 */

/** The engine's WCAG 2.2 (A & AA) rule set. */
export const IBM_POLICY = "WCAG_2_2"

/** The engine's browser build, its package's main module (ace.js); it defines a global `ace`. */
const ENGINE_SOURCE = fs.readFileSync(require.resolve("accessibility-checker-engine"), "utf8")

type Engine = typeof import("accessibility-checker-engine")

export interface IbmFindings {
  /** Results the rule set counts as violations that fail: one readable line each (rule, message, element). */
  failures: string[]
  /** Results for a person to review, counted by level and rule: "potentialviolation style_focus_visible" -> 8. */
  forReview: Record<string, number>
}

/** The engine's levels, named as its reports name them (a result's value is [policy, confidence]). */
function level(policy: string, confidence: string): string {
  if (confidence === "MANUAL") return "manual"
  const kind = policy === "VIOLATION" ? "violation" : policy.toLowerCase()
  return confidence === "POTENTIAL" ? `potential${kind}` : kind
}

/**
 * Runs the engine's WCAG 2.2 rule set on the page as it is now. The engine is
 * injected with `page.evaluate` (a DevTools evaluation, which the pages'
 * Content-Security-Policy does not govern, unlike a <script> element). A result
 * fails when its value is [VIOLATION, FAIL]; POTENTIAL and MANUAL results, and
 * recommendations, are for review and only counted.
 */
export async function checkWithIbm(page: Page): Promise<IbmFindings> {
  const defined = await page.evaluate(() => "ace" in window)
  if (!defined) await page.evaluate(`${ENGINE_SOURCE}\n;window.ace = ace`)
  const results = await page.evaluate(async (policy) => {
    const checker = new (window as unknown as { ace: Engine }).ace.Checker()
    // An unknown rule set would run no rule and pass whatever the page holds.
    if (!checker.getGuidelineIds().includes(policy)) {
      throw new Error(`IBM Equal Access has no rule set ${policy}: ${checker.getGuidelineIds().join(", ")}`)
    }
    const report = await checker.check(document, [policy])
    // A report with no result at all judged nothing: say so rather than pass.
    if (report.results.length === 0)
      throw new Error(`IBM Equal Access (${policy}) returned no result for ${location.pathname}`)
    return report.results
      .filter((result) => result.value[1] !== "PASS")
      .map((result) => ({
        ruleId: result.ruleId,
        policy: result.value[0],
        confidence: result.value[1],
        message: result.message,
        path: result.path.dom,
      }))
  }, IBM_POLICY)
  const failures: string[] = []
  const forReview: Record<string, number> = {}
  for (const result of results) {
    if (result.policy === "VIOLATION" && result.confidence === "FAIL") {
      failures.push(`${result.ruleId}: ${result.message} (${result.path})`)
    } else {
      const key = `${level(result.policy, result.confidence)} ${result.ruleId}`
      forReview[key] = (forReview[key] ?? 0) + 1
    }
  }
  return { failures, forReview }
}
