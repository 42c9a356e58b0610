import * as React from "react"
import { graphql } from "gatsby"
import { cutQuote, reviewMonth, sourcePhrase } from "../../lib/reviews"
import * as styles from "./review-list.module.css"

export type ReviewData = Queries.ReviewFieldsFragment

/**
 * A customer's words as a plain quote: the name, the town, the month and where
 * it was given, linked to the original where it is online. No rating, no stars
 * and no review markup (docs/architecture.md#reviews). Its markup is lean (one
 * class, no paragraph in the quote, one text node a caption): three of them are on the home page, whose
 * HTML must fit the first round trip.
 */
function ReviewQuote({ review, cutAt }: { review: ReviewData; cutAt?: number }) {
  const source = sourcePhrase(review.source)
  const where = `${review.town ? `, ${review.town}` : ""}, ${reviewMonth(review.given)}, `
  return (
    <figure className={styles.quote}>
      <blockquote>{cutAt ? cutQuote(review.quote, cutAt) : review.quote}</blockquote>
      <figcaption>
        {review.link ? (
          <>
            {`${review.name}${where}`}
            <a href={review.link}>{source}</a>
          </>
        ) : (
          `${review.name}${where}${source}`
        )}
      </figcaption>
    </figure>
  )
}

/** Reviews customers gave, as quotes, in the order given; each cut at `cutAt` characters when given. */
export function ReviewList({ reviews, cutAt }: { reviews: readonly ReviewData[]; cutAt?: number }) {
  return (
    <ul className={styles.list}>
      {reviews.map((review) => (
        <li key={`${review.given}${review.name}${review.quote.slice(0, 40)}`}>
          <ReviewQuote review={review} cutAt={cutAt} />
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
