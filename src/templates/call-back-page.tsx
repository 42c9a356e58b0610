import * as React from "react"
import { graphql, type HeadProps, type PageProps } from "gatsby"
import { Layout } from "../components/layout/layout"
import { Section } from "../components/section"
import { SeoHead } from "../components/seo/seo-head"
import { CallButton } from "../components/call-button"
import { CallBackForm } from "../components/call-back/call-back-form"
import { useSiteData } from "../hooks/use-site-data"
import { CALL_BACK_PATH, PRIVACY_PATH } from "../lib/routes"
import { FORM_STYLESHEET, formClasses as styles } from "../components/call-back/form-classes"

/**
 * `/call-back/`: the one form of the public pages, for when no one can answer
 * the phone. The phone stays the first way: the call button comes first. Built
 * unless CALL_BACKS=off (internal/gatsby/create-pages.ts).
 */
export default function CallBackPage({ data }: PageProps<Queries.CallBackPageQuery>) {
  const { business, services } = useSiteData()
  const choices = {
    towns: data.allCity.nodes.map(({ name }) => name),
    appliances: services.map(({ name }) => name),
  }
  return (
    <Layout
      firstScreen={
        <Section
          title="Ask Us to Call You Back"
          level={1}
          intro={
            <p>
              We answer the phone{" "}
              {business.weekSummary.split(" · ").map((days, index) => (
                <React.Fragment key={days}>
                  {index ? " · " : ""}
                  <span className={styles.hours}>{days}</span>
                </React.Fragment>
              ))}
              . When no one can answer, leave your number here and we will call you back as soon as we open.
            </p>
          }
        >
          <p>
            <CallButton phone={business.phone} placement="section" label="Call now" />
          </p>
          <CallBackForm choices={choices} phone={business.phone} />
          <p>
            We keep what you send only to call you back, and delete it within 60 days:{" "}
            <a href={PRIVACY_PATH}>what we keep</a>.
          </p>
        </Section>
      }
    />
  )
}

export const query = graphql`
  query CallBackPage {
    allCity(sort: { name: ASC }) {
      nodes {
        name
      }
    }
  }
`

export function Head(_props: HeadProps<Queries.CallBackPageQuery>) {
  const { business } = useSiteData()
  return (
    <>
      <SeoHead
        title="Ask Us to Call You Back"
        description={`Shop closed or line busy? Leave your name and number and we will call you back as soon as we open: appliance repair across the ${business.serviceRadius.areaName}.`}
        path={CALL_BACK_PATH}
      />
      <link rel="stylesheet" href={FORM_STYLESHEET} />
    </>
  )
}
