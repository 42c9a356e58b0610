import * as React from "react"
import { cityPath } from "../lib/routes"
import * as grid from "./card-grid.module.css"
import * as styles from "./city-links.module.css"

/**
 * A compact grid of links to city pages. Plain links: a list of up to 67 towns
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
    <ul className={`${grid.grid} ${grid.compact} ${styles.list}`} aria-label={label}>
      {cities.map((city) => (
        <li key={city.slug}>
          <a href={cityPath(city.slug)}>{city.name}</a>
        </li>
      ))}
    </ul>
  )
}
