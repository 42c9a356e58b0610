import fs from "fs"
import path from "path"
import type { GatsbyNode } from "gatsby"
import { buildDerivationContext, completeRecord } from "../content/derivations"
import { DATA_DIR } from "../content/data-dir"
import { COMPLETE_FIELDS } from "../content/graphql-types"
import { CONTENT_TYPES, business } from "../content/model"

/** The business record as data/ holds it now: its state is the derivations' region. */
function businessRecord(): unknown {
  const source = business.source as { file: string }
  return JSON.parse(fs.readFileSync(path.join(DATA_DIR, source.file), "utf8"))
}

/**
 * Fills, on each record node of a type with derivations (the towns), the node
 * field COMPLETE_FIELDS: every derivable field, as the file gives it or as the
 * build derives it. The GraphQL fields read it (@proxy), so a page shows a
 * derived value as it shows a written one. onPreBootstrap has already refused
 * content whose fields cannot be derived; in `gatsby develop`, an edit that
 * breaks a derivation is reported here.
 */
export const onCreateNode: GatsbyNode["onCreateNode"] = ({ node, actions, reporter }) => {
  const type = CONTENT_TYPES.find((candidate) => candidate.typeName === node.internal.type)
  if (!type || type.derivations.length === 0) return
  const { record, problems } = completeRecord(type.derivations, node, buildDerivationContext(businessRecord()))
  for (const { field, message } of problems) {
    reporter.panicOnBuild(`${type.typeName} "${String(node.name ?? node.id)}", field "${field}": ${message}`)
  }
  const value = Object.fromEntries(type.derivations.flatMap(({ fields }) => fields).map((name) => [name, record[name]]))
  actions.createNodeField({ node, name: COMPLETE_FIELDS, value })
}
