import { absoluteUrl } from "../../src/lib/site-url"

/**
 * The sitemap, as the protocol gives it (sitemaps.org): an index,
 * /sitemap-index.xml (the address robots.txt names, and the one
 * gatsby-plugin-sitemap used, so a search console's entry stays right),
 * naming files of at most SITEMAP_URL_LIMIT URLs each, /sitemap-0.xml, …
 * Each URL has its `loc` and its `lastmod` only: search engines ignore
 * `changefreq` and `priority`.
 */
export const SITEMAP_INDEX = "sitemap-index.xml"
/** The protocol allows 50,000 URLs (and 50 MB) a file; gatsby-plugin-sitemap's 45,000 keeps a margin. */
export const SITEMAP_URL_LIMIT = 45_000

export interface SitemapEntry {
  /** The page's path, "/coupons/". */
  path: string
  /** YYYY-MM-DD. */
  lastmod: string
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>'
const NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9"

const escapeXml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[char]!)

const latest = (entries: readonly SitemapEntry[]): string =>
  entries.reduce((last, entry) => (entry.lastmod > last ? entry.lastmod : last), "")

/** File name (in public/) to its XML, for the pages given (in their order). */
export function sitemapFiles(siteUrl: string, entries: readonly SitemapEntry[]): Record<string, string> {
  const chunks: SitemapEntry[][] = []
  for (let start = 0; start < entries.length || chunks.length === 0; start += SITEMAP_URL_LIMIT) {
    chunks.push(entries.slice(start, start + SITEMAP_URL_LIMIT))
  }
  const files: Record<string, string> = {}
  const index = chunks.map((chunk, number) => {
    const name = `sitemap-${number}.xml`
    const urls = chunk.map(
      ({ path, lastmod }) =>
        `<url><loc>${escapeXml(absoluteUrl(siteUrl, path))}</loc><lastmod>${lastmod}</lastmod></url>`,
    )
    files[name] = `${XML_HEAD}\n<urlset xmlns="${NAMESPACE}">\n${urls.join("\n")}\n</urlset>\n`
    const lastmod = latest(chunk)
    return `<sitemap><loc>${escapeXml(absoluteUrl(siteUrl, `/${name}`))}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</sitemap>`
  })
  files[SITEMAP_INDEX] = `${XML_HEAD}\n<sitemapindex xmlns="${NAMESPACE}">\n${index.join("\n")}\n</sitemapindex>\n`
  return files
}
