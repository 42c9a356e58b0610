import * as React from "react"
import { Link } from "gatsby"
import { servicePath } from "../../lib/routes"
import { ServiceIcon } from "../service-icon"
import * as grid from "../card-grid.module.css"
import * as styles from "./service-cards.module.css"

export interface ServiceCardData {
  slug: string
  name: string
  icon: string
  cardDescription: string
}

/** One card per service page; the whole card is the link. */
export function ServiceCards({ services }: { services: readonly ServiceCardData[] }) {
  return (
    <ul className={grid.grid}>
      {services.map((service) => (
        <li key={service.slug}>
          <Link to={servicePath(service.slug)} className={styles.card}>
            <span className={styles.icon}>
              <ServiceIcon name={service.icon} />
            </span>
            <h3 className={styles.name}>{service.name}</h3>
            <p className={styles.description}>{service.cardDescription}</p>
          </Link>
        </li>
      ))}
    </ul>
  )
}
