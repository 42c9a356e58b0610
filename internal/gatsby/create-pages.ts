import path from "path"
import type { GatsbyNode } from "gatsby"
import { cityPath, servicePath } from "../../src/lib/routes"

export const SERVICE_TEMPLATE = path.resolve("./src/templates/service-page.tsx")
export const CITY_TEMPLATE = path.resolve("./src/templates/city-page.tsx")

interface PageSlugsQuery {
  allService: { nodes: Array<{ slug: string }> }
  allCity: { nodes: Array<{ slug: string }> }
}

/** One page per service and one per city; each template queries its record by slug. */
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
    }
  `)

  if (result.errors || !result.data) {
    reporter.panicOnBuild("Could not load the service and city slugs for page creation.", result.errors)
    return
  }

  for (const { slug } of result.data.allService.nodes) {
    actions.createPage({ path: servicePath(slug), component: SERVICE_TEMPLATE, context: { slug } })
  }
  for (const { slug } of result.data.allCity.nodes) {
    actions.createPage({ path: cityPath(slug), component: CITY_TEMPLATE, context: { slug } })
  }
}
