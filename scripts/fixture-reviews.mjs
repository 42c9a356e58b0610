/**
 * The fixture reviews, in a copy of the project only, never in the shipped data/: the reviews of
 * tests/fixtures/reviews/reviews.json (clearly fictional test data) added after any the copy holds,
 * and the review link of tests/fixtures/reviews/business-review-link.json set in its business
 * details. scripts/edited-copy-check.mjs adds them to the edited copy before it is built, so the
 * copy's pages and the build-output suite see the site with reviews and with /review/, beside the
 * owner's other edits (the home page's size budget among them).
 */
import fs from "node:fs"
import path from "node:path"
import { ROOT } from "./project-copy.cjs"

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
