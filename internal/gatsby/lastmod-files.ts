import fs from "fs"
import path from "path"
import type { Reporter } from "gatsby"
import { absoluteUrl } from "../../src/lib/site-url"
import { CHANGED_URLS_PATH, indexNowKey, INDEXNOW_KEY_ENV, keyFilePath, type ChangedUrls } from "../indexnow"
import { parseState, stateJson, updateLastmod, type LastmodState } from "../sitemap/lastmod"

/**
 * The glue between gatsby-plugin-sitemap (./sitemap-options.ts) and
 * internal/sitemap/: the previous build's state and this build's fingerprints
 * in; the new state, the list of changed URLs and the IndexNow key file out,
 * and each page's lastmod for the plugin's sitemap.
 *
 * The state lives outside public/ and .cache/ (Gatsby empties both when its
 * configuration changes), in .lastmod/, which a local build keeps and which
 * the build plugin netlify/plugins/lastmod-state/ carries from one production
 * build to the next in Netlify's build cache.
 */
export const LASTMOD_STATE_FILE = path.join(".lastmod", "pages.json")

/** What of Gatsby's reporter the lastmod step uses. */
export type LastmodReporter = Pick<Reporter, "info" | "warn">

function readPreviousState(stateFile: string, reporter: LastmodReporter): LastmodState | undefined {
  if (!fs.existsSync(stateFile)) {
    reporter.info(
      `lastmod: no previous state (${LASTMOD_STATE_FILE}): a first build, or the build cache was cleared; every page gets this build's day`,
    )
    return undefined
  }
  const state = parseState(fs.readFileSync(stateFile, "utf8"))
  if (state instanceof Error) {
    reporter.warn(`lastmod: ${LASTMOD_STATE_FILE} ${state.message}; every page gets this build's day`)
    return undefined
  }
  return state
}

/** The keys of the key files in public/: a file "{key}.txt" that holds its own name. */
function earlierKeyFiles(publicDir: string): string[] {
  return fs
    .readdirSync(publicDir)
    .filter((name) => name.endsWith(".txt"))
    .map((name) => name.slice(0, -".txt".length))
    .filter(
      (key) =>
        typeof indexNowKey(key) === "string" && fs.readFileSync(path.join(publicDir, `${key}.txt`), "utf8") === key,
    )
}

interface LastmodFilesOptions {
  publicDir: string
  stateFile: string
  siteUrl: string
  /** The build's day in the shop's time zone. */
  day: string
  /** Route to contentFingerprint() of its page. */
  fingerprints: Record<string, string>
  reporter: LastmodReporter
  env: Record<string, string | undefined>
}

/** Writes the new state, the changed URLs and the key file; returns the new state (every page, in path order). */
export function writeLastmodFiles({
  publicDir,
  stateFile,
  siteUrl,
  day,
  fingerprints,
  reporter,
  env,
}: LastmodFilesOptions): LastmodState {
  const { state, changed, removed } = updateLastmod(readPreviousState(stateFile, reporter), fingerprints, day)
  fs.mkdirSync(path.dirname(stateFile), { recursive: true })
  fs.writeFileSync(stateFile, stateJson(state))
  const changes: ChangedUrls = { siteUrl, day, urls: changed.map((route) => absoluteUrl(siteUrl, route)) }
  fs.writeFileSync(path.join(publicDir, CHANGED_URLS_PATH), `${JSON.stringify(changes, null, 2)}\n`)
  reporter.info(
    `lastmod: ${Object.keys(state).length} pages in the sitemap; ${changed.length} new or changed today (${day})` +
      `${changed.length > 0 ? `: ${changed.slice(0, 10).join(", ")}${changed.length > 10 ? ", …" : ""}` : ""}` +
      `${removed.length > 0 ? `; ${removed.length} gone: ${removed.slice(0, 10).join(", ")}` : ""}`,
  )

  const key = indexNowKey(env[INDEXNOW_KEY_ENV])
  // public/ outlives a build (locally, and in Netlify's cache): a key no longer set must not stay published.
  for (const stale of earlierKeyFiles(publicDir)) {
    if (stale !== (typeof key === "string" ? key : undefined)) fs.rmSync(path.join(publicDir, keyFilePath(stale)))
  }
  if (key instanceof Error) reporter.warn(`IndexNow: ${key.message}; no key file written`)
  else if (key) {
    fs.writeFileSync(path.join(publicDir, keyFilePath(key)), key)
    reporter.info(`IndexNow: key file written (${INDEXNOW_KEY_ENV} is set)`)
  } else reporter.info(`IndexNow: ${INDEXNOW_KEY_ENV} is not set; no key file, and no deploy will notify IndexNow`)
  return state
}
