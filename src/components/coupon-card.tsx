import * as React from "react"
import { Ticket } from "lucide-react"
import { DECORATIVE_ICON } from "../lib/decorative-icon"
import { formatDate } from "../lib/business-time"
import { UnbrokenCompounds } from "./unbroken-compounds"
import * as styles from "./coupon-card.module.css"

interface CouponCardProps {
  /** The heading's id, unique on the page: the card (an article) takes its name from its heading. */
  headingId: string
  title: string
  description: string
  code?: string
  /** The last day the offer is honoured (YYYY-MM-DD), shown as "Expires December 31, 2026"; none: nothing said. */
  expires?: string | null
  headingLevel?: "h2" | "h3"
}

export function CouponCard({
  headingId,
  title,
  description,
  code,
  expires,
  headingLevel: Heading = "h3",
}: CouponCardProps) {
  return (
    <article className={styles.card} aria-labelledby={headingId}>
      <Ticket {...DECORATIVE_ICON} size={28} className={styles.icon} />
      <Heading id={headingId} className={styles.title}>
        {title}
      </Heading>
      <p>
        <UnbrokenCompounds text={description} />
      </p>
      {code ? (
        <p className={styles.code}>
          Code: <strong>{code}</strong>
        </p>
      ) : null}
      {expires ? <p className={styles.expires}>Expires {formatDate(expires)}</p> : null}
    </article>
  )
}
