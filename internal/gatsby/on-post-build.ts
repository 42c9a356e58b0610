import fs from "fs"
import path from "path"
import type { GatsbyNode } from "gatsby"
import { addPagePolicy } from "../csp"
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
 * and each page's Content-Security-Policy (see internal/csp.ts).
 */
export const onPostBuild: GatsbyNode["onPostBuild"] = ({ reporter }) => {
  const siteUrl = resolveSiteUrl()
  fs.writeFileSync(path.join(PUBLIC_DIR, "robots.txt"), robotsTxt(siteUrl))

  const files = htmlFiles(PUBLIC_DIR)
  for (const file of files) fs.writeFileSync(file, addPagePolicy(fs.readFileSync(file, "utf8")))
  reporter.info(`robots.txt written for ${siteUrl}; page CSP added to ${files.length} HTML files`)
}
