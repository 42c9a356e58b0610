#!/usr/bin/env node
/**
 * Proves that the tests follow the content: copies the project to a temporary
 * folder, makes the edits an owner makes by the README (a new coupon title, a
 * new town, a changed street address, one brand more), builds that copy and
 * runs the build-output suite on it. The suite must pass there as it does here.
 *
 * Usage: node scripts/owner-edits-check.mjs [--keep]
 * Writes the suite's jest JSON report to reports/owner-edits.json.
 */
import { spawnSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { ROOT, copyProject } from "./project-copy.cjs"

const REPORT = path.join(ROOT, "reports", "owner-edits.json")
const work = copyProject("owner-edits-")

const dataFile = (file) => path.join(work, "data", file)
const readJson = (file) => JSON.parse(fs.readFileSync(dataFile(file), "utf8"))
const writeJson = (file, value) => fs.writeFileSync(dataFile(file), `${JSON.stringify(value, null, 2)}\n`)

// 1. A new title for the first home coupon.
const coupons = readJson("coupons.json")
coupons.homeCoupons[0].title = "$149 Refrigerator Door Gasket Replacement"
writeJson("coupons.json", coupons)

// 2. One town more: Lincolnwood, Cook County, a real town with its own facts
// (the same record the editor's browser tests add).
const newTown = JSON.parse(fs.readFileSync(path.join(ROOT, "tests", "fixtures", "new-town.json"), "utf8"))
writeJson(`cities/${newTown.slug}.json`, newTown)

// 3. The shop moves down the street.
const business = readJson("business.json")
business.address.street = "600 Frontage Rd"
writeJson("business.json", business)

// 4. One brand more, listed on /brands/ without a logo on the home page.
writeJson("brands.json", [...readJson("brands.json"), { name: "Speed Queen", slug: "speed-queen", featured: false }])

const run = (command, args) => spawnSync(command, args, { cwd: work, stdio: "inherit", env: process.env }).status === 0

console.log(`owner edits: building an edited copy in ${work}`)
let ok = run("npx", ["gatsby", "build"])
if (ok) {
  fs.mkdirSync(path.dirname(REPORT), { recursive: true })
  ok = run("npx", ["jest", "--selectProjects", "build-output", "--json", "--outputFile", REPORT])
}
if (!process.argv.includes("--keep")) fs.rmSync(work, { recursive: true, force: true })
console.log(`owner edits: ${ok ? "the build-output suite passes on the edited copy" : "FAILED on the edited copy"}`)
process.exit(ok ? 0 : 1)
