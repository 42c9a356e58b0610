import fs from "fs"
import path from "path"
import type { GatsbyNode } from "gatsby"
import { hasReplacementCharacter, withoutNulBytes } from "../clean-html"
import { addScriptPolicy } from "../csp"
import { robotsTxt } from "../robots"
import { resolveSiteUrl } from "../../src/lib/site-url"

const PUBLIC_DIR = path.resolve(process.cwd(), "public")

function htmlFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === "static" || entry.name === "page-data" ? [] : htmlFiles(full)
    return entry.name.endsWith(".html") ? [full] : []
  })
}

/**
 * After the build: robots.txt from the same siteUrl as canonicals and sitemap,
 * and each page's script Content-Security-Policy (see internal/csp.ts).
 */
export const onPostBuild: GatsbyNode["onPostBuild"] = ({ reporter }) => {
  const siteUrl = resolveSiteUrl()
  fs.writeFileSync(path.join(PUBLIC_DIR, "robots.txt"), robotsTxt(siteUrl))

  const files = htmlFiles(PUBLIC_DIR)
  const damaged: string[] = []
  for (const file of files) {
    const html = withoutNulBytes(fs.readFileSync(file))
    if (hasReplacementCharacter(html)) damaged.push(path.relative(PUBLIC_DIR, file))
    fs.writeFileSync(file, addScriptPolicy(html.toString("utf8")))
  }
  if (damaged.length > 0) {
    reporter.panicOnBuild(
      `These pages contain a U+FFFD replacement character (text lost in encoding): ${damaged.join(", ")}. ` +
        "Look for it in data/ or in the page's component.",
    )
  }
  reporter.info(`robots.txt written for ${siteUrl}; NUL bytes removed and script CSP added in ${files.length} HTML files`)
}
