#!/usr/bin/env node
/**
 * Every test of the project, with a table of its stages and one closing line
 * "N passed, N failed", where N counts rules (one test per rule, every page or
 * town checked), not pages. The stages:
 *   lint          ESLint and Prettier over the tree
 *   unit          jest, jsdom: logic and components
 *   build         a clean production build (gatsby clean && gatsby build)
 *   typecheck     tsc --noEmit (needs the types the build generates)
 *   build-output  jest, reading public/
 *   browser       Playwright on Debian's Chromium, desktop, phone, layout and layout-rules projects (axe, width rules, headers,
 *                 navigation…)
 *   engines-390   Chromium, WebKit and Firefox on every template at 390 px (tests/e2e/engines.sweep.ts)
 *   engines-1280  the same at 1280 px
 *   engine-rules  one test per rule over every engine's visits (tests/e2e/engines.spec.ts)
 *   edited-copy   the editor's tests edit a copy of the project; it is built from the site's
 *                 caches, its pages checked in Chromium, then the build-output suite runs on
 *                 that copy, but for its files that serve the build through Netlify's emulation
 *                 (scripts/edited-copy-check.mjs, SITE_BUILD_ONLY)
 *   other-region  a copy whose data is a business and towns in another state, built as of
 *                 a fixed instant; no page carries a trace of Illinois, and the opening status,
 *                 the notice and the coupons read right at fixed instants and device time
 *                 zones in Chromium (scripts/other-region-check.mjs)
 *   size-budget   the home page's bytes as Chromium transfers them (scripts/size-budget.mjs)
 *   lighthouse    the Lighthouse gate, one check per rule on six pages (scripts/lighthouse-gate.mjs)
 * A stage that cannot report its own counts counts as one check.
 *
 * Never more heavy work at once than the machine has cores (os.availableParallelism()): a
 * Gatsby build, a browser with its pages, jest and tsc each take one core, and a stage runs
 * only when a core is free (STAGES below: what each waits for, in the order preferred). The
 * browser stages run one Playwright worker a core; the copies' stages do one thing at a time
 * (edit, build, browse, jest); the size budget is a browser too (it counts bytes, which the
 * work beside it does not change). Lighthouse takes a core like any browser stage where its browser
 * can go first on the processor (scripts/browser-first.mjs: the work beside it then cannot stretch
 * what it measures), and every core, last, where it cannot.
 * The table says how many cores each stage held and what ran beside it; the closing lines name
 * the slowest tests and any test over 60 s or past a third of its time limit, and give the wall
 * time beside the Lighthouse gate's median benchmarkIndex and the wall time scaled to an index of
 * 2,500 (wall × index ÷ 2,500), the figure that compares across hosts.
 *
 *   node scripts/test-all.mjs [--sequential] [--keep] [--quick]
 * --sequential: one stage at a time (each stage's own time).
 * --keep: keep the edited copy and the other region's copy (their paths are printed).
 * --quick: the everyday loop (`npm run test:quick`): lint, unit, a build on Gatsby's caches,
 *          the type check and the build-output suite; no browser.
 * Each stage's output goes to the terminal, prefixed with its name when stages
 * overlap, and to reports/logs/{stage}.log.
 */
import { spawn } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import readline from "node:readline"
import { EDITOR_REPORT, PAGES_REPORT, SUITE_REPORT, TODAY_REPORT } from "./edited-copy-check.mjs"
import { CLOCK_REPORT, REGION_REPORT } from "./other-region-check.mjs"
import { freePort } from "./browser.cjs"
import { bin } from "./project-copy.cjs"
import { FIRST_ON_THE_PROCESSOR } from "./browser-first.mjs"
import jestConfig from "../jest.config.js"

const JEST_TIMEOUT = jestConfig.testTimeout

