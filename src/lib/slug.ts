/**
 * The spec's slug rule: the lowercased name with spaces replaced by hyphens.
 * "Arlington Heights" -> "arlington-heights".
 */
export function citySlug(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, "-")
}
