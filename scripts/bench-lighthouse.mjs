#!/usr/bin/env node
/**
 * Lighthouse benchmark of the six templates Lighthouse measures (all but the privacy note). A benchmark, not a test: it prints
 * figures and never fails on them (the gate in `npm test` is separate).
 *
 * Builds nothing: it serves the build already in public/ as Netlify would
 * (Netlify's headers, compressed; see scripts/serve-public.mjs), runs
 * Lighthouse 12 with its mobile defaults N times on
 * each template with Debian's Chromium, the same way as the gate in `npm test`
 * (scripts/lighthouse-runner.mjs: one browser for every run), and prints the
 * median of each figure:
 * performance score, FCP, LCP, TBT, CLS, bytes transferred, and first-load JS
 * (every script response the page made, as transferred, plus its inline
 * scripts gzipped as they travel in the HTML).
 *
 *   npm run bench:lighthouse [-- --runs 5] [--pages /,/coupons/] [--encodings gzip|br,gzip] [--details] [--fresh-browser]
 *
 * --pages: a comma-separated subset of the six templates (all six by default).
 *
 * --encodings: what the server offers; gzip by default, so bytes compare with
 *   the gzip size budget; "br,gzip" serves brotli to Chromium, as Netlify does.
 * --details: also the median main-thread time by category and by script
 *   (Lighthouse's mainthread-work-breakdown and bootup-time audits), and from
 *   the trace the main thread's CPU time against its wall time, with the TBT
 *   those CPU times would give at 4x: on a shared machine, wall time (which
 *   Lighthouse uses) includes time other processes held the core.
 * --fresh-browser: a new Chromium for each run instead of one for all (to
 *   compare: Lighthouse clears the cache and the origin's storage before each run either way).
 * --against DIR: another checkout of the project, built (its public/ and netlify.toml), measured
 *   in the same session: each round runs every page on this build, then on DIR's, and the tables
 *   are printed for both, so a change is judged against its parent under the same noise.
 * Runs go page after page within each round, so noise on the machine spreads
 * over every page. Each run's figures and report go to reports/bench-lighthouse/.
 */
import fs from "node:fs"
import path from "node:path"
import zlib from "node:zlib"
import { parseEncodings } from "./serve-public.mjs"
import { LIGHTHOUSE_PAGES } from "./browser.cjs"
import {
  CHROMIUM_PATH,
  LIGHTHOUSE_VERSION,
  BROWSER_SCHEDULING,
  PUBLIC_DIR,
  ROOT,
  median,
  otherHosts,
  reportName,
  requireBuild,
  withLighthouse,
} from "./lighthouse-runner.mjs"

const publicDir = PUBLIC_DIR
const reportDir = path.join(ROOT, "reports", "bench-lighthouse")

function option(name, fallback) {
  const index = process.argv.indexOf(name)
  return index > 0 ? process.argv[index + 1] : fallback
}

const runs = Number(option("--runs", "5"))
if (!Number.isInteger(runs) || runs < 1) throw new Error("--runs takes a whole number of at least 1")
const encodings = parseEncodings(option("--encodings", "gzip"))
const details = process.argv.includes("--details")
const PAGES = option("--pages", LIGHTHOUSE_PAGES.join(",")).split(",")
const unknown = PAGES.filter((route) => !LIGHTHOUSE_PAGES.includes(route))
if (unknown.length) throw new Error(`--pages takes some of ${LIGHTHOUSE_PAGES.join(", ")}; not ${unknown.join(", ")}`)

const freshBrowser = process.argv.includes("--fresh-browser")
const against = option("--against", undefined)
if (against !== undefined && !fs.existsSync(path.join(against, "public", "index.html"))) {
  throw new Error(`--against takes a built checkout of the project: ${against} has no public/index.html`)
}

requireBuild()

/** Inline scripts a browser runs (not JSON-LD), gzipped together as they travel in the HTML. */
function inlineScriptBytes(route, dir = publicDir) {
  const html = fs.readFileSync(path.join(dir, route, "index.html"), "utf8")
  const bodies = []
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/.test(attributes)) continue
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase() ?? ""
    if (["", "text/javascript", "application/javascript", "module"].includes(type)) bodies.push(body)
  }
  return { count: bodies.length, bytes: bodies.length ? zlib.gzipSync(bodies.join("\n"), { level: 9 }).length : 0 }
}

