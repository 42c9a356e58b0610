import * as React from "react"
import { cityPath } from "../lib/routes"
import * as styles from "./city-links.module.css"

/**
 * Links to city pages in columns, alphabetical down each. Plain links: a list of up to 67 towns
 * would otherwise hydrate as many Gatsby <Link>s, each with its context
 * consumers and an IntersectionObserver that prefetches the town's data as it
 * scrolls into view; a town's page is static HTML that paints on its own.
 */
export function CityLinks({
  cities,
  label,
}: {
  cities: readonly Pick<Queries.City, "slug" | "name">[]
  label?: string
}) {
  return (
    <ul className={styles.list} aria-label={label}>
      {cities.map((city) => (
        <li key={city.slug}>
          <a href={cityPath(city.slug)}>{city.name}</a>
        </li>
      ))}
    </ul>
  )
}
