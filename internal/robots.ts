import { absoluteUrl } from "../src/lib/site-url"
import { ADMIN_PATH } from "./cms/admin-path"

const SITEMAP_PATH = "/sitemap-index.xml"
/** The owner's editor: not for crawlers (it also answers with noindex). */
export const DISALLOWED_PATHS = [ADMIN_PATH] as const

/** robots.txt: everything but the editor may be crawled; the sitemap is named by its absolute URL. */
export function robotsTxt(siteUrl: string): string {
  return [
    "User-agent: *",
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    "Allow: /",
    "",
    `Sitemap: ${absoluteUrl(siteUrl, SITEMAP_PATH)}`,
    "",
  ].join("\n")
}
