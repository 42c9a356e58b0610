/**
 * The functions' builds for scripts/netlify-serve.mjs, through zip-it-and-ship-it's public API
 * (`listFunctions` and `zipFunction`, with the options @netlify/functions-dev gives it): each
 * server builds every function of netlify/functions once, when it starts, into a folder of its
 * own, as Netlify builds them once per deploy. Building takes about 5 s of processor time for the
 * twelve, most of it tracing the ~500 files the passkey functions import, and the test suite starts
 * about nine servers a run, on two projects, with the same files: so a build is kept for the next
 * server that builds the same function from the same files (`cachedZipFunction`).
 *
 * A build is kept in node_modules/.cache/function-builds/, one slot per function file and build
 * options (and Node and zip-it-and-ship-it versions, which the build names): the build's result,
 * every file it was made from (its `inputs`, its `includedFiles` and the project's package.json)
 * with each one's SHA-256, and the folder it wrote, listed file by file. A server gets the kept
 * build only when every one of those files has the same content now: the folder is linked
 * into its own build folder and the result given with that folder's path. Otherwise, or when
 * anything about the kept build cannot be read, it builds as before and keeps that build.
 * - A function whose `included_files` has a pattern (a file added later could match it) is built
 *   every time.
 * - A build is written beside its slot and renamed into it whole: servers starting at once never
 *   read half a build, and a copy that misses a listed file (another server replacing the slot)
 *   fails, and that server builds.
 * - Slots of function files that no longer exist (the test copies' folders) are removed whenever
 *   a build is kept.
 */
import crypto from "node:crypto"
import fs from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { listFunctions, zipFunction } from "@netlify/zip-it-and-ship-it"
import { parse as parseToml } from "smol-toml"

const ZISI = "@netlify/zip-it-and-ship-it"
const HERE = import.meta.url
/** Where builds are kept: FUNCTION_BUILDS_CACHE names another folder (the unit tests). */
const cacheFolder = () =>
  process.env.FUNCTION_BUILDS_CACHE ??
  path.resolve(path.dirname(fileURLToPath(HERE)), "..", "node_modules", ".cache", "function-builds")

/**
 * netlify.toml's `[functions]` as zip-it-and-ship-it's `config`, as @netlify/functions-dev turns it
 * (its normalizeFunctionsConfig and addFunctionsConfigDefaults): the keys this project may use.
 */
function zisiConfig(project) {
  const file = path.join(project, "netlify.toml")
  const functions = fs.existsSync(file) ? (parseToml(fs.readFileSync(file, "utf8")).functions ?? {}) : {}
  const config = Object.fromEntries(
    Object.entries(functions).map(([pattern, each]) => [
      pattern,
      {
        externalNodeModules: each.external_node_modules,
        includedFiles: each.included_files,
        includedFilesBasePath: project,
        ignoredNodeModules: each.ignored_node_modules,
        nodeBundler: each.node_bundler === "esbuild" ? "esbuild_zisi" : each.node_bundler,
        processDynamicNodeImports: true,
        schedule: each.schedule,
      },
    ]),
  )
  return { ...config, "*": { nodeSourcemap: true, ...config["*"] } }
}

/**
 * Builds every function of `project`'s netlify/functions into `buildDir`, or copies a kept build
 * of the same files: for each, its name, routes (its `config.path`), excluded routes, runtime
 * API version, schedule and the file a call imports (`buildPath`).
 */
export async function buildFunctions(project, buildDir) {
  const directory = path.join(project, "netlify", "functions")
  const config = zisiConfig(project)
  const found = await listFunctions([directory], {
    config,
    featureFlags: { zisi_functions_api_v2: true },
    parseISC: true,
  })
  const zisi = import.meta.resolve(ZISI)
  return Promise.all(
    found.map(async (func) => {
      const entryPath = path.dirname(func.mainFile) === directory ? func.mainFile : path.dirname(func.mainFile)
      const featureFlags = { zisi_functions_api_v2: true }
      if (func.runtimeAPIVersion === 2) Object.assign(featureFlags, { zisi_pure_esm: true, zisi_pure_esm_mjs: true })
      const options = { archiveFormat: "none", basePath: project, config, featureFlags }
      const result = await cachedZipFunction(zipFunction, zisi, entryPath, buildDir, options)
      if (!result?.path) throw new Error(`zip-it-and-ship-it built nothing for ${func.mainFile}`)
      return {
        name: result.name,
        routes: result.routes ?? [],
        excludedRoutes: result.excludedRoutes ?? [],
        runtimeAPIVersion: result.runtimeAPIVersion,
        schedule: result.schedule,
        buildPath: path.join(result.path, result.entryFilename),
      }
    }),
  )
}

const sha256 = (data) => crypto.createHash("sha256").update(data).digest("hex")

/** Each file's SHA-256, or null for one that cannot be read. */
const contentOf = (files) => files.map((file) => [file, fs.existsSync(file) ? sha256(fs.readFileSync(file)) : null])

/** Every file under `directory`, relative to it (a build folder holds files and folders only). */
function filesUnder(directory, under = "") {
  return fs.readdirSync(path.join(directory, under), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(under, entry.name)
    if (entry.isDirectory()) return filesUnder(directory, relative)
    if (entry.isFile()) return [relative]
    throw new Error(`${path.join(directory, relative)} is neither a file nor a folder`)
  })
}

