import path from "path"
import type { GatsbyNode } from "gatsby"
import { CALL_BACK_PATH, REVIEWS_PATH, REVIEW_LINK_PATH, cityPath, countyPath, servicePath } from "../../src/lib/routes"
import type { CountyPageContext } from "../../src/templates/county-page"
import type { ReviewsPageContext } from "../../src/templates/reviews-page"
import { callBacksOn } from "../call-backs/setting"

export const SERVICE_TEMPLATE = path.resolve("./src/templates/service-page.tsx")
export const CITY_TEMPLATE = path.resolve("./src/templates/city-page.tsx")
export const COUNTY_TEMPLATE = path.resolve("./src/templates/county-page.tsx")
export const REVIEWS_TEMPLATE = path.resolve("./src/templates/reviews-page.tsx")
export const CALL_BACK_TEMPLATE = path.resolve("./src/templates/call-back-page.tsx")

interface PageSlugsQuery {
  allService: { nodes: Array<{ slug: string }> }
  allCity: { nodes: Array<{ slug: string }> }
  townIndex: { counties: CountyPageContext[] }
  allReview: { nodes: ReviewsPageContext["reviews"] }
  business: { reviewLink?: string | null } | null
}

/**
 * One page per service and one per city; each template queries its record by
 * slug. Above the town-list limit, one page per county too, listing its towns
 * (townIndex lists no county below it, so a small site gains no thin pages).
 * A county is not a record but a grouping computed once here, so its page gets
 * its towns through the page context.
 */
export const createPages: GatsbyNode["createPages"] = async ({ graphql, actions, reporter }) => {
  const result = await graphql<PageSlugsQuery>(`
    query PageSlugs {
      allService {
        nodes {
          slug
        }
      }
      allCity(sort: { name: ASC }) {
        nodes {
          slug
        }
      }
      allReview(sort: { given: DESC }) {
        nodes {
          quote
          name
          town
          service
          given
          source
          link
          caption
          sourcePhrase
          homeQuote
        }
      }
      business {
        reviewLink
      }
      townIndex {
        counties {
          name
          slug
          townCount
          towns {
            name
            slug
          }
          map {
            src
            width
            height
            title
          }
        }
      }
    }
  `)

  if (result.errors || !result.data) {
    reporter.panicOnBuild("Could not load the service, city and county slugs for page creation.", result.errors)
    return
  }

  for (const { slug } of result.data.allService.nodes) {
    actions.createPage({ path: servicePath(slug), component: SERVICE_TEMPLATE, context: { slug } })
  }
  for (const { slug } of result.data.allCity.nodes) {
    actions.createPage({ path: cityPath(slug), component: CITY_TEMPLATE, context: { slug } })
  }
  for (const county of result.data.townIndex.counties) {
    actions.createPage({ path: countyPath(county.slug), component: COUNTY_TEMPLATE, context: county })
  }
  // Reviews: a page of them all once there is one; none, no page (nor a link to it).
  const reviews = result.data.allReview.nodes
  if (reviews.length > 0) {
    actions.createPage({ path: REVIEWS_PATH, component: REVIEWS_TEMPLATE, context: { reviews } })
  }
  // The owner's Google review link behind the site's own short address, in the site's redirects
  // (public/_redirects, written by the Netlify adapter); with no link set, nothing is at /review/.
  const reviewLink = result.data.business?.reviewLink
  if (reviewLink) {
    actions.createRedirect({
      fromPath: REVIEW_LINK_PATH,
      toPath: reviewLink,
      isPermanent: false,
      redirectInBrowser: false,
    })
  }
  // The call-back request's page, unless CALL_BACKS=off (internal/call-backs/setting.ts).
  if (callBacksOn((name) => process.env[name])) {
    actions.createPage({ path: CALL_BACK_PATH, component: CALL_BACK_TEMPLATE, context: {} })
  }
}
