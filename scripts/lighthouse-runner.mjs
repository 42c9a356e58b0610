/**
 * How the project runs Lighthouse, shared by the gate in `npm test`
 * (scripts/lighthouse-gate.mjs) and the benchmark (scripts/bench-lighthouse.mjs),
 * so both measure the same thing:
 *  - public/ served as Netlify serves it (scripts/serve-public.mjs: Netlify's
 *    headers, compression), warmed once so no run pays for compressing a file;
 *  - Debian's Chromium with the project's flags (scripts/browser.cjs), launched
 *    once and reused: Lighthouse opens a new tab per run and clears the origin's
 *    storage and the browser's cache before each (its default), so a run starts
 *    cold without a browser start per run; `freshBrowser` launches one per run;
 *  - Lighthouse 12 (it runs on Node 20; Lighthouse 13 needs Node 22), with its
 *    mobile defaults (simulated throttling), and chrome-launcher;
 *  - the browser first on the processor (BROWSER_SCHEDULING), so that other work on
 *    the machine does not stretch the page's main-thread tasks.
 */
import fs from "node:fs"
import path from "node:path"
import { createRequire } from "node:module"
import { fileURLToPath } from "node:url"
import { startServer } from "./serve-public.mjs"
import { CHROMIUM_FIRST, FIRST_ON_THE_PROCESSOR } from "./browser-first.mjs"
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./browser.cjs"

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..")
export const PUBLIC_DIR = path.join(ROOT, "public")

/** chrome-launcher starts a headed browser unless told otherwise. */
const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_FLAGS]

const require = createRequire(import.meta.url)
const { default: lighthouse, defaultConfig } = await import("lighthouse")
const chromeLauncher = require("chrome-launcher")

export const LIGHTHOUSE_VERSION = JSON.parse(
  fs.readFileSync(require.resolve("lighthouse/package.json"), "utf8"),
).version
export { CHROMIUM_PATH }

/** Stops with a clear message when there is nothing built to measure. */
export function requireBuild() {
  if (!fs.existsSync(path.join(PUBLIC_DIR, "index.html"))) {
    console.error("public/ has no build: run `npm run build` first (Lighthouse builds nothing).")
    process.exit(1)
  }
}

/** Fetches each page and what it names once, so the server's compression cache is warm. */
async function warm(origin, pages) {
  for (const route of pages) {
    const html = await (await fetch(origin + route)).text()
    const urls = new Set([...html.matchAll(/(?:src|href)="(\/[^"/][^"]*)"/g)].map((match) => match[1]))
    urls.add(`/page-data${route === "/" ? "/index" : route.replace(/\/$/, "")}/page-data.json`)
    urls.add("/page-data/app-data.json")
    await Promise.all([...urls].map((url) => fetch(origin + url).then((response) => response.arrayBuffer())))
  }
}

/**
 * The audits the performance score weighs (read from Lighthouse's own configuration, so the score of
 * a run with these alone is the whole category's), time to interactive (the owner's page), and the
 * requests a run sent (the gate's "no other host", the owner's page's script).
 */
const PERFORMANCE_AUDITS = [
  ...defaultConfig.categories.performance.auditRefs.filter((ref) => ref.weight > 0).map((ref) => ref.id),
  "interactive",
  "network-requests",
]

/**
 * The measuring browser goes first on the processor where the kernel allows it
 * (scripts/browser-first.mjs): Lighthouse's simulation (its mobile defaults) scales each
 * main-thread task it saw by 4, so a task that waited for a core counts four times over in Total
 * Blocking Time: with one core kept busy the medians fell from 98-100 to 81-99, and a nice value of
 * -10 for the browser's session (Linux shares the processor between sessions first, and
 * chrome-launcher starts Chromium in a session of its own) still left 87-93 on two pages. First on
 * the processor, the gate beside the browser tests (Playwright on the other core) read the same
 * medians as alone: perf 100, LCP 0.74-0.77 s, TBT 0-7 ms on the six pages. A page's own long tasks
 * stay as long as they are. Where the policy is not allowed, the browser runs as any process, and
 * the report says so.
 */
/** How the measuring browser was scheduled, for the gate's and the benchmark's report. */
export const BROWSER_SCHEDULING = FIRST_ON_THE_PROCESSOR
  ? "first on the processor: chrt --rr 1"
  : "scheduled as any process (chrt --rr 1 is not allowed here)"

const launch = () =>
  chromeLauncher.launch({
    chromePath: FIRST_ON_THE_PROCESSOR ? CHROMIUM_FIRST : CHROMIUM_PATH,
    chromeFlags: CHROME_FLAGS,
    logLevel: "silent",
    envVars: { ...process.env, CHROMIUM_PATH },
  })

/**
 * Serves public/ (of `projectDir`, this project by default), warms `pages`, starts Chromium and
 * calls `measure({ origin, run })`;
 * `run(route, categories, { scoreOnly })` makes one Lighthouse run of that page and resolves to
 * { lhr, trace, seconds }; `scoreOnly` (categories ["performance"]) runs only the audits its score
 * weighs, time to interactive and the requests. Everything stops when `measure` settles.
 */
export async function withLighthouse({ pages, encodings, freshBrowser = false, projectDir }, measure) {
  const server = await startServer({ port: 0, encodings, projectDir })
  const origin = `http://127.0.0.1:${server.address().port}`
  let shared
  try {
    await warm(origin, pages)
    if (!freshBrowser) shared = await launch()
    const run = async (route, categories, { scoreOnly = false } = {}) => {
      const start = Date.now()
      const chrome = shared ?? (await launch())
      try {
        if (scoreOnly && categories.join() !== "performance") throw new Error("scoreOnly is a performance-only run")
        const result = await lighthouse(origin + route, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          // scoreOnly: the performance score and what the gate reads (the weighted metrics, time to
          // interactive, the requests), not the diagnostics a report or the benchmark shows. The audits
          // alone, without onlyCategories, for Lighthouse adds every audit of a category it names. The
          // category then holds these audits, and its score is the same weighted mean (the others weigh
          // 0). A run took 4.4 s here against 4.9 s with the whole category.
          ...(scoreOnly ? { onlyAudits: PERFORMANCE_AUDITS } : { onlyCategories: categories }),
          // A picture of the whole page for the report's viewer: no score uses it, and it costs a second a run.
          disableFullPageScreenshot: true,
        })
        if (!result?.lhr) throw new Error(`Lighthouse returned no result for ${route}`)
        if (result.lhr.runtimeError) throw new Error(`${route}: ${result.lhr.runtimeError.message}`)
        return { lhr: result.lhr, trace: result.artifacts?.Trace, seconds: (Date.now() - start) / 1000 }
      } finally {
        if (!shared) await chrome.kill()
      }
    }
    return await measure({ origin, run })
  } finally {
    if (shared) await shared.kill()
    server.close()
  }
}

/** The name of one run's report file: "home-1.json", "services_refrigerator-repair-2.json". */
export const reportName = (route, run) =>
  `${route === "/" ? "home" : route.replace(/^\/|\/$/g, "").replace(/\//g, "_")}-${run}.json`

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/** Hosts other than ours that the page sent requests to, from Lighthouse's network-requests audit. */
export function otherHosts(lhr) {
  const ours = new URL(lhr.finalDisplayedUrl).origin
  const requests = lhr.audits["network-requests"]?.details?.items ?? []
  return [
    ...new Set(
      requests
        .map((item) => new URL(item.url))
        .filter((url) => url.protocol.startsWith("http") && url.origin !== ours)
        .map((url) => url.host),
    ),
  ]
}
