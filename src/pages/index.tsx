import * as React from "react"
import { graphql, type HeadProps, type PageProps } from "gatsby"
import { Layout } from "../components/layout/layout"
import { HomeSection } from "../components/section"
import { HomeHero } from "../components/home/home-hero"
import { TrustStrip } from "../components/home/trust-strip"
import { CouponList } from "../components/coupon-list"
import { ServiceCards } from "../components/home/service-cards"
import { BrandLogos, type BrandLogoData } from "../components/home/brand-logos"
import { CityLinks } from "../components/city-links"
import { CountyLinks } from "../components/county-links"
import { MapFrame } from "../components/map-frame"
import { EmbeddedMap } from "../components/maps/embedded-map"
import { ContactDetails } from "../components/home/contact-details"
import { CallButton } from "../components/call-button"
import { UnbrokenCompounds } from "../components/unbroken-compounds"
import { SeoHead } from "../components/seo/seo-head"
import { ReviewsSection } from "../components/reviews/reviews-section"
import { useSiteData } from "../hooks/use-site-data"
import { countPhrase, milesPhrase } from "../lib/phrases"
import { HOME_PATH } from "../lib/routes"
import { radiusTownName } from "../lib/service-radius"

export default function HomePage({ data }: PageProps<Queries.HomePageQuery>) {
  const { business, schedule } = useSiteData()
  const { homePage, couponBook, townIndex, homePageCopy, serviceAreaMap } = data
  if (!homePage || !couponBook || !homePageCopy) {
    throw new Error("data/business.json, data/coupons.json or data/home-page.json is missing.")
  }
  const logos: BrandLogoData[] = data.allBrand.nodes.map((brand) => {
    const image = brand.logo?.childImageSharp?.gatsbyImageData
    if (!image) throw new Error(`data/brands.json: the logo of "${brand.name}" was not processed.`)
    return { name: brand.name, slug: brand.slug, image }
  })
  const { serviceRadius } = business
  return (
    <Layout
      isHome
      firstScreen={
        <>
          <HomeHero
            brand={business.brand}
            intro={homePage.intro}
            claims={homePageCopy.heroClaims}
            phone={business.phone}
          />
          <TrustStrip items={homePageCopy.trustStrip} />
          <HomeSection id="coupons" title="Coupons" intro="Mention the offer when you call to schedule.">
            <CouponList coupons={couponBook.currentHomeCoupons} />
          </HomeSection>
        </>
      }
    >
      <HomeSection id="services" title="Appliance Repair Services" tone="alt">
        <ServiceCards services={data.allService.nodes} />
      </HomeSection>
      {/* The three newest, as the query sorts and limits them. */}
      <ReviewsSection title="What Customers Say" reviews={data.allReview.nodes} cut />
      <HomeSection id="brands" title="Brands We Repair" intro="We repair every major brand and model, including:">
        <BrandLogos brands={logos} />
      </HomeSection>
      <HomeSection
        id="service-area"
        title="Service Area"
        tone="alt"
        intro={`We serve ${countPhrase(townIndex.townCount, "community", "communities")} within ${milesPhrase(serviceRadius.miles)} of ${serviceRadius.center}. Choose your ${townIndex.listsEveryTown ? "town" : "county"}:`}
      >
        <EmbeddedMap map={serviceAreaMap} />
        {townIndex.listsEveryTown ? (
          <CityLinks cities={townIndex.towns} label="Towns we serve" />
        ) : (
          <CountyLinks counties={townIndex.counties} label="Counties we serve" />
        )}
        <MapFrame
          links={homePage.homeMapLinks}
          title={`Map of our service area around ${serviceRadius.center}`}
          place={radiusTownName(serviceRadius.center)}
        />
      </HomeSection>
      <HomeSection id="about" title="About Us">
        {homePage.about.map((paragraph) => (
          <p key={paragraph}>
            <UnbrokenCompounds text={paragraph} />
          </p>
        ))}
        <CallButton phone={business.phone} placement="section" />
      </HomeSection>
      <HomeSection id="contact" title="Contact" tone="alt">
        <ContactDetails
          phone={business.phone}
          address={business.address}
          schedule={schedule}
          hours={business.hours}
          weekSummary={business.weekSummary}
          builtAt={business.builtAt}
        />
      </HomeSection>
    </Layout>
  )
}

export const query = graphql`
  query HomePage {
    homePage: business {
      intro
      about
      homeMapLinks {
        embed
        page
      }
      homeJsonLd
    }
    townIndex {
      townCount
      listsEveryTown
      towns {
        name
        slug
      }
      counties {
        name
        slug
        townCount
      }
    }
    serviceAreaMap {
      ...MapFileFields
    }
    homePageCopy {
      heroClaims
      trustStrip {
        label
        icon
      }
    }
    couponBook {
      currentHomeCoupons {
        title
        description
        expires
      }
    }
    allService(sort: { order: ASC }) {
      nodes {
        slug
        name
        icon
        cardDescription
      }
    }
    allReview(sort: { given: DESC }, limit: 3) {
      nodes {
        ...ReviewFields
      }
    }
    allBrand(filter: { featured: { eq: true } }) {
      nodes {
        name
        slug
        logo {
          childImageSharp {
            gatsbyImageData(layout: FIXED, width: 144, height: 58, placeholder: NONE, formats: [WEBP, AVIF])
          }
        }
      }
    }
  }
`

export function Head({ data }: HeadProps<Queries.HomePageQuery>) {
  const { business, siteName } = useSiteData()
  const { homePage } = data
  if (!homePage) return null
  const { city: shopTown, region } = business.address
  const description = `Same-day appliance repair in ${shopTown} and the ${business.serviceRadius.areaName}. Refrigerators, ovens, dishwashers, washers, dryers. Call ${business.phone.display}.`
  return (
    <SeoHead
      title={`${siteName} | ${business.address.city}, ${business.address.region}`}
      appendSiteName={false}
      description={description}
      path={HOME_PATH}
      keywords={`appliance repair ${shopTown} ${region}, appliance repair near me, refrigerator repair, dishwasher repair, washer repair, dryer repair, oven repair, stove repair`}
      jsonLd={[homePage.homeJsonLd]}
    />
  )
}
