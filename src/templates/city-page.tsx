import * as React from "react"
import { graphql, type HeadProps, type PageProps } from "gatsby"
import { Layout } from "../components/layout/layout"
import { Breadcrumb } from "../components/breadcrumb"
import { PageHero } from "../components/page-hero"
import { Section } from "../components/section"
import { CheckList } from "../components/check-list"
import { CallButton } from "../components/call-button"
import { CallBackLine } from "../components/call-back/call-back-line"
import { Prose } from "../components/prose"
import { MapFrame } from "../components/map-frame"
import { LocatorMap } from "../components/maps/locator-map"
import { CityFactsList } from "../components/city/city-facts-list"
import { NearbyCities } from "../components/city/nearby-cities"
import { SeoHead } from "../components/seo/seo-head"
import { ReviewsSection } from "../components/reviews/reviews-section"
import { townReviews } from "../lib/reviews"
import { useSiteData, type SiteData } from "../hooks/use-site-data"
import { cityCopy } from "../lib/city-copy"
import { HOME_PATH, SERVICE_AREA_PATH, cityPath } from "../lib/routes"
import { breadcrumbJsonLd } from "../lib/structured-data"
import type { Crumb } from "../lib/routes"

type CityRecord = NonNullable<Queries.CityPageQuery["city"]>

/** The neighbours as the copy and the links use them: name, slug and miles away. */
const neighboursOf = (city: CityRecord) => city.nearby.map(({ city: place, miles }) => ({ ...place, miles }))

const cityTrail = (city: Pick<CityRecord, "name" | "slug">): Crumb[] => [
  { name: "Home", path: HOME_PATH },
  { name: "Service Area", path: SERVICE_AREA_PATH },
  { name: city.name, path: cityPath(city.slug) },
]

const copyFor = (city: CityRecord, { business }: SiteData) =>
  cityCopy(
    { ...city, nearby: neighboursOf(city) },
    {
      shopTown: business.address.city,
      region: business.address.region,
      foundingYear: business.foundingYear,
      phoneDisplay: business.phone.display,
    },
  )

export default function CityPage({ data }: PageProps<Queries.CityPageQuery>) {
  const site = useSiteData()
  const { city, cityPageCopy } = data
  if (!city) throw new Error("This city page has no record in data/cities/.")
  if (!cityPageCopy) throw new Error("data/city-pages.json is missing.")
  const copy = copyFor(city, site)
  const { phone } = site.business
  return (
    <Layout
      firstScreen={
        <>
          <Breadcrumb trail={cityTrail(city)} />
          <PageHero title={copy.heading} phone={phone}>
            <p>{copy.intro}</p>
          </PageHero>
          <Section id="about-town" title={`Homes and Appliances in ${city.name}`}>
            <CityFactsList
              county={city.county}
              milesFromShop={city.milesFromShop}
              shopTown={site.business.address.city}
            />
            <LocatorMap map={city.locatorMap} />
            <Prose paragraphs={[city.localParagraph]} />
          </Section>
        </>
      }
    >
      <Section id="why-choose" title={`Why ${city.name} Homeowners Call Us`} tone="alt">
        <CheckList items={[...copy.whyChoose, ...cityPageCopy.whyChoosePoints]} />
      </Section>
      <Section id="appliances" title="Appliances We Repair">
        <CheckList items={cityPageCopy.applianceGroups} />
        <Prose paragraphs={copy.serviceText} />
        <CallButton phone={phone} placement="section" label="Call for Same-Day Service" />
        <CallBackLine />
      </Section>
      <ReviewsSection
        title={`What Customers in and near ${city.name} Say`}
        reviews={townReviews(
          data.allReview.nodes,
          city.name,
          city.nearby.map(({ city: place }) => place.name),
        )}
      />
      <Section id="nearby" title="Also Serving Nearby" tone="alt">
        <NearbyCities cities={neighboursOf(city)} />
      </Section>
      <Section id="map" title={`Map of ${city.name}`}>
        <MapFrame
          links={city.mapLinks}
          title={`Map of ${city.name}, ${site.business.address.region}`}
          place={city.name}
        />
      </Section>
    </Layout>
  )
}

export const query = graphql`
  query CityPage($slug: String!) {
    city(slug: { eq: $slug }) {
      name
      slug
      county
      mapLinks {
        embed
        page
      }
      localParagraph
      milesFromShop
      locatorMap {
        ...LocatorMapFields
      }
      nearby {
        miles
        city {
          name
          slug
        }
      }
    }
    allReview(sort: { given: DESC }) {
      nodes {
        ...ReviewFields
      }
    }
    cityPageCopy {
      whyChoosePoints
      applianceGroups
    }
  }
`

export function Head({ data }: HeadProps<Queries.CityPageQuery>) {
  const site = useSiteData()
  const { city } = data
  if (!city) return null
  const copy = copyFor(city, site)
  return (
    <SeoHead
      title={copy.title}
      appendSiteName={false}
      description={copy.description}
      keywords={`appliance repair ${city.name} ${site.business.address.region}, ${city.name} refrigerator repair, ${city.name} washer repair, ${city.name} dryer repair, ${city.name} dishwasher repair, ${city.name} oven repair`}
      path={cityPath(city.slug)}
      jsonLd={[breadcrumbJsonLd(site.siteUrl, cityTrail(city))]}
    />
  )
}
