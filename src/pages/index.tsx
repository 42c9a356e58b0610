import * as React from "react"
import { graphql, type HeadProps, type PageProps } from "gatsby"
import { Layout } from "../components/layout/layout"
import { Section } from "../components/section"
import { HomeHero } from "../components/home/home-hero"
import { TrustStrip } from "../components/home/trust-strip"
import { CouponCard } from "../components/coupon-card"
import { ServiceCards } from "../components/home/service-cards"
import { BrandLogos, type BrandLogoData } from "../components/home/brand-logos"
import { CityLinks } from "../components/city-links"
import { MapFrame } from "../components/map-frame"
import { ContactDetails } from "../components/home/contact-details"
import { CallButton } from "../components/call-button"
import { SeoHead, OG_IMAGE } from "../components/seo/seo-head"
import { useSiteData } from "../hooks/use-site-data"
import { radiusTownName } from "../lib/service-radius"
import { absoluteUrl } from "../lib/site-url"
import { localBusinessJsonLd } from "../lib/structured-data"
import * as grid from "../components/card-grid.module.css"

export default function HomePage({ data }: PageProps<Queries.HomePageQuery>) {
  const { business, cities } = useSiteData()
  const { homePage, couponBook } = data
  if (!homePage || !couponBook) throw new Error("data/business.json or data/coupons.json is missing.")
  const logos: BrandLogoData[] = data.allBrand.nodes.map((brand) => {
    const image = brand.logo?.childImageSharp?.gatsbyImageData
    if (!image) throw new Error(`data/brands.json: the logo of "${brand.name}" was not processed.`)
    return { name: brand.name, slug: brand.slug, image }
  })
  const { serviceRadius } = business
  return (
    <Layout isHome>
      <HomeHero brand={business.brand} intro={homePage.intro} phone={business.phone} />
      <TrustStrip />
      <Section id="coupons" title="Coupons" intro="Mention the offer when you call to schedule.">
        <ul className={grid.grid}>
          {couponBook.homeCoupons.map((coupon) => (
            <li key={coupon.title}>
              <CouponCard title={coupon.title} description={coupon.description} />
            </li>
          ))}
        </ul>
      </Section>
      <Section id="services" title="Appliance Repair Services" tone="alt">
        <ServiceCards services={data.allService.nodes} />
      </Section>
      <Section id="brands" title="Brands We Repair" intro="We repair every major brand and model, including:">
        <BrandLogos brands={logos} />
      </Section>
      <Section
        id="service-area"
        title="Service Area"
        tone="alt"
        intro={`We serve ${cities.length} communities within ${serviceRadius.miles} miles of ${serviceRadius.center}. Choose your town:`}
      >
        <CityLinks cities={cities} label="Towns we serve" />
        <MapFrame
          src={homePage.homeMapUrl}
          title={`Map of our service area around ${serviceRadius.center}`}
          place={radiusTownName(serviceRadius.center)}
        />
      </Section>
      <Section id="about" title="About Us">
        {homePage.about.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        <CallButton phone={business.phone} />
      </Section>
      <Section id="contact" title="Contact" tone="alt">
        <ContactDetails phone={business.phone} address={business.address} hours={business.hours} />
      </Section>
    </Layout>
  )
}

export const query = graphql`
  query HomePage {
    homePage: business {
      intro
      about
      homeMapUrl
    }
    couponBook {
      homeCoupons {
        title
        description
      }
    }
    allService {
      nodes {
        slug
        name
        icon
        cardDescription
      }
    }
    allBrand(filter: { featured: { eq: true } }) {
      nodes {
        name
        slug
        logo {
          childImageSharp {
            gatsbyImageData(layout: FIXED, width: 144, height: 58, placeholder: NONE, formats: [AUTO, WEBP, AVIF])
          }
        }
      }
    }
  }
`

export function Head({ data }: HeadProps<Queries.HomePageQuery>) {
  const { business, siteUrl, siteName, cities } = useSiteData()
  const description = `Same-day appliance repair in Northfield and the north and northwest Chicago suburbs. Refrigerators, ovens, dishwashers, washers, dryers. Call ${business.phone.display}.`
  return (
    <SeoHead
      title={`${siteName} | ${business.address.city}, ${business.address.region}`}
      appendSiteName={false}
      description={description}
      path="/"
      keywords="appliance repair Northfield IL, appliance repair near me, refrigerator repair, dishwasher repair, washer repair, dryer repair, oven repair, stove repair"
      jsonLd={[
        localBusinessJsonLd(siteUrl, {
          siteName,
          phone: business.phone,
          address: business.address,
          geo: business.geo,
          hours: business.hours,
          foundingYear: business.foundingYear,
          priceRange: business.priceRange,
          description: data.homePage?.intro ?? description,
          imageUrl: absoluteUrl(siteUrl, OG_IMAGE.path),
          cityNames: cities.map((city) => city.name),
        }),
      ]}
    />
  )
}
