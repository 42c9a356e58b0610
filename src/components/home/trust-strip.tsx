import * as React from "react"
import { BadgeCheck, HandCoins, ShieldCheck, Wrench } from "lucide-react"
import * as styles from "./trust-strip.module.css"

const TRUST_ITEMS = [
  { label: "Licensed & Insured", Icon: ShieldCheck },
  { label: "All Brands & Models", Icon: Wrench },
  { label: "Unbeatable Prices", Icon: HandCoins },
  { label: "Satisfaction Guaranteed", Icon: BadgeCheck },
] as const

export function TrustStrip() {
  return (
    <div className={styles.strip}>
      <ul className={styles.list} aria-label="Why homeowners call us">
        {TRUST_ITEMS.map(({ label, Icon }) => (
          <li key={label} className={styles.item}>
            <Icon aria-hidden="true" focusable="false" size={28} />
            {label}
          </li>
        ))}
      </ul>
    </div>
  )
}