const REPORTS = path.resolve("reports")
const LOGS = path.join(REPORTS, "logs")
fs.mkdirSync(LOGS, { recursive: true })
// This run's reports only: the slowest tests are read from them.
for (const file of fs.readdirSync(REPORTS)) if (file.endsWith(".json")) fs.rmSync(path.join(REPORTS, file))

const sequential = process.argv.includes("--sequential")
/** Heavy work at once, at most: a Gatsby build, a browser with its pages, jest or tsc each take a core. */
const CORES = os.availableParallelism()
const keep = process.argv.includes("--keep")
const quick = process.argv.includes("--quick")
const started = Date.now()
const rows = []
/** The benchmarkIndex the suite's time promise is stated at (CONTRIBUTING.md, Budgets). */
const REFERENCE_INDEX = 2500

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"))
  } catch {
    return null
  }
}

let running = 0

/** Runs a command; its output goes to the terminal (prefixed while another stage runs) and to the stage's log. */
function run(stage, command, args, env = {}) {
  return new Promise((resolve) => {
    const log = fs.createWriteStream(path.join(LOGS, `${stage}.log`), { flags: "a" })
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] })
    running += 1
    for (const stream of [child.stdout, child.stderr]) {
      readline.createInterface({ input: stream }).on("line", (line) => {
        log.write(`${line}\n`)
        console.log(running > 1 ? `[${stage}] ${line}` : line)
      })
    }
    let ended = false
    const end = (ok) => {
      if (ended) return
      ended = true
      running -= 1
      log.end()
      resolve(ok)
    }
    // A command that cannot start (not installed: `npm ci` first) fails its stage, saying so.
    child.on("error", (error) => {
      const line = `${stage}: ${command} did not start: ${error.message}`
      log.write(`${line}\n`)
      console.log(line)
      end(false)
    })
    child.on("close", (code) => end(code === 0))
  })
}

/** Runs a stage: `body` returns its [passed, failed] checks; the row keeps its time and what ran beside it. */
async function stage(name, cores, body) {
  fs.rmSync(path.join(LOGS, `${name}.log`), { force: true })
  const row = { stage: name, cores, passed: 0, failed: 0, start: Date.now(), end: 0 }
  rows.push(row)
  try {
    ;[row.passed, row.failed] = await body()
  } catch (error) {
    console.error(`${name}: ${error.stack ?? error}`)
    ;[row.passed, row.failed] = [0, 1]
  }
  row.end = Date.now()
  return row.failed === 0
}

/** A stage that reports no counts of its own: one check. */
const check = async (name, command, args) => ((await run(name, command, args)) ? [1, 0] : [0, 1])

/** Counts a jest JSON report; a run that failed without failing tests counts one failure more. */
function jestCounts(ok, report) {
  if (!report) return [0, 1]
  return [report.numPassedTests, report.numFailedTests + (ok || report.numFailedTests > 0 ? 0 : 1)]
}

/** Counts a Playwright JSON report the same way. */
function playwrightCounts(ok, report) {
  const stats = report?.stats
  if (!stats) return [0, 1]
  const failed = stats.unexpected + stats.flaky
  return [stats.expected, failed + (ok || failed > 0 ? 0 : 1)]
}

/** A jest project on `cores` workers: its report's counts. */
async function jest(name, project, cores) {
  const outputFile = path.join(REPORTS, `${project}.json`)
  fs.rmSync(outputFile, { force: true })
  const args = ["--selectProjects", project, `--maxWorkers=${cores}`, "--json", "--outputFile", outputFile]
  const ok = await run(name, bin("jest"), args)
  return jestCounts(ok, readJson(outputFile))
}

/** Playwright projects on `cores` workers (a browser with its pages each), their report kept as reports/{name}.json. */
async function playwright(name, projects, cores, options = []) {
  const report = path.join(REPORTS, `${name}.json`)
  fs.rmSync(report, { force: true })
  const args = [
    "test",
    ...projects.flatMap((project) => ["--project", project]),
    "--workers",
    String(cores),
    ...options,
  ]
  const ok = await run(name, bin("playwright"), args, { E2E_PORT: String(await freePort()), E2E_REPORT: report })
  return playwrightCounts(ok, readJson(report))
}

