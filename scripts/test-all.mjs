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
 *   browser       Playwright on Debian's Chromium, desktop and phone projects (axe, headers, navigation…),
 *                 and the engines project: Chromium, WebKit and Firefox on every template
 *   edited-copy   the editor's tests edit a copy of the project and build it; then the
 *                 build-output suite runs on that copy (scripts/edited-copy-check.mjs)
 *   other-region  a copy whose data is a business and towns in another state, built as of
 *                 a fixed instant; no page carries a trace of Illinois, and the opening status,
 *                 the notice and the coupons read right at fixed instants and device time
 *                 zones in Chromium (scripts/other-region-check.mjs)
 *   lighthouse    the Lighthouse gate, one check per rule on six pages (scripts/lighthouse-gate.mjs)
 *   size-budget   the home page's bytes as Chromium transfers them (scripts/size-budget.mjs)
 * A stage that cannot report its own counts counts as one check.
 *
 * On 2 cores, stages overlap where one leaves a core idle and neither measures
 * time: lint, unit, other-region (which builds its own copy), then typecheck and
 * build-output (once the build is done) in one lane, beside the build and then
 * the browser tests, which run beside edited-copy, whose editing waits on the
 * editor most of the time. Lighthouse runs alone (timings are its measure), then
 * the size budget (bytes within a quiet window).
 *
 *   node scripts/test-all.mjs [--sequential] [--keep]
 * --sequential: every stage alone, one after another (each stage's own time).
 * --keep: keep the edited copy (its path is printed).
 * Each stage's output goes to the terminal, prefixed with its name when stages
 * overlap, and to reports/logs/{stage}.log.
 */
import { spawn } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import readline from "node:readline"
import { EDITOR_REPORT, SUITE_REPORT } from "./edited-copy-check.mjs"
import { CLOCK_REPORT, REGION_REPORT } from "./other-region-check.mjs"
import { freePort } from "./browser.cjs"

const REPORTS = path.resolve("reports")
const LOGS = path.join(REPORTS, "logs")
fs.mkdirSync(LOGS, { recursive: true })

const sequential = process.argv.includes("--sequential")
const keep = process.argv.includes("--keep")
const started = Date.now()
const rows = []

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
    child.on("close", (code) => {
      running -= 1
      log.end()
      resolve(code === 0)
    })
  })
}

