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
  TODAY_MARK,
  NETLIFY_OAUTH_BASE_URL,
  editorCollection,
  editorConfig,
  type EditorCollection,
  type EditorField,
} from "../../internal/cms/editor-config"
import { computedFieldTypes } from "../../internal/gatsby/create-resolvers"
import { readContentFiles } from "../../internal/content/data-dir"
import { findContentProblems, formatProblem } from "../../internal/content/validate"
import {
  CONTENT_TYPES,
  POINTS_PER_SERVICE,
  contentTypeOf,
  PROBLEMS_PER_SERVICE,
  TOWN_PARAGRAPH_WORDS,
  cities,
  type ContentType,
} from "../../internal/content/model"
import { givenProblem } from "../../src/lib/review-rules"
import { LIVE_FACTS_PATH } from "../../src/lib/live-facts"
import { SERVICE_ICONS } from "../../src/lib/icon-names"
import LINCOLNWOOD from "../fixtures/new-town.json"
import { DATA_DIR } from "../fixtures/content"

const ROOT = path.resolve(__dirname, "../..")
const SITE = "https://www.example.test"
const config = editorConfig(CONTENT_TYPES, { signIn: "git-gateway", repo: "owner/site", branch: "main", siteUrl: SITE })

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

describe("the editor's configuration is the content model's", () => {
  it("has one collection per content type, in the model's order", () => {
    expect(config.collections.map((collection) => collection.label)).toEqual(CONTENT_TYPES.map((type) => type.label))
    expect(config.collections.map((collection) => collection.description)).toEqual(
      CONTENT_TYPES.map((type) => type.description),
    )
  })

  it("shows no field computed at build time", () => {
    const { Query: _root, ...computedByType } = computedFieldTypes()
    for (const [typeName, computed] of Object.entries(computedByType)) {
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

  it("lets the owner add and remove towns, one file each named after its name, but not services, fixed by the spec", () => {
    const towns = config.collections.find((collection) => collection.folder === "data/cities")
    expect(towns).toMatchObject({
      create: true,
      delete: true,
      // Decap's slug of the identifier field, the town's name: the owner never types the page address.
      slug: "{{slug}}",
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

  it(`a town's paragraph of ${TOWN_PARAGRAPH_WORDS.min} to ${TOWN_PARAGRAPH_WORDS.max} words, saying so`, () => {
    const paragraph = field("cities", "localParagraph")
    const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ")
    expect(accepts(paragraph, words(TOWN_PARAGRAPH_WORDS.min - 1))).toBe(false)
    expect(accepts(paragraph, words(TOWN_PARAGRAPH_WORDS.min))).toBe(true)
    expect(accepts(paragraph, `  ${words(TOWN_PARAGRAPH_WORDS.max).replace(/ /g, "\n")}\n`)).toBe(true)
    expect(accepts(paragraph, words(TOWN_PARAGRAPH_WORDS.max + 1))).toBe(false)
    expect(accepts(paragraph, LINCOLNWOOD.localParagraph)).toBe(true)
    expect(paragraph.pattern?.[1]).toBe(
      `About the town must be ${TOWN_PARAGRAPH_WORDS.min} to ${TOWN_PARAGRAPH_WORDS.max} words`,
    )
    expect(paragraph.hint).toContain(`${TOWN_PARAGRAPH_WORDS.min} to ${TOWN_PARAGRAPH_WORDS.max} words`)
  })

  it("states each rule across records in the hint of the field it governs", () => {
    expect(field("cities", "slug").hint).toContain("No two towns may share it.")
    expect(field("cities", "lat").hint).toContain("within the service radius")
    expect(field("services", "order").hint).toContain("No two services may share a position.")
    expect(field("business", "serviceRadius", "center").hint).toContain("must have a page among the Towns")
  })

  it("asks a new town for its name and paragraph only, and says what fills each field left empty", () => {
    const fields = fieldsOf(config.collections.find((c) => c.name === "cities") as EditorCollection)
    expect(fields.filter((candidate) => candidate.required).map((candidate) => candidate.name)).toEqual([
      "name",
      "localParagraph",
    ])
    for (const name of ["slug", "county", "lat", "lng", "mapUrl"]) {
      expect([name, field("cities", name).hint]).toEqual([name, expect.stringContaining("Leave it empty: ")])
    }
    expect(field("cities", "lat").hint).toContain("looked up by the town's name in the business's state")
  })

  it("a review's town picked among the Towns' names, by the collection the owner adds towns to; or none", () => {
    const town = field("reviews", "town")
    expect(town).toMatchObject({ widget: "relation", required: false, value_field: "name" })
    expect(town.search_fields).toEqual(["name"])
    expect(town.display_fields).toEqual(["name"])
    // Decap lists 20 records unless told: every town is offered.
    expect(town.options_length).toBeGreaterThanOrEqual(fs.readdirSync(path.join(DATA_DIR, "cities")).length)
    // The collection where the owner adds a town, and its field the town's page names it by.
    const towns = config.collections.find((candidate) => candidate.name === town.collection) as EditorCollection
    expect(towns).toBe(collectionOf(cities))
    expect(towns.identifier_field).toBe("name")
    expect(field(towns.name, "name")).toMatchObject({ widget: "string", required: true })

    // None stays allowed: left alone, or picked and then cleared, which Decap's relation writes as "".
    const files = readContentFiles(DATA_DIR)
    const review = {
      quote: "A quote of the customer's own words.",
      name: "A. B.",
      given: "2020-01-01",
      source: "In person",
      consent: true,
    }
    files.set("reviews.json", [review, { ...review, town: "" }])
    const problems = findContentProblems(files, { fileExists: (file) => fs.existsSync(path.resolve(DATA_DIR, file)) })
    expect(problems.filter((problem) => problem.file === "data/reviews.json").map(formatProblem)).toEqual([])
  })

  it("a review's day given is refused after today, with the build's message", () => {
    const given = field("reviews", "given")
    expect(given).toMatchObject({ widget: "datetime", format: "YYYY-MM-DD", required: true })
    expect(given.not_after_today?.replace(TODAY_MARK, "2026-11-29")).toBe(
      givenProblem("2026-11-30", "2026-11-29")?.message,
    )
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
      localParagraph: LINCOLNWOOD.localParagraph,
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
      rules: [],
      derivations: [],
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

  it("signs in with the site's own passkeys and sends Decap's GitHub calls to the site's own gateway, no local backend", () => {
    expect(config.backend).toEqual({
      name: "git-gateway",
      auth_type: "pkce",
      branch: "main",
      gateway_url: `${SITE}/api/git/github`,
      status_endpoint: `${SITE}/api/git/status`,
    })
    expect(config.auth).toEqual({
      base_url: SITE,
      auth_endpoint: "api/oauth/authorize",
      auth_token_endpoint: "api/oauth/token",
      app_id: "decap-cms",
      email_claim: "email",
      full_name_claim: "name",
    })
    expect(config).not.toHaveProperty("local_backend")
  })

  it("with CMS_BACKEND=github, uses the GitHub backend with Netlify as OAuth provider instead", () => {
    const backend = editorBackend({ CMS_BACKEND: "github", CMS_GITHUB_REPO: "owner/site" }, SITE)
    const github = editorConfig(CONTENT_TYPES, backend)
    expect(github.backend).toEqual({
      name: "github",
      repo: "owner/site",
      branch: "main",
      base_url: NETLIFY_OAUTH_BASE_URL,
    })
    expect(NETLIFY_OAUTH_BASE_URL).toBe("https://api.netlify.com")
    expect(github).not.toHaveProperty("auth")
    expect(() => editorBackend({ CMS_BACKEND: "gitlab" }, SITE)).toThrow(/CMS_BACKEND .* git-gateway or github/)
  })

  it("takes the repository from CMS_GITHUB_REPO or Netlify's REPOSITORY_URL, and the branch from CMS_BRANCH or main", () => {
    expect(githubRepoFromUrl("https://github.com/north-shore/site")).toBe("north-shore/site")
    expect(githubRepoFromUrl("https://github.com/north-shore/site.git")).toBe("north-shore/site")
    expect(githubRepoFromUrl("git@github.com:north-shore/site.git")).toBe("north-shore/site")
    expect(githubRepoFromUrl("https://gitlab.com/north-shore/site")).toBeUndefined()
    expect(editorBackend({ REPOSITORY_URL: "https://github.com/a/b" }, "https://x.test")).toEqual({
      signIn: "git-gateway",
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
  type EntryEvent = { name: string; handler: (event: { entry: unknown }) => void }
  const formats = new Map<string, Formatter>()
  const events: EntryEvent[] = []
  let started = false
  const listeners: Array<() => void> = []
  /** A control as Decap renders it: a component class given its props (field is Immutable's, with get). */
  type ControlProps = {
    field: { get: (key: string, fallback?: unknown) => unknown }
    value: unknown
    parentIds: string[]
  }
  type Control = new (props: ControlProps) => {
    props: ControlProps
    isValid?: () => true | { error: { message: string } }
  }
  const widgets = new Map<string, { control: Control; preview: unknown; schema: unknown }>([
    [
      "datetime",
      {
        control: class {
          constructor(public props: ControlProps) {}
        },
        preview: "Decap's date preview",
        schema: "Decap's date options",
      },
    ],
  ])
  const fetched: string[] = []
  const business = readContentFiles(DATA_DIR).get("business.json") as { timeZone: string }
  const window = {
    CMS: {
      registerCustomFormat: (name: string, _extension: string, formatter: Formatter) => formats.set(name, formatter),
      registerEventListener: (event: EntryEvent) => events.push(event),
      getWidget: (name: string) => widgets.get(name),
      registerWidget: (name: string, control: Control, preview: unknown, schema: unknown) =>
        widgets.set(name, { control, preview, schema }),
      init: () => {
        started = true
      },
    },
    // The live site's facts, as the build publishes them: the business's time zone among them.
    fetch: (url: string) => {
      fetched.push(url)
      return Promise.resolve({ ok: true, json: () => Promise.resolve({ schedule: { timeZone: business.timeZone } }) })
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

  it("reads every data file and writes the same content back, as JSON.stringify's two-space indent with a final newline", () => {
    const changed = Array.from(readContentFiles(DATA_DIR).keys()).filter((file) => {
      const type = contentTypeOf(file) as ContentType
      const isList = "file" in type.source && !!type.source.list
      const format = formats.get(isList ? FORMAT.list : FORMAT.record) as Formatter
      const text = fs.readFileSync(path.join(DATA_DIR, file), "utf8")
      const entry = format.fromFile(text)
      const fieldsAsEdited = isList ? Object.keys(entry).join() === LIST_FIELD : true
      return !fieldsAsEdited || format.toFile(entry) !== `${JSON.stringify(JSON.parse(text), null, 2)}\n`
    })
    expect(changed).toEqual([])
  })

  it("refuses, before saving, a list of coupons that have all expired, as the build does", () => {
    const preSave = events.find((event) => event.name === "preSave")?.handler
    expect(preSave).toBeDefined()
    /** Decap's entry of the coupons file, as the handler reads it (Immutable's get and toJS). */
    const entry = (data: object) => ({
      get: (key: string) => (key === "collection" ? "coupons" : { toJS: () => data }),
    })
    const files = readContentFiles(DATA_DIR)
    const coupons = files.get("coupons.json") as { offers: Array<{ expires?: string }> }
    const buildRefuses = () =>
      findContentProblems(files, { fileExists: (file) => fs.existsSync(path.resolve(DATA_DIR, file)) }).filter(
        (problem) => problem.file === "data/coupons.json",
      ).length > 0

    coupons.offers.forEach((offer, index) => (offer.expires = `2020-01-0${index + 1}`))
    expect(() => preSave?.({ entry: entry(coupons) })).toThrow(
      "Every coupons page offer has expired: keep at least one current (a later expiry date, or none), or add one.",
    )
    expect(buildRefuses()).toBe(true)

    delete coupons.offers[1].expires
    expect(() => preSave?.({ entry: entry(coupons) })).not.toThrow()
    expect(buildRefuses()).toBe(false)
  })

  it("refuses a day after today in the business's time zone where config.yml says so, naming the field as the build does", async () => {
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(fetched).toEqual([LIVE_FACTS_PATH])
    const datetime = widgets.get("datetime")
    expect(datetime).toMatchObject({ preview: "Decap's date preview", schema: "Decap's date options" })
    const Day = datetime?.control as Control
    const reviews = collectionOf(contentTypeOf("reviews.json") as ContentType)
    const given = fieldsOf(reviews).find((candidate) => candidate.name === "given") as EditorField
    const check = (editorField: EditorField, value: string) =>
      new Day({
        field: { get: (key, fallback) => (editorField as unknown as Record<string, unknown>)[key] ?? fallback },
        value,
        parentIds: ["records"],
      }).isValid?.()

    // What the build says of the same review, given after today.
    const files = readContentFiles(DATA_DIR)
    const review = {
      quote: "A quote of the customer's own words.",
      name: "A. B.",
      given: "2999-01-01",
      source: "In person",
      consent: true,
    }
    files.set("reviews.json", [review])
    const buildSays = findContentProblems(files, { fileExists: (file) => fs.existsSync(path.resolve(DATA_DIR, file)) })
      .filter((problem) => problem.file === "data/reviews.json")
      .map((problem) => `${problem.field}: ${problem.message}`)
    expect(buildSays).toEqual([expect.stringMatching(/^given: is after today \(\d{4}-\d{2}-\d{2}\)/)])
    expect(check(given, review.given)).toEqual({
      error: {
        type: "CUSTOM",
        parentIds: ["records"],
        message: `${given.label} ${buildSays[0].slice("given: ".length)}`,
      },
    })

    expect(check(given, "2020-01-01")).toBe(true)
    expect(check(given, "")).toBe(true)
    // A day of another field, with no such rule (a closure's first day), is the date picker's as before.
    expect(check({ ...given, not_after_today: undefined }, review.given)).toBe(true)
  })
})