/** Chromium: the desktop, phone, layout and layout-rules projects (axe, IBM, width rules, headers, navigation…), and the owner's passkey sign-in through Decap (sign-in). */
const browser = (cores) => playwright("browser", ["desktop", "phone", "layout", "layout-rules", "sign-in"], cores)

/**
 * Chromium, WebKit and Firefox on every template: the sweeps at one width (tests/e2e/engines.sweep.ts,
 * one engine at a time per core), a stage each, so the two widths can go where a core is free; then
 * the rules, which judge every sweep (tests/e2e/engines.spec.ts).
 */
const engineSweeps = (name, width) => (cores) =>
  playwright(name, ["engine-sweeps"], cores, ["--grep", ` at ${width} px$`])
const engineRules = (cores) => playwright("engine-rules", ["engines"], cores, ["--no-deps"])

/**
 * The editor's tests, the page for today's, the built copy's pages and the build-output suite on one
 * edited copy: the reports' counts.
 */
async function editedCopy() {
  const args = ["scripts/edited-copy-check.mjs", ...(keep ? ["--keep"] : [])]
  const ok = await run("edited-copy", "node", args, { E2E_PORT: String(await freePort()) })
  const counts = [
    playwrightCounts(true, readJson(EDITOR_REPORT)),
    playwrightCounts(true, readJson(TODAY_REPORT)),
    playwrightCounts(true, readJson(PAGES_REPORT)),
    jestCounts(true, readJson(SUITE_REPORT)),
  ]
  const passed = counts.reduce((sum, [one]) => sum + one, 0)
  const failed = counts.reduce((sum, [, one]) => sum + one, 0)
  return [passed, failed + (ok || failed > 0 ? 0 : 1)]
}

/** A copy built for another region at a fixed instant (scripts/other-region-check.mjs): its suite's and its clock tests' counts. */
async function otherRegion() {
  const ok = await run("other-region", "node", ["scripts/other-region-check.mjs", ...(keep ? ["--keep"] : [])])
  const [suitePassed, suiteFailed] = jestCounts(true, readJson(REGION_REPORT))
  const [clockPassed, clockFailed] = playwrightCounts(true, readJson(CLOCK_REPORT))
  const failed = suiteFailed + clockFailed
  return [suitePassed + clockPassed, failed + (ok || failed > 0 ? 0 : 1)]
}

/** The Lighthouse gate: one check per rule, each judged on every page. */
async function lighthouse() {
  const ok = await run("lighthouse", "node", ["scripts/lighthouse-gate.mjs"])
  const rules = readJson(path.join(REPORTS, "lighthouse", "gate.json"))?.rules
  if (!rules) return [0, 1]
  const failed = rules.filter((rule) => rule.offenders.length).length
  return [rules.length - failed, failed + (ok || failed > 0 ? 0 : 1)]
}

/** A clean build; --quick builds on what the last build left (Gatsby's caches), as a developer does between edits. */
async function build() {
  const built =
    (quick || (await run("build", bin("gatsby"), ["clean"]))) && (await run("build", bin("gatsby"), ["build"]))
  return built ? [1, 0] : [0, 1]
}

/**
 * Every stage in the order it is preferred when cores are free: what it waits for (`after`) and how
 * many cores it takes (a Gatsby build, a browser with its pages, jest or tsc: one each). The
 * longest come first, so that the short ones fill the end.
 */
