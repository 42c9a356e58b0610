import * as React from "react"
import { graphql, type HeadProps, type PageProps } from "gatsby"
import { Layout } from "../components/layout/layout"
import { Section } from "../components/section"
import { CallPrompt } from "../components/call-prompt"
import { CityLinks } from "../components/city-links"
import { SeoHead } from "../components/seo/seo-head"
import { useSiteData } from "../hooks/use-site-data"
import { groupByCounty, listPhrase, matchGridToPages } from "../lib/service-area"
import { cityPath } from "../lib/slug"
import * as grid from "../components/card-grid.module.css"
import * as links from "../components/city-links.module.css"

export default function ServiceAreaPage({ data }: PageProps<Queries.ServiceAreaPageQuery>) {
  const { business } = useSiteData()
  const names = data.serviceAreaGrid?.grid ?? []
  const entries = matchGridToPages(names, data.allCity.nodes)
  const counties = groupByCounty(data.allCity.nodes)
  const { miles, center } = business.serviceRadius
  return (
    <Layout>
      <Section title="Service Area" level={1} intro={`Serving communities within ${miles} miles of ${center}`}>
        <ul className={`${grid.grid} ${grid.compact}`} aria-label="Communities we serve">
          {entries.map((entry) => (
            <li key={entry.name}>
              {entry.slug ? (
                <a href={cityPath(entry.slug)} className={links.link}>
                  {entry.name}
                </a>
              ) : (
                <span className={links.plain}>{entry.name}</span>
              )}
            </li>
          ))}
        </ul>
        <CallPrompt title="Don't See Your City?" phone={business.phone}>
          <p>We travel throughout the north and northwest suburbs. Call and ask whether we reach your street.</p>
        </CallPrompt>
      </Section>
      <Section id="all-towns" title="Every Town We Serve, by County" tone="alt">
        {counties.map(({ county, cities }) => (
          <section key={county} aria-labelledby={`county-${county}`}>
            <h3 id={`county-${county}`}>{county} County</h3>
            <CityLinks cities={cities} />
          </section>
        ))}
      </Section>
    </Layout>
  )
}

export const query = graphql`
  query ServiceAreaPage {
    serviceAreaGrid {
      grid
    }
    allCity(sort: { name: ASC }) {
      nodes {
        name
        slug
        county
      }
    }
  }
`

export function Head({ data }: HeadProps<Queries.ServiceAreaPageQuery>) {
  const { business } = useSiteData()
  const { miles, center } = business.serviceRadius
  const counties = groupByCounty(data.allCity.nodes).map((group) => group.county)
  return (
    <SeoHead
      title="Service Area: North & Northwest Suburbs"
      description={`Appliance repair in ${data.allCity.nodes.length} communities within ${miles} miles of ${center}, across ${listPhrase(counties)} counties. Find your town.`}
      path="/service-area/"
    />
  )
}
