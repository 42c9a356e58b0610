import * as React from "react"
import { Link } from "gatsby"
import { countyPath } from "../lib/routes"
import * as grid from "./card-grid.module.css"
import * as styles from "./city-links.module.css"

export interface CountyLink {
  name: string
  slug: string
  townCount: number
}

/** A compact grid of links to county pages, each with how many towns it lists. */
export function CountyLinks({ counties, label }: { counties: readonly CountyLink[]; label?: string }) {
  return (
    <ul className={`${grid.grid} ${grid.compact}`} aria-label={label}>
      {counties.map((county) => (
        <li key={county.slug}>
          <Link to={countyPath(county.slug)} className={styles.link}>
            {county.name} County
          </Link>{" "}
          <span className={styles.count}>
            ({county.townCount} {county.townCount === 1 ? "town" : "towns"})
          </span>
        </li>
      ))}
    </ul>
  )
}
