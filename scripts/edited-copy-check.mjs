#!/usr/bin/env node
/**
 * Everything that checks an owner's edits, on one copy of the project, built once:
 *   1. the editor's browser tests (tests/e2e/admin.spec.ts, Playwright's editor
 *      project) make the copy, a Git repository, in a new folder named by
 *      EDITED_COPY_DIR; the owner edits it through the editor (a coupon's title,
 *      a new town, the shop's street, one brand more, a closure, an offer's end)
 *      and publishes each edit;
 *   1b. the owner's page for today (tests/e2e/owner-today*.spec.ts, the today
 *      project: Chromium at 390 px, WebKit and Firefox) changes the day's facts
 *      of the copy's content on a GitHub stand-in, and the copy gets what the
 *      owner kept (a closure, other hours, a notice, a coupon's end);
 *   1c. the fixture reviews and review link (scripts/fixture-reviews.mjs) are added to the
 *      copy's data/, so that what follows sees a site with reviews and /review/;
 *   2. the copy is built, on webpack's and Parcel's caches of the site's own build
 *      (scripts/project-copy.cjs, buildWarm); its time is printed;
 *   3. its pages are checked in the browser (tests/e2e/edited-copy.spec.ts, the
 *      edited-copy project): every edit shows;
 *   4. the build-output suite (tests/build) runs on that built copy, as it runs
 *      on the site: it reads the copy's data/ and public/, so every rule must
 *      hold for the edited content too (all but the files that serve a build
 *      through Netlify's emulation, SITE_BUILD_ONLY: no edit changes what they check).
 * One step at a time (one core). Then the copy is removed, unless --keep (its path is printed).
 *
 *   node scripts/edited-copy-check.mjs [--keep]
 *
 * Needs the site built in public/ (the editor is served from it). Writes the
 * editor's Playwright report to reports/editor.json, the page for today's to
 * reports/today.json, the copy's pages' to
 * reports/edited-copy-pages.json and the suite's jest report to
 * reports/edited-copy.json; exits 1 when anything fails. E2E_PORT as for the
 * browser tests.
 */
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { ROOT, bin, buildWarm } from "./project-copy.cjs"
import { addFixtureReviews } from "./fixture-reviews.mjs"

const REPORTS = path.join(ROOT, "reports")
export const EDITOR_REPORT = path.join(REPORTS, "editor.json")
export const TODAY_REPORT = path.join(REPORTS, "today.json")
export const PAGES_REPORT = path.join(REPORTS, "edited-copy-pages.json")
export const SUITE_REPORT = path.join(REPORTS, "edited-copy.json")

const run = (command, args, options) =>
  spawnSync(command, args, { stdio: "inherit", ...options, env: { ...process.env, ...options.env } }).status === 0

/**
 * The build-output suite's files that serve the functions through Netlify's emulation: they check
 * the functions and how the emulation serves the files the build wrote, and the gateway and the
 * editors' roles against a GitHub stand-in with content of their own, code and data that no edit
 * of the copy's data/ changes (what the build wrote, the headers and the 404 page among it, the
 * suite's other files read on the copy). They run on the site's build (the build-output stage)
 * and not again here, where they took 22 of the suite's 56 s and a server start of their own each.
 */
export const SITE_BUILD_ONLY = [
  "tests/build/netlify-emulation.test.ts",
  "tests/build/sign-in-emulation.test.ts",
  "tests/build/call-backs-emulation.test.ts",
  "tests/build/gateway-content-only.test.ts",
  "tests/build/editor-roles-emulation.test.ts",
]

/** The build-output suite on a built copy: the copy's own tests/, data/ and public/ (jest run from its folder). */
export function buildOutputSuite(copy, report) {
  const gone = SITE_BUILD_ONLY.filter((file) => !fs.existsSync(path.join(copy, file)))
  if (gone.length) throw new Error(`scripts/edited-copy-check.mjs leaves out ${gone.join(", ")}, which the copy lacks`)
  const ignored = ["/node_modules/", ...SITE_BUILD_ONLY.map((file) => `/${file.replace(/\./g, "\\.")}$`)]
  return run(
    bin("jest"),
    [
      "--selectProjects",
      "build-output",
      "--runInBand",
      ...ignored.flatMap((pattern) => ["--testPathIgnorePatterns", pattern]),
      "--json",
      "--outputFile",
      report,
    ],
    { cwd: copy },
  )
}

function main() {
  const keep = process.argv.includes("--keep")
  fs.mkdirSync(REPORTS, { recursive: true })
  for (const report of [EDITOR_REPORT, TODAY_REPORT, PAGES_REPORT, SUITE_REPORT]) fs.rmSync(report, { force: true })
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), "edited-copy-"))
  const playwright = (project, report) =>
    run(bin("playwright"), ["test", "--project", project, "--workers", "1"], {
      cwd: ROOT,
      env: { EDITED_COPY_DIR: copy, E2E_REPORT: report },
    })
  try {
    console.log(`edited copy: the editor edits ${copy}`)
    const edited = playwright("editor", EDITOR_REPORT)
    const today = fs.existsSync(path.join(copy, "data")) && playwright("today", TODAY_REPORT)
    if (fs.existsSync(path.join(copy, "data"))) addFixtureReviews(copy)
    const built = fs.existsSync(path.join(copy, "data")) && buildWarm(copy)
    if (!built) console.error("edited copy: not built, so its pages and the build-output suite cannot be checked")
    const shown = built && playwright("edited-copy", PAGES_REPORT)
    const checked = built && buildOutputSuite(copy, SUITE_REPORT)
    console.log(
      `edited copy: ${edited && today && built && shown && checked ? "the editor's and the page for today's tests, the copy's pages and the build-output suite pass" : "FAILED"}`,
    )
    return edited && today && built && shown && checked
  } finally {
    if (keep) console.log(`edited copy kept in ${copy}`)
    else fs.rmSync(copy, { recursive: true, force: true })
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exit(main() ? 0 : 1)
}
