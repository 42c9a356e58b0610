import path from "path"
import type { GatsbyNode } from "gatsby"
import { CALL_BACK_PATH, cityPath, countyPath, servicePath } from "../../src/lib/routes"
import type { CountyPageContext } from "../../src/templates/county-page"
import { callBacksOn } from "../call-backs/setting"

export const SERVICE_TEMPLATE = path.resolve("./src/templates/service-page.tsx")
export const CITY_TEMPLATE = path.resolve("./src/templates/city-page.tsx")
export const COUNTY_TEMPLATE = path.resolve("./src/templates/county-page.tsx")
export const CALL_BACK_TEMPLATE = path.resolve("./src/templates/call-back-page.tsx")

interface PageSlugsQuery {
  allService: { nodes: Array<{ slug: string }> }
  allCity: { nodes: Array<{ slug: string }> }
  townIndex: { counties: CountyPageContext[] }
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
  // The call-back request's page, unless CALL_BACKS=off (internal/call-backs/setting.ts).
  if (callBacksOn((name) => process.env[name])) {
    actions.createPage({ path: CALL_BACK_PATH, component: CALL_BACK_TEMPLATE, context: {} })
  }
}
