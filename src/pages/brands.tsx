import * as React from "react"
import { graphql, type HeadProps, type PageProps } from "gatsby"
import { Layout } from "../components/layout/layout"
import { Section } from "../components/section"
import { CallPrompt } from "../components/call-prompt"
import { SeoHead } from "../components/seo/seo-head"
import { useSiteData } from "../hooks/use-site-data"
import { BRANDS_PATH } from "../lib/routes"
import * as grid from "../components/card-grid.module.css"
import * as styles from "../styles/brands-page.module.css"
import { brandsSentence } from "../lib/phrases"

export default function BrandsPage({ data }: PageProps<Queries.BrandsPageQuery>) {
  const { business } = useSiteData()
  return (
    <Layout
      firstScreen={
        <Section
          title="Appliance Brands We Service"
          level={1}
          intro="Our factory-trained technicians repair all major brands and models, from everyday washers to built-in luxury refrigerators."
        >
          <ul className={`${grid.grid} ${grid.compact}`} aria-label="Brands">
            {data.allBrand.nodes.map((brand) => (
              <li key={brand.slug} className={styles.brand}>
                {brand.name}
              </li>
            ))}
          </ul>
          <CallPrompt title="Don't See Your Brand?" phone={business.phone}>
            <p>We repair nearly every make of household appliance. Call and tell us yours.</p>
          </CallPrompt>
        </Section>
      }
    />
  )
}

export const query = graphql`
  query BrandsPage {
    allBrand {
      nodes {
        name
        slug
      }
    }
  }
`

export function Head({ data }: HeadProps<Queries.BrandsPageQuery>) {
  const names = data.allBrand.nodes.map((brand) => brand.name)
  return (
    <SeoHead
      title="Appliance Brands We Service"
      description={`${brandsSentence(names)} Licensed technicians, same-day service.`}
      path={BRANDS_PATH}
    />
  )
}
