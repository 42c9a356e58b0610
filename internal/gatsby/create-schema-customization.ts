import type { GatsbyNode } from "gatsby"
import { COMPUTED_FIELDS, COMPUTED_TYPES } from "../content/computed"
import { contentGraphqlTypes, printGraphqlTypes } from "../content/graphql-types"
import { CONTENT_TYPES } from "../content/model"

/** Gatsby's own site metadata, as gatsby-config.ts sets it. */
const SITE_TYPES = `
type SiteSiteMetadata {
  siteUrl: String!
}
type Site implements Node {
  siteMetadata: SiteSiteMetadata!
}
`

/**
 * The whole declared schema: the site metadata, then every content type of the
 * model with its computed fields. Declared, not inferred, so a missing field
 * fails loudly instead of silently disappearing from the schema.
 */
export function typeDefinitions(): string {
  return [
    SITE_TYPES.trim(),
    COMPUTED_TYPES.trim(),
    printGraphqlTypes(contentGraphqlTypes(CONTENT_TYPES, COMPUTED_FIELDS)),
  ]
    .filter(Boolean)
    .join("\n\n")
}

export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createTypes(typeDefinitions())
}
