#!/usr/bin/env node
/**
 * Full-page screenshots of every template, to look at before submitting.
 * Serves the build in public/ over HTTPS (scripts/serve-public.mjs, on a free
 * port), opens one page of each of the templates and the 404 page in each
 * engine a visitor uses (Chromium, Firefox ESR and WebKit, from Debian's
 * packages: scripts/engines.cjs) at each width, and writes
 * `screenshots/{template}-{width}-{engine}.png`.
 *
 * Before each capture it scrolls through the page a half screen at a time, as
 * a reader would, so every lazy image (the brand logos) loads; waits until every
 * image has loaded, bringing each one not loaded yet into view; then returns to the top, and captures once the page has
 * settled (scripts/settle.cjs, as the tests judge a page). A capture that
 * skipped this would show lazy logos as empty boxes. Nothing leaves the
 * machine: the map host's frame is answered with a stub, any other host is refused.
 * It prints each page's height and where the files are.
 *
 *   npm run build && npm run screenshots
 *   npm run screenshots -- --widths 320,390 --pages /,/brands/ --out /tmp/shots
 *   npm run screenshots -- --engine webkit          (one engine; all three by default)
 *   npm run screenshots -- --pages /admin/invitation/,/admin/sign-in/,/admin/editors/
 *        (the editor's own pages, as they open without a link or a sign-in)
 *   npm run screenshots -- --scrolled --widths 320,375,390 --height 667
 *        (the screen as a reader sees it, not the full page: at the top and after
 *        scrolling down one screen, `{template}-{width}-{engine}-top.png` and `-scrolled.png`)
 *   npm run screenshots -- --header-reading joined  (two rules naming one header both apply;
 *                                                    the later wins by default: scripts/netlify-headers.mjs)
 */
import fs from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { chromium } from "@playwright/test"
import { startServer } from "./serve-public.mjs"
import engines from "./engines.cjs"
import { hydratedMarker, settle } from "./settle.cjs"
import {
  CHROMIUM_FLAGS,
  CHROMIUM_PATH,
  TEMPLATES,
  UNKNOWN_PATH,
  scrollDownThePage,
  unloadedImagesBroughtIntoView,
  waitForImages,
} from "./browser.cjs"

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")

const WIDTHS = [320, 390, 768, 1280, 1440]
/** The height of the window the page is scrolled through; the capture itself is the full page. */
const VIEWPORT_HEIGHT = Number(flag("--height") ?? 900)
/** --scrolled: two captures of the screen (at the top, then one screen down) instead of the full page. */
const SCROLLED = process.argv.includes("--scrolled")
/** A path no page has: the 404 template. */
const NOT_FOUND_PATH = UNKNOWN_PATH
/** How long to wait for every image before capturing anyway (and saying which did not load). */
const IMAGE_TIMEOUT_MS = 15_000

/**
 * A frame of another host (the only one a page has is the map host's), stubbed:
 * the capture shows where the map goes, with no request leaving the machine.
 */
const MAP_STUB = `<!doctype html><html lang="en"><title>Map</title>
<body style="margin:0;display:grid;place-items:center;height:100vh;background:#dde3ea;font:16px system-ui;color:#333;text-align:center">
<p>Map frame (stubbed: no request leaves the machine)</p></body></html>`

function flag(name) {
  const index = process.argv.indexOf(name)
  return index > 0 ? process.argv[index + 1] : undefined
}

const list = (value) =>
  value
    ?.split(",")
    .map((item) => item.trim())
    .filter(Boolean)

/** "/" -> "home", "/services/refrigerator-repair/" -> "services-refrigerator-repair", the 404 path -> "404". */
function fileStem(urlPath) {
  if (urlPath === NOT_FOUND_PATH) return "404"
  return urlPath.replace(/^\/|\/$/g, "").replace(/\//g, "-") || "home"
}

/**
 * Scrolls to the bottom a half screen at a time, waits for every image, then
 * returns to the top. Returns the images that did not load.
 */
async function scrollThroughAndBack(page) {
  await page.evaluate(scrollDownThePage, 60)
  const missing = await waitForImages(page, IMAGE_TIMEOUT_MS)
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }))
  return missing
}

