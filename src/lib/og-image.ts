/** The picture a shared link shows (static/og-image.png), for every page's Open Graph tags and the business's structured data. */
export const OG_IMAGE = { path: "/og-image.png", width: 1200, height: 630 } as const
