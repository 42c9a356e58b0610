import fs from "fs"
import path from "path"
import { FieldsOnCorrectTypeRule, buildSchema, parse, validate } from "graphql"
import { recordJsonSchema, type FieldSchema as JsonSchema } from "../../internal/content/json-schema"
import { CONTENT_TYPES, contentTypeOf, jsonTypeName } from "../../internal/content/model"
import { readContentFiles } from "../../internal/content/data-dir"
import { computedFieldTypes } from "../../internal/gatsby/create-resolvers"
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
  for (const [name, field] of Object.entries(computedFieldTypes().Query ?? {})) {
    const args = Object.entries(field.args ?? {}).map(([arg, type]) => `${arg}: ${type}`)
    rootFields.push(`  ${name}${args.length ? `(${args.join(", ")})` : ""}: ${field.type}`)
  }
  return `
directive @dontInfer on OBJECT
directive @fileByRelativePath on FIELD_DEFINITION
directive @link(by: String, from: String, on: String) on FIELD_DEFINITION
directive @proxy(from: String!, fromNode: Boolean) on FIELD_DEFINITION
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
  it("declares content types as Gatsby nodes that never infer fields from the data", () => {
    const full = typeDefinitions()
    for (const { typeName } of CONTENT_TYPES) {
      expect(full).toContain(`type ${typeName} implements Node @dontInfer {`)
    }
  })

  it("gives every field of every type the label and the hint the editor shows", () => {
    const unlabelled = CONTENT_TYPES.flatMap((type) =>
      allFields(recordJsonSchema(type), type.typeName)
        .filter(([, field]) => !field.title?.trim() || !field.description?.trim())
        .map(([where]) => where),
    )
    expect(unlabelled).toEqual([])
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

  it("ask only for fields the model (or a computed field) declares", () => {
    const errors = queries.flatMap(([file, query]) =>
      validate(schema, parse(query), [FieldsOnCorrectTypeRule]).map(
        (error) => `${file} ${/query (\w+)/.exec(query)?.[1]}: ${error.message}`,
      ),
    )
    expect(errors).toEqual([])
  })
})
