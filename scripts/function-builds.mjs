/**
 * A function's build, kept for the next server that builds the same function from the same files
 * (scripts/netlify-serve.mjs). @netlify/functions-dev builds each function when a server starts,
 * through zip-it-and-ship-it's zipFunction: about 5 s of processor time for the twelve, most of it
 * tracing the ~500 files the passkey functions import. The test suite starts about nine servers a
 * run, on two projects, with the same files.
 *
 * `cacheFunctionBuilds()` registers this file's module hooks: functions-dev's import of
 * zip-it-and-ship-it then gets zip-it-and-ship-it with `zipFunction` wrapped by `cachedZipFunction`
 * (every other export is its own). Call it before @netlify/dev is first imported.
 *
 * A build is kept in node_modules/.cache/function-builds/, one slot per function file and build
 * options (and Node and zip-it-and-ship-it versions, which the build names): the build's result,
 * every file it was made from (its `inputs`, its `includedFiles` and the project's package.json)
 * with each one's SHA-256, and the folder it wrote, listed file by file. A server gets the kept
 * build only when every one of those files has the same content now: the folder is copied
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
import module from "node:module"
import path from "node:path"
import { fileURLToPath } from "node:url"

const ZISI = "@netlify/zip-it-and-ship-it"
/** What functions-dev imports zip-it-and-ship-it as, given to it instead: the real module's URL after `?`. */
const WRAPPED = "function-builds:zip-it-and-ship-it"
const HERE = import.meta.url
/** Where builds are kept: FUNCTION_BUILDS_CACHE names another folder (the unit tests). */
const cacheFolder = () =>
  process.env.FUNCTION_BUILDS_CACHE ??
  path.resolve(path.dirname(fileURLToPath(HERE)), "..", "node_modules", ".cache", "function-builds")

/** Registers the hooks below; before @netlify/dev (and so functions-dev) is imported. */
export function cacheFunctionBuilds() {
  module.register(HERE)
}

/** Module hook: functions-dev's zip-it-and-ship-it is the wrapped one. */
export async function resolve(specifier, context, nextResolve) {
  if (specifier === ZISI && context.parentURL?.includes("/@netlify/functions-dev/")) {
    const real = await nextResolve(specifier, context)
    return { url: `${WRAPPED}?${encodeURIComponent(real.url)}`, shortCircuit: true }
  }
  return nextResolve(specifier, context)
}

/** Module hook: the wrapped module is the real one, its zipFunction through cachedZipFunction. */
export async function load(url, context, nextLoad) {
  if (!url.startsWith(`${WRAPPED}?`)) return nextLoad(url, context)
  const real = JSON.stringify(decodeURIComponent(url.slice(WRAPPED.length + 1)))
  const source = [
    `import * as real from ${real}`,
    `import { cachedZipFunction } from ${JSON.stringify(HERE)}`,
    `export * from ${real}`,
    `export const zipFunction = (...args) => cachedZipFunction(real.zipFunction, ${real}, ...args)`,
  ].join("\n")
  return { format: "module", source, shortCircuit: true }
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

/** Copies the listed files of `from` into `to`; a missing one throws. */
function copyListed(from, to, files) {
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(to, file)), { recursive: true })
    fs.copyFileSync(path.join(from, file), path.join(to, file))
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

/** The kept build in `slot` copied into `targetDirectory`, when its files have the same content now; else null. */
function keptBuild(slot, targetDirectory) {
  let folder
  try {
    const record = fs.readFileSync(path.join(slot, "build.json"), "utf8")
    const kept = JSON.parse(record)
    const now = contentOf(kept.sources.map(([file]) => file))
    if (JSON.stringify(now) !== JSON.stringify(kept.sources)) return null
    folder = path.join(targetDirectory, kept.folder)
    fs.rmSync(folder, { recursive: true, force: true })
    copyListed(path.join(slot, "folder"), folder, kept.files)
    // Another server may have replaced the slot while this one copied it: then build.
    if (fs.readFileSync(path.join(slot, "build.json"), "utf8") !== record) throw new Error("replaced")
    return { ...kept.result, path: folder }
  } catch {
    // What was copied goes: the build writes a folder of its own.
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
    copyListed(result.path, path.join(written, "folder"), files)
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
