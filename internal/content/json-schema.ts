import { z } from "zod"
import type { ContentType } from "./model"
import type { EditorCheck } from "./rules"

/**
 * The one bridge from the content model to JSON Schema, which the GraphQL type
 * definitions (./graphql-types.ts) and the editor's configuration
 * (../cms/editor-config.ts) both read. zod writes each field's type, required
 * fields, patterns, list lengths, enums, number ranges and the model's metadata
 * (title, description, graphqlType, fileReference, fileFolder, multiline, date,
 * patternMessage); the rules across records and the derivations are added to
 * the fields they name.
 */
export interface FieldSchema {
  type?: string
  properties?: Record<string, FieldSchema>
  required?: string[]
  items?: FieldSchema
  enum?: unknown[]
  /** The one value allowed, e.g. true for a consent that must be given. */
  const?: unknown
  title?: string
  description?: string
  pattern?: string
  /** The model's message for a text that breaks `pattern`, e.g. "must look like (847) 555-0142". */
  patternMessage?: string
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  exclusiveMaximum?: number
  minItems?: number
  maxItems?: number
  multiline?: boolean
  /** A day (YYYY-MM-DD): the editor gives it a date picker. */
  date?: boolean
  graphqlType?: string
  fileReference?: boolean
  fileFolder?: string
  /** The rules across records that govern this field, in the owner's words (the model's `rules`). */
  rules?: string[]
  /** How the editor checks a rule across records on this field itself (the rule's `editorCheck`). */
  editorCheck?: EditorCheck
  /** What fills the field when the file leaves it empty (the model's `derivations`), in the owner's words. */
  derived?: string
}

/** The field schema at a dotted path of a record's schema ("serviceRadius.center"). */
function fieldAt(schema: FieldSchema, dottedPath: string, where: string): FieldSchema {
  return dottedPath.split(".").reduce((node, key) => {
    const next = node.properties?.[key]
    if (!next) throw new Error(`${where}: a rule names the field "${dottedPath}", which the model does not declare`)
    return next
  }, schema)
}

/** The JSON Schema of one record of a content type, with the statements of the rules across records. */
export function recordJsonSchema(type: ContentType): FieldSchema {
  const schema = z.toJSONSchema(type.schema) as FieldSchema
  for (const derivation of type.derivations) {
    for (const field of derivation.fields) fieldAt(schema, field, type.typeName).derived = derivation.says
  }
  for (const rule of type.rules) {
    for (const field of rule.fields) {
      const target = fieldAt(schema, field, type.typeName)
      target.rules = [...(target.rules ?? []), rule.says]
      if (rule.editorCheck) target.editorCheck = rule.editorCheck
    }
  }
  return schema
}
