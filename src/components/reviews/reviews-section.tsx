import * as React from "react"
import { Section, type SectionProps } from "../section"
import { ReviewList, type ReviewData } from "./review-list"

interface ReviewsSectionProps extends Pick<SectionProps, "id" | "tone" | "intro"> {
  title: string
  reviews: readonly ReviewData[]
}

/** A section of quotes; with no review to show, nothing at all: no heading, no empty box. */
export function ReviewsSection({ reviews, ...section }: ReviewsSectionProps) {
  if (!reviews.length) return null
  return (
    <Section {...section}>
      <ReviewList reviews={reviews} />
    </Section>
  )
}
