import type { GatsbyNode } from "gatsby"
import { COMPUTED_TYPES } from "../content/computed"
import { computedFieldTypes } from "./create-resolvers"
import { contentGraphqlTypes, printGraphqlTypes } from "../content/graphql-types"
import { CONTENT_TYPES } from "../content/model"

/** Gatsby's own site metadata, as gatsby-config.ts sets it. */
const SITE_TYPES = `
type SiteSiteMetadata {
  siteUrl: String!
  callBacks: Boolean!
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
/** The computed fields of the content types (the root Query's are added by createResolvers). */
const withoutRoot = ({ Query: _root, ...types }: ReturnType<typeof computedFieldTypes>) => types

export function typeDefinitions(): string {
  return [
    SITE_TYPES.trim(),
    COMPUTED_TYPES.trim(),
    printGraphqlTypes(contentGraphqlTypes(CONTENT_TYPES, withoutRoot(computedFieldTypes()))),
  ]
    .filter(Boolean)
    .join("\n\n")
}

export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createTypes(typeDefinitions())
}
