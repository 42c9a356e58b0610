import * as React from "react"
import { useSiteData } from "../../hooks/use-site-data"
import { absoluteUrl } from "../../lib/site-url"
import { serializeJsonLd, type JsonLd } from "../../lib/structured-data"
import { THEME_COLOR } from "../../lib/theme"
import { OG_IMAGE } from "../../lib/og-image"

interface SeoHeadProps {
  /** The page's own part of the title; the site name is appended unless appendSiteName is false. */
  title: string
  appendSiteName?: boolean
  description: string
  /** The page's path with its trailing slash, for the canonical URL. */
  path: string
  keywords?: string
  /** The 404 page: not indexed, no canonical. */
  noindex?: boolean
  ogType?: "website" | "article"
  /** The page's structured data: objects, or text already serialized at build time (the home page's). */
  jsonLd?: readonly (JsonLd | string)[]
}

/** The one head every page and template renders through Gatsby's Head API. */
/** One of the icons gatsby-plugin-manifest writes from src/images/icon.png. */
const APPLE_TOUCH_ICON = "/icons/icon-192x192.png"

export function SeoHead({
  title,
  appendSiteName = true,
  description,
  path,
  keywords,
  noindex = false,
  ogType = "website",
  jsonLd = [],
}: SeoHeadProps) {
  const { siteUrl, siteName } = useSiteData()
  const fullTitle = appendSiteName ? `${title} | ${siteName}` : title
  const url = absoluteUrl(siteUrl, path)
  const image = absoluteUrl(siteUrl, OG_IMAGE.path)
  return (
    <>
      <html lang="en" />
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      {keywords ? <meta name="keywords" content={keywords} /> : null}
      {noindex ? <meta name="robots" content="noindex" /> : <link rel="canonical" href={url} />}
      <meta name="theme-color" content={THEME_COLOR} />
      {/* One home-screen icon for iOS (gatsby-plugin-manifest's eight legacy sizes cost the home page's first round trip). */}
      <link rel="apple-touch-icon" href={APPLE_TOUCH_ICON} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      {noindex ? null : <meta property="og:url" content={url} />}
      <meta property="og:type" content={ogType} />
      <meta property="og:site_name" content={siteName} />
      <meta property="og:locale" content="en_US" />
      <meta property="og:image" content={image} />
      <meta property="og:image:width" content={String(OG_IMAGE.width)} />
      <meta property="og:image:height" content={String(OG_IMAGE.height)} />
      <meta property="og:image:alt" content={siteName} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={image} />
      {jsonLd.map((data, index) => (
        <script
          key={index}
          type="application/ld+json"
          dangerouslySetInnerHTML={{ __html: typeof data === "string" ? data : serializeJsonLd(data) }}
        />
      ))}
    </>
  )
}
