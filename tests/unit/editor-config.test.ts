/** @jest-environment node */
import fs from "fs"
import path from "path"
import vm from "vm"
import { z } from "zod"
import { isEditorAsset } from "../../internal/cms/admin-files"
import { UNKNOWN_REPO, editorBackend, githubRepoFromUrl } from "../../internal/cms/backend"
import {
  FORMAT,
  LIST_FIELD,
  NETLIFY_OAUTH_BASE_URL,
  editorCollection,
  editorConfig,
  editorJsonSchema,
  type EditorCollection,
  type EditorField,
  type EditorJsonSchema,
} from "../../internal/cms/editor-config"
import { COMPUTED_FIELDS } from "../../internal/content/computed"
import { readContentFiles } from "../../internal/content/data-dir"
import { findContentProblems, formatProblem } from "../../internal/content/validate"
import { CONTENT_TYPES, type ContentType } from "../../internal/content/model"
import { POINTS_PER_SERVICE, PROBLEMS_PER_SERVICE, SERVICE_ICONS } from "../../src/lib/content-rules"
import { DATA_DIR } from "../fixtures/content"

const ROOT = path.resolve(__dirname, "../..")
const config = editorConfig(CONTENT_TYPES, { repo: "owner/site", branch: "main", siteUrl: "https://www.example.test" })

const fieldsOf = (collection: EditorCollection): EditorField[] => {
  if (collection.fields) return collection.fields
  const [file] = collection.files ?? []
  // A file whose root is a list is edited as the one list field of its entry.
  return collection.format === FORMAT.list ? (file.fields[0].fields ?? []) : file.fields
}

const collectionOf = (type: ContentType): EditorCollection => {
  const index = CONTENT_TYPES.indexOf(type)
  return config.collections[index]
}

const SAFE = Number.MAX_SAFE_INTEGER

/**
 * Walks one object of the model and its editor fields side by side and returns
 * every disagreement: a field missing or extra, a label, hint, widget,
 * required flag, pattern, range, list length or choice that differs.
 */
function disagreements(schema: EditorJsonSchema, fields: readonly EditorField[], where: string): string[] {
  const problems: string[] = []
  const properties = schema.properties ?? {}
  const required = new Set(schema.required ?? [])
  const modelNames = Object.keys(properties)
  const editorNames = fields.map((field) => field.name)
  if (JSON.stringify(modelNames) !== JSON.stringify(editorNames)) {
    problems.push(`${where}: model has [${modelNames.join(", ")}], editor has [${editorNames.join(", ")}]`)
  }
  for (const [name, property] of Object.entries(properties)) {
    const field = fields.find((candidate) => candidate.name === name)
    if (field) problems.push(...fieldDisagreements(property, required.has(name), field, `${where}.${name}`))
  }
  return problems
}