/**
 * What the trace says the page cost the renderer's main thread, in CPU time
 * (thread time) as well as wall time: on a shared machine a task's wall time
 * includes the time other processes held the core, and Lighthouse multiplies
 * wall time by its 4x CPU slowdown. From the observed first contentful paint
 * on: tasks above 12.5 ms of CPU (50 ms at 4x), and the TBT those CPU times
 * would give at 4x, an estimate for an idle machine (not Lighthouse's figure).
 */
function mainThreadCost(trace, lhr) {
  const events = trace?.traceEvents ?? []
  const renderers = new Set(
    events.filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain").map((e) => `${e.pid}:${e.tid}`),
  )
  const counts = new Map()
  for (const e of events) {
    const thread = `${e.pid}:${e.tid}`
    if (e.name === "RunTask" && e.ph === "X" && renderers.has(thread)) counts.set(thread, (counts.get(thread) ?? 0) + 1)
  }
  const main = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0]
  const metrics = lhr.audits.metrics?.details?.items?.[0] ?? {}
  const start = metrics.observedNavigationStartTs ?? 0
  const paint = metrics.observedFirstContentfulPaintTs ?? start
  const tasks = events.filter(
    (e) => e.name === "RunTask" && e.ph === "X" && `${e.pid}:${e.tid}` === main && e.ts >= start,
  )
  const cpu = (e) => (e.tdur ?? e.dur) / 1000
  const afterPaint = tasks.filter((e) => e.ts >= paint)
  return {
    cpuMs: tasks.reduce((sum, e) => sum + cpu(e), 0),
    wallMs: tasks.reduce((sum, e) => sum + e.dur / 1000, 0),
    longCpuTasks: afterPaint.filter((e) => cpu(e) > 12.5).length,
    cpuTbt: afterPaint.reduce((sum, e) => sum + Math.max(0, 4 * cpu(e) - 50), 0),
  }
}

function figures(lhr, inline, trace) {
  const audit = (id) => lhr.audits[id]
  const requests = audit("network-requests").details?.items ?? []
  const scripts = requests.filter((item) => item.resourceType === "Script")
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcp: audit("first-contentful-paint").numericValue,
    lcp: audit("largest-contentful-paint").numericValue,
    tbt: audit("total-blocking-time").numericValue,
    cls: audit("cumulative-layout-shift").numericValue,
    bytes: audit("total-byte-weight").numericValue,
    scriptFiles: scripts.length,
    inlineScripts: inline.count,
    js: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) + inline.bytes,
    mainThread: Object.fromEntries(
      (audit("mainthread-work-breakdown").details?.items ?? []).map((item) => [
        item.groupLabel ?? item.group,
        item.duration,
      ]),
    ),
    bootup: Object.fromEntries((audit("bootup-time").details?.items ?? []).map((item) => [item.url, item.total])),
    requests: requests.length,
    /** Hosts other than ours that the page sent requests to. */
    otherHosts: otherHosts(lhr),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    ...mainThreadCost(trace, lhr),
  }
}

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`
const millis = (ms) => `${Math.round(ms)} ms`
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`

/** The figures of every run of one build, per page, as `--against` measures two. */
async function measureBuilds(builds) {
  const results = builds.map(() => Object.fromEntries(PAGES.map((route) => [route, []])))
  const inline = builds.map(({ dir }) =>
    Object.fromEntries(PAGES.map((route) => [route, inlineScriptBytes(route, path.join(dir, "public"))])),
  )
  let origin = ""
  const measure = async (lighthouses) => {
    origin = lighthouses[0].origin
    for (let run = 1; run <= runs; run += 1) {
      for (const [index, lighthouse] of lighthouses.entries()) {
        for (const route of PAGES) {
          const { lhr, trace } = await lighthouse.run(route, ["performance"])
          const name = reportName(route, run)
          fs.writeFileSync(path.join(reportDir, index ? `against-${name}` : name), JSON.stringify(lhr))
          const figure = figures(lhr, inline[index][route], trace)
          results[index][route].push(figure)
          process.stderr.write(
            `run ${run}/${runs} ${builds[index].label.padEnd(14)} ${route.padEnd(32)} perf ${figure.score} FCP ${seconds(figure.fcp)} LCP ${seconds(figure.lcp)} TBT ${millis(figure.tbt)}\n`,
          )
        }
      }
    }
  }
  const options = { pages: PAGES, encodings, freshBrowser }
  await withLighthouse({ ...options, projectDir: builds[0].dir }, (ours) =>
    builds.length === 1
      ? measure([ours])
      : withLighthouse({ ...options, projectDir: builds[1].dir }, (theirs) => measure([ours, theirs])),
  )
  return { results, origin }
}

