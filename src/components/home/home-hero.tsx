import * as React from "react"
import { CircleCheck } from "lucide-react"
import { CallButton } from "../call-button"
import type { Phone } from "../../lib/types"
import * as styles from "./home-hero.module.css"

interface HomeHeroProps {
  brand: string
  intro: string
  phone: Phone
}

const HERO_CLAIMS = [
  "Licensed & insured technicians",
  "All brands & models repaired",
  "Same-day service",
  "1-year warranty on parts & labor",
] as const

export function HomeHero({ brand, intro, phone }: HomeHeroProps) {
  return (
    <section className={styles.hero} aria-labelledby="home-title">
      <div className={styles.inner}>
        <h1 id="home-title">{brand} Appliance Repair</h1>
        <p className={styles.intro}>{intro}</p>
        <ul className={styles.claims}>
          {HERO_CLAIMS.map((claim) => (
            <li key={claim}>
              <CircleCheck aria-hidden="true" focusable="false" size={20} />
              {claim}
            </li>
          ))}
        </ul>
        <CallButton phone={phone} label="Call Now" variant="light" />
      </div>
    </section>
  )
}
