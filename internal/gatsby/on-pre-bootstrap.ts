import type { GatsbyNode } from "gatsby"
import { buildInstant } from "../content/build-clock"
import { DATA_DIR, validateDataDir } from "../content/data-dir"
import { ContentError, formatProblem } from "../content/validate"
import { productionSettingsProblems } from "../production-settings"
import { writeContentProblems } from "../today/build-failures"

/**
 * Runs before anything is sourced, so no page is ever created from bad content;
 * what it refuses is also written down for the owner's page for today.
 * A production build first refuses an environment that would deploy the editor's
 * sign-in half set up, or the site under two addresses (internal/production-settings.ts).
 * It then fixes the build's "now" (SITE_CLOCK): Gatsby starts its query workers
 * after this hook, so every process of the build reads the same day.
 */
export const onPreBootstrap: GatsbyNode["onPreBootstrap"] = ({ reporter }) => {
  const unsafe = productionSettingsProblems((name) => process.env[name])
  if (unsafe) reporter.panic(unsafe)
  reporter.info(`content dated as of ${new Date(buildInstant()).toISOString()} (SITE_CLOCK)`)
  try {
    validateDataDir(DATA_DIR)
    writeContentProblems(process.cwd(), [])
  } catch (error) {
    if (error instanceof ContentError) {
      // Kept for the build plugin that tells the owner's page for today (internal/today/build-failures.ts).
      writeContentProblems(process.cwd(), error.problems.map(formatProblem))
      reporter.panic(error.message)
    }
    throw error
  }
}
