#!/usr/bin/env node
/**
 * Scale benchmark (not a test): how the build and its output grow with the
 * number of towns.
 *   npm run bench:scale -- 10000 [--keep]
 *
 * Copies the project to a temporary folder (node_modules is linked package by
 * package, never copied, and its .cache stays private to the copy so the build
 * is cold), adds synthetic, schema-valid towns until there are N (copies of real
 * records with their own name, a position within 3 miles of a real town, spread
 * over 200 made-up counties, one in ten in two counties), runs a cold
 * `gatsby build`, and prints: the build's wall time, the time of the "source and
 * transform nodes" and "run queries" stages (from Gatsby's own output), the peak
 * memory of the build's processes, the JSON bytes every page loads (app-data.json
 * plus the static-query results every page fetches) and the largest HTML file.
 * The synthetic towns live only in the temporary copy, which is removed unless
 * --keep is given. Other work on the machine slows the build: the load average
 * before and after is printed with the figures.
 */
import { spawn } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { stripVTControlCharacters } from "node:util"

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..")
const args = process.argv.slice(2)
const target = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 1000)
const keep = args.includes("--keep")
const COUNTIES = 200
const MAX_OFFSET_MILES = 3

/** A small deterministic random generator (mulberry32), so every run adds the same towns. */
function random(seed) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

// ---- 1. a copy of the project, with node_modules linked --------------------------------
const SKIP = new Set([
  "node_modules",
  ".git",
  "public",
  ".cache",
  "reports",
  "test-results",
  "playwright-report",
  "coverage",
])
const work = fs.mkdtempSync(path.join(os.tmpdir(), `bench-scale-${target}-`))
fs.cpSync(root, work, {
  recursive: true,
  filter: (source) => !SKIP.has(path.relative(root, source).split(path.sep)[0]),
})
fs.mkdirSync(path.join(work, "node_modules"))
for (const entry of fs.readdirSync(path.join(root, "node_modules"))) {
  // Each package is a link; node_modules/.cache (babel-loader, …) stays the copy's own, so the build is cold.
  if (entry === ".cache") continue
  fs.symlinkSync(path.join(root, "node_modules", entry), path.join(work, "node_modules", entry))
}

// ---- 2. synthetic towns ------------------------------------------------------------------
const citiesDir = path.join(work, "data", "cities")
const real = fs
  .readdirSync(citiesDir)
  .sort()
  .map((file) => JSON.parse(fs.readFileSync(path.join(citiesDir, file), "utf8")))
if (target < real.length) {
  console.error(`bench:scale: N must be at least the ${real.length} real towns`)
  process.exit(2)
}
const next = random(20240611)
const SYLLABLES = [
  "Ash",
  "Birch",
  "Cedar",
  "Elm",
  "Fern",
  "Glen",
  "Hazel",
  "Iron",
  "Juniper",
  "Kings",
  "Laurel",
  "Maple",
  "North",
  "Oak",
  "Pine",
  "Quarry",
  "Red",
  "Stone",
  "Timber",
  "Willow",
]
const ENDINGS = ["field", "ford", "wood", "dale", "mont", "ridge", "brook", "haven", "wick", "ton"]
const countyNames = Array.from(
  { length: COUNTIES },
  (_, i) => `${SYLLABLES[i % 20]}${ENDINGS[Math.floor(i / 20) % 10]}`,
)
const PLACES = ["Grove", "Heights", "Park", "Hills", "Woods", "Springs", "Meadows", "Crossing", "Point", "Valley"]
const MILES_PER_DEGREE = 69.0
for (let i = 0; i < target - real.length; i += 1) {
  const template = real[i % real.length]
  const name = `${SYLLABLES[i % 20]}${ENDINGS[Math.floor(i / 20) % 10]} ${PLACES[Math.floor(i / 200) % 10]} ${Math.floor(i / 2000) + 1}`
  const slug = name.toLowerCase().replace(/\s+/g, "-")
  const county = countyNames[Math.floor(next() * COUNTIES)]
  const second = i % 10 === 0 ? `, ${countyNames[(countyNames.indexOf(county) + 1) % COUNTIES]}` : ""
  const miles = Math.sqrt(next()) * MAX_OFFSET_MILES
  const angle = next() * 2 * Math.PI
  const lat = template.lat + (miles * Math.cos(angle)) / MILES_PER_DEGREE
  const lng = template.lng + (miles * Math.sin(angle)) / (MILES_PER_DEGREE * Math.cos((template.lat * Math.PI) / 180))
  const town = {
    ...template,
    name,
    slug,
    county: `${county}${second}`,
    lat: Math.round(lat * 1e4) / 1e4,
    lng: Math.round(lng * 1e4) / 1e4,
    mapUrl: `https://www.google.com/maps?q=${encodeURIComponent(`${name}, IL`)}&z=13&output=embed`,
    localParagraph: template.localParagraph.split(template.name).join(name),
  }
  fs.writeFileSync(path.join(citiesDir, `${slug}.json`), `${JSON.stringify(town, null, 2)}\n`)
}

// ---- 3. a cold build, its memory polled from /proc ---------------------------------------
const PAGE_SIZE = 4096
/** Resident memory of a process tree, in bytes: the sum over the process and all its descendants. */
function treeMemory(rootPid) {
  const children = new Map()
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8")
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1])
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)])
    } catch {
      // the process ended while we looked
    }
  }
  let total = 0
  let largest = 0
  const visit = (pid) => {
    try {
      const resident = Number(fs.readFileSync(`/proc/${pid}/statm`, "utf8").split(" ")[1]) * PAGE_SIZE
      total += resident
      largest = Math.max(largest, resident)
    } catch {
      return
    }
    for (const child of children.get(pid) ?? []) visit(child)
  }
  visit(rootPid)
  return { total, largest }
}

