import * as React from "react"
import { graphql } from "gatsby"
import { reviewMonth, sourcePhrase } from "../../lib/reviews"
import * as styles from "./review-list.module.css"

export type ReviewData = Queries.ReviewFieldsFragment

/**
 * A customer's words as a plain quote: the name, the town, the month and where
 * it was given, linked to the original where it is online. No rating, no stars
 * and no review markup (docs/architecture.md#reviews).
 */
function ReviewQuote({ review }: { review: ReviewData }) {
  const source = sourcePhrase(review.source)
  return (
    <figure className={styles.quote}>
      <blockquote className={styles.words}>
        <p>{review.quote}</p>
      </blockquote>
      <figcaption className={styles.caption}>
        <span className={styles.name}>{review.name}</span>
        {review.town ? `, ${review.town}` : ""} · {reviewMonth(review.given)},{" "}
        {review.link ? <a href={review.link}>{source}</a> : source}
      </figcaption>
    </figure>
  )
}

/** Reviews customers gave, as quotes, in the order given. */
export function ReviewList({ reviews }: { reviews: readonly ReviewData[] }) {
  return (
    <ul className={styles.list}>
      {reviews.map((review) => (
        <li key={`${review.given}${review.name}${review.quote.slice(0, 40)}`}>
          <ReviewQuote review={review} />
        </li>
      ))}
    </ul>
  )
}

/** A fragment for the page queries: Gatsby reads it from this export. @public */
export const query = graphql`
  fragment ReviewFields on Review {
    quote
    name
    town
    service
    given
    source
    link
  }
`