/**
 * Puts the listed files of `from` into `to`; a missing one throws. Each is a hard link where both
 * folders are on one file system, else a copy: a server's builds are ~2,100 files and 40 MB, and
 * copying them took 1.0 s of a server's 3.3 s start (making the folders takes 0.4 s more, linked or
 * not). A link is safe: nothing writes into a build once made, a slot is replaced by a rename, never
 * in place, and removing a folder removes only its links.
 */
function linkListed(from, to, files) {
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(to, file)), { recursive: true })
    try {
      fs.linkSync(path.join(from, file), path.join(to, file))
    } catch (error) {
      if (!["EXDEV", "EPERM", "EMLINK", "ENOTSUP"].includes(error.code)) throw error
      fs.copyFileSync(path.join(from, file), path.join(to, file))
    }
  }
}

/** The version of the package whose module is at `url`. */
function versionOf(url) {
  for (let folder = path.dirname(fileURLToPath(url)); folder !== path.dirname(folder); folder = path.dirname(folder)) {
    const file = path.join(folder, "package.json")
    if (fs.existsSync(file)) {
      const { name, version } = JSON.parse(fs.readFileSync(file, "utf8"))
      if (name === ZISI) return version
    }
  }
  throw new Error(`no package.json of ${ZISI} above ${url}`)
}

/** The slot of a function file built with `options` (the build names Node's and zip-it-and-ship-it's versions). */
const slotOf = (zisi, entryPath, options) =>
  path.join(cacheFolder(), sha256(JSON.stringify([path.resolve(entryPath), options, process.version, versionOf(zisi)])))

const hasPattern = (options) =>
  Object.values(options?.config ?? {}).some((config) =>
    (config?.includedFiles ?? []).some((file) => /[*?[{!]/.test(file)),
  )

/** The kept build in `slot` linked into `targetDirectory`, when its files have the same content now; else null. */
function keptBuild(slot, targetDirectory) {
  let folder
  try {
    const record = fs.readFileSync(path.join(slot, "build.json"), "utf8")
    const kept = JSON.parse(record)
    const now = contentOf(kept.sources.map(([file]) => file))
    if (JSON.stringify(now) !== JSON.stringify(kept.sources)) return null
    folder = path.join(targetDirectory, kept.folder)
    fs.rmSync(folder, { recursive: true, force: true })
    linkListed(path.join(slot, "folder"), folder, kept.files)
    // Another server may have replaced the slot while this one linked it: then build.
    if (fs.readFileSync(path.join(slot, "build.json"), "utf8") !== record) throw new Error("replaced")
    return { ...kept.result, path: folder }
  } catch {
    // What was linked goes: the build writes a folder of its own.
    if (folder) fs.rmSync(folder, { recursive: true, force: true })
    return null
  }
}

/** Keeps `result` (a build into `targetDirectory`) in `slot`, whole or not at all; removes slots of files gone. */
function keep(slot, entryPath, targetDirectory, result, options) {
  fs.mkdirSync(path.dirname(slot), { recursive: true })
  const written = `${slot}.${process.pid}.${crypto.randomUUID()}`
  try {
    const folder = path.relative(targetDirectory, result.path)
    if (folder.startsWith("..") || path.isAbsolute(folder)) return
    const files = filesUnder(result.path)
    linkListed(result.path, path.join(written, "folder"), files)
    const sources = [
      ...(result.inputs ?? []),
      ...(result.includedFiles ?? []),
      path.join(options.basePath, "package.json"),
    ]
    const build = {
      entryPath: path.resolve(entryPath),
      folder,
      files,
      sources: contentOf([...new Set(sources)].sort()),
      result: { ...result, path: undefined },
    }
    fs.writeFileSync(path.join(written, "build.json"), JSON.stringify(build))
    fs.rmSync(slot, { recursive: true, force: true })
    fs.renameSync(written, slot)
    for (const other of fs.readdirSync(path.dirname(slot))) {
      const file = path.join(path.dirname(slot), other, "build.json")
      if (fs.existsSync(file) && !fs.existsSync(JSON.parse(fs.readFileSync(file, "utf8")).entryPath))
        fs.rmSync(path.join(path.dirname(slot), other), { recursive: true, force: true })
    }
  } catch {
    // Not kept: the next server builds it again.
  } finally {
    fs.rmSync(written, { recursive: true, force: true })
  }
}

/** zipFunction(entryPath, targetDirectory, options) of zip-it-and-ship-it at `zisi` (its URL), or the kept build of the same files. */
export async function cachedZipFunction(zipFunction, zisi, entryPath, targetDirectory, options = {}) {
  if (options.archiveFormat !== "none" || !options.basePath || hasPattern(options))
    return zipFunction(entryPath, targetDirectory, options)
  const slot = slotOf(zisi, entryPath, options)
  const kept = keptBuild(slot, targetDirectory)
  if (kept) return kept
  const result = await zipFunction(entryPath, targetDirectory, options)
  if (result?.path) keep(slot, entryPath, targetDirectory, result, options)
  return result
}
