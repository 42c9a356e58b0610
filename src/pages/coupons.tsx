import * as React from "react"
import { graphql, type HeadProps, type PageProps } from "gatsby"
import { Layout } from "../components/layout/layout"
import { Section } from "../components/section"
import { CouponList } from "../components/coupon-list"
import { CallPrompt } from "../components/call-prompt"
import { SeoHead } from "../components/seo/seo-head"
import { useSiteData } from "../hooks/use-site-data"
import { COUPONS_PATH } from "../lib/routes"
import { offersJsonLd } from "../lib/structured-data"
import * as styles from "../styles/coupons-page.module.css"

export default function CouponsPage({ data }: PageProps<Queries.CouponsPageQuery>) {
  const { business } = useSiteData()
  const book = data.couponBook
  if (!book) throw new Error("data/coupons.json is missing.")
  return (
    <Layout
      firstScreen={
        <Section
          title="Special Offers & Coupons"
          level={1}
          intro="Save on your next appliance repair. Mention the code when you call."
        >
          <CouponList coupons={book.currentOffers} headingLevel="h2" />
          <p className={styles.disclaimer}>{book.disclaimer}</p>
          <CallPrompt title="Ready to Schedule?" phone={business.phone} label="Call to Use a Coupon:">
            <p>Tell us the coupon code when you book and we apply it to your repair.</p>
          </CallPrompt>
        </Section>
      }
    />
  )
}

export const query = graphql`
  query CouponsPage {
    couponBook {
      currentOffers {
        title
        description
        code
        expires
      }
      disclaimer
    }
  }
`

export function Head({ data }: HeadProps<Queries.CouponsPageQuery>) {
  const { siteUrl } = useSiteData()
  const offers = data.couponBook?.currentOffers ?? []
  return (
    <SeoHead
      title="Special Offers & Coupons"
      description={`Appliance repair coupons: ${offers.map((offer) => offer.title).join("; ")}. Mention the code when you schedule.`}
      path={COUPONS_PATH}
      jsonLd={[offersJsonLd(siteUrl, COUPONS_PATH, offers)]}
    />
  )
}
