import * as React from "react"
import { Link } from "gatsby"
import { cityPath } from "../lib/routes"
import type { CityLink } from "../lib/types"
import * as grid from "./card-grid.module.css"
import * as styles from "./city-links.module.css"

/** A compact grid of links to city pages. */
export function CityLinks({ cities, label }: { cities: readonly CityLink[]; label?: string }) {
  return (
    <ul className={`${grid.grid} ${grid.compact}`} aria-label={label}>
      {cities.map((city) => (
        <li key={city.slug}>
          <Link to={cityPath(city.slug)} className={styles.link}>
            {city.name}
          </Link>
        </li>
      ))}
    </ul>
  )
}
