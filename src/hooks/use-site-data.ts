import { graphql, useStaticQuery } from "gatsby"
import { siteNameOf } from "../lib/site-name"

/**
 * Business details, service links and site facts: what every page shows (header,
 * footer, head), so its size never depends on the number of towns. Anything only
 * some pages show belongs in their page query.
 */
export function useSiteData() {
  const data = useStaticQuery<Queries.SiteDataQuery>(graphql`
    query SiteData {
      site {
        buildYear: buildTime(formatString: "YYYY")
        siteMetadata {
          siteUrl
          callBacks
        }
      }
      business {
        brand
        phone {
          display
          e164
        }
        address {
          street
          city
          region
          postalCode
          country
        }
        timeZone
        builtAt
        weekSummary
        hours {
          label
          days
          opens
          closes
        }
        upcomingSpecialHours {
          from
          to
          opens
          closes
          note
        }
        notices {
          text
          starts
          ends
        }
        foundingYear
        serviceRadius {
          miles
          center
          areaName
        }
      }
      allService(sort: { order: ASC }) {
        nodes {
          slug
          name
        }
      }
      allReview {
        totalCount
      }
    }
  `)
  const { site, business } = data
  if (!site?.buildYear || !business) {
    throw new Error("The site metadata or data/business.json is missing from the GraphQL layer.")
  }
  return {
    business,
    /** The week's hours and the closures and special hours to come, in the shop's time zone. */
    schedule: { timeZone: business.timeZone, hours: business.hours, specialHours: business.upcomingSpecialHours },
    siteUrl: site.siteMetadata.siteUrl,
    /** Whether pages offer the call-back request (CALL_BACKS, internal/call-backs/setting.ts). */
    callBacks: site.siteMetadata.callBacks,
    siteName: siteNameOf(business.brand),
    buildYear: site.buildYear,
    services: data.allService.nodes,
    /** Whether /reviews/ is built: there is at least one review. */
    hasReviews: data.allReview.totalCount > 0,
  }
}

export type SiteData = ReturnType<typeof useSiteData>