const STAGES = [
  { name: "build", after: [], cores: 1, body: build },
  { name: "lint", after: [], cores: 1, body: () => check("lint", "npm", ["run", "lint"]) },
  { name: "unit", after: [], cores: 1, body: (cores) => jest("unit", "unit", cores) },
  { name: "edited-copy", after: ["build"], cores: 1, body: editedCopy },
  { name: "browser", after: ["build"], cores: 1, body: browser },
  // Its browser first on the processor (scripts/browser-first.mjs), the gate measures the same
  // beside other work, so it takes one core like a browser stage.
  { name: "lighthouse", after: ["build"], cores: 1, body: lighthouse },
  { name: "engines-390", after: ["build"], cores: 1, body: engineSweeps("engines-390", 390) },
  { name: "engines-1280", after: ["build"], cores: 1, body: engineSweeps("engines-1280", 1280) },
  { name: "other-region", after: ["build"], cores: 1, body: otherRegion },
  { name: "build-output", after: ["build"], cores: 1, body: (cores) => jest("build-output", "build-output", cores) },
  { name: "typecheck", after: ["build"], cores: 1, body: () => check("typecheck", bin("tsc"), ["--noEmit"]) },
  {
    name: "size-budget",
    after: ["build"],
    cores: 1,
    body: () => check("size-budget", "node", ["scripts/size-budget.mjs"]),
  },
  { name: "engine-rules", after: ["engines-390", "engines-1280"], cores: 1, body: engineRules },
]
if (!FIRST_ON_THE_PROCESSOR) {
  // Where the kernel does not let its browser go first, the gate takes every core, once every other stage has ended.
  const gate = STAGES.find((one) => one.name === "lighthouse")
  Object.assign(gate, { cores: Infinity, after: STAGES.filter((one) => one !== gate).map((one) => one.name) })
}

/**
 * Runs every stage once what it waits for has passed, never taking more cores than the machine has
 * (one with --sequential). A stage whose prerequisite failed does not run: one failure, "after {stage}".
 */
async function schedule(stages, cores) {
  const outcome = new Map()
  const started = new Set()
  let free = cores
  await new Promise((finished) => {
    const next = () => {
      for (let progress = true; progress;) {
        progress = false
        for (const one of stages) {
          if (started.has(one.name) || !one.after.every((name) => outcome.has(name))) continue
          const failedBefore = one.after.find((name) => !outcome.get(name))
          const needs = Math.min(one.cores, cores)
          if (!failedBefore && needs > free) continue
          started.add(one.name)
          progress = true
          if (failedBefore) {
            // One failure for all that a failed stage kept from running.
            if (!rows.some((row) => row.stage === `after ${failedBefore}`)) {
              const now = Date.now()
              rows.push({ stage: `after ${failedBefore}`, cores: 0, passed: 0, failed: 1, start: now, end: now })
            }
            outcome.set(one.name, false)
            continue
          }
          free -= needs
          stage(one.name, needs, () => one.body(needs)).then((ok) => {
            free += needs
            outcome.set(one.name, ok)
            next()
          })
        }
      }
      if (outcome.size === stages.length) finished()
    }
    next()
  })
}

/** The everyday loop (--quick): what needs no browser. */
const QUICK = new Set(["build", "lint", "unit", "typecheck", "build-output"])

await schedule(quick ? STAGES.filter((one) => QUICK.has(one.name)) : STAGES, sequential ? 1 : CORES)

/**
 * Every test of the reports this run wrote, with its time and its time limit in seconds: Playwright
 * reports give each test's limit, jest's the project's (jest.config.js, testTimeout).
 */
function testTimes() {
  const times = []
  for (const file of fs.readdirSync(REPORTS).filter((name) => name.endsWith(".json"))) {
    const report = readJson(path.join(REPORTS, file))
    const stage = path.basename(file, ".json")
    if (report?.testResults) {
      for (const result of report.testResults) {
        for (const one of result.assertionResults ?? []) {
          times.push({
            name: `${stage}: ${one.fullName}`,
            seconds: (one.duration ?? 0) / 1000,
            limit: JEST_TIMEOUT / 1000,
          })
        }
      }
    }
    const walk = (suite) => {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests) {
          for (const result of test.results) {
            const name = `${stage}: [${test.projectName}] ${spec.title}`
            times.push({ name, seconds: result.duration / 1000, limit: test.timeout / 1000 })
          }
        }
      }
      for (const inner of suite.suites ?? []) walk(inner)
    }
    for (const suite of report?.suites ?? []) walk(suite)
  }
  return times
}

