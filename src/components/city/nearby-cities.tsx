import * as React from "react"
import { Link } from "gatsby"
import { cityPath } from "../../lib/routes"
import { milesPhrase } from "../../lib/phrases"
import * as styles from "./nearby-cities.module.css"

interface NearbyCity {
  name: string
  slug: string
  /** Distance from this town, computed at build time (City.nearby.miles). */
  miles: number
}

/** "Also serving nearby: …", the nearest city pages and how far each is from this town. */
export function NearbyCities({ cities }: { cities: readonly NearbyCity[] }) {
  return (
    <p className={styles.nearby}>
      Also serving nearby:{" "}
      {cities.map((city, index) => (
        <React.Fragment key={city.slug}>
          {index > 0 ? ", " : null}
          <Link to={cityPath(city.slug)} className={styles.link}>
            {city.name}
          </Link>{" "}
          <span className={styles.miles}>({milesPhrase(city.miles)} away)</span>
        </React.Fragment>
      ))}
    </p>
  )
}
