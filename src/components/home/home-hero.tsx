import * as React from "react"
import { CircleCheck } from "lucide-react"
import { DECORATIVE_ICON } from "../../lib/decorative-icon"
import { CallButton } from "../call-button"
import { CallBackLink } from "../call-back/call-back-link"
import { siteNameOf } from "../../lib/site-name"
import * as styles from "./home-hero.module.css"

interface HomeHeroProps {
  brand: string
  intro: string
  /** The claims under the headline (data/home-page.json). */
  claims: readonly string[]
  phone: Queries.BusinessPhone
}

export function HomeHero({ brand, intro, claims, phone }: HomeHeroProps) {
  return (
    <section className={styles.hero} aria-labelledby="home-title">
      <div className={styles.inner}>
        <h1 id="home-title">{siteNameOf(brand)}</h1>
        <p className={styles.intro}>{intro}</p>
        {/* The call right after the intro, on a small phone's first screen; the claims follow. */}
        <CallButton phone={phone} placement="hero" label="Call Now" variant="light" /> <CallBackLink tone="light" />
        <ul className={styles.claims}>
          {claims.map((claim) => (
            <li key={claim}>
              <CircleCheck {...DECORATIVE_ICON} size={20} />
              {claim}
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