function fieldDisagreements(
  property: EditorJsonSchema,
  required: boolean,
  field: EditorField,
  where: string,
): string[] {
  const problems: string[] = []
  const expect = (what: string, actual: unknown, expected: unknown) => {
    if (JSON.stringify(actual) !== JSON.stringify(expected)) {
      problems.push(`${where}: ${what} is ${JSON.stringify(actual)}, the model says ${JSON.stringify(expected)}`)
    }
  }
  expect("label", field.label, property.title)
  expect("hint", field.hint, property.description)
  // Decap's "required" refuses an empty text; a text the model allows to be empty starts empty instead.
  const mayBeEmpty = property.type === "string" && !property.enum && !(property.minLength && property.minLength > 0)
  expect("required", field.required, required && !mayBeEmpty)
  if (required && mayBeEmpty) expect("default", field.default, "")

  if (property.fileReference) {
    expect("widget", field.widget, "image")
    expect("media_folder", field.media_folder, `/${path.posix.normalize(`data/${property.fileFolder}`)}`)
    expect("public_folder", field.public_folder, property.fileFolder)
    return problems
  }
  const range = (schema: EditorJsonSchema) => {
    expect(
      "min",
      field.min,
      schema.minimum !== undefined && Math.abs(schema.minimum) !== SAFE ? schema.minimum : undefined,
    )
    expect(
      "max",
      field.max,
      schema.maximum !== undefined && Math.abs(schema.maximum) !== SAFE ? schema.maximum : undefined,
    )
  }
  const length = (schema: EditorJsonSchema) => {
    expect("min", field.min, schema.minItems)
    expect("max", field.max, schema.maxItems)
  }
  switch (property.type) {
    case "string":
      if (property.enum) {
        expect("widget", field.widget, "select")
        expect("options", field.options, property.enum)
      } else {
        expect("widget", field.widget, property.multiline ? "text" : "string")
        expect("pattern", field.pattern?.[0], property.pattern)
        if (property.pattern)
          expect("pattern message", field.pattern?.[1], `${property.title} ${property.patternMessage}`)
      }
      break
    case "number":
    case "integer":
      expect("widget", field.widget, "number")
      expect("value_type", field.value_type, property.type === "integer" ? "int" : "float")
      range(property)
      break
    case "boolean":
      expect("widget", field.widget, "boolean")
      break
    case "object":
      expect("widget", field.widget, "object")
      problems.push(...disagreements(property, field.fields ?? [], where))
      break
    case "array": {
      const items = property.items ?? {}
      length(property)
      if (items.type === "string" && items.enum) {
        expect("widget", field.widget, "select")
        expect("multiple", field.multiple, true)
        expect("options", field.options, items.enum)
      } else if (items.type === "object") {
        expect("widget", field.widget, "list")
        problems.push(...disagreements(items, field.fields ?? [], `${where}[]`))
      } else {
        expect("widget", field.widget, "list")
        if (!field.field) problems.push(`${where}: a list of texts needs its item field`)
        else {
          expect("item widget", field.field.widget, items.multiline ? "text" : "string")
          expect("item pattern", field.field.pattern?.[0], items.pattern)
        }
      }
      break
    }
    default:
      problems.push(`${where}: no expectation for ${JSON.stringify(property.type)}`)
  }
  return problems
}

describe("the editor's configuration is the content model's", () => {
  it("has one collection per content type, in the model's order", () => {
    expect(config.collections.map((collection) => collection.label)).toEqual(CONTENT_TYPES.map((type) => type.label))
    expect(config.collections.map((collection) => collection.description)).toEqual(
      CONTENT_TYPES.map((type) => type.description),
    )
  })

  it.each(CONTENT_TYPES.map((type) => [type.typeName, type] as const))(
    "%s: every field of the model, with its label, hint, widget, required flag, pattern, range, length and choices, and nothing else",
    (typeName, type) => {
      expect(disagreements(editorJsonSchema(type), fieldsOf(collectionOf(type)), typeName)).toEqual([])
    },
  )

  it("shows no field computed at build time", () => {
    for (const [typeName, computed] of Object.entries(COMPUTED_FIELDS)) {
      const type = CONTENT_TYPES.find((candidate) => candidate.typeName === typeName)
      expect(type).toBeDefined()
      const names = fieldsOf(collectionOf(type as ContentType)).map((field) => field.name)
      expect(names.filter((name) => name in computed)).toEqual([])
    }
  })

  it("covers every data file: each belongs to exactly one collection's folder or file", () => {
    const files = Array.from(readContentFiles(DATA_DIR).keys())
    expect(files.length).toBeGreaterThan(0)
    for (const file of files) {
      const owners = config.collections.filter(
        (collection) =>
          (collection.folder === `data/${path.posix.dirname(file)}` && file.endsWith(`.${collection.extension}`)) ||
          collection.files?.some((entry) => entry.file === `data/${file}`),
      )
      expect([file, owners.length]).toEqual([file, 1])
    }
  })

  it("points every collection at a folder or file that exists", () => {
    for (const collection of config.collections) {
      const targets = collection.folder ? [collection.folder] : (collection.files ?? []).map((entry) => entry.file)
      for (const target of targets) expect([target, fs.existsSync(path.join(ROOT, target))]).toEqual([target, true])
    }
  })

  it("lets the owner add and remove towns, one file each named after its slug, but not services, fixed by the spec", () => {
    const towns = config.collections.find((collection) => collection.folder === "data/cities")
    expect(towns).toMatchObject({
      create: true,
      delete: true,
      slug: "{{fields.slug}}",
      identifier_field: "name",
      extension: "json",
    })
    const services = config.collections.find((collection) => collection.folder === "data/services")
    expect(services).toMatchObject({ create: false, delete: false, slug: "{{fields.slug}}" })
  })

  it("uploads brand logos into the folder the brands' logo paths point at", () => {
    const logo = fieldsOf(
      config.collections.find((collection) => collection.name === "brands") as EditorCollection,
    ).find((field) => field.name === "logo")
    expect(logo).toMatchObject({
      widget: "image",
      media_folder: "/src/images/brands",
      public_folder: "../src/images/brands",
      required: false,
    })
    const brands = JSON.parse(fs.readFileSync(path.join(DATA_DIR, "brands.json"), "utf8")) as Array<{ logo?: string }>
    for (const { logo: file } of brands.filter((brand) => brand.logo)) {
      expect(path.posix.dirname(file as string)).toBe(logo?.public_folder)
      expect(fs.existsSync(path.join(ROOT, logo?.media_folder ?? "", path.posix.basename(file as string)))).toBe(true)
    }
  })
})

