import * as React from "react"
import * as section from "../section.module.css"
import { ReviewList, type ReviewData } from "./review-list"

interface ReviewsSectionProps {
  title: string
  reviews: readonly ReviewData[]
  /** Each quote as the home page shows it: cut at a word, marked with "…" (whole on /reviews/). */
  cut?: boolean
}

/**
 * A section of quotes, in the look of the page's other sections; with no review to show,
 * nothing at all: no heading, no empty box. Leaner than Section (no id, no aria-labelledby:
 * its heading heads it, and no link leads to it): it is on the home page, whose HTML must fit
 * the first round trip.
 */
export function ReviewsSection({ title, reviews, cut }: ReviewsSectionProps) {
  if (!reviews.length) return null
  return (
    <section className={`${section.section} ${section.plain}`}>
      <div className={section.inner}>
        <h2>{title}</h2>
        <ReviewList reviews={reviews} cut={cut} />
      </div>
    </section>
  )
}
