#!/usr/bin/env node
/**
 * Prints, for each page, the median over its Lighthouse runs of the four
 * category scores, LCP, TBT and CLS, from the LHCI reports on disk.
 */
import fs from "node:fs"
import path from "node:path"

const dir = path.resolve("reports/lighthouse")
const manifest = JSON.parse(fs.readFileSync(path.join(dir, "manifest.json"), "utf8"))

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

const runsByUrl = new Map()
for (const entry of manifest) {
  const report = JSON.parse(fs.readFileSync(entry.jsonPath, "utf8"))
  runsByUrl.set(entry.url, [...(runsByUrl.get(entry.url) ?? []), report])
}

for (const [url, reports] of runsByUrl) {
  const score = (id) => Math.round(median(reports.map((r) => r.categories[id].score)) * 100)
  const audit = (id) => median(reports.map((r) => r.audits[id].numericValue))
  console.log(
    `lighthouse ${new URL(url).pathname.padEnd(32)} median of ${reports.length}: perf ${score("performance")} a11y ${score("accessibility")} bp ${score("best-practices")} seo ${score("seo")}  LCP ${(audit("largest-contentful-paint") / 1000).toFixed(2)}s  TBT ${Math.round(audit("total-blocking-time"))}ms  CLS ${audit("cumulative-layout-shift")}`,
  )
}
