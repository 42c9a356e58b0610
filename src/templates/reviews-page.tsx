import * as React from "react"
import type { HeadProps, PageProps } from "gatsby"
import { Layout } from "../components/layout/layout"
import { Section } from "../components/section"
import { ReviewList, type ReviewData } from "../components/reviews/review-list"
import { CallPrompt } from "../components/call-prompt"
import { SeoHead } from "../components/seo/seo-head"
import { useSiteData } from "../hooks/use-site-data"
import { countPhrase } from "../lib/phrases"
import { REVIEWS_PATH } from "../lib/routes"

/** The reviews, newest first, as internal/gatsby/create-pages.ts reads them. */
export interface ReviewsPageContext {
  reviews: ReviewData[]
}

/**
 * Every review a customer gave, newest first, as plain quotes. Built only when
 * data/reviews.json holds one (internal/gatsby/create-pages.ts, which hands the
 * reviews over as the page's context): with none, there is no page and no link to it.
 */
export default function ReviewsPage({ pageContext: { reviews } }: PageProps<object, ReviewsPageContext>) {
  const { business } = useSiteData()
  return (
    <Layout
      firstScreen={
        <Section
          title="What Customers Say"
          level={1}
          intro={`${countPhrase(reviews.length, "review", "reviews")} our customers gave, in their own words, newest first.`}
        >
          <ReviewList reviews={reviews} />
          <CallPrompt title="Need a Repair?" phone={business.phone} label="Call for Same-Day Service:">
            <p>Tell us the appliance and what it does.</p>
          </CallPrompt>
        </Section>
      }
    />
  )
}

export function Head({ pageContext: { reviews } }: HeadProps<object, ReviewsPageContext>) {
  const { business } = useSiteData()
  const count = reviews.length
  return (
    <SeoHead
      title="What Customers Say"
      description={`${countPhrase(count, "review", "reviews")} of our appliance repair in ${business.address.city} and the ${business.serviceRadius.areaName}, in our customers' own words.`}
      path={REVIEWS_PATH}
    />
  )
}
