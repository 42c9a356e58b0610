#!/usr/bin/env node
/**
 * The fixture reviews, in a copy of the project only, never in the shipped data/: the reviews of
 * tests/fixtures/reviews/reviews.json (clearly fictional test data) added after any the copy holds,
 * and the review link of tests/fixtures/reviews/business-review-link.json set in its business
 * details, so the pages and the build-output suite see the site with reviews and with /review/.
 *
 *   node scripts/fixture-reviews.mjs [--keep]
 * copies the project, adds the fixtures, builds the copy on the site's caches
 * (scripts/project-copy.cjs), runs the build-output suite there (as scripts/edited-copy-check.mjs
 * runs it on the edited copy) and prints the copy's path with --keep (for the screenshots).
 */
import fs from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { ROOT, buildWarm, copyProject } from "./project-copy.cjs"
import { buildOutputSuite } from "./edited-copy-check.mjs"

const FIXTURES = path.join(ROOT, "tests", "fixtures", "reviews")

const readJson = (file) => JSON.parse(fs.readFileSync(file, "utf8"))
const writeJson = (file, data) => fs.writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`)

/** Adds the fixture reviews and the review link to the copy's data/. */
export function addFixtureReviews(copy) {
  const reviewsFile = path.join(copy, "data", "reviews.json")
  const businessFile = path.join(copy, "data", "business.json")
  const kept = fs.existsSync(reviewsFile) ? readJson(reviewsFile) : []
  writeJson(reviewsFile, [...kept, ...readJson(path.join(FIXTURES, "reviews.json"))])
  writeJson(businessFile, { ...readJson(businessFile), ...readJson(path.join(FIXTURES, "business-review-link.json")) })
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const copy = copyProject("reviews-copy-")
  addFixtureReviews(copy)
  const built = buildWarm(copy)
  fs.mkdirSync(path.join(ROOT, "reports"), { recursive: true })
  const checked = built && buildOutputSuite(copy, path.join(ROOT, "reports", "fixture-reviews.json"))
  console.log(`fixture reviews: ${checked ? "built, the build-output suite passes" : "FAILED"} (${copy})`)
  if (!process.argv.includes("--keep")) fs.rmSync(copy, { recursive: true, force: true })
  process.exit(checked ? 0 : 1)
}
