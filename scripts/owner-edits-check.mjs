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
import os from "node:os"
import path from "node:path"

const ROOT = path.resolve(import.meta.dirname, "..")
const REPORT = path.join(ROOT, "reports", "owner-edits.json")
/** What a copy needs besides node_modules, which it links to instead. */
const SKIP = new Set([
  "node_modules",
  "public",
  ".cache",
  ".git",
  "reports",
  ".lighthouseci",
  "test-results",
  "playwright-report",
])

const work = fs.mkdtempSync(path.join(os.tmpdir(), "owner-edits-"))
for (const entry of fs.readdirSync(ROOT)) {
  if (SKIP.has(entry)) continue
  fs.cpSync(path.join(ROOT, entry), path.join(work, entry), { recursive: true })
}
fs.rmSync(path.join(work, "src", "gatsby-types.d.ts"), { force: true })
fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(work, "node_modules"), "dir")

const dataFile = (file) => path.join(work, "data", file)
const readJson = (file) => JSON.parse(fs.readFileSync(dataFile(file), "utf8"))
const writeJson = (file, value) => fs.writeFileSync(dataFile(file), `${JSON.stringify(value, null, 2)}\n`)

// 1. A new title for the first home coupon.
const coupons = readJson("coupons.json")
coupons.homeCoupons[0].title = "$149 Refrigerator Door Gasket Replacement"
writeJson("coupons.json", coupons)

// 2. One town more: Lincolnwood, Cook County, a real town with its own facts.
const lincolnwood = {
  name: "Lincolnwood",
  slug: "lincolnwood",
  county: "Cook",
  zip: "60712",
  lat: 42.0045,
  lng: -87.73,
  mapUrl: "https://www.google.com/maps?q=Lincolnwood,+IL&output=embed",
  localParagraph:
    "Lincolnwood is a small village wedged between Skokie and the northwest side of Chicago, cut through by Touhy Avenue and bordered on the east by the North Shore Channel trail. Most of its homes are brick ranches, split-levels and Georgian two-stories built in the 1950s and 1960s, many with the original kitchen layout and a laundry room in a finished basement. Owners there often ask us about older built-in wall ovens, cooktops set into counters that were sized decades ago, and washers whose drain hoses run to laundry tubs below grade. Mineral scale on dishwasher spray arms and in refrigerator water valves is a common find on our visits. We plan Lincolnwood calls together with nearby Skokie appointments to keep arrival windows short.",
}
if (fs.existsSync(dataFile("cities")) && fs.statSync(dataFile("cities")).isDirectory()) {
  writeJson("cities/lincolnwood.json", lincolnwood)
} else {
  writeJson("cities.json", [...readJson("cities.json"), lincolnwood])
}

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
