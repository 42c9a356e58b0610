// Debian's Chromium as every tool of the project launches it (Playwright, Lighthouse
// gate and benchmark, the size budget), and the pages Lighthouse measures.
// Written once, so they cannot drift; CommonJS, so that the .cjs and .mjs scripts
// and the .ts files share it (types in browser.d.cts).

/** The browser: Debian's package, or CHROMIUM_PATH. */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium"

/** Flags for a root user in a container with no GPU, and no background traffic that would skew a measurement. */
const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
]

/** One page of each of the six templates: what Lighthouse measures, in the gate and in the benchmark. */
const LIGHTHOUSE_PAGES = [
  "/",
  "/services/refrigerator-repair/",
  "/service-area/buffalo-grove/",
  "/coupons/",
  "/brands/",
  "/service-area/",
]

module.exports = { CHROMIUM_PATH, CHROMIUM_FLAGS, LIGHTHOUSE_PAGES }