/** Waits until every frame (our maps, the stubbed Google map) shows its document, then for two painted frames; returns the empty ones. */
async function framesShown(page) {
  const frames = page.locator("iframe")
  const empty = []
  for (let index = 0; index < (await frames.count()); index += 1) {
    await frames
      .nth(index)
      .contentFrame()
      .locator(":root > :not(head)")
      .first()
      .waitFor({ state: "attached", timeout: IMAGE_TIMEOUT_MS })
      .catch(() => empty.push(`frame ${index + 1}`))
  }
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
  return empty
}

const publicDir = path.join(root, "public")
if (!fs.existsSync(path.join(publicDir, "index.html"))) {
  console.error("No build in public/: run `npm run build` first.")
  process.exit(1)
}

const widths = (list(flag("--widths")) ?? WIDTHS).map(Number)
if (widths.some((width) => !Number.isInteger(width) || width < 200)) {
  console.error(`--widths: whole numbers of CSS pixels, e.g. 320,390 (got ${flag("--widths")})`)
  process.exit(1)
}
const pages = list(flag("--pages")) ?? [...TEMPLATES.map((template) => template.path), NOT_FOUND_PATH]
const outDir = path.resolve(flag("--out") ?? path.join(root, "screenshots"))
fs.mkdirSync(outDir, { recursive: true })

const chosen = list(flag("--engine")) ?? engines.ENGINES
const unknownEngine = chosen.filter((name) => !engines.ENGINES.includes(name))
if (unknownEngine.length) {
  console.error(`--engine: ${engines.ENGINES.join(", ")} (got ${unknownEngine.join(", ")})`)
  process.exit(1)
}

/** The requests the server has not answered yet, and how many began or ended: the pages' own (one at a time). */
const openRequests = new Map()
let requestsSeen = 0
const requests = { open: () => [...openRequests.keys()], seen: () => requestsSeen }
const server = await startServer({
  port: 0,
  tls: true,
  headerReading: flag("--header-reading") ?? "last",
  onExchange: (event, urlPath) => {
    const count = (openRequests.get(urlPath) ?? 0) + (event === "open" ? 1 : -1)
    if (count > 0) openRequests.set(urlPath, count)
    else openRequests.delete(urlPath)
    requestsSeen += 1
  },
})
const origin = `https://127.0.0.1:${server.address().port}`
const shotPath = (urlPath, width, engine, suffix = "") =>
  path.join(outDir, `${fileStem(urlPath)}-${width}-${engine}${suffix}.png`)
/** Scrolls one screen down (less a tenth); the page is then left to settle (a header that changes on scroll). */
function scrollOneScreen() {
  window.scrollTo({ top: Math.round(window.innerHeight * 0.9), behavior: "instant" })
}

/**
 * Until the page has settled (scripts/settle.cjs); a page that has not within the limit is captured
 * all the same, and said. `evaluate(fn, arg)` runs a function in the page.
 */
async function settled(evaluate, what, urlPath) {
  try {
    await settle(evaluate, requests, { what, hydrated: hydratedMarker(urlPath) })
  } catch (error) {
    problems += 1
    console.warn(`  ${error.message}; captured as it is`)
  }
}
const report = (engine, width, urlPath, height, scrollWidth) => {
  const sideways = scrollWidth > width ? `  (scrolls sideways: ${scrollWidth} px wide)` : ""
  console.log(
    `${engine.padEnd(8)} ${String(width).padStart(5)} px  ${urlPath.padEnd(32)} ${String(height).padStart(6)} px high${sideways}`,
  )
}
let problems = 0

/**
 * Firefox and WebKit (scripts/engines.cjs): the same scroll, waits and capture. Their drivers cannot
 * answer the map host's frame with a stub; the browsers send nothing off the machine, so that
 * frame shows the engine's own "cannot connect" page.
 */
