import * as React from "react"
import { formatHours } from "../lib/hours"
import * as styles from "./opening-hours-list.module.css"

/** The opening hours, a day range and its hours per row ("Sunday  Closed"). */
export function OpeningHoursList({ hours }: { hours: readonly Queries.OpeningHours[] }) {
  return (
    <dl className={styles.hours}>
      {hours.map((entry) => (
        <div key={entry.label} className={styles.row}>
          <dt>{entry.label}</dt>
          <dd>{formatHours(entry)}</dd>
        </div>
      ))}
    </dl>
  )
}
