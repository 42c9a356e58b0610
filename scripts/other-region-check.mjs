#!/usr/bin/env node
/**
 * Another region is a matter of data: copies the project to a temporary folder,
 * replaces its data/ with tests/fixtures/other-region/ (a business in Madison,
 * Wisconsin, and six Dane County towns), builds the copy and runs the
 * `other-region` suite there (tests/other-region/), which finds no trace of
 * Illinois on any page or map. Then the copy is removed, unless --keep.
 *
 *   node scripts/other-region-check.mjs [--keep]
 *
 * Writes the suite's jest report to reports/other-region.json; exits 1 when
 * anything fails.
 */
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { ROOT, copyProject } from "./project-copy.cjs"

export const REGION_REPORT = path.join(ROOT, "reports", "other-region.json")
const FIXTURE = path.join(ROOT, "tests", "fixtures", "other-region")

const run = (command, args, cwd) => spawnSync(command, args, { cwd, stdio: "inherit", env: process.env }).status === 0

function main() {
  const keep = process.argv.includes("--keep")
  fs.mkdirSync(path.dirname(REGION_REPORT), { recursive: true })
  fs.rmSync(REGION_REPORT, { force: true })
  const copy = copyProject("other-region-")
  try {
    fs.rmSync(path.join(copy, "data"), { recursive: true, force: true })
    fs.cpSync(FIXTURE, path.join(copy, "data"), { recursive: true })
    console.log(`other region: building ${copy} with the data of tests/fixtures/other-region/`)
    const ok =
      run("npx", ["gatsby", "build"], copy) &&
      run("npx", ["jest", "--selectProjects", "other-region", "--json", "--outputFile", REGION_REPORT], copy)
    console.log(`other region: ${ok ? "no trace of Illinois on any page" : "FAILED"}`)
    return ok
  } finally {
    if (keep) console.log(`other region: copy kept in ${copy}`)
    else fs.rmSync(copy, { recursive: true, force: true })
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exit(main() ? 0 : 1)
}