/** Runs a stage: `body` returns its [passed, failed] checks; the row keeps its time and what ran beside it. */
async function stage(name, body) {
  fs.rmSync(path.join(LOGS, `${name}.log`), { force: true })
  const row = { stage: name, passed: 0, failed: 0, start: Date.now(), end: 0 }
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
const check = (name, command, args) => stage(name, async () => ((await run(name, command, args)) ? [1, 0] : [0, 1]))

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

const jest = (name, project) =>
  stage(name, async () => {
    const outputFile = path.join(REPORTS, `${project}.json`)
    fs.rmSync(outputFile, { force: true })
    const ok = await run(name, "npx", ["jest", "--selectProjects", project, "--json", "--outputFile", outputFile])
    return jestCounts(ok, readJson(outputFile))
  })

const browser = () =>
  stage("browser", async () => {
    const report = path.join(REPORTS, "playwright.json")
    fs.rmSync(report, { force: true })
    const projects = ["desktop", "phone", "engines"].flatMap((project) => ["--project", project])
    const ok = await run("browser", "npx", ["playwright", "test", ...projects])
    return playwrightCounts(ok, readJson(report))
  })

/** The editor's tests and the build-output suite on one edited copy: both reports' counts. */
const editedCopy = () =>
  stage("edited-copy", async () => {
    const args = ["scripts/edited-copy-check.mjs", ...(keep ? ["--keep"] : [])]
    const ok = await run("edited-copy", "node", args, { E2E_PORT: String(await freePort()) })
    const [editorPassed, editorFailed] = playwrightCounts(true, readJson(EDITOR_REPORT))
    const [suitePassed, suiteFailed] = jestCounts(true, readJson(SUITE_REPORT))
    const failed = editorFailed + suiteFailed
    return [editorPassed + suitePassed, failed + (ok || failed > 0 ? 0 : 1)]
  })

/** A copy built for another region at a fixed instant (scripts/other-region-check.mjs): its suite's and its clock tests' counts. */
const otherRegion = () =>
  stage("other-region", async () => {
    const ok = await run("other-region", "node", ["scripts/other-region-check.mjs", ...(keep ? ["--keep"] : [])])
    const [suitePassed, suiteFailed] = jestCounts(true, readJson(REGION_REPORT))
    const [clockPassed, clockFailed] = playwrightCounts(true, readJson(CLOCK_REPORT))
    const failed = suiteFailed + clockFailed
    return [suitePassed + clockPassed, failed + (ok || failed > 0 ? 0 : 1)]
  })

/** The Lighthouse gate: one check per rule, each judged on every page. */
const lighthouse = () =>
  stage("lighthouse", async () => {
    const ok = await run("lighthouse", "node", ["scripts/lighthouse-gate.mjs"])
    const rules = readJson(path.join(REPORTS, "lighthouse", "gate.json"))?.rules
    if (!rules) return [0, 1]
    const failed = rules.filter((rule) => rule.offenders.length).length
    return [rules.length - failed, failed + (ok || failed > 0 ? 0 : 1)]
  })

/** Runs the lanes at once (or one after another with --sequential); each lane's stages in order. */
async function together(...lanes) {
  if (sequential) {
    for (const lane of lanes) await lane()
    return
  }
  await Promise.all(lanes.map((lane) => lane()))
}

const build = () => check("build", "sh", ["-c", "npx gatsby clean && npx gatsby build"])

/** The site's build, started once; what reads public/ waits for it. */
let buildDone
const built = new Promise((resolve) => {
  buildDone = resolve
})

/**
 * What needs nothing built (lint, the unit tests, the other region's copy, which builds its own),
 * then what reads the build without a browser: the type check (it needs the types the build
 * generates) and the build-output suite. Beside the build and the browser tests.
 */
async function standalone() {
  await check("lint", "npm", ["run", "lint"])
  await jest("unit", "unit")
  await otherRegion()
  if (!(await built)) return
  await check("typecheck", "npx", ["tsc", "--noEmit"])
  await jest("build-output", "build-output")
}

/** The build, then the browser tests (Chromium, and the three engines) beside the edited copy. */
async function onTheBuild() {
  const ok = await build()
  buildDone(ok)
  if (!ok) {
    rows.push({ stage: "after build", passed: 0, failed: 1, start: Date.now(), end: Date.now() })
    return false
  }
  await together(
    () => browser(),
    () => editedCopy(),
  )
  return true
}

let siteBuilt = false
await together(async () => {
  siteBuilt = await onTheBuild()
}, standalone)
if (siteBuilt) {
  await lighthouse()
  await check("size-budget", "node", ["scripts/size-budget.mjs"])
}

/** The stages that ran at the same time as this one. */
const beside = (row) =>
  rows.filter((other) => other !== row && other.start < row.end && row.start < other.end).map((other) => other.stage)
const seconds = (ms) => (ms / 1000).toFixed(1)
const table = [
  ["stage", "passed", "failed", "seconds", "beside"],
  ...rows.map((row) => [
    row.stage,
    String(row.passed),
    String(row.failed),
    seconds(row.end - row.start),
    beside(row).join(", ") || "alone",
  ]),
]
const widths = table[0].map((_, column) => Math.max(...table.map((line) => line[column].length)))
const align = (cell, column) =>
  column === 4 ? cell : column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])
console.log("")
for (const line of table) console.log(line.map(align).join("  "))
const passed = rows.reduce((sum, row) => sum + row.passed, 0)
const failed = rows.reduce((sum, row) => sum + row.failed, 0)
console.log(`wall time ${seconds(Date.now() - started)} s${sequential ? " (--sequential)" : ""}`)
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed === 0 ? 0 : 1)
