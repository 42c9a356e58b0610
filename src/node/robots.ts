import fs from "fs"
import path from "path"
import type { GatsbyNode } from "gatsby"
import { robotsTxt } from "../lib/robots"
import { resolveSiteUrl } from "../lib/site-url"

/** Writes public/robots.txt after the build, from the same siteUrl as canonicals and sitemap. */
export const onPostBuild: GatsbyNode["onPostBuild"] = ({ reporter }) => {
  const file = path.resolve(process.cwd(), "public", "robots.txt")
  fs.writeFileSync(file, robotsTxt(resolveSiteUrl()))
  reporter.info(`robots.txt written for ${resolveSiteUrl()}`)
}
