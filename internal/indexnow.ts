/**
 * What the build and the deploy-succeeded function (netlify/functions/) share
 * about IndexNow (indexnow.org): the key's variable and form, and the file in
 * which the build lists the URLs whose lastmod it moved.
 */

/** The key, set in Netlify's environment variables (builds and functions); never committed. */
export const INDEXNOW_KEY_ENV = "INDEXNOW_KEY"

/** IndexNow's form of a key: 8 to 128 of a-z, A-Z, 0-9 and "-". */
const KEY_FORM = /^[a-zA-Z0-9-]{8,128}$/

/** The key from its variable: undefined when unset, an Error saying why when it is no key. */
export function indexNowKey(value: string | undefined): string | undefined | Error {
  const key = value?.trim()
  if (!key) return undefined
  if (!KEY_FORM.test(key)) {
    return new Error(`${INDEXNOW_KEY_ENV} is not an IndexNow key: it must be 8 to 128 of a-z, A-Z, 0-9 and "-"`)
  }
  return key
}

/** The key file's path: IndexNow fetches it from the site to check that the key is the site's. */
export const keyFilePath = (key: string): string => `/${key}.txt`

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

/** Whether a parsed file is a {@link ChangedUrls}. */
export const isChangedUrls = (value: unknown): value is ChangedUrls =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as ChangedUrls).siteUrl === "string" &&
  typeof (value as ChangedUrls).day === "string" &&
  Array.isArray((value as ChangedUrls).urls) &&
  (value as ChangedUrls).urls.every((url) => typeof url === "string")
