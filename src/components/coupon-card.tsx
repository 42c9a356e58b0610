import * as React from "react"
import { Ticket } from "lucide-react"
import * as styles from "./coupon-card.module.css"

interface CouponCardProps {
  /** The heading's id, unique on the page: the card (an article) takes its name from its heading. */
  headingId: string
  title: string
  description: string
  code?: string
  headingLevel?: "h2" | "h3"
}

export function CouponCard({ headingId, title, description, code, headingLevel: Heading = "h3" }: CouponCardProps) {
  return (
    <article className={styles.card} aria-labelledby={headingId}>
      <Ticket aria-hidden="true" focusable="false" size={28} className={styles.icon} />
      <Heading id={headingId} className={styles.title}>
        {title}
      </Heading>
      <p>{description}</p>
      {code ? (
        <p className={styles.code}>
          Code: <strong>{code}</strong>
        </p>
      ) : null}
    </article>
  )
}