describe("rules the editor enforces, as the spec fixes them", () => {
  const field = (collection: string, ...names: string[]): EditorField => {
    let fields = fieldsOf(config.collections.find((candidate) => candidate.name === collection) as EditorCollection)
    let found: EditorField | undefined
    for (const name of names) {
      found = fields.find((candidate) => candidate.name === name)
      fields = found?.fields ?? []
    }
    if (!found) throw new Error(`${collection}: no field ${names.join(".")}`)
    return found
  }
  const accepts = (editorField: EditorField, value: string) =>
    new RegExp(editorField.pattern?.[0] ?? "(?!)").test(value)

  it("the phone number in both forms", () => {
    const shown = field("business", "phone", "display")
    const dialled = field("business", "phone", "e164")
    expect(accepts(shown, "(847) 555-0142")).toBe(true)
    expect(accepts(shown, "847-555-0142")).toBe(false)
    expect(accepts(dialled, "+18475550142")).toBe(true)
    expect(accepts(dialled, "(847) 555-0142")).toBe(false)
    expect(shown.pattern?.[1]).toBe("Phone number as shown must look like (847) 555-0142")
  })

  it("a town's ZIP list, map address host and slug; a coupon code", () => {
    expect(accepts(field("cities", "zip"), "60712")).toBe(true)
    expect(accepts(field("cities", "zip"), "60093, 60712")).toBe(true)
    expect(accepts(field("cities", "zip"), "6071")).toBe(false)
    expect(accepts(field("cities", "mapUrl"), "https://www.google.com/maps?q=Lincolnwood&output=embed")).toBe(true)
    expect(accepts(field("cities", "mapUrl"), "https://maps.example.com/?q=Lincolnwood")).toBe(false)
    expect(accepts(field("cities", "slug"), "arlington-heights")).toBe(true)
    expect(accepts(field("cities", "slug"), "Arlington Heights")).toBe(false)
    expect(accepts(field("coupons", "offers", "code"), "SAVE25")).toBe(true)
    expect(accepts(field("coupons", "offers", "code"), "save 25")).toBe(false)
  })

  it(`exactly ${PROBLEMS_PER_SERVICE} problems and ${POINTS_PER_SERVICE} points per service`, () => {
    expect(field("services", "commonProblems")).toMatchObject({
      widget: "list",
      min: PROBLEMS_PER_SERVICE,
      max: PROBLEMS_PER_SERVICE,
    })
    expect(field("services", "whyChoosePoints")).toMatchObject({
      widget: "list",
      min: POINTS_PER_SERVICE,
      max: POINTS_PER_SERVICE,
    })
  })

  // Whether a town lies within the service radius is a rule across files (the business's
  // centre and radius), so the build's validation enforces it, not the editor.
  it("numbers for coordinates, within the model's bounds; a select for the service icon", () => {
    expect(field("cities", "lat")).toMatchObject({ widget: "number", value_type: "float", min: -90, max: 90 })
    expect(field("cities", "lng")).toMatchObject({ widget: "number", value_type: "float", min: -180, max: 180 })
    expect(field("services", "icon")).toMatchObject({ widget: "select", options: [...SERVICE_ICONS] })
  })

  it("text boxes for paragraphs, one-line inputs for names", () => {
    expect(field("cities", "localParagraph").widget).toBe("text")
    expect(field("cities", "name").widget).toBe("string")
  })
})

