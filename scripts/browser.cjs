// Debian's Chromium as every tool of the project launches it (the whole browser for Lighthouse's
// gate and benchmark and the screenshots; its headless shell for Playwright, the engines' sweep
// and the size budget), the pages Lighthouse measures, and what
// the tools do in a page to see it whole (scroll through it, find unloaded images).
// Written once, so they cannot drift; CommonJS, so that the .cjs and .mjs scripts
// and the .ts files share it (types in browser.d.cts).

const fs = require("node:fs")
const net = require("node:net")
const path = require("node:path")

/** The whole browser a visitor runs: Debian's package, or CHROMIUM_PATH. Lighthouse measures with it; the screenshots show it. */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium"

/**
 * The Chromium the tests drive: Debian's headless shell (package chromium-headless-shell), or
 * HEADLESS_CHROMIUM_PATH. The same Blink and V8 without the browser's own layers, as Playwright
 * runs headless tests by default. Here it took half the processor time of the whole browser for
 * the same pages (tests/e2e/templates.spec.ts: 169 s of user and system time against 362 s).
 */
const HEADLESS_CHROMIUM_PATH = process.env.HEADLESS_CHROMIUM_PATH || "/usr/bin/chromium-headless-shell"

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

/** One page of each of the eight templates (nine once there are reviews): what the browser tests visit and Lighthouse measures (gate and benchmark). */
const TEMPLATES = [
  { name: "home", path: "/" },
  { name: "service", path: "/services/refrigerator-repair/" },
  { name: "city", path: "/service-area/buffalo-grove/" },
  { name: "coupons", path: "/coupons/" },
  { name: "brands", path: "/brands/" },
  { name: "service-area", path: "/service-area/" },
  { name: "privacy", path: "/privacy/" },
  { name: "call-back", path: "/call-back/" },
  // Built only when data/reviews.json holds a review (a copy with the fixture reviews, or the owner's).
  ...(fs.existsSync(path.join(__dirname, "..", "public", "reviews", "index.html"))
    ? [{ name: "reviews", path: "/reviews/" }]
    : []),
]
/**
 * Lighthouse measures each template but the privacy note: a page of plain text in the common
 * layout, with nothing to load or run that the others lack (its own checks, axe, IBM, the
 * widths and the engines, still see it), so its runs would only lengthen the suite.
 */
const LIGHTHOUSE_PAGES = TEMPLATES.filter((template) => template.name !== "privacy").map((template) => template.path)

/** A path no page has (a name of the spec's grid without a town page): the 404 template. */
const UNKNOWN_PATH = "/service-area/waukegan/"

/** The phone the browser tests, the size budget and the screenshots emulate. */
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true }

/**
 * In the page (hand it to page.evaluate): goes down to the bottom half a screen
 * at a time, pausing `pauseMs` at each step, as a reader does, so every lazy
 * image and frame is asked for. Self-contained: Playwright sends its source.
 */
async function scrollDownThePage(pauseMs) {
  for (let y = 0; y <= document.documentElement.scrollHeight; y += window.innerHeight / 2) {
    window.scrollTo({ top: y, behavior: "instant" })
    await new Promise((resolve) => setTimeout(resolve, pauseMs))
  }
}

/** In the page (hand it to page.evaluate): the addresses of the images not loaded (yet). */
function unloadedImages() {
  return Array.from(document.images)
    .filter((image) => !(image.complete && image.naturalWidth > 0))
    .map((image) => image.currentSrc || image.src)
}

/**
 * In the page: the addresses of the images not loaded yet, the first of them brought into view as a
 * reader scrolling down would bring it. WebKit loads a lazy image only once a rendering update finds
 * it near the viewport: a scroll through the page, a step each 20 ms, can pass one before that on a
 * busy machine, and it would then wait above the viewport unloaded. Self-contained.
 */
function unloadedImagesBroughtIntoView() {
  const unloaded = Array.from(document.images).filter((image) => !(image.complete && image.naturalWidth > 0))
  unloaded[0]?.scrollIntoView({ block: "center", behavior: "instant" })
  return unloaded.map((image) => image.currentSrc || image.src)
}

/** Waits up to `timeoutMs` for every image of a Playwright page to load; returns the addresses of those that did not. */
async function waitForImages(page, timeoutMs) {
  const deadline = Date.now() + timeoutMs
  let missing = await page.evaluate(unloadedImages)
  while (missing.length > 0 && Date.now() < deadline) {
    await page.waitForTimeout(100)
    missing = await page.evaluate(unloadedImages)
  }
  return missing
}

/** A free TCP port on the loopback, so that two servers or drivers started at once never share one. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

module.exports = {
  freePort,
  CHROMIUM_PATH,
  HEADLESS_CHROMIUM_PATH,
  CHROMIUM_FLAGS,
  TEMPLATES,
  LIGHTHOUSE_PAGES,
  UNKNOWN_PATH,
  PHONE,
  scrollDownThePage,
  unloadedImages,
  unloadedImagesBroughtIntoView,
  waitForImages,
}
