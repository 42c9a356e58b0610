import * as React from "react"
import { countyPhrase, primaryCounty } from "../../lib/service-area"
import { milesPhrase } from "../../lib/city-copy"
import * as styles from "./city-facts-list.module.css"

interface CityFactsListProps {
  county: string
  milesFromShop: number
  shopTown: string
}

/** The town's county and its distance from the shop, computed at build time. */
export function CityFactsList({ county, milesFromShop, shopTown }: CityFactsListProps) {
  const many = county.includes(",")
  return (
    <dl className={styles.facts}>
      <div>
        <dt>{many ? "Counties" : "County"}</dt>
        <dd>{many ? countyPhrase(county) : `${primaryCounty(county)} County`}</dd>
      </div>
      <div>
        <dt>From our {shopTown} shop</dt>
        <dd>{milesPhrase(milesFromShop)}</dd>
      </div>
    </dl>
  )
}
