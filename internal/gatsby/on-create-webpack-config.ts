import path from "path"
import type { GatsbyNode } from "gatsby"
import { classTableVersion, shortenCssModuleClassNames } from "../css-class-names"

/** The two production stages: the browser bundle and the server render must name classes alike. */
const PRODUCTION_STAGES = new Set(["build-javascript", "build-html"])

/** Modules of Gatsby's that a production page never runs (see the stand-in's comment). */
const NEVER_RUN = [
  /[\\/]internal-plugins[\\/]partytown[\\/]gatsby-browser\.js$/,
  /^\.\/register-service-worker$/,
  /^\.\/get-manifest-pathname$/,
]
const STAND_IN = path.resolve(__dirname, "unused-in-production.cjs")

/**
 * Short CSS Module class names in production (see internal/css-class-names.ts),
 * and, in the browser bundle, a stand-in for the modules of Gatsby's that never run.
 */
export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({
  stage,
  getConfig,
  actions,
  plugins,
  reporter,
}) => {
  if (!PRODUCTION_STAGES.has(stage)) return
  const config = getConfig()
  if (stage === "build-javascript") {
    config.plugins = [
      ...(config.plugins ?? []),
      ...NEVER_RUN.map((request) => plugins.normalModuleReplacement(request, STAND_IN)),
    ]
    // Gatsby gathers every CSS Module of every template into one stylesheet, which each page
    // inlines whole: the home page carried the town, service and 404 pages' rules (3.6 KB of its
    // 15). Without that group each template's stylesheet holds its own modules, and a page inlines
    // its template's and the app's (gatsby-ssr.tsx puts the app's first, as they were). No module
    // is loaded lazily, the case Gatsby's single stylesheet guards against.
    const groups = config.optimization?.splitChunks
    if (!groups || typeof groups !== "object" || !groups.cacheGroups || !("styles" in groups.cacheGroups)) {
      reporter.panicOnBuild("onCreateWebpackConfig: Gatsby's `styles` chunk group is gone; see the comment above it")
      return
    }
    delete groups.cacheGroups.styles
  }
  if (shortenCssModuleClassNames(config.module?.rules, path.resolve("src")) === 0) {
    reporter.panicOnBuild(`onCreateWebpackConfig: no CSS Modules loader found in the ${stage} webpack config`)
    return
  }
  // webpack's persistent cache holds each module's class names: kept only under the same table.
  if (config.cache && typeof config.cache === "object") {
    const version = `css-classes-${classTableVersion(path.resolve("src"))}`
    config.cache = { ...config.cache, version: config.cache.version ? `${config.cache.version}-${version}` : version }
  }
  actions.replaceWebpackConfig(config)
}
