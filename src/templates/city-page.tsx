import * as React from "react"
import { graphql, type HeadProps, type PageProps } from "gatsby"
import { Layout } from "../components/layout/layout"
import { Breadcrumb } from "../components/breadcrumb"
import { PageHero } from "../components/page-hero"
import { Section } from "../components/section"
import { CheckList } from "../components/check-list"
import { CallButton } from "../components/call-button"
import { Prose } from "../components/prose"
import { MapFrame } from "../components/map-frame"
import { CityFactsList } from "../components/city/city-facts-list"
import { NearbyCities } from "../components/city/nearby-cities"
import { SeoHead } from "../components/seo/seo-head"
import { useSiteData, type SiteData } from "../hooks/use-site-data"
import { cityCopy } from "../lib/city-copy"
import { cityPath } from "../lib/slug"
import { breadcrumbJsonLd } from "../lib/structured-data"
import type { Crumb } from "../lib/types"

type CityRecord = NonNullable<Queries.CityPageQuery["city"]>

/** The appliance groups repaired in every town, as the spec lists them. */
export const APPLIANCE_GROUPS = [
  "Refrigerators and freezers",
  "Washers and dryers",
  "Dishwashers",
  "Ovens, stoves, ranges and cooktops",
  "Microwaves",
  "Garbage disposals",
] as const

const cityTrail = (city: Pick<CityRecord, "name" | "slug">): Crumb[] => [
  { name: "Home", path: "/" },
  { name: "Service Area", path: "/service-area/" },
  { name: city.name, path: cityPath(city.slug) },
]

const copyFor = (city: CityRecord, { business }: SiteData) =>
  cityCopy(city, {
    shopTown: business.address.city,
    foundingYear: business.foundingYear,
    phoneDisplay: business.phone.display,
  })

export default function CityPage({ data }: PageProps<Queries.CityPageQuery>) {
  const site = useSiteData()
  const { city } = data
  if (!city) throw new Error("This city page has no record in data/cities.json.")
  const copy = copyFor(city, site)
  const { phone } = site.business
  return (
    <Layout>
      <Breadcrumb trail={cityTrail(city)} />
      <PageHero title={copy.heading} phone={phone}>
        <p>{copy.intro}</p>
      </PageHero>
      <Section id="about-town" title={`Homes and Appliances in ${city.name}`}>
        <CityFactsList county={city.county} milesFromShop={city.milesFromShop} shopTown={site.business.address.city} />
        <Prose paragraphs={[city.localParagraph]} />
      </Section>
      <Section id="why-choose" title={`Why ${city.name} Homeowners Call Us`} tone="alt">
        <CheckList items={copy.whyChoose} />
      </Section>
      <Section id="appliances" title="Appliances We Repair">
        <CheckList items={APPLIANCE_GROUPS} />
        <Prose paragraphs={copy.serviceText} />
        <CallButton phone={phone} label="Call for Same-Day Service" />
      </Section>
      <Section id="nearby" title="Also Serving Nearby" tone="alt">
        <NearbyCities from={city} cities={city.nearby} />
      </Section>
      <Section id="map" title={`Map of ${city.name}`}>
        <MapFrame src={city.mapUrl} title={`Map of ${city.name}, Illinois`} place={city.name} />
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
      lat
      lng
      mapUrl
      localParagraph
      milesFromShop
      nearby {
        name
        slug
        lat
        lng
      }
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
      keywords={`appliance repair ${city.name} IL, ${city.name} refrigerator repair, ${city.name} washer repair, ${city.name} dryer repair, ${city.name} dishwasher repair, ${city.name} oven repair`}
      path={cityPath(city.slug)}
      jsonLd={[breadcrumbJsonLd(site.siteUrl, cityTrail(city))]}
    />
  )
}
