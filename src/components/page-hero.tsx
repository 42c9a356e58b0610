import * as React from "react"
import { CallButton } from "./call-button"
import { CallBackLink } from "./call-back/call-back-link"
import * as styles from "./page-hero.module.css"

interface PageHeroProps {
  title: string
  children: React.ReactNode
  phone: Queries.BusinessPhone
  callLabel?: string
}

/** The top of a service or city page: its h1, a short description and the call button. */
export function PageHero({ title, children, phone, callLabel }: PageHeroProps) {
  return (
    <div className={styles.hero}>
      <div className={styles.inner}>
        <h1>{title}</h1>
        <div className={styles.text}>{children}</div>
        <CallButton phone={phone} placement="hero" label={callLabel} variant="light" /> <CallBackLink tone="light" />
      </div>
    </div>
  )
}
