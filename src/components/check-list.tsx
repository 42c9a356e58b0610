import * as React from "react"
import { CircleCheck } from "lucide-react"
import { DECORATIVE_ICON } from "../lib/decorative-icon"
import { UnbrokenCompounds } from "./unbroken-compounds"
import * as styles from "./check-list.module.css"

/** A list of short statements, each with a check mark. */
export function CheckList({ items, label }: { items: readonly string[]; label?: string }) {
  return (
    <ul className={styles.list} aria-label={label}>
      {items.map((item) => (
        <li key={item} className={styles.item}>
          <CircleCheck {...DECORATIVE_ICON} size={20} className={styles.icon} />
          <span>
            <UnbrokenCompounds text={item} />
          </span>
        </li>
      ))}
    </ul>
  )
}