const loadBefore = os.loadavg()
const started = Date.now()
const log = fs.createWriteStream(path.join(work, "build.log"))
const build = spawn(path.join(work, "node_modules", ".bin", "gatsby"), ["build"], {
  cwd: work,
  env: { ...process.env, CI: "true", GATSBY_TELEMETRY_DISABLED: "1", NO_COLOR: "1" },
})
let output = ""
for (const stream of [build.stdout, build.stderr]) {
  stream.on("data", (chunk) => {
    output += chunk
    log.write(chunk)
  })
}
const peak = { total: 0, largest: 0 }
const poll = setInterval(() => {
  const now = treeMemory(build.pid)
  peak.total = Math.max(peak.total, now.total)
  peak.largest = Math.max(peak.largest, now.largest)
}, 200)
const exitCode = await new Promise((resolve) => build.on("close", resolve))
clearInterval(poll)
const seconds = (Date.now() - started) / 1000
const loadAfter = os.loadavg()

// ---- 4. figures ---------------------------------------------------------------------------
const plain = stripVTControlCharacters(output)
/** Seconds of a Gatsby stage, summed when it runs more than once ("success run queries in workers - 3.2s"). */
function stage(pattern) {
  const matches = Array.from(plain.matchAll(new RegExp(`success (${pattern}) - ([\\d.]+)s`, "g")))
  return matches.length ? matches.reduce((sum, match) => sum + Number(match[2]), 0) : null
}
const publicDir = path.join(work, "public")
function htmlFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory())
      return dir === publicDir && ["static", "page-data"].includes(entry.name) ? [] : htmlFiles(full)
    return entry.name.endsWith(".html") ? [full] : []
  })
}
function pageDataFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === "sq" ? [] : pageDataFiles(full)
    return entry.name === "page-data.json" ? [full] : []
  })
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`
const secs = (value) => (value === null ? "n/a" : `${value.toFixed(1)} s`)
const counties = new Set(
  fs.readdirSync(citiesDir).flatMap((file) =>
    JSON.parse(fs.readFileSync(path.join(citiesDir, file), "utf8"))
      .county.split(",")
      .map((name) => name.trim()),
  ),
)
const lines = [
  `bench:scale N=${target}: ${real.length} real + ${target - real.length} synthetic towns in ${counties.size} counties`,
  `machine: ${os.cpus().length} cores; load average before ${loadBefore.map((v) => v.toFixed(2)).join(" ")}, after ${loadAfter.map((v) => v.toFixed(2)).join(" ")}`,
  `cold gatsby build: ${seconds.toFixed(1)} s (exit ${exitCode})`,
  `  source and transform nodes: ${secs(stage("source and transform nodes"))}`,
  `  run queries: ${secs(stage("run queries in workers|run page queries|run static queries|run queries"))}`,
  `  (onPreBootstrap ${secs(stage("onPreBootstrap"))}, building schema ${secs(stage("building schema"))}, createPages ${secs(stage("createPages"))}, JS bundles ${secs(stage("Building production JavaScript and CSS bundles"))}, HTML renderer ${secs(stage("Building HTML renderer"))}, static HTML ${secs(stage("Building static HTML for pages"))}, onPostBuild ${secs(stage("onPostBuild"))})`,
  `peak memory: ${(peak.total / 1024 ** 3).toFixed(2)} GB resident, all build processes together (largest single process ${(peak.largest / 1024 ** 3).toFixed(2)} GB)`,
]
if (exitCode === 0) {
  const pages = pageDataFiles(path.join(publicDir, "page-data")).map((file) =>
    JSON.parse(fs.readFileSync(file, "utf8")),
  )
  const everywhere = pages
    .map((page) => new Set(page.staticQueryHashes))
    .reduce((common, set) => new Set([...common].filter((hash) => set.has(hash))))
  const shared = [
    path.join(publicDir, "page-data", "app-data.json"),
    ...[...everywhere].map((hash) => path.join(publicDir, "page-data", "sq", "d", `${hash}.json`)),
  ]
  const sharedBytes = shared.reduce((sum, file) => sum + fs.statSync(file).size, 0)
  const html = htmlFiles(publicDir).map((file) => ({
    file: path.relative(publicDir, file),
    size: fs.statSync(file).size,
  }))
  const largest = html.reduce((a, b) => (b.size > a.size ? b : a))
  const sizeOf = (file) => html.find((entry) => entry.file === file)?.size ?? 0
  lines.push(
    `JSON every page loads: ${sharedBytes} bytes (app-data.json + ${shared.length - 1} static-query result${shared.length === 2 ? "" : "s"})`,
    `largest HTML: ${largest.file} ${kb(largest.size)} (home ${kb(sizeOf("index.html"))}, service area ${kb(sizeOf("service-area/index.html"))}); ${html.length} HTML files, ${html.filter((entry) => entry.size > 300 * 1024).length} over 300 KB`,
  )
} else {
  lines.push(`build failed; the last lines of its output:\n${plain.split("\n").slice(-30).join("\n")}`)
}
console.log(lines.join("\n"))
log.end()
if (keep) console.log(`kept ${work}`)
else fs.rmSync(work, { recursive: true, force: true })
process.exit(exitCode === 0 ? 0 : 1)
