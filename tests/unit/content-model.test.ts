import fs from "fs"
import path from "path"
import {
  FieldsOnCorrectTypeRule,
  buildSchema,
  getNamedType,
  isListType,
  isNonNullType,
  isObjectType,
  parse,
  validate,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLOutputType,
} from "graphql"
import { COMPUTED_FIELDS, COMPUTED_ROOT_FIELDS } from "../../internal/content/computed"
import { recordJsonSchema, type JsonSchema } from "../../internal/content/graphql-types"
import { CONTENT_TYPES, contentTypeOf, jsonTypeName } from "../../internal/content/model"
import { readContentFiles } from "../../internal/content/data-dir"
import { computedResolvers } from "../../internal/gatsby/create-resolvers"
import { typeDefinitions } from "../../internal/gatsby/create-schema-customization"
import { DATA_DIR } from "../fixtures/content"

const ROOT = path.resolve(__dirname, "../..")

/** What Gatsby adds around our type definitions, reduced to what our queries touch. */
function gatsbyStubs(nodeTypes: readonly string[]): string {
  const connections = nodeTypes.map(
    (type) => `
type ${type}Connection { nodes: [${type}!]! totalCount: Int! distinct: [String!]! group: [${type}Group!]! }
type ${type}Group { fieldValue: String totalCount: Int! nodes: [${type}!]! }`,
  )
  const rootFields = nodeTypes.map((type) => {
    const single = type[0].toLowerCase() + type.slice(1)
    return `  ${single}: ${type}\n  all${type}: ${type}Connection!`
  })
  // The computed root fields, as createResolvers adds them.
  for (const [name, field] of Object.entries(COMPUTED_ROOT_FIELDS)) {
    const args = Object.entries(field.args).map(([arg, type]) => `${arg}: ${type}`)
    rootFields.push(`  ${name}${args.length ? `(${args.join(", ")})` : ""}: ${field.type}`)
  }
  return `
directive @dontInfer on OBJECT
directive @fileByRelativePath on FIELD_DEFINITION
directive @link(by: String, from: String, on: String) on FIELD_DEFINITION
scalar JSON
type ImageSharp { gatsbyImageData: JSON! }
type File { childImageSharp: ImageSharp }
extend type Site { buildTime: String }
${connections.join("\n")}
type Query {
${rootFields.join("\n")}
}`
}

const NODE_TYPES = ["Site", ...CONTENT_TYPES.map((type) => type.typeName)]
// The schema as Gatsby would build it from our definitions (Node's own fields left out).
const sdl = typeDefinitions().replace(/ implements Node/g, "")
const schema = buildSchema(`${sdl}\n${gatsbyStubs(NODE_TYPES)}`)

const objectTypeOf = (name: string): GraphQLObjectType => {
  const type = schema.getType(name)
  if (!isObjectType(type)) throw new Error(`${name} is not an object type of the schema`)
  return type
}

/** "String!", "[CommonProblem!]!" as the schema holds it. */
const sdlType = (field: GraphQLField<unknown, unknown>): string => String(field.type as GraphQLOutputType)

/** The GraphQL scalar a JSON Schema leaf maps to. */
const SCALARS: Record<string, string> = { string: "String", number: "Float", integer: "Int", boolean: "Boolean" }

/** Walks a record's JSON Schema and the GraphQL type side by side; returns every mismatch. */
function mismatches(json: JsonSchema, type: GraphQLObjectType, computed: readonly string[] = []): string[] {
  const problems: string[] = []
  const properties = json.properties ?? {}
  const required = new Set(json.required ?? [])
  const fields = type.getFields()
  const expected = [...Object.keys(properties), ...computed].sort()
  const actual = Object.keys(fields).sort()
  if (JSON.stringify(expected) !== JSON.stringify(actual)) {
    problems.push(`${type.name}: model has [${expected.join(", ")}], GraphQL has [${actual.join(", ")}]`)
  }
  for (const [name, property] of Object.entries(properties)) {
    const field = fields[name]
    if (!field) continue
    const where = `${type.name}.${name}`
    if (isNonNullType(field.type) !== required.has(name)) {
      problems.push(
        `${where}: ${required.has(name) ? "required" : "optional"} in the model, ${sdlType(field)} in GraphQL`,
      )
    }
    const inner = isNonNullType(field.type) ? field.type.ofType : field.type
    if ((property.type === "array") !== isListType(inner)) problems.push(`${where}: list in one place only`)
    const leaf = property.type === "array" ? (property.items ?? {}) : property
    const named = getNamedType(field.type)
    if (leaf.fileReference) {
      if (named.name !== "File") problems.push(`${where}: a file reference must be a File`)
    } else if (leaf.type === "object") {
      if (!isObjectType(named)) problems.push(`${where}: an object in the model, ${named.name} in GraphQL`)
      else problems.push(...mismatches(leaf, named))
    } else if (SCALARS[leaf.type ?? ""] !== named.name) {
      problems.push(`${where}: ${leaf.type} in the model, ${named.name} in GraphQL`)
    }
  }
  return problems
}