async function captureIn(name) {
  const engine = await engines.launchEngine(name)
  try {
    const tab = await engine.tab()
    for (const width of widths) {
      for (const urlPath of pages) {
        await tab.open(`${origin}${urlPath}`, width, VIEWPORT_HEIGHT)
        const what = `${name} ${urlPath} at ${width} px`
        const evaluate = (fn, argument) => tab.evaluate(fn, argument)
        await settled(evaluate, what, urlPath)
        await tab.evaluate(scrollDownThePage, 60)
        let missing = await tab.evaluate(unloadedImagesBroughtIntoView)
        for (let waited = 0; missing.length > 0 && waited < IMAGE_TIMEOUT_MS; waited += 100) {
          await new Promise((resolve) => setTimeout(resolve, 100))
          missing = await tab.evaluate(unloadedImagesBroughtIntoView)
        }
        if (missing.length > 0) {
          problems += 1
          console.warn(`  ${what}, not loaded: ${missing.join(", ")}`)
        }
        await tab.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }))
        await settled(evaluate, what, urlPath)
        const { height, scrollWidth } = await tab.evaluate(() => ({
          height: document.documentElement.scrollHeight,
          scrollWidth: document.documentElement.scrollWidth,
        }))
        if (SCROLLED) {
          await tab.viewportScreenshot(shotPath(urlPath, width, name, "-top"))
          await tab.evaluate(scrollOneScreen)
          await settled(evaluate, what, urlPath)
          await tab.viewportScreenshot(shotPath(urlPath, width, name, "-scrolled"))
        } else await tab.screenshot(shotPath(urlPath, width, name))
        report(name, width, urlPath, height, scrollWidth)
      }
    }
  } finally {
    await engine.close()
  }
}

for (const name of chosen.filter((one) => one !== "chromium")) await captureIn(name)
if (!chosen.includes("chromium")) {
  server.close()
  console.log(
    `\n${pages.length * widths.length * chosen.length * (SCROLLED ? 2 : 1)} screenshots in ${path.relative(process.cwd(), outDir) || "."}/`,
  )
  process.exit(problems > 0 ? 1 : 0)
}

// The map frame is another site's, so Chromium draws it in a process of its own, which a
// full-page capture leaves blank: keep frames in the page's process for these pictures.
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: [...CHROMIUM_FLAGS, "--disable-site-isolation-trials", "--disable-features=IsolateOrigins,site-per-process"],
})
try {
  for (const width of widths) {
    const context = await browser.newContext({
      viewport: { width, height: VIEWPORT_HEIGHT },
      reducedMotion: "reduce",
      ignoreHTTPSErrors: true,
    })
    await context.route(
      (url) => url.origin !== origin,
      (route) =>
        route.request().resourceType() === "document"
          ? route.fulfill({ contentType: "text/html", body: MAP_STUB })
          : route.abort(),
    )
    const page = await context.newPage()
    for (const urlPath of pages) {
      await page.goto(`${origin}${urlPath}`, { waitUntil: "load" })
      const what = `chromium ${urlPath} at ${width} px`
      const evaluate = (fn, argument) => page.evaluate(fn, argument)
      await settled(evaluate, what, urlPath)
      const missing = await scrollThroughAndBack(page)
      await settled(evaluate, what, urlPath)
      const height = await page.evaluate(() => document.documentElement.scrollHeight)
      if (SCROLLED) {
        await page.screenshot({ path: shotPath(urlPath, width, "chromium", "-top") })
        await page.evaluate(scrollOneScreen)
        await settled(evaluate, what, urlPath)
        await page.screenshot({ path: shotPath(urlPath, width, "chromium", "-scrolled") })
        report("chromium", width, urlPath, height, await page.evaluate(() => document.documentElement.scrollWidth))
        continue
      }
      // Chromium does not paint a frame outside the viewport, and a full-page capture goes
      // beyond it: make the viewport as tall as the page for the capture, then restore it.
      await page.setViewportSize({ width, height })
      missing.push(...(await framesShown(page)))
      await settled(evaluate, what, urlPath)
      if (missing.length > 0) {
        problems += 1
        console.warn(`  ${urlPath} at ${width} px, not loaded: ${missing.join(", ")}`)
      }
      await page.screenshot({ path: shotPath(urlPath, width, "chromium"), fullPage: true })
      await page.setViewportSize({ width, height: VIEWPORT_HEIGHT })
      report("chromium", width, urlPath, height, await page.evaluate(() => document.documentElement.scrollWidth))
    }
    await context.close()
  }
} finally {
  await browser.close()
  server.close()
}
console.log(
  `\n${pages.length * widths.length * chosen.length * (SCROLLED ? 2 : 1)} screenshots in ${path.relative(process.cwd(), outDir) || "."}/`,
)
if (problems > 0) {
  console.warn(`${problems} capture(s) had an image or a frame that did not load (listed above).`)
  process.exitCode = 1
}