describe("what the editor cannot check, the build stops", () => {
  it("a town whose page address passes the editor but is not its name: the file, record and field are named", () => {
    const slug = fieldsOf(
      config.collections.find((collection) => collection.name === "cities") as EditorCollection,
    ).find((field) => field.name === "slug")
    expect(new RegExp(slug?.pattern?.[0] ?? "").test("lincoln-wood")).toBe(true)
    // As the editor writes it: the file is named after the slug field ({{fields.slug}}).
    const files = new Map(readContentFiles(DATA_DIR))
    files.set("cities/lincoln-wood.json", {
      name: "Lincolnwood",
      slug: "lincoln-wood",
      county: "Cook",
      zip: "60712",
      lat: 42.0045,
      lng: -87.73,
      mapUrl: "https://www.google.com/maps?q=Lincolnwood%2C%20IL&output=embed",
      localParagraph: "Lincolnwood is a village in Cook County.",
    })
    const problems = findContentProblems(files, { fileExists: (file) => fs.existsSync(path.resolve(DATA_DIR, file)) })
    expect(problems.map(formatProblem)).toEqual([
      `data/cities/lincoln-wood.json, record "lincoln-wood", field "slug": must be "lincolnwood" (the lowercased name, spaces to hyphens)`,
    ])
  })
})

describe("a content type or field added to the model reaches the editor with no other edit", () => {
  it("derives a new file type's collection and fields", () => {
    const siteCopy: ContentType = {
      typeName: "SiteCopy",
      label: "Site texts",
      description: "Headlines and short texts",
      source: { file: "site-copy.json" },
      recordKey: null,
      schema: z.strictObject({
        headline: z.string().min(1).meta({ title: "Headline", description: "The home page's headline" }),
        openOnSundays: z.boolean().meta({ title: "Open on Sundays", description: "Shown in the footer" }),
      }),
    }
    expect(editorCollection(siteCopy)).toEqual({
      name: "site-copy",
      label: "Site texts",
      description: "Headlines and short texts",
      format: FORMAT.record,
      files: [
        {
          name: "site-copy",
          label: "Site texts",
          file: "data/site-copy.json",
          fields: [
            { name: "headline", label: "Headline", hint: "The home page's headline", required: true, widget: "string" },
            {
              name: "openOnSundays",
              label: "Open on Sundays",
              hint: "Shown in the footer",
              required: true,
              widget: "boolean",
              default: false,
            },
          ],
        },
      ],
    })
  })
})

