import fs from "fs"
import path from "path"
import type { GatsbyNode } from "gatsby"
import { hasReplacementCharacter, withoutNulBytes } from "../clean-html"
import { addPagePolicy } from "../csp"
import { withChunkMapFile } from "../chunk-map-file"
import { robotsTxt } from "../robots"
import { FAVICON_ICO, FAVICON_PNG, icoOfPng } from "../favicon-ico"
import { writeEditor } from "../cms/admin-files"
import { ADMIN_DIR_NAME, ADMIN_PATH } from "../cms/admin-path"
import { editorBackend } from "../cms/backend"
import { editorConfig } from "../cms/editor-config"
import { CONTENT_TYPES } from "../content/model"
import { MAPS_FOLDER } from "../maps/svg-file"
import { currentMapFiles, writeMapFiles } from "./map-files"
import { resolveSiteUrl } from "../../src/lib/site-url"
import { callTapsSite } from "../call-taps"
import { writeCallTapsSite } from "../call-taps-file"
import { buildInstant } from "../content/build-clock"
import { liveFacts, writeLiveFacts } from "../today/live-facts"
import { LIVE_FACTS_PATH } from "../../src/lib/live-facts"
import { TODAY_SCRIPT, writeTodayScript } from "../today/page-bundle"
import { reviewChoices, writeReviewTools } from "../today/review-tools"
import { TODAY_DIR, writeTodayIcons } from "../today/app-icons"
import { writeCallBacksFile } from "../call-backs/build-file"

const PUBLIC_DIR = path.resolve(process.cwd(), "public")
/**
 * The editor's documents (static/admin/) have their own policy (a header rule, internal/headers.ts), so the
 * pages' step leaves the folder alone but for the Gatsby pages in it (src/pages/admin/), added by path.
 */
const SKIPPED_DIRS = new Set(["static", "page-data", ADMIN_DIR_NAME])

function htmlFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return dir === PUBLIC_DIR && SKIPPED_DIRS.has(entry.name) ? [] : htmlFiles(full)
    return entry.name.endsWith(".html") ? [full] : []
  })
}

/** The map files a page embeds: /maps/….svg. */
const MAP_REFERENCE = new RegExp(`/${MAPS_FOLDER}/[\\w.-]+\\.svg`, "g")

/**
 * After the build: robots.txt from the same siteUrl as canonicals and sitemap, /favicon.ico
 * from the pages' icon (internal/favicon-ico.ts),
 * the maps drawn as files (public/maps/, internal/maps/), each page's
 * Content-Security-Policy (see internal/csp.ts), Gatsby's chunk map moved into
 * a file of its own (internal/chunk-map-file.ts), and the editor at /admin/
 * (Decap CMS from node_modules, its config.yml from the content model), and
 * for the functions that count taps on the phone number, the pages built and
 * the editor's repository (internal/call-taps.ts, CALL_TAPS_SITE_FILE), and
 * the day's facts as built, the script of the owner's page for today and its app icons (internal/today/).
 */
