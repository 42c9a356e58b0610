/**
 * The site's absolute origin, without a trailing slash.
 * SITE_URL wins, then Netlify's URL, then the local `gatsby serve` address.
 */
export const DEFAULT_SITE_URL = "http://localhost:9000"

export function resolveSiteUrl(env: Record<string, string | undefined> = process.env): string {
  const raw = env.SITE_URL?.trim() || env.URL?.trim() || DEFAULT_SITE_URL
  return raw.replace(/\/+$/, "")
}

/** Absolute URL of a site path; the path keeps the trailing slash Gatsby gives it. */
export function absoluteUrl(siteUrl: string, path: string): string {
  const origin = siteUrl.replace(/\/+$/, "")
  const cleanPath = path.startsWith("/") ? path : `/${path}`
  return `${origin}${cleanPath}`
}
