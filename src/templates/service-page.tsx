import * as React from "react"
import { graphql, Link, type HeadProps, type PageProps } from "gatsby"
import { Layout } from "../components/layout/layout"
import { Breadcrumb } from "../components/breadcrumb"
import { PageHero } from "../components/page-hero"
import { Section } from "../components/section"
import { CommonProblems } from "../components/service/common-problems"
import { CheckList } from "../components/check-list"
import { CallButton } from "../components/call-button"
import { CallBackLine } from "../components/call-back/call-back-line"
import { Prose } from "../components/prose"
import { SeoHead } from "../components/seo/seo-head"
import { ReviewsSection } from "../components/reviews/reviews-section"
import { serviceReviews } from "../lib/reviews"
import { useSiteData } from "../hooks/use-site-data"
import { HOME_PATH, SERVICE_AREA_PATH, servicePath } from "../lib/routes"
import { serviceAreaCircle } from "../lib/service-radius"
import { breadcrumbJsonLd, serviceJsonLd } from "../lib/structured-data"
import { countPhrase, milesPhrase } from "../lib/phrases"
import type { Crumb } from "../lib/routes"

type ServiceRecord = NonNullable<Queries.ServicePageQuery["service"]>

const serviceTrail = (service: Pick<ServiceRecord, "name" | "slug">): Crumb[] => [
  { name: "Home", path: HOME_PATH },
  { name: service.name, path: servicePath(service.slug) },
]

export default function ServicePage({ data }: PageProps<Queries.ServicePageQuery>) {
  const { business } = useSiteData()
  const { service, townIndex } = data
  if (!service) throw new Error("This service page has no record in data/services/.")
  const { miles, center } = business.serviceRadius
  return (
    <Layout
      firstScreen={
        <>
          <Breadcrumb trail={serviceTrail(service)} />
          <PageHero title={service.heroTitle} phone={business.phone}>
            <p>{service.heroDescription}</p>
          </PageHero>
          <Section id="common-problems" title={`Common ${service.name} Problems We Fix`}>
            <CommonProblems problems={service.commonProblems} />
          </Section>
        </>
      }
    >
      <Section id="why-choose" title={`Why Choose Us for ${service.name}`} tone="alt">
        <CheckList items={service.whyChoosePoints} />
        <CallButton phone={business.phone} placement="section" label="Call for Same-Day Service" />
        <CallBackLine />
      </Section>
      <ReviewsSection
        title={`What ${service.name} Customers Say`}
        reviews={serviceReviews(data.allReview.nodes, service.slug)}
      />
      <Section id="details" title={`About Our ${service.name} Service`}>
        <Prose paragraphs={service.mainContent} />
        <p>
          We cover {countPhrase(townIndex.townCount, "community", "communities")} within {milesPhrase(miles)} of{" "}
          {center}. <Link to={SERVICE_AREA_PATH}>See every town in our service area</Link>.
        </p>
      </Section>
      <Section id="maintenance" title="Maintenance Tips" tone="alt">
        <ul>
          {service.maintenanceContent.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </Section>
    </Layout>
  )
}

export const query = graphql`
  query ServicePage($slug: String!) {
    service(slug: { eq: $slug }) {
      slug
      name
      title
      metaDescription
      metaKeywords
      heroTitle
      heroDescription
      commonProblems {
        title
        description
      }
      whyChoosePoints
      mainContent
      maintenanceContent
    }
    townIndex {
      townCount
    }
    allReview(filter: { service: { eq: $slug } }, sort: { given: DESC }) {
      nodes {
        ...ReviewFields
      }
    }
    business {
      serviceCenter {
        lat
        lng
      }
    }
  }
`

export function Head({ data }: HeadProps<Queries.ServicePageQuery>) {
  const { siteUrl, business } = useSiteData()
  const { service } = data
  if (!service) return null
  const path = servicePath(service.slug)
  const center = data.business?.serviceCenter
  if (!center) throw new Error("data/business.json is missing.")
  return (
    <SeoHead
      title={service.title}
      description={service.metaDescription}
      keywords={service.metaKeywords}
      path={path}
      jsonLd={[
        serviceJsonLd(siteUrl, {
          name: service.name,
          description: service.metaDescription,
          path,
          areaServed: serviceAreaCircle(center, business.serviceRadius.miles),
        }),
        breadcrumbJsonLd(siteUrl, serviceTrail(service)),
      ]}
    />
  )
}
