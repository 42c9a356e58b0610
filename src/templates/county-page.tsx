import * as React from "react"
import type { HeadProps, PageProps } from "gatsby"
import { Layout } from "../components/layout/layout"
import { Breadcrumb } from "../components/breadcrumb"
import { Section } from "../components/section"
import { CityLinks } from "../components/city-links"
import { CallPrompt } from "../components/call-prompt"
import { EmbeddedMap, type MapFileData } from "../components/maps/embedded-map"
import { SeoHead } from "../components/seo/seo-head"
import { useSiteData } from "../hooks/use-site-data"
import { HOME_PATH, SERVICE_AREA_PATH, countyPath } from "../lib/routes"
import { breadcrumbJsonLd } from "../lib/structured-data"
import type { Crumb } from "../lib/routes"

/**
 * A county page's data, from the townIndex query of page creation
 * (internal/gatsby/create-pages.ts). County pages exist only above the
 * town-list limit, so the template has no page query of its own: Gatsby
 * would warn about an unused query on every build of a smaller site.
 */
export interface CountyPageContext {
  name: string
  slug: string
  townCount: number
  towns: readonly Pick<Queries.City, "slug" | "name">[]
  /** The county's map of its towns, drawn as a file at build time. */
  map: MapFileData
}

const countyTrail = (county: CountyPageContext): Crumb[] => [
  { name: "Home", path: HOME_PATH },
  { name: "Service Area", path: SERVICE_AREA_PATH },
  { name: `${county.name} County`, path: countyPath(county.slug) },
]

/** Every town of one county, when there are too many towns to list on the home page and /service-area/. */
export default function CountyPage({ pageContext: county }: PageProps<object, CountyPageContext>) {
  const { business } = useSiteData()
  const { miles, center } = business.serviceRadius
  return (
    <Layout
      firstScreen={
        <>
          <Breadcrumb trail={countyTrail(county)} />
          <Section
            title={`Appliance Repair in ${county.name} County`}
            level={1}
            intro={`We serve ${county.townCount} ${county.townCount === 1 ? "community" : "communities"} in ${county.name} County, all within ${miles} miles of ${center}. Choose your town:`}
          >
            <EmbeddedMap map={county.map} />
            <CityLinks cities={county.towns} label={`Towns in ${county.name} County`} />
            <CallPrompt title="Don't See Your Town?" phone={business.phone}>
              <p>Call and ask whether we reach your street.</p>
            </CallPrompt>
          </Section>
        </>
      }
    />
  )
}

export function Head({ pageContext: county }: HeadProps<object, CountyPageContext>) {
  const { siteUrl, business } = useSiteData()
  const firstTowns = county.towns.slice(0, 3).map((town) => town.name)
  return (
    <SeoHead
      title={`${county.name} County Appliance Repair`}
      description={`Same-day appliance repair in ${county.townCount} ${county.name} County communities, including ${firstTowns.join(", ")}. Call ${business.phone.display}.`}
      path={countyPath(county.slug)}
      jsonLd={[breadcrumbJsonLd(siteUrl, countyTrail(county))]}
    />
  )
}
