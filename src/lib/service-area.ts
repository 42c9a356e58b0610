import { primaryCounty } from "./phrases"
import { citySlug } from "./slug"

export interface GridEntry {
  name: string
  /** The slug of the town's page, or null when it has none (it stays plain text). */
  slug: string | null
}

/** The service-area grid's names, each matched to its city page when one exists. */
export function matchGridToPages(
  names: readonly string[],
  cities: readonly Pick<Queries.City, "slug" | "name">[],
): GridEntry[] {
  const slugs = new Set(cities.map((city) => city.slug))
  return names.map((name) => {
    const slug = citySlug(name)
    return { name, slug: slugs.has(slug) ? slug : null }
  })
}

/** City pages grouped by primary county: counties by size, towns by name. */
export function groupByCounty<T extends Pick<Queries.City, "slug" | "name"> & { county: string }>(
  cities: readonly T[],
) {
  const groups = new Map<string, T[]>()
  for (const city of cities) {
    const county = primaryCounty(city.county)
    groups.set(county, [...(groups.get(county) ?? []), city])
  }
  return Array.from(groups, ([county, towns]) => ({
    county,
    cities: [...towns].sort((a, b) => a.name.localeCompare(b.name)),
  })).sort((a, b) => b.cities.length - a.cities.length || a.county.localeCompare(b.county))
}
