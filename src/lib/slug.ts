/**
 * The spec's slug rule: the lowercased name with spaces replaced by hyphens.
 * "Arlington Heights" -> "arlington-heights".
 */
export function citySlug(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, "-")
}

/** A county's slug: lowercase letters and digits, hyphens between words. "St. Clair" -> "st-clair". */
export function countySlug(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
}
