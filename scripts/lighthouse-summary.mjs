#!/usr/bin/env node
/** Prints each page's four Lighthouse scores and its LCP from the LHCI reports on disk. */
import fs from "node:fs"
import path from "node:path"

const dir = path.resolve("reports/lighthouse")
const manifest = JSON.parse(fs.readFileSync(path.join(dir, "manifest.json"), "utf8"))
for (const entry of manifest) {
  const report = JSON.parse(fs.readFileSync(entry.jsonPath, "utf8"))
  const score = (id) => Math.round(report.categories[id].score * 100)
  const lcp = report.audits["largest-contentful-paint"].numericValue
  const cls = report.audits["cumulative-layout-shift"].numericValue
  console.log(
    `lighthouse ${new URL(entry.url).pathname.padEnd(32)} perf ${score("performance")} a11y ${score("accessibility")} bp ${score("best-practices")} seo ${score("seo")}  LCP ${(lcp / 1000).toFixed(2)}s  CLS ${cls}`,
  )
}
