import * as React from "react"
import { BadgeCheck, HandCoins, ShieldCheck, Wrench, type LucideIcon } from "lucide-react"
import { DECORATIVE_ICON } from "../../lib/decorative-icon"
import type { TrustIconName } from "../../lib/icon-names"
import * as styles from "./trust-strip.module.css"

const ICONS: Record<TrustIconName, LucideIcon> = {
  shield: ShieldCheck,
  wrench: Wrench,
  coins: HandCoins,
  badge: BadgeCheck,
}

export interface TrustItem {
  label: string
  /** One of TRUST_ICONS (src/lib/icon-names.ts); data/home-page.json is validated against them. */
  icon: string
}

export function TrustStrip({ items }: { items: readonly TrustItem[] }) {
  return (
    <div className={styles.strip}>
      <ul className={styles.list} aria-label="Why homeowners call us">
        {items.map(({ label, icon }) => {
          const Icon = ICONS[icon as TrustIconName] ?? BadgeCheck
          return (
            <li key={label} className={styles.item}>
              <Icon {...DECORATIVE_ICON} size={28} />
              {label}
            </li>
          )
        })}
      </ul>
    </div>
  )
}
