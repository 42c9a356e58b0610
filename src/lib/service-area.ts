import { citySlug } from "./slug"
import type { CityLink } from "./types"

export interface GridEntry {
  name: string
  /** The slug of the town's page, or null when it has none (it stays plain text). */
  slug: string | null
}

/** The service-area grid's names, each matched to its city page when one exists. */
export function matchGridToPages(names: readonly string[], cities: readonly CityLink[]): GridEntry[] {
  const slugs = new Set(cities.map((city) => city.slug))
  return names.map((name) => {
    const slug = citySlug(name)
    return { name, slug: slugs.has(slug) ? slug : null }
  })
}

/** Every county of a county field: "Cook, Lake" -> ["Cook", "Lake"]. */
export const countiesOf = (county: string): string[] =>
  county
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean)

/** The primary (first-listed) county of a county field such as "Cook, Lake". */
export const primaryCounty = (county: string): string => county.split(",")[0].trim()

/** City pages grouped by primary county: counties by size, towns by name. */
export function groupByCounty<T extends CityLink & { county: string }>(cities: readonly T[]) {
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

/** ["A"] -> "A"; ["A", "B", "C"] -> "A, B and C". */
export function listPhrase(items: readonly string[]): string {
  return items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`
}

/** "Cook" -> "Cook County"; "Cook, Lake" -> "Cook and Lake counties". */
export function countyPhrase(county: string): string {
  const names = county.split(",").map((name) => name.trim()).filter(Boolean)
  return names.length === 1 ? `${names[0]} County` : `${listPhrase(names)} counties`
}
