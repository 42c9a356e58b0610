import * as React from "react"
import { graphql } from "gatsby"

/** The quotes' stylesheet: linked by the list itself, so only a page that shows quotes loads it. */
const REVIEWS_STYLESHEET = "/reviews.css"

export type ReviewData = Queries.ReviewFieldsFragment

/**
 * A customer's words as a plain quote: the name, the town, the month and where
 * it was given, linked to the original where it is online. No rating, no stars
 * and no review markup (docs/architecture.md#reviews). Its markup is lean (one
 * class, no paragraph in the quote, one text node a caption): three of them are on the home page, whose
 * HTML must fit the first round trip.
 */
function ReviewQuote({ review, cut }: { review: ReviewData; cut?: boolean }) {
  // The caption and the cut quote are made at build time (internal/gatsby/create-resolvers.ts).
  return (
    <figure className="review-quote">
      <blockquote>{cut ? review.homeQuote : review.quote}</blockquote>
      <figcaption>
        {review.caption}
        {review.link ? <a href={review.link}>{review.sourcePhrase}</a> : review.sourcePhrase}
      </figcaption>
    </figure>
  )
}

/** Reviews customers gave, as quotes, in the order given; `cut`: as the home page shows them. */
export function ReviewList({ reviews, cut }: { reviews: readonly ReviewData[]; cut?: boolean }) {
  return (
    <>
      {/* A stylesheet in the body holds the paint of what follows it until it has loaded: no quote shows unstyled. */}
      <link rel="stylesheet" href={REVIEWS_STYLESHEET} />
      <ul className="review-list">
        {reviews.map((review) => (
          <li key={`${review.given}${review.name}${review.quote.slice(0, 40)}`}>
            <ReviewQuote review={review} cut={cut} />
          </li>
        ))}
      </ul>
    </>
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
    caption
    sourcePhrase
    homeQuote
  }
`