/** The stages that ran at the same time as this one. */
const beside = (row) =>
  rows.filter((other) => other !== row && other.start < row.end && row.start < other.end).map((other) => other.stage)
const seconds = (ms) => (ms / 1000).toFixed(1)
const table = [
  ["stage", "cores", "passed", "failed", "seconds", "beside"],
  ...rows.map((row) => [
    row.stage,
    String(row.cores),
    String(row.passed),
    String(row.failed),
    seconds(row.end - row.start),
    beside(row).join(", ") || "alone",
  ]),
]
const widths = table[0].map((_, column) => Math.max(...table.map((line) => line[column].length)))
const align = (cell, column) =>
  column === 5 ? cell : column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])
console.log("")
for (const line of table) console.log(line.map(align).join("  "))
/** The most cores the stages held at one moment (each stage's start, as stages only end in between). */
const peak = Math.max(
  0,
  ...rows.map((row) =>
    rows
      .filter((other) => other.start <= row.start && row.start < other.end)
      .reduce((sum, other) => sum + other.cores, 0),
  ),
)
console.log(
  `cores in use at once, at most: ${peak} of ${CORES}${sequential ? " (--sequential: one stage at a time)" : ""}`,
)
const tests = testTimes()
const slowest = [...tests].sort((a, b) => b.seconds - a.seconds).slice(0, 3)
console.log(
  `slowest tests: ${slowest.map((one) => `${one.name} ${one.seconds.toFixed(1)} s (limit ${one.limit} s)`).join("; ")}`,
)
const near = tests.filter((one) => one.seconds > 30 || one.seconds > one.limit / 3)
console.log(
  `tests over 30 s or past a third of their time limit: ${near.length ? near.map((one) => `${one.name} ${one.seconds.toFixed(1)} s of ${one.limit} s`).join("; ") : "none"}`,
)
const passed = rows.reduce((sum, row) => sum + row.passed, 0)
const failed = rows.reduce((sum, row) => sum + row.failed, 0)
const wall = Date.now() - started
/**
 * The machine's speed in this run: the median benchmarkIndex of the Lighthouse gate's runs (a
 * gate.json written before this run started is another run's). The wall time scaled to an index of
 * REFERENCE_INDEX (wall × index ÷ REFERENCE_INDEX) compares across hosts: CONTRIBUTING.md, Budgets.
 */
const GATE = path.join(REPORTS, "lighthouse", "gate.json")
const gate = fs.existsSync(GATE) && fs.statSync(GATE).mtimeMs >= started ? readJson(GATE) : null
const benchmarkIndex = gate?.benchmarkIndex
/** The gate's runs' lowest and highest index: how far the machine's speed swung while it measured. */
const spread = gate?.benchmarkIndexRuns
  ? ` (median of ${gate.benchmarkIndexRuns.runs} runs, ${gate.benchmarkIndexRuns.lowest} to ${gate.benchmarkIndexRuns.highest})`
  : ""
const scaled = benchmarkIndex
  ? `, benchmarkIndex ${benchmarkIndex}${spread}, at index ${REFERENCE_INDEX.toLocaleString("en")}: ${seconds((wall * benchmarkIndex) / REFERENCE_INDEX)} s`
  : ", no Lighthouse run: no benchmarkIndex to scale it by"
console.log(`wall time ${seconds(wall)} s${sequential ? " (--sequential)" : ""}${quick ? " (--quick)" : ""}${scaled}`)
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed === 0 ? 0 : 1)
