import type { GatsbyNode } from "gatsby"
import { shortenCssModuleClassNames } from "../css-class-names"

/** The two production stages: the browser bundle and the server render must name classes alike. */
const PRODUCTION_STAGES = new Set(["build-javascript", "build-html"])

/** Short CSS Module class names in production (see internal/css-class-names.ts). */
export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({ stage, getConfig, actions, reporter }) => {
  if (!PRODUCTION_STAGES.has(stage)) return
  const config = getConfig()
  if (shortenCssModuleClassNames(config.module?.rules) === 0) {
    reporter.panicOnBuild(`onCreateWebpackConfig: no CSS Modules loader found in the ${stage} webpack config`)
    return
  }
  actions.replaceWebpackConfig(config)
}
