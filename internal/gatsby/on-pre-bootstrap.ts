import type { GatsbyNode } from "gatsby"
import { DATA_DIR, validateDataDir } from "../content/data-dir"
import { ContentError } from "../content/validate"

/** Runs before anything is sourced, so no page is ever created from bad content. */
export const onPreBootstrap: GatsbyNode["onPreBootstrap"] = ({ reporter }) => {
  try {
    validateDataDir(DATA_DIR)
  } catch (error) {
    if (error instanceof ContentError) reporter.panic(error.message)
    throw error
  }
}
