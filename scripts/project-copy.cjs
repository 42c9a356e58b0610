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
 * Builds a copy (`gatsby build` in its folder, with `env` added), starting from webpack's
 * persistent cache of the site's own build where there is one (.cache/webpack): webpack checks
 * each cached module against its files and reuses what still holds, the installed packages'
 * modules above all (the copy links the site's node_modules), which saves about 5 s of a 30 s
 * build here. Nothing else of the site's build: Gatsby deletes a .cache/ that has no public/ beside
 * it, and with the site's public/ and the rest of its .cache/ the copy's build would trust the
 * site's pages and queries, kept under the site's own paths (tried: "The result of this
 * StaticQuery could not be fetched"). So the copy gets an empty public/, and Gatsby builds every
 * page, query and image anew. Prints the build's time; returns whether it succeeded.
 */
function buildWarm(copy, env = {}) {
  const webpackCache = path.join(ROOT, ".cache", "webpack")
  const warm = fs.existsSync(webpackCache)
  if (warm) {
    fs.rmSync(path.join(copy, ".cache"), { recursive: true, force: true })
    fs.cpSync(webpackCache, path.join(copy, ".cache", "webpack"), { recursive: true, verbatimSymlinks: true })
    fs.mkdirSync(path.join(copy, "public"), { recursive: true })
  }
  const started = Date.now()
  const { status } = spawnSync("npx", ["gatsby", "build"], {
    cwd: copy,
    stdio: "inherit",
    env: { ...process.env, ...env },
  })
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  console.log(
    `${path.basename(copy)}: ${warm ? "built on webpack's cache of the site's build" : "built cold"} in ${seconds} s`,
  )
  return status === 0
}

module.exports = { ROOT, buildWarm, copyProject }
