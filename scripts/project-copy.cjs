// A working copy of the project in a new folder, for checks that edit data/ and
// build (the editor's browser tests, scripts/edited-copy-check.mjs):
// everything but what a build or a test run makes, node_modules linked rather
// than copied, and no generated types, so the copy's build writes its own.
// CommonJS, so that the .mjs scripts and the .ts tests share it (types in project-copy.d.cts).
const { spawnSync } = require("node:child_process")
const fs = require("node:fs")
const os = require("node:os")
const path = require("node:path")

const ROOT = path.resolve(__dirname, "..")

/** What the copy leaves out: installed, built or reported, not the project's own. */
const SKIP = new Set([
  "node_modules",
  "public",
  ".cache",
  ".lastmod",
  ".git",
  "reports",
  "test-results",
  "playwright-report",
])

/** `folder`, made if missing; refused unless empty, so a copy never mixes with other files. */
function emptyFolder(folder) {
  if (fs.existsSync(folder) && fs.readdirSync(folder).length) {
    throw new Error(`${folder} is not empty: a project copy needs a new or empty folder`)
  }
  fs.mkdirSync(folder, { recursive: true })
  return path.resolve(folder)
}

/**
 * Copies the project to `target` (a new or empty folder), or else to a new folder
 * under the system's temporary folder named with `prefix`; returns its path.
 */
function copyProject(prefix, target) {
  const work = target ? emptyFolder(target) : fs.mkdtempSync(path.join(os.tmpdir(), prefix))
  for (const entry of fs.readdirSync(ROOT)) {
    if (!SKIP.has(entry)) fs.cpSync(path.join(ROOT, entry), path.join(work, entry), { recursive: true })
  }
  fs.rmSync(path.join(work, "src", "gatsby-types.d.ts"), { force: true })
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(work, "node_modules"), "dir")
  return work
}

/**
 * Builds a copy (`gatsby build` in its folder, with `env` added), starting from the site's own
 * build where there is one: its .cache/ (webpack's persistent cache, the image plugin's
 * transformed images, the data store) is copied in first, so the copy's build redoes what its
 * content changes instead of a whole cold build. Not public/: Gatsby would keep the site's pages
 * and bundles that the copy no longer has. Prints the build's time; returns whether it succeeded.
 */
function buildWarm(copy, env = {}) {
  const cache = path.join(ROOT, ".cache")
  const warm = fs.existsSync(cache)
  if (warm) {
    fs.rmSync(path.join(copy, ".cache"), { recursive: true, force: true })
    fs.cpSync(cache, path.join(copy, ".cache"), { recursive: true, verbatimSymlinks: true })
  }
  const started = Date.now()
  const { status } = spawnSync("npx", ["gatsby", "build"], {
    cwd: copy,
    stdio: "inherit",
    env: { ...process.env, ...env },
  })
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  console.log(`${path.basename(copy)}: ${warm ? "built from the site's build" : "built cold"} in ${seconds} s`)
  return status === 0
}

module.exports = { ROOT, buildWarm, copyProject }
