/**
 * What the build and the deploy-succeeded function (netlify/functions/) share
 * about IndexNow (indexnow.org): the file in which the build lists the URLs
 * whose lastmod it moved.
 */

/** Where each build publishes the URLs whose lastmod it set (public/ and the deployed site). */
export const CHANGED_URLS_PATH = "/lastmod-changes.json"

export interface ChangedUrls {
  /** The origin the URLs are on, SITE_URL's (IndexNow's `host` and the key's location). */
  siteUrl: string
  /** The build's day, the lastmod it gave them. */
  day: string
  /** Absolute URLs, in order. */
  urls: string[]
}