/** Every field of a JSON Schema, with its path, nested objects and list items included. */
function allFields(json: JsonSchema, prefix: string): Array<[string, JsonSchema]> {
  return Object.entries(json.properties ?? {}).flatMap(([name, property]) => {
    const where = `${prefix}.${name}`
    const leaf = property.type === "array" ? (property.items ?? {}) : property
    return [[where, property] as [string, JsonSchema], ...(leaf.type === "object" ? allFields(leaf, where) : [])]
  })
}

/** Every graphql`…` query in the site's pages, templates, hooks and components. */
function siteQueries(): Array<[string, string]> {
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) return walk(full)
      return /\.tsx?$/.test(entry.name) ? [full] : []
    })
  return walk(path.join(ROOT, "src")).flatMap((file) =>
    Array.from(
      fs.readFileSync(file, "utf8").matchAll(/graphql`([\s\S]*?)`/g),
      (match) => [path.relative(ROOT, file), match[1]] as [string, string],
    ),
  )
}

describe("the content model is the one declaration of each content type", () => {
  it.each(CONTENT_TYPES.map((type) => [type.typeName, type] as const))(
    "%s: every field of the model is a GraphQL field with the same nullability, list and scalar, and nothing more",
    (typeName, type) => {
      const computed = Object.keys((COMPUTED_FIELDS as Record<string, object>)[typeName] ?? {})
      expect(mismatches(recordJsonSchema(type), objectTypeOf(typeName), computed)).toEqual([])
    },
  )

  it("declares content types as Gatsby nodes that never infer fields from the data", () => {
    const full = typeDefinitions()
    for (const { typeName } of CONTENT_TYPES) {
      expect(full).toContain(`type ${typeName} implements Node @dontInfer {`)
    }
  })

  it.each(CONTENT_TYPES.map((type) => [type.typeName, type] as const))(
    "%s: every field has the label and the hint the editor shows",
    (typeName, type) => {
      const unlabelled = allFields(recordJsonSchema(type), typeName)
        .filter(([, field]) => !field.title?.trim() || !field.description?.trim())
        .map(([where]) => where)
      expect(unlabelled).toEqual([])
    },
  )

  it("keeps the rules an editor needs readable in its JSON Schema: lengths, patterns, enums and ranges", () => {
    const byName = Object.fromEntries(CONTENT_TYPES.map((type) => [type.typeName, recordJsonSchema(type)]))
    const service = byName.Service.properties ?? {}
    expect(service.commonProblems).toMatchObject({ minItems: 10, maxItems: 10 })
    expect(service.whyChoosePoints).toMatchObject({ minItems: 8, maxItems: 8 })
    expect(service.icon?.enum).toContain("refrigerator")
    expect(byName.City.required).toEqual(expect.arrayContaining(["name", "slug", "county", "lat", "lng"]))
    expect(byName.City.properties?.zip).toHaveProperty("pattern")
    expect(byName.City.properties?.mapUrl).toHaveProperty("pattern")
    expect(byName.Business.properties?.foundingYear).toMatchObject({ type: "integer", minimum: 1900 })
    expect(byName.Brand.required).not.toContain("logo")
  })

  it("every computed field has a resolver, and every resolver a declared field", () => {
    const declared = [
      ...Object.entries(COMPUTED_FIELDS).flatMap(([type, fields]) =>
        Object.keys(fields).map((name) => `${type}.${name}`),
      ),
      ...Object.keys(COMPUTED_ROOT_FIELDS).map((name) => `Query.${name}`),
    ]
    const resolved = Object.entries(computedResolvers(() => [])).flatMap(([type, fields]) =>
      Object.keys(fields).map((name) => `${type}.${name}`),
    )
    expect(resolved.sort()).toEqual(declared.sort())
  })
})

describe("data files and content types", () => {
  const files = Array.from(readContentFiles(DATA_DIR).keys())

  it("every data file belongs to a declared content type", () => {
    expect(files.length).toBeGreaterThan(0)
    expect(files.filter((file) => !contentTypeOf(file))).toEqual([])
  })

  it("every declared content type has its files", () => {
    for (const type of CONTENT_TYPES) {
      expect([type.typeName, files.filter((file) => contentTypeOf(file) === type).length > 0]).toEqual([
        type.typeName,
        true,
      ])
    }
  })

  it("gatsby-transformer-json gives each file's records the model's type, and refuses an undeclared file", () => {
    for (const file of files) {
      expect(jsonTypeName({ node: { relativePath: file } })).toBe(contentTypeOf(file)?.typeName)
    }
    expect(() => jsonTypeName({ node: { relativePath: "testimonials.json" } })).toThrow(
      "data/testimonials.json: no content type is declared for this file",
    )
  })
})

describe("the site's queries", () => {
  const queries = siteQueries()

  it("finds the queries of the pages, templates and shared hook", () => {
    const names = queries.map(([, query]) => /query (\w+)/.exec(query)?.[1])
    expect(names).toEqual(
      expect.arrayContaining(["SiteData", "HomePage", "CityPage", "ServicePage", "ServiceAreaPage"]),
    )
  })

  it.each(queries.map(([file, query]) => [`${file} ${/query (\w+)/.exec(query)?.[1]}`, query]))(
    "%s asks only for fields the model (or a computed field) declares",
    (_, query) => {
      const errors = validate(schema, parse(query), [FieldsOnCorrectTypeRule]).map((error) => error.message)
      expect(errors).toEqual([])
    },
  )
})
