// A working copy of the project in a new folder, for checks that edit data/ and
// build (the editor's browser tests, scripts/edited-copy-check.mjs):
// everything but what a build or a test run makes, node_modules linked rather
// than copied, and no generated types, so the copy's build writes its own.
// CommonJS, so that the .mjs scripts and the .ts tests share it (types in project-copy.d.cts).
const { spawnSync } = require("node:child_process")
const crypto = require("node:crypto")
const fs = require("node:fs")
const os = require("node:os")
const path = require("node:path")

const ROOT = path.resolve(__dirname, "..")

/**
 * A command of the project's installed packages (node_modules/.bin/NAME), run as it is: `npx NAME`
 * would start npm first, about a third of a second of processor time a call, and the test stages
 * call these commands about fifteen times a run.
 */
const bin = (name) => path.join(ROOT, "node_modules", ".bin", name)

/**
 * What the copy leaves out: installed, built or reported, not the project's own. Netlify's
 * emulation (.netlify/) makes and removes a folder there for each request it serves: a copy made
 * while a test stage beside it served requests met a folder gone mid-copy, and fs.cpSync ended the
 * process ("terminate called after throwing … directory iterator cannot open directory").
 */
const SKIP = new Set([
  ".netlify",
  "node_modules",
  "public",
  ".cache",
  ".lastmod",
  ".git",
  "reports",
  "test-results",
  "playwright-report",
])

/** A copy's node_modules: a link to the site's installed packages. */
const linkPackages = (copy) => fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(copy, "node_modules"), "dir")

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
  linkPackages(work)
  return work
}

/**
 * How a copy's build can be made at the site's own path, where webpack's cache of the site's build
 * holds (webpack keys its cache by absolute paths, so at the copy's own path it reuses only the
 * installed packages' modules): `unshare` gives the build a mount namespace of its own, where the
 * copy is mounted over the site's folder; no other process sees it. As root, or as a user in a user
 * namespace of their own where the system allows it: `unshare`'s options, null where neither is allowed.
 */
let samePath
function sameBuildPath() {
  // Asked once a process: undefined until then, null where neither form is allowed.
  if (samePath === undefined) {
    samePath =
      [
        ["--mount", "--propagation", "private"],
        ["--user", "--map-root-user", "--mount", "--propagation", "private"],
      ].find((options) => spawnSync("unshare", [...options, "true"], { stdio: "ignore" }).status === 0) ?? null
  }
  return samePath
}

/**
 * In the namespace: the site's packages mounted on the copy's node_modules (a link to them would
 * point at itself at the site's path), the copy over the site's folder; the build runs only once
 * the site's path shows the copy (its mark), so it can never write into the site's own folder.
 */
const BUILD_AT_THE_SITES_PATH = `set -eu
mount --bind "$SITE/node_modules" "$COPY/node_modules"
mount --rbind "$COPY" "$SITE"
[ "$(cat "$SITE/$MARK_FILE")" = "$MARK" ]
cd "$SITE"
exec "$@"`

/** The copy's build: Gatsby of the site's packages, started as it is (bin), not through npx. */
const GATSBY_BUILD = [bin("gatsby"), "build"]

/**
 * `gatsby build` of a copy (`command`: GATSBY_BUILD, or a stand-in), at the site's path where the
 * system allows it (sameBuildPath), else in the copy's own folder; returns its exit status and
 * where it was built.
 */
function gatsbyBuild(copy, env, command = GATSBY_BUILD) {
  const unshare = sameBuildPath()
  const options = { stdio: "inherit", env: { ...process.env, ...env } }
  const [program, ...args] = command
  if (!unshare) return { status: spawnSync(program, args, { ...options, cwd: copy }).status, at: copy }
  const link = path.join(copy, "node_modules")
  const mark = { MARK_FILE: ".project-copy-mark", MARK: crypto.randomUUID() }
  fs.writeFileSync(path.join(copy, mark.MARK_FILE), mark.MARK)
  fs.rmSync(link)
  fs.mkdirSync(link)
  try {
    const { status } = spawnSync("unshare", [...unshare, "sh", "-c", BUILD_AT_THE_SITES_PATH, "sh", ...command], {
      ...options,
      cwd: copy,
      env: { ...options.env, SITE: ROOT, COPY: copy, ...mark },
    })
    return { status, at: ROOT }
  } finally {
    fs.rmSync(path.join(copy, mark.MARK_FILE), { force: true })
    fs.rmdirSync(link)
    linkPackages(copy)
  }
}

/**
 * The caches of the site's build that a copy's build starts from, by name: webpack's, and Parcel's
 * (Gatsby's "compile gatsby files": 4.5 s without it, 2.6 s on it, in a copy's build on a quiet machine).
 */
const WARM_CACHES = { webpack: path.join(".cache", "webpack"), Parcel: path.join(".cache", ".parcel-cache") }

/**
 * Builds a copy (`gatsby build` in its folder, with `env` added), starting from the persistent
 * caches of the site's own build where there are some (WARM_CACHES): webpack's, and Parcel's, which
 * compiles gatsby-config.ts and gatsby-node.ts with what they import. Each checks what it kept
 * against the files and reuses what still holds: at the site's own path (gatsbyBuild), every module
 * the copy did not change, and at the copy's, only the installed packages' (the copy links the
 * site's node_modules). Nothing else of the site's build: Gatsby deletes a .cache/ that has no
 * public/ beside it, and with the site's public/ and the rest of its .cache/ the copy's build would
 * trust the site's pages and queries (tried: "The result of this StaticQuery could not be
 * fetched"). So the copy gets an empty public/, and Gatsby builds every page, query and image
 * anew. Prints the build's time and the caches it started from; returns whether it succeeded.
 */
function buildWarm(copy, env = {}) {
  const warm = Object.entries(WARM_CACHES).filter(([, cache]) => fs.existsSync(path.join(ROOT, cache)))
  if (warm.length) {
    fs.rmSync(path.join(copy, ".cache"), { recursive: true, force: true })
    for (const [, cache] of warm) {
      fs.cpSync(path.join(ROOT, cache), path.join(copy, cache), { recursive: true, verbatimSymlinks: true })
    }
    fs.mkdirSync(path.join(copy, "public"), { recursive: true })
  }
  const started = Date.now()
  const { status, at } = gatsbyBuild(copy, env)
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  const where = at === copy ? "in its own folder" : "at the site's path"
  const caches = warm.map(([name]) => `${name}'s`).join(" and ")
  const from = warm.length
    ? `built on ${caches} ${warm.length > 1 ? "caches" : "cache"} of the site's build`
    : "built cold"
  console.log(`${path.basename(copy)}: ${from}, ${where}, in ${seconds} s`)
  return status === 0
}

module.exports = { ROOT, bin, buildWarm, copyProject, gatsbyBuild }
