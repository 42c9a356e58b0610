/**
 * The spec's slug rule: the lowercased name with spaces replaced by hyphens.
 * "Arlington Heights" -> "arlington-heights".
 */
export function citySlug(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, "-")
}

/** Paths of the generated pages, with Gatsby's trailing slash. */
export const cityPath = (slug: string): string => `/service-area/${slug}/`
export const servicePath = (slug: string): string => `/services/${slug}/`