async function main() {
  fs.mkdirSync(reportDir, { recursive: true })
  const builds = [{ label: "this checkout", dir: ROOT }, ...(against ? [{ label: "--against", dir: against }] : [])]
  const { results: all, origin } = await measureBuilds(builds)
  fs.writeFileSync(path.join(reportDir, "figures.json"), JSON.stringify(all.length === 1 ? all[0] : all, null, 2))

  const served = encodings.length ? encodings.join("/") : "uncompressed"
  const benchmarkIndex = median(
    all.flatMap((results) => PAGES.flatMap((route) => results[route].map((f) => f.benchmarkIndex))),
  )
  console.log(
    `Lighthouse ${LIGHTHOUSE_VERSION}, mobile defaults (simulated throttling), ${CHROMIUM_PATH} (${freshBrowser ? "a new browser per run" : "one browser for every run"}; ${BROWSER_SCHEDULING}); public/ served ${served} with Netlify's headers; median of ${runs} run${runs > 1 ? "s" : ""} per page; machine's median benchmarkIndex ${Math.round(benchmarkIndex)}`,
  )
  console.log(
    "first-load JS: every script response the page made in Lighthouse's run, as transferred (headers included), plus its inline scripts gzipped",
  )
  for (const [index, results] of all.entries()) {
    if (all.length > 1) console.log(`\n${builds[index].label}: ${builds[index].dir}`)
    printBuild(results, origin)
  }
}

function printBuild(results, origin) {
  console.log("")
  console.log("| page | perf | FCP | LCP | TBT | CLS | transferred | first-load JS |")
  console.log("|---|---|---|---|---|---|---|---|")
  for (const route of PAGES) {
    const list = results[route]
    const of = (key) => median(list.map((figure) => figure[key]))
    const js = `${kb(of("js"))} (${Math.round(of("scriptFiles"))} files + ${list[0].inlineScripts} inline)`
    console.log(
      `| ${route} | ${of("score")} | ${seconds(of("fcp"))} | ${seconds(of("lcp"))} | ${millis(of("tbt"))} | ${of("cls").toFixed(3)} | ${kb(of("bytes"))} | ${js} |`,
    )
  }
  console.log("")
  console.log("Spread over the runs (min–max):")
  for (const route of PAGES) {
    const range = (key, format) => {
      const values = results[route].map((figure) => figure[key])
      return `${format(Math.min(...values))}–${format(Math.max(...values))}`
    }
    const other = [...new Set(results[route].flatMap((figure) => figure.otherHosts))]
    console.log(
      `  ${route.padEnd(32)} perf ${range("score", String)}  FCP ${range("fcp", seconds)}  LCP ${range("lcp", seconds)}  TBT ${range("tbt", millis)}${other.length ? `  requests to other hosts: ${other.join(", ")}` : ""}`,
    )
  }
  if (details) {
    for (const route of PAGES) {
      const list = results[route]
      const medianOf = (key, name) => median(list.map((figure) => figure[key][name] ?? 0))
      const groups = [...new Set(list.flatMap((figure) => Object.keys(figure.mainThread)))]
      const scripts = [...new Set(list.flatMap((figure) => Object.keys(figure.bootup)))]
      console.log(`\n${route} main-thread time (median ms, 4x CPU slowdown):`)
      console.log(
        `  trace: CPU ${Math.round(median(list.map((f) => f.cpuMs)))} ms (wall ${Math.round(median(list.map((f) => f.wallMs)))} ms) after navigation, unthrottled; after FCP ${median(list.map((f) => f.longCpuTasks))} task(s) above 12.5 ms of CPU; TBT from CPU time x4 ${Math.round(median(list.map((f) => f.cpuTbt)))} ms (Lighthouse: ${Math.round(median(list.map((f) => f.tbt)))} ms)`,
      )
      console.log(
        "  by category: " +
          groups
            .map((group) => [group, medianOf("mainThread", group)])
            .sort((a, b) => b[1] - a[1])
            .map(([group, ms]) => `${group} ${Math.round(ms)}`)
            .join(", "),
      )
      console.log(
        "  by script:   " +
          scripts
            .map((url) => [url, medianOf("bootup", url)])
            .sort((a, b) => b[1] - a[1])
            .filter(([, ms]) => ms > 0)
            .map(([url, ms]) => `${url.replace(origin, "")} ${Math.round(ms)}`)
            .join(", "),
      )
    }
  }
}

await main()
