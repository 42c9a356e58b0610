import fs from "fs"
import path from "path"
import { CALL_TAPS_SITE_FILE, parseCallTapsSite, type CallTapsSite } from "./call-taps"

/** Names the build's file (CALL_TAPS_SITE_FILE) by an absolute path: the tests point it at a fixture. */
export const CALL_TAPS_SITE_ENV = "CALL_TAPS_SITE_FILE"

/**
 * Where the build's file is, as the function runs: CALL_TAPS_SITE_ENV when set,
 * else CALL_TAPS_SITE_FILE under the working folder or the nearest folder above
 * it that has one, else under LAMBDA_TASK_ROOT. Netlify packs a function's
 * `included_files` at their paths from the project's root, which is the
 * function's working folder (/var/task) when it runs; looking upwards too keeps
 * a function working if it is started from a folder below (as `netlify dev`
 * may), and keeps the file found locally from the project's root.
 */
export function callTapsSiteFile(env: Record<string, string | undefined>, cwd = process.cwd()): string | undefined {
  return projectFile(CALL_TAPS_SITE_FILE, env[CALL_TAPS_SITE_ENV], env, cwd)
}

/** A file the build wrote under the project's root, found as callTapsSiteFile finds its own; `named` wins when set. */
export function projectFile(
  relative: string,
  named: string | undefined,
  env: Record<string, string | undefined>,
  cwd = process.cwd(),
): string | undefined {
  if (named?.trim()) return named.trim()
  const roots: string[] = []
  for (let dir = path.resolve(cwd); ; dir = path.dirname(dir)) {
    roots.push(dir)
    if (path.dirname(dir) === dir) break
  }
  if (env.LAMBDA_TASK_ROOT) roots.push(env.LAMBDA_TASK_ROOT)
  return roots.map((root) => path.join(root, relative)).find((file) => fs.existsSync(file))
}

const cache = new Map<string, CallTapsSite | Error>()

/** The build's pages and repository, read once per file (a deploy's functions never see another build's), or an Error. */
export function readCallTapsSite(env: Record<string, string | undefined>): CallTapsSite | Error {
  const file = callTapsSiteFile(env)
  if (!file) return new Error(`${CALL_TAPS_SITE_FILE} was not found: did the build run, and netlify.toml bundle it?`)
  let site = cache.get(file)
  if (!site) {
    try {
      site = parseCallTapsSite(fs.readFileSync(file, "utf8"))
    } catch (error) {
      return new Error(`${file} could not be read: ${error instanceof Error ? error.message : String(error)}`)
    }
    cache.set(file, site)
  }
  return site
}

/** Writes the build's file under `root` (the project's root); returns its path. */
export function writeCallTapsSite(root: string, site: CallTapsSite): string {
  const file = path.join(root, CALL_TAPS_SITE_FILE)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, `${JSON.stringify(site, null, 2)}\n`)
  return file
}
