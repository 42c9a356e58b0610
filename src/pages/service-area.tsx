import * as React from "react"
import { graphql, type HeadProps, type PageProps } from "gatsby"
import { Layout } from "../components/layout/layout"
import { Section } from "../components/section"
import { CallPrompt } from "../components/call-prompt"
import { CityLinks } from "../components/city-links"
import { CountyLinks } from "../components/county-links"
import { EmbeddedMap } from "../components/maps/embedded-map"
import { SeoHead } from "../components/seo/seo-head"
import { useSiteData } from "../hooks/use-site-data"
import { capitalize, countPhrase, countiesPhrase, milesPhrase } from "../lib/phrases"
import { groupByCounty } from "../lib/service-area"
import { SERVICE_AREA_PATH, cityPath } from "../lib/routes"
import * as grid from "../components/card-grid.module.css"
import * as links from "../components/city-links.module.css"

export default function ServiceAreaPage({ data }: PageProps<Queries.ServiceAreaPageQuery>) {
  const { business } = useSiteData()
  const entries = data.serviceAreaGrid?.entries ?? []
  const { townIndex, serviceAreaMap } = data
  const { miles, center } = business.serviceRadius
  return (
    <Layout
      firstScreen={
        <Section title="Service Area" level={1} intro={`Serving communities within ${milesPhrase(miles)} of ${center}`}>
          <ul className={`${grid.grid} ${grid.compact}`} aria-label="Communities we serve">
            {entries.map((entry) => (
              <li key={entry.name}>
                {entry.city ? (
                  <a href={cityPath(entry.city.slug)} className={links.link}>
                    {entry.name}
                  </a>
                ) : (
                  <span className={links.plain}>{entry.name}</span>
                )}
              </li>
            ))}
          </ul>
          <CallPrompt title="Don't See Your City?" phone={business.phone}>
            <p>
              We travel throughout the {business.serviceRadius.areaName}. Call and ask whether we reach your street.
            </p>
          </CallPrompt>
        </Section>
      }
    >
      <Section id="all-towns" title="Every Town We Serve, by County" tone="alt">
        <EmbeddedMap map={serviceAreaMap} />
        {townIndex.listsEveryTown ? (
          groupByCounty(townIndex.towns).map(({ county, cities }) => (
            <section key={county} aria-labelledby={`county-${county}`}>
              <h3 id={`county-${county}`}>{county} County</h3>
              <CityLinks cities={cities} />
            </section>
          ))
        ) : (
          <>
            <p>
              We serve {countPhrase(townIndex.townCount, "community", "communities")} in{" "}
              {countPhrase(townIndex.counties.length, "county", "counties")}. Choose a county to see every town in it.
            </p>
            <CountyLinks counties={townIndex.counties} label="Counties we serve" />
          </>
        )}
      </Section>
    </Layout>
  )
}

export const query = graphql`
  query ServiceAreaPage {
    serviceAreaMap {
      ...MapFileFields
    }
    serviceAreaGrid {
      entries {
        name
        city {
          slug
        }
      }
    }
    townIndex {
      townCount
      listsEveryTown
      towns {
        name
        slug
        county
      }
      counties {
        name
        slug
        townCount
      }
    }
  }
`

export function Head({ data }: HeadProps<Queries.ServiceAreaPageQuery>) {
  const { business } = useSiteData()
  const { miles, center } = business.serviceRadius
  const { townIndex } = data
  const counties = townIndex.listsEveryTown
    ? countiesPhrase(groupByCounty(townIndex.towns).map((group) => group.county))
    : countPhrase(townIndex.counties.length, "county", "counties")
  return (
    <SeoHead
      title={`Service Area: ${capitalize(business.serviceRadius.areaName)}`}
      description={`Appliance repair in ${countPhrase(townIndex.townCount, "community", "communities")} within ${milesPhrase(miles)} of ${center}, across ${counties}. Find your town.`}
      path={SERVICE_AREA_PATH}
    />
  )
}
