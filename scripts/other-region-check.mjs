#!/usr/bin/env node
/**
 * A second site, from data alone: copies the project to a temporary folder,
 * replaces its data/ with tests/fixtures/other-region/ (a business in Madison,
 * Wisconsin, six Dane County towns, and dated content: closures, special hours,
 * coupons that expire, a notice), builds the copy as of a fixed instant
 * (SITE_CLOCK, FIXTURE_CLOCK below), on webpack's and Parcel's caches of the site's own build
 * where there is one (scripts/project-copy.cjs, buildWarm), and runs there, one step at a time
 *  - the `other-region` suite (tests/other-region/): no trace of Illinois on any
 *    page or map, and what the build leaves out as past;
 *  - the `clock` browser tests (tests/e2e/clock.spec.ts): each page at fixed
 *    instants and device time zones, the opening status, the notice and the coupons.
 * Then the copy is removed, unless --keep.
 *
 *   node scripts/other-region-check.mjs [--keep]
 *
 * Writes the suite's jest report to reports/other-region.json and the browser
 * tests' to reports/clock.json; exits 1 when anything fails.
 */
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { ROOT, bin, buildWarm, copyProject } from "./project-copy.cjs"
import { freePort } from "./browser.cjs"

export const REGION_REPORT = path.join(ROOT, "reports", "other-region.json")
export const CLOCK_REPORT = path.join(ROOT, "reports", "clock.json")
const FIXTURE = path.join(ROOT, "tests", "fixtures", "other-region")
/** The instant the fixture's build takes as now: Friday, October 30, 2026, noon in Madison (CDT). */
export const FIXTURE_CLOCK = "2026-10-30T17:00:00Z"

const run = (command, args, cwd, env = {}) =>
  spawnSync(command, args, { cwd, stdio: "inherit", env: { ...process.env, ...env } }).status === 0

async function main() {
  const keep = process.argv.includes("--keep")
  fs.mkdirSync(path.dirname(REGION_REPORT), { recursive: true })
  for (const report of [REGION_REPORT, CLOCK_REPORT]) fs.rmSync(report, { force: true })
  const copy = copyProject("other-region-")
  try {
    fs.rmSync(path.join(copy, "data"), { recursive: true, force: true })
    fs.cpSync(FIXTURE, path.join(copy, "data"), { recursive: true })
    console.log(`other region: building ${copy} with the data of tests/fixtures/other-region/, as of ${FIXTURE_CLOCK}`)
    const built = buildWarm(copy, { SITE_CLOCK: FIXTURE_CLOCK })
    const suite =
      built &&
      run(
        bin("jest"),
        ["--selectProjects", "other-region", "--runInBand", "--json", "--outputFile", REGION_REPORT],
        copy,
      )
    const clock =
      built &&
      run(bin("playwright"), ["test", "--project", "clock", "--workers", "1"], copy, {
        E2E_PORT: String(await freePort()),
        E2E_REPORT: CLOCK_REPORT,
      })
    console.log(
      `other region: ${suite ? "no trace of Illinois on any page" : "FAILED"}; dated content at fixed instants: ${clock ? "right" : "FAILED"}`,
    )
    return suite && clock
  } finally {
    if (keep) console.log(`other region: copy kept in ${copy}`)
    else fs.rmSync(copy, { recursive: true, force: true })
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exit((await main()) ? 0 : 1)
}
