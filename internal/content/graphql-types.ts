import type { ContentType } from "./model"
import { recordJsonSchema, type FieldSchema as JsonSchema } from "./json-schema"

/** The node field holding every derivable field of a record, given or derived (see on-create-node.ts). */
export const COMPLETE_FIELDS = "complete"

/**
 * GraphQL type definitions derived from the content model, through the JSON
 * Schema zod writes for each record: a property becomes a field, `required`
 * decides the `!`, arrays become non-null lists, nested objects become the
 * object type their `graphqlType` metadata names. Nothing here lists a field.
 */

export interface GraphqlField {
  name: string
  /** The SDL type, e.g. "String!", "[CommonProblem!]!". */
  type: string
  /** Directives written after the type, e.g. "@fileByRelativePath". */
  directives: string
  description?: string
}

export interface GraphqlObjectType {
  name: string
  /** Record types are Gatsby nodes; nested objects are not. */
  isNode: boolean
  fields: GraphqlField[]
  description?: string
}

/** Fields computed at build time, added to a content type: field name -> SDL type and description. */
export type ComputedFields = Readonly<Record<string, Readonly<Record<string, { type: string; description: string }>>>>

const describe = (schema: JsonSchema): string | undefined =>
  [schema.title, schema.description].filter(Boolean).join(": ") || undefined

function fieldType(
  schema: JsonSchema,
  where: string,
  collect: (type: GraphqlObjectType) => void,
): { type: string; directives: string } {
  if (schema.fileReference) return { type: "File", directives: "@fileByRelativePath" }
  switch (schema.type) {
    case "string":
      return { type: "String", directives: "" }
    case "number":
      return { type: "Float", directives: "" }
    case "integer":
      return { type: "Int", directives: "" }
    case "boolean":
      return { type: "Boolean", directives: "" }
    case "array": {
      if (!schema.items) throw new Error(`${where}: a list needs an item schema`)
      const item = fieldType(schema.items, `${where}[]`, collect)
      if (item.directives) throw new Error(`${where}: a list of file references is not supported`)
      return { type: `[${item.type}!]`, directives: "" }
    }
    case "object": {
      if (!schema.graphqlType) throw new Error(`${where}: a nested object needs .meta({ graphqlType })`)
      collect(objectType(schema.graphqlType, schema, false, collect))
      return { type: schema.graphqlType, directives: "" }
    }
    default:
      throw new Error(`${where}: the content model has no GraphQL mapping for ${JSON.stringify(schema.type)}`)
  }
}

function objectType(
  name: string,
  schema: JsonSchema,
  isNode: boolean,
  collect: (type: GraphqlObjectType) => void,
): GraphqlObjectType {
  const required = new Set(schema.required ?? [])
  const fields = Object.entries(schema.properties ?? {}).map(([fieldName, property]) => {
    const { type, directives } = fieldType(property, `${name}.${fieldName}`, collect)
    // A derived field always has a value: the file's, or the one the build derived (node field COMPLETE_FIELDS).
    if (property.derived) {
      if (directives) throw new Error(`${name}.${fieldName}: a derived field cannot also be a file reference`)
      return {
        name: fieldName,
        type: `${type}!`,
        directives: `@proxy(from: "fields.${COMPLETE_FIELDS}.${fieldName}")`,
        description: describe(property),
      }
    }
    return {
      name: fieldName,
      type: required.has(fieldName) ? `${type}!` : type,
      directives,
      description: describe(property),
    }
  })
  return { name, isNode, fields, description: describe(schema) }
}

/** Every object type of the content model: one node type per content type, then the nested types. */
export function contentGraphqlTypes(types: readonly ContentType[], computed: ComputedFields = {}): GraphqlObjectType[] {
  const nested = new Map<string, GraphqlObjectType>()
  const collect = (type: GraphqlObjectType) => {
    const known = nested.get(type.name)
    if (known && JSON.stringify(known.fields) !== JSON.stringify(type.fields)) {
      throw new Error(`The content model gives two different shapes the GraphQL name ${type.name}`)
    }
    nested.set(type.name, type)
  }
  const nodes = types.map((type) => {
    const node = objectType(type.typeName, recordJsonSchema(type), true, collect)
    const extra = Object.entries(computed[type.typeName] ?? {}).map(([name, { type: sdlType, description }]) => ({
      name,
      type: sdlType,
      directives: "",
      description,
    }))
    return { ...node, description: `${type.label}: ${type.description}`, fields: [...node.fields, ...extra] }
  })
  const unknown = Object.keys(computed).filter((name) => !types.some((type) => type.typeName === name))
  if (unknown.length) throw new Error(`Computed fields for types the model does not declare: ${unknown.join(", ")}`)
  return [...nodes, ...nested.values()]
}

const quote = (text: string): string => `"${text.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`

/** SDL for Gatsby's createTypes: @dontInfer everywhere, so nothing is guessed from the data. */
export function printGraphqlTypes(types: readonly GraphqlObjectType[]): string {
  return types
    .map((type) => {
      const fields = type.fields.map((field) => {
        const description = field.description ? `  ${quote(field.description)}\n` : ""
        return `${description}  ${field.name}: ${field.type}${field.directives ? ` ${field.directives}` : ""}`
      })
      const head = `type ${type.name}${type.isNode ? " implements Node" : ""} @dontInfer {`
      const description = type.description ? `${quote(type.description)}\n` : ""
      return `${description}${head}\n${fields.join("\n")}\n}`
    })
    .join("\n\n")
}
