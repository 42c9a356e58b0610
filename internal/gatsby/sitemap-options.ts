import fs from "fs"
import path from "path"
import { defaultFilterPages, pageFilter } from "gatsby-plugin-sitemap/internals"
import { ADMIN_PATH } from "../cms/admin-path"
import { withoutNulBytes } from "../clean-html"
import { buildDay } from "../content/build-clock"
import { contentFingerprint } from "../sitemap/page-content"
import { LASTMOD_STATE_FILE, writeLastmodFiles, type LastmodReporter } from "./lastmod-files"

/**
 * gatsby-plugin-sitemap's options: it writes /sitemap-index.xml and
 * /sitemap-0.xml, … with each URL's `loc` and `lastmod` only (search engines
 * ignore `changefreq` and `priority`).
 *
 * The plugin's onPostBuild runs once every page's HTML is in public/ (and
 * before the site's own, which adds each page's CSP meta, a change the
 * fingerprint does not see). It calls `resolvePages` once with the query's
 * data, drops the excluded pages, then calls `serialize` for each page left.
 * So `resolvePages` is where each page's lastmod is decided: it fingerprints
 * the built HTML of every page the sitemap lists (internal/sitemap/), compares
 * with the previous build's state, and writes the new state, the URLs whose
 * lastmod moved and the IndexNow key file (./lastmod-files.ts).
 */

/** The editor at /admin/ is no Gatsby page, so no sitemap entry; excluded should that change. */
export const SITEMAP_EXCLUDES: readonly string[] = [
  "/404/",
  "/404.html",
  "/dev-404-page/",
  ADMIN_PATH,
  `${ADMIN_PATH}**`,
]

/** The plugin's default query, and the shop's time zone, in which the build's day is told. */
export const SITEMAP_QUERY = `{
  site { siteMetadata { siteUrl } }
  business { timeZone }
  allSitePage { nodes { path } }
}`

export interface SitemapData {
  site: { siteMetadata: { siteUrl: string } }
  business: { timeZone: string }
  allSitePage: { nodes: Array<{ path: string }> }
}

/** A page as `resolvePages` gives it to the plugin. */
export interface SitemapPage {
  path: string
  /** YYYY-MM-DD: the last day what the page shows changed. */
  lastmod: string
}

export interface SitemapPagesOptions {
  publicDir: string
  stateFile: string
  /** The build's day in the shop's time zone. */
  day: string
  reporter: LastmodReporter
  env: Record<string, string | undefined>
}

/** The HTML file Gatsby writes for a page ("/coupons/" → public/coupons/index.html; every path ends in "/", trailingSlash "always"). */
export const htmlFileOf = (publicDir: string, route: string): string => path.join(publicDir, route, "index.html")

/**
 * The pages of the sitemap, in the order of their paths (the order Gatsby lists
 * its pages in follows the order in which queries finish, so two builds of one
 * commit write the same sitemap), each with its lastmod; writes the lastmod
 * files on the way.
 */
export function sitemapPages(data: SitemapData, options: SitemapPagesOptions): SitemapPage[] {
  // The plugin's own filter, with the plugin's own defaults and our excludes: the state holds exactly the pages it lists.
  const { filteredPages } = pageFilter({
    allPages: data.allSitePage.nodes,
    filterPages: defaultFilterPages,
    excludes: SITEMAP_EXCLUDES,
  })
  const fingerprints: Record<string, string> = {}
  const missing: string[] = []
  for (const { path: route } of filteredPages) {
    const file = htmlFileOf(options.publicDir, route)
    if (!fs.existsSync(file)) missing.push(`${route} (${path.relative(options.publicDir, file)})`)
    else fingerprints[route] = contentFingerprint(withoutNulBytes(fs.readFileSync(file)).toString("utf8"))
  }
  if (missing.length > 0) {
    throw new Error(`these pages have no built HTML to read their lastmod from: ${missing.join(", ")}`)
  }
  const state = writeLastmodFiles({ ...options, siteUrl: data.site.siteMetadata.siteUrl, fingerprints })
  return Object.entries(state).map(([route, { lastmod }]) => ({ path: route, lastmod }))
}

/** A sitemap entry: its path (the plugin makes it absolute) and its lastmod, nothing else. */
export const sitemapEntry = ({ path: url, lastmod }: SitemapPage): { url: string; lastmod: string } => ({
  url,
  lastmod,
})

/**
 * The plugin hands `resolvePages` no reporter, and gatsby/reporter does not load
 * in Gatsby 5.16 (it re-exports a `default` that gatsby-cli's reporter lacks),
 * so the lastmod step writes to the console (Gatsby shows it as its reporter would, "info …", "warn …").
 */
const consoleReporter: LastmodReporter = {
  info: (message) => console.info(message),
  warn: (message) => console.warn(message),
}

/** The options of gatsby-plugin-sitemap in gatsby-config.ts. */
export const sitemapPluginOptions = () => ({
  query: SITEMAP_QUERY,
  excludes: [...SITEMAP_EXCLUDES],
  // async, so that an error is the plugin's to report ("Error resolving Pages") and fails the build.
  resolvePages: async (data: SitemapData): Promise<SitemapPage[]> =>
    sitemapPages(data, {
      publicDir: path.resolve(process.cwd(), "public"),
      stateFile: path.resolve(process.cwd(), LASTMOD_STATE_FILE),
      day: buildDay(data.business.timeZone),
      reporter: consoleReporter,
      env: process.env,
    }),
  serialize: sitemapEntry,
})