export const onPostBuild: GatsbyNode["onPostBuild"] = async ({ reporter, getNodesByType, graphql }) => {
  const siteUrl = resolveSiteUrl()
  fs.writeFileSync(path.join(PUBLIC_DIR, "robots.txt"), robotsTxt(siteUrl))
  fs.writeFileSync(path.join(PUBLIC_DIR, FAVICON_ICO), icoOfPng(fs.readFileSync(path.join(PUBLIC_DIR, FAVICON_PNG))))

  const maps = writeMapFiles(PUBLIC_DIR, currentMapFiles(getNodesByType))
  reporter.info(`maps written to /${MAPS_FOLDER}/: ${maps.written.join(", ")}`)

  const adminPages = getNodesByType("SitePage")
    .map((page) => String(page.path))
    .filter((pagePath) => pagePath.startsWith(ADMIN_PATH) && pagePath !== ADMIN_PATH)
    .map((pagePath) => path.join(PUBLIC_DIR, pagePath, "index.html"))
    .filter((file) => fs.existsSync(file))
  const files = [...htmlFiles(PUBLIC_DIR), ...adminPages]
  const damaged: string[] = []
  const missingMaps = new Set<string>()
  const chunkMaps = new Set<string>()
  for (const file of files) {
    const html = withoutNulBytes(fs.readFileSync(file))
    if (hasReplacementCharacter(html)) damaged.push(path.relative(PUBLIC_DIR, file))
    const text = html.toString("utf8")
    for (const [src] of text.matchAll(MAP_REFERENCE)) {
      if (!fs.existsSync(path.join(PUBLIC_DIR, src))) missingMaps.add(`${path.relative(PUBLIC_DIR, file)} -> ${src}`)
    }
    const moved = withChunkMapFile(text)
    if (moved.file && !chunkMaps.has(moved.file.name)) {
      fs.writeFileSync(path.join(PUBLIC_DIR, moved.file.name), moved.file.body)
      chunkMaps.add(moved.file.name)
    }
    fs.writeFileSync(file, addPagePolicy(moved.html))
  }
  if (chunkMaps.size > 1) {
    reporter.panicOnBuild(`Pages of one build carry different chunk maps: ${[...chunkMaps].join(", ")}`)
  }
  if (missingMaps.size > 0) {
    reporter.panicOnBuild(
      `These pages embed a map this build did not draw (a page kept from an earlier build's cache?): ${[...missingMaps].join(", ")}. ` +
        "Run `gatsby clean` and build again.",
    )
  }
  if (damaged.length > 0) {
    reporter.panicOnBuild(
      `These pages contain a U+FFFD replacement character (text lost in encoding): ${damaged.join(", ")}. ` +
        "Look for it in data/ or in the page's component.",
    )
  }
  reporter.info(`robots.txt written for ${siteUrl}; NUL bytes removed and page CSP added in ${files.length} HTML files`)

  const backend = editorBackend(process.env, siteUrl)
  if (!backend.repoKnown) {
    reporter.warn(
      "The editor at /admin/ does not know its GitHub repository: set CMS_GITHUB_REPO (owner/name); on Netlify it is read from REPOSITORY_URL.",
    )
  }
  const copied = writeEditor(path.join(PUBLIC_DIR, ADMIN_DIR_NAME), editorConfig(CONTENT_TYPES, backend))
  reporter.info(
    `editor written to /admin/ (${copied.length} files of decap-cms, config.yml for ${backend.repo}@${backend.branch})`,
  )

  const site = callTapsSite(
    getNodesByType("SitePage").map((page) => String(page.path)),
    backend.repoKnown ? backend.repo : null,
  )
  const siteFile = writeCallTapsSite(process.cwd(), site)
  reporter.info(
    `call taps: ${site.pages.length} pages a tap may name written to ${path.relative(process.cwd(), siteFile)}`,
  )

  writeLiveFacts(PUBLIC_DIR, liveFacts(process.cwd(), new Date(buildInstant()), process.env.COMMIT_REF, backend.branch))
  reporter.info(`the day's facts as built written to ${LIVE_FACTS_PATH}`)
  const reviewTools = writeReviewTools(PUBLIC_DIR, reviewChoices(process.cwd(), siteUrl))
  reporter.info(
    `the page for today's review tools written: ${reviewTools.map((file) => path.basename(file)).join(", ")}`,
  )
  const todayScript = writeTodayScript(process.cwd(), PUBLIC_DIR)
  reporter.info(`the page for today's script written to ${TODAY_SCRIPT} (${todayScript.bytes} bytes)`)
  const icons = await writeTodayIcons(process.cwd(), PUBLIC_DIR)
  reporter.info(
    `the page for today's app icons written to /${TODAY_DIR}/: ${icons.map((file) => path.basename(file)).join(", ")}`,
  )

  // The towns, appliances and hours the call-back function checks a request against (internal/call-backs/).
  const callBacksFile = await writeCallBacksFile(graphql, process.cwd())
  if (callBacksFile instanceof Error) reporter.panicOnBuild(callBacksFile.message)
  else reporter.info(`the call-back request's facts written to ${path.relative(process.cwd(), callBacksFile)}`)
}