describe("the production configuration", () => {
  it("keeps the editorial workflow: every edit is a draft with a deploy preview until published", () => {
    expect(config.publish_mode).toBe("editorial_workflow")
  })

  it("uses the GitHub backend with Netlify as OAuth provider, and no local backend", () => {
    expect(config.backend).toEqual({
      name: "github",
      repo: "owner/site",
      branch: "main",
      base_url: NETLIFY_OAUTH_BASE_URL,
    })
    expect(NETLIFY_OAUTH_BASE_URL).toBe("https://api.netlify.com")
    expect(config).not.toHaveProperty("local_backend")
  })

  it("takes the repository from CMS_GITHUB_REPO or Netlify's REPOSITORY_URL, and the branch from CMS_BRANCH or main", () => {
    expect(githubRepoFromUrl("https://github.com/north-shore/site")).toBe("north-shore/site")
    expect(githubRepoFromUrl("https://github.com/north-shore/site.git")).toBe("north-shore/site")
    expect(githubRepoFromUrl("git@github.com:north-shore/site.git")).toBe("north-shore/site")
    expect(githubRepoFromUrl("https://gitlab.com/north-shore/site")).toBeUndefined()
    expect(editorBackend({ REPOSITORY_URL: "https://github.com/a/b" }, "https://x.test")).toEqual({
      repo: "a/b",
      repoKnown: true,
      branch: "main",
      siteUrl: "https://x.test",
    })
    expect(
      editorBackend(
        { CMS_GITHUB_REPO: "c/d", REPOSITORY_URL: "https://github.com/a/b", CMS_BRANCH: "live" },
        "https://x.test",
      ),
    ).toMatchObject({
      repo: "c/d",
      branch: "live",
    })
    expect(editorBackend({}, "https://x.test")).toMatchObject({ repo: UNKNOWN_REPO, repoKnown: false })
  })

  it("copies the bundle, its chunks and WebAssembly, not the source maps nor the second copy cms.js", () => {
    expect(
      ["decap-cms.js", "103.decap-cms.js", "f728dc876b39e5273411.wasm", "decap-cms.js.LICENSE.txt"].every(
        isEditorAsset,
      ),
    ).toBe(true)
    expect(["decap-cms.js.map", "cms.js", "103.cms.js", "cms.css"].some(isEditorAsset)).toBe(false)
  })
})

describe("the formats of static/admin/editor.js", () => {
  type Formatter = {
    fromFile: (text: string) => Record<string, unknown>
    toFile: (data: Record<string, unknown>) => string
  }
  const formats = new Map<string, Formatter>()
  let started = false
  const listeners: Array<() => void> = []
  const window = {
    CMS: {
      registerCustomFormat: (name: string, _extension: string, formatter: Formatter) => formats.set(name, formatter),
      init: () => {
        started = true
      },
    },
    addEventListener: (_event: string, listener: () => void) => listeners.push(listener),
  } as Record<string, unknown>
  vm.runInNewContext(fs.readFileSync(path.join(ROOT, "static/admin/editor.js"), "utf8"), { window })

  it("holds Decap back until the formats are registered, then starts it", () => {
    expect(window.CMS_MANUAL_INIT).toBe(true)
    expect(started).toBe(false)
    listeners.forEach((listener) => listener())
    expect(started).toBe(true)
    expect(Array.from(formats.keys()).sort()).toEqual([FORMAT.record, FORMAT.list].sort())
  })

  it.each(Array.from(readContentFiles(DATA_DIR).keys()))(
    "reads data/%s and writes the same content back, as JSON.stringify's two-space indent with a final newline",
    (file) => {
      const type = CONTENT_TYPES.find((candidate) => {
        const { source } = candidate
        return "folder" in source ? file.startsWith(`${source.folder}/`) : file === source.file
      }) as ContentType
      const format = formats.get("file" in type.source && type.source.list ? FORMAT.list : FORMAT.record) as Formatter
      const text = fs.readFileSync(path.join(DATA_DIR, file), "utf8")
      const entry = format.fromFile(text)
      if ("file" in type.source && type.source.list) expect(Object.keys(entry)).toEqual([LIST_FIELD])
      expect(format.toFile(entry)).toBe(`${JSON.stringify(JSON.parse(text), null, 2)}\n`)
    },
  )
})
