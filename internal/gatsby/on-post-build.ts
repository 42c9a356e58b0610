import fs from "fs"
import path from "path"
import type { GatsbyNode } from "gatsby"
import { hasReplacementCharacter, withoutNulBytes } from "../clean-html"
import { addPagePolicy } from "../csp"
import { robotsTxt } from "../robots"
import { writeEditor } from "../cms/admin-files"
import { ADMIN_DIR_NAME } from "../cms/admin-path"
import { editorBackend } from "../cms/backend"
import { editorConfig } from "../cms/editor-config"
import { CONTENT_TYPES } from "../content/model"
import { resolveSiteUrl } from "../../src/lib/site-url"

const PUBLIC_DIR = path.resolve(process.cwd(), "public")
/** The editor has its own policy (netlify.toml's /admin/*), so the pages' step leaves it alone. */
const SKIPPED_DIRS = new Set(["static", "page-data", ADMIN_DIR_NAME])

function htmlFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return dir === PUBLIC_DIR && SKIPPED_DIRS.has(entry.name) ? [] : htmlFiles(full)
    return entry.name.endsWith(".html") ? [full] : []
  })
}

/**
 * After the build: robots.txt from the same siteUrl as canonicals and sitemap,
 * each page's Content-Security-Policy (see internal/csp.ts), and the editor at
 * /admin/ (Decap CMS from node_modules, its config.yml from the content model).
 */
export const onPostBuild: GatsbyNode["onPostBuild"] = ({ reporter }) => {
  const siteUrl = resolveSiteUrl()
  fs.writeFileSync(path.join(PUBLIC_DIR, "robots.txt"), robotsTxt(siteUrl))

  const files = htmlFiles(PUBLIC_DIR)
  const damaged: string[] = []
  for (const file of files) {
    const html = withoutNulBytes(fs.readFileSync(file))
    if (hasReplacementCharacter(html)) damaged.push(path.relative(PUBLIC_DIR, file))
    fs.writeFileSync(file, addPagePolicy(html.toString("utf8")))
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
}
