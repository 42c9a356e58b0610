#!/usr/bin/env node
/**
 * Every test of the project, in order, with one closing line "N passed, N failed":
 *   0. lint: ESLint and Prettier over the tree
 *   1. unit tests (jest, jsdom)
 *   2. a clean production build (gatsby clean && gatsby build)
 *   3. the type check (tsc --noEmit; needs the types the build generates)
 *   4. build-output tests (jest, reading public/)
 *   5. browser tests with axe-core (Playwright on Debian's Chromium)
 *   6. the Lighthouse gate (one check per rule, on every page; scripts/lighthouse-gate.mjs)
 *   7. the size budget of the home page
 *   8. the edited copy: the editor's tests edit a copy of the project and build it, then the build-output suite runs on it
 * A stage that cannot report its own counts counts as one check.
 */
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"

const REPORTS = path.resolve("reports")
fs.mkdirSync(REPORTS, { recursive: true })

const totals = { passed: 0, failed: 0 }
const lines = []

function run(command, args, env = {}) {
  const started = Date.now()
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } })
  return { ok: result.status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) }
}

function record(stage, passed, failed, seconds) {
  totals.passed += passed
  totals.failed += failed
  lines.push(`${stage.padEnd(14)} ${passed} passed, ${failed} failed (${seconds}s)`)
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"))
  } catch {
    return null
  }
}

/** Counts a jest JSON report; a run that failed without failing tests counts one failure more. */
function recordJest(stage, ok, seconds, outputFile) {
  const report = readJson(outputFile)
  if (!report) return record(stage, 0, 1, seconds)
  const failed = report.numFailedTests + (ok || report.numFailedTests > 0 ? 0 : 1)
  record(stage, report.numPassedTests, failed, seconds)
}

function jestStage(stage, project) {
  const outputFile = path.join(REPORTS, `${project}.json`)
  fs.rmSync(outputFile, { force: true })
  const { ok, seconds } = run("npx", ["jest", "--selectProjects", project, "--json", "--outputFile", outputFile])
  recordJest(stage, ok, seconds, outputFile)
}

/** The editor's tests on a copy of the project, then the build-output suite on that copy, built once. */
function editedCopyStage() {
  const editorReport = path.join(REPORTS, "editor.json")
  const suiteReport = path.join(REPORTS, "edited-copy.json")
  const { ok, seconds } = run("node", ["scripts/edited-copy-check.mjs"])
  const stats = readJson(editorReport)?.stats
  const suite = readJson(suiteReport)
  const passed = (stats?.expected ?? 0) + (suite?.numPassedTests ?? 0)
  const failed = (stats ? stats.unexpected + stats.flaky : 1) + (suite ? suite.numFailedTests : 1)
  record("edited-copy", passed, failed + (ok || failed ? 0 : 1), seconds)
}

function checkStage(stage, command, args) {
  const { ok, seconds } = run(command, args)
  record(stage, ok ? 1 : 0, ok ? 0 : 1, seconds)
  return ok
}

function playwrightStage() {
  const outputFile = path.join(REPORTS, "playwright.json")
  fs.rmSync(outputFile, { force: true })
  const { ok, seconds } = run("npx", ["playwright", "test", "--project", "desktop", "--project", "phone"])
  const stats = readJson(outputFile)?.stats
  if (!stats) return record("browser", 0, 1, seconds)
  const failed = stats.unexpected + stats.flaky + (ok || stats.unexpected > 0 ? 0 : 1)
  record("browser", stats.expected, failed, seconds)
}

/** The Lighthouse gate: one check per rule, each judged on every page (scripts/lighthouse-gate.mjs). */
function lighthouseStage() {
  const { ok, seconds } = run("node", ["scripts/lighthouse-gate.mjs"])
  const rules = readJson(path.join(REPORTS, "lighthouse", "gate.json"))?.rules
  if (!rules) return record("lighthouse", 0, 1, seconds)
  const failed = rules.filter((rule) => rule.offenders.length).length
  record("lighthouse", rules.length - failed, failed + (ok || failed ? 0 : 1), seconds)
}

checkStage("lint", "npm", ["run", "lint"])
jestStage("unit", "unit")
const built = checkStage("build", "sh", ["-c", "npx gatsby clean && npx gatsby build"])
if (built) {
  checkStage("typecheck", "npx", ["tsc", "--noEmit"])
  jestStage("build-output", "build-output")
  playwrightStage()
  lighthouseStage()
  checkStage("size-budget", "node", ["scripts/size-budget.mjs"])
  editedCopyStage()
} else {
  record("after build", 0, 1, "0.0")
}

console.log("\n" + lines.join("\n"))
console.log(`${totals.passed} passed, ${totals.failed} failed`)
process.exit(totals.failed === 0 ? 0 : 1)
