import type { GatsbyNode } from "gatsby"
import { buildInstant } from "../content/build-clock"
import { DATA_DIR, validateDataDir } from "../content/data-dir"
import { ContentError } from "../content/validate"

/**
 * Runs before anything is sourced, so no page is ever created from bad content.
 * It first fixes the build's "now" (SITE_CLOCK): Gatsby starts its query workers
 * after this hook, so every process of the build reads the same day.
 */
export const onPreBootstrap: GatsbyNode["onPreBootstrap"] = ({ reporter }) => {
  reporter.info(`content dated as of ${new Date(buildInstant()).toISOString()} (SITE_CLOCK)`)
  try {
    validateDataDir(DATA_DIR)
  } catch (error) {
    if (error instanceof ContentError) reporter.panic(error.message)
    throw error
  }
}
