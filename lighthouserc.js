// Lighthouse CI: mobile settings (Lighthouse's default), Debian's Chromium,
// public/ served by LHCI itself, results kept on disk and never uploaded.
// Each page runs RUNS times and every assertion judges the median of its runs,
// so one slow run on a busy machine does not fail the gate. ("median", not
// "median-run": LHCI 0.15 applies "median-run" to audits but judges category
// scores on the best run, which would let two slow runs of three pass.)
const { CHROMIUM_FLAGS, CHROMIUM_PATH, LIGHTHOUSE_PAGES } = require("./scripts/browser.cjs")

const RUNS = 3

module.exports = {
  ci: {
    collect: {
      staticDistDir: "./public",
      url: LIGHTHOUSE_PAGES.map((path) => `http://localhost${path}`),
      numberOfRuns: RUNS,
      chromePath: CHROMIUM_PATH,
      settings: {
        chromeFlags: CHROMIUM_FLAGS.join(" "),
      },
    },
    assert: {
      aggregationMethod: "median",
      assertions: {
        "categories:performance": ["error", { minScore: 0.95 }],
        "categories:accessibility": ["error", { minScore: 1 }],
        "categories:best-practices": ["error", { minScore: 1 }],
        "categories:seo": ["error", { minScore: 1 }],
        "cumulative-layout-shift": ["error", { maxNumericValue: 0 }],
      },
    },
    upload: {
      target: "filesystem",
      outputDir: "./reports/lighthouse",
    },
  },
}
