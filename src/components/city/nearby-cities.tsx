import * as React from "react"
import { Link } from "gatsby"
import { cityPath } from "../../lib/routes"
import { milesPhrase } from "../../lib/city-copy"
import { distanceMiles, roundMiles, type LatLng } from "../../lib/geo"
import * as styles from "./nearby-cities.module.css"

interface NearbyCity extends LatLng {
  name: string
  slug: string
}

/** "Also serving nearby: …", the nearest city pages and how far each is from this town. */
export function NearbyCities({ from, cities }: { from: LatLng; cities: readonly NearbyCity[] }) {
  return (
    <p className={styles.nearby}>
      Also serving nearby:{" "}
      {cities.map((city, index) => (
        <React.Fragment key={city.slug}>
          {index > 0 ? ", " : null}
          <Link to={cityPath(city.slug)} className={styles.link}>
            {city.name}
          </Link>{" "}
          <span className={styles.miles}>({milesPhrase(roundMiles(distanceMiles(from, city)))} away)</span>
        </React.Fragment>
      ))}
    </p>
  )
}
