import * as React from "react"
import { countyNames, countyPhrase, milesPhrase } from "../../lib/phrases"
import * as styles from "./city-facts-list.module.css"

interface CityFactsListProps {
  county: string
  milesFromShop: number
  shopTown: string
}

/** The town's county and its distance from the shop, computed at build time. */
export function CityFactsList({ county, milesFromShop, shopTown }: CityFactsListProps) {
  const many = countyNames(county).length > 1
  return (
    <dl className={styles.facts}>
      <div>
        <dt>{many ? "Counties" : "County"}</dt>
        <dd>{countyPhrase(county)}</dd>
      </div>
      <div>
        <dt>From our {shopTown} shop</dt>
        <dd>{milesPhrase(milesFromShop)}</dd>
      </div>
    </dl>
  )
}
