import { absoluteUrl } from "../src/lib/site-url"

const SITEMAP_PATH = "/sitemap-index.xml"

/** robots.txt: everything may be crawled; the sitemap is named by its absolute URL. */
export function robotsTxt(siteUrl: string): string {
  return ["User-agent: *", "Allow: /", "", `Sitemap: ${absoluteUrl(siteUrl, SITEMAP_PATH)}`, ""].join("\n")
}
