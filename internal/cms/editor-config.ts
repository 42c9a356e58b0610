import path from "path"
import { CLIENT_ID } from "../auth/oauth"
import type { ContentType } from "../content/model"
import type { EditorSignIn } from "./backend"
import { recordJsonSchema, type FieldSchema as EditorJsonSchema } from "../content/json-schema"
import { DATA_FOLDER, fromRepoRoot, mediaFolders } from "./content-folders"

/**
 * Decap CMS's configuration (public/admin/config.yml), derived from the content
 * model: one collection per content type, one editor field per field of its
 * zod schema, read through the JSON Schema zod writes. Nothing here lists a
 * content type or a field, so a type or field added to the model reaches the
 * editor with no edit here. Computed fields are not part of the model, so the
 * editor never shows them.
 *
 * What the editor can check, it checks (required, patterns, list lengths,
 * number ranges, choices); what it cannot (a slug that must equal the name, a
 * phone number shown and dialled alike, a logo file that exists) the build's
 * validation still stops, with its file-record-field message.
 */

/** One field of a Decap collection (the widgets and options we use). */
export interface EditorField {
  name: string
  label: string
  hint?: string
  widget: "string" | "text" | "number" | "boolean" | "select" | "list" | "object" | "image" | "datetime" | "relation"
  required: boolean
  default?: string | boolean
  pattern?: [string, string]
  value_type?: "int" | "float"
  min?: number
  max?: number
  options?: string[]
  multiple?: boolean
  label_singular?: string
  summary?: string
  field?: EditorField
  fields?: EditorField[]
  media_folder?: string
  public_folder?: string
  choose_url?: boolean
  /** A date picker: how the day is stored and shown, without a time. */
  format?: string
  date_format?: string
  time_format?: boolean
  picker_utc?: boolean
  /**
   * A day no later than today in the business's time zone: what the owner reads of a later
   * one, after the field's label, TODAY_MARK standing for today (static/admin/editor.js checks it).
   */
  not_after_today?: string
  /** A value picked among the records of another collection (Decap's relation widget). */
  collection?: string
  value_field?: string
  search_fields?: string[]
  display_fields?: string[]
  options_length?: number
}

interface FileEntry {
  name: string
  label: string
  file: string
  fields: EditorField[]
}

export interface EditorCollection {
  name: string
  label: string
  description: string
  format: string
  /** Folder collections: one record per file. */
  folder?: string
  extension?: string
  create?: boolean
  delete?: boolean
  identifier_field?: string
  slug?: string
  fields?: EditorField[]
  /** File collections: one data file. */
  files?: FileEntry[]
}

export interface BackendOptions {
  /** The sign-in: the site's own passkeys and gateway, or GitHub's (internal/cms/backend.ts). */
  signIn: EditorSignIn
  /** The GitHub repository, "owner/name". */
  repo: string
  /** The branch the live site is built from. */
  branch: string
  /** The live site's origin, for the editor's links to it. */
  siteUrl: string
}

type GitHubBackend = { name: "github"; repo: string; branch: string; base_url: string }
type GatewayBackend = {
  name: "git-gateway"
  auth_type: "pkce"
  branch: string
  gateway_url: string
  status_endpoint: string
}

/** Decap's PKCE login (read by its PKCEAuthenticationPage), pointed at the site's own OAuth endpoints. */
interface PkceAuth {
  base_url: string
  auth_endpoint: string
  auth_token_endpoint: string
  app_id: string
  email_claim: string
  full_name_claim: string
}

export interface EditorConfig {
  backend: GitHubBackend | GatewayBackend
  auth?: PkceAuth
  publish_mode: "editorial_workflow"
  site_url: string
  display_url: string
  media_folder: string
  public_folder: string
  editor: { preview: boolean }
  collections: EditorCollection[]
}

/** Netlify is the OAuth provider of the GitHub backend (docs/deploy.md#the-editors-sign-in). */
export const NETLIFY_OAUTH_BASE_URL = "https://api.netlify.com"

/**
 * Formats registered by static/admin/editor.js: JSON written as the repository
 * keeps it (two-space indent, final newline), and a file whose root is a list,
 * which Decap can only edit as the list field `records` of an object.
 */
export const FORMAT = { record: "json-file", list: "json-list" } as const
export const LIST_FIELD = "records"

/** Stands for today (YYYY-MM-DD) in a field's `not_after_today` message; static/admin/editor.js replaces it. */
export const TODAY_MARK = "{today}"

/**
 * How many records a relation field lists before the owner types (Decap shows 20
 * otherwise): more than any list of towns, so the owner sees every one of them.
 */
const RELATION_OPTIONS = 1000

/** The editor's collection of a content type, by where its records are kept. */
const collectionName = (source: ContentType["source"]): string =>
  "folder" in source ? source.folder : path.posix.basename(source.file, ".json")

/** How a day is written in data/ and shown in the editor's date picker. */
const DAY_FORMAT = "YYYY-MM-DD"

/** The first text field of an object's items, to sum up each item of a list. */
function summaryOf(schema: EditorJsonSchema): string | undefined {
  const first = Object.entries(schema.properties ?? {}).find(([, property]) => property.type === "string")
  return first ? `{{fields.${first[0]}}}` : undefined
}

const listLength = (schema: EditorJsonSchema) => ({
  ...(schema.minItems !== undefined ? { min: schema.minItems } : {}),
  ...(schema.maxItems !== undefined ? { max: schema.maxItems } : {}),
})

/** A bound the model sets; zod writes the safe-integer limits for .int(), which bound nothing an owner types. */
const bound = (value: number | undefined) =>
  value !== undefined && Math.abs(value) !== Number.MAX_SAFE_INTEGER ? value : undefined

const numberRange = (schema: EditorJsonSchema) => {
  const [min, max] = [bound(schema.minimum), bound(schema.maximum)]
  return { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) }
}

/** The editor field of one property of the model. */
export function editorField(name: string, schema: EditorJsonSchema, required: boolean, where = name): EditorField {
  const label = schema.title ?? name
  // The hint says what the field is, then every rule across records that governs it.
  // The hint says what the field is, what fills it when left empty, then the rules across records that govern it.
  const more = [...(schema.derived ? [`Leave it empty: ${schema.derived}.`] : []), ...(schema.rules ?? [])].join(" ")
  const hint = schema.description && more ? `${schema.description}. ${more}` : schema.description || more || undefined
  const base = { name, label, ...(hint ? { hint } : {}), required }
  const check = schema.editorCheck

  // A value among another collection's records (a review's town among the Towns): the owner picks
  // one of them, and a town added and published in the editor is among them at once.
  if (check && "oneOf" in check) {
    const { source, field } = check.oneOf
    return {
      ...base,
      widget: "relation",
      collection: collectionName(source),
      value_field: field,
      search_fields: [field],
      display_fields: [field],
      options_length: RELATION_OPTIONS,
    }
  }

  if (schema.fileReference) {
    if (!schema.fileFolder) throw new Error(`${where}: a file reference needs .meta({ fileFolder })`)
    return {
      ...base,
      widget: "image",
      media_folder: `/${fromRepoRoot(schema.fileFolder)}`,
      public_folder: schema.fileFolder,
      choose_url: false,
    }
  }

  switch (schema.type) {
    case "string": {
      if (schema.enum) return { ...base, widget: "select", options: schema.enum.map(String) }
      // A day: Decap's date picker, storing YYYY-MM-DD as picked (picker_utc: no time zone shifts the day).
      if (schema.date) {
        return {
          ...base,
          widget: "datetime",
          format: DAY_FORMAT,
          date_format: DAY_FORMAT,
          time_format: false,
          picker_utc: true,
          ...(check && "notAfterToday" in check ? { not_after_today: check.notAfterToday(TODAY_MARK) } : {}),
        }
      }
      // A text the model allows to be empty (a closed day's hours) is not "required" in
      // Decap's sense, which refuses an empty text; it starts empty instead of missing.
      const mayBeEmpty = required && !(schema.minLength && schema.minLength > 0)
      return {
        ...base,
        widget: schema.multiline ? "text" : "string",
        ...(mayBeEmpty ? { required: false, default: "" } : {}),
        ...(schema.pattern
          ? { pattern: [schema.pattern, `${label} ${schema.patternMessage ?? "is not in the expected form"}`] }
          : schema.maxLength !== undefined
            ? {
                pattern: [
                  `^[\\s\\S]{0,${schema.maxLength}}$`,
                  `${label} must be at most ${schema.maxLength} characters`,
                ],
              }
            : {}),
      }
    }
    case "number":
    case "integer":
      return {
        ...base,
        widget: "number",
        value_type: schema.type === "integer" ? "int" : "float",
        ...numberRange(schema),
      }
    case "boolean":
      // A yes the model requires (a customer's consent): Decap tests the pattern on the switch's value.
      return {
        ...base,
        widget: "boolean",
        default: false,
        ...(schema.const === true ? { pattern: ["^true$", `${label} ${schema.patternMessage ?? "must be yes"}`] } : {}),
      }
    case "object":
      return { ...base, widget: "object", fields: editorFields(schema, where) }
    case "array": {
      const items = schema.items
      if (!items) throw new Error(`${where}: a list needs an item schema`)
      if (items.type === "string" && items.enum) {
        return { ...base, widget: "select", multiple: true, options: items.enum.map(String), ...listLength(schema) }
      }
      if (items.type === "object") {
        const summary = summaryOf(items)
        return {
          ...base,
          widget: "list",
          ...(items.title ? { label_singular: items.title } : {}),
          ...(summary ? { summary } : {}),
          ...listLength(schema),
          fields: editorFields(items, `${where}[]`),
        }
      }
      return {
        ...base,
        widget: "list",
        ...listLength(schema),
        field: editorField("item", { title: label, ...items }, true, `${where}[]`),
      }
    }
    default:
      throw new Error(`${where}: the content model has no editor widget for ${JSON.stringify(schema.type)}`)
  }
}

/** The editor fields of an object of the model, in the model's order. */
export function editorFields(schema: EditorJsonSchema, where: string): EditorField[] {
  const required = new Set(schema.required ?? [])
  return Object.entries(schema.properties ?? {}).map(([name, property]) =>
    editorField(name, property, required.has(name), `${where}.${name}`),
  )
}

/** A content type as one collection of the editor. */
export function editorCollection(type: ContentType): EditorCollection {
  const schema = recordJsonSchema(type)
  const fields = editorFields(schema, type.typeName)
  const { source } = type
  const about = { label: type.label, description: type.description }

  if ("folder" in source) {
    if (!type.recordKey) throw new Error(`${type.typeName}: a folder of records needs a record key (the file's name)`)
    const key = schema.properties?.[type.recordKey]
    // A key limited to a fixed list (the seven services) means a fixed set of files.
    const fixedSet = Boolean(key?.enum)
    return {
      name: collectionName(source),
      ...about,
      folder: `${DATA_FOLDER}/${source.folder}`,
      extension: "json",
      format: FORMAT.record,
      create: !fixedSet,
      delete: !fixedSet,
      identifier_field: schema.properties?.name ? "name" : type.recordKey,
      // The file is named after the record key, as the build's validation requires. A key the
      // build derives from the name (a town's page address) is Decap's slug of the name: the
      // owner never types it.
      slug: key?.derived ? "{{slug}}" : `{{fields.${type.recordKey}}}`,
      fields,
    }
  }

  const name = collectionName(source)
  const file = `${DATA_FOLDER}/${source.file}`
  if (source.list) {
    // Decap edits an object: the file's list becomes the one list field of the entry. It may be
    // emptied (the last review taken off) unless the model sets a least number of records.
    const summary = summaryOf(schema)
    const least = source.minItems ?? 0
    const list: EditorField = {
      name: LIST_FIELD,
      label: type.label,
      hint: type.description,
      widget: "list",
      required: least > 0,
      ...(least > 1 ? { min: least } : {}),
      ...(summary ? { summary } : {}),
      fields,
    }
    return { name, ...about, format: FORMAT.list, files: [{ name, label: type.label, file, fields: [list] }] }
  }
  return { name, ...about, format: FORMAT.record, files: [{ name, label: type.label, file, fields }] }
}

/** The site's own endpoints behind the passkey sign-in (netlify/functions/oauth-*, git-gateway*). */
export const SIGN_IN_ENDPOINTS = {
  authorize: "api/oauth/authorize",
  token: "api/oauth/token",
  gateway: "api/git/github",
  status: "api/git/status",
} as const

/** Where Decap signs in and sends its GitHub calls: the site's own gateway, or GitHub through Netlify. */
function signInConfig({ signIn, repo, branch, siteUrl }: BackendOptions): Pick<EditorConfig, "backend" | "auth"> {
  if (signIn === "github") return { backend: { name: "github", repo, branch, base_url: NETLIFY_OAUTH_BASE_URL } }
  return {
    backend: {
      name: "git-gateway",
      auth_type: "pkce",
      branch,
      gateway_url: `${siteUrl}/${SIGN_IN_ENDPOINTS.gateway}`,
      status_endpoint: `${siteUrl}/${SIGN_IN_ENDPOINTS.status}`,
    },
    auth: {
      base_url: siteUrl,
      auth_endpoint: SIGN_IN_ENDPOINTS.authorize,
      auth_token_endpoint: SIGN_IN_ENDPOINTS.token,
      app_id: CLIENT_ID,
      email_claim: "email",
      full_name_claim: "name",
    },
  }
}

/**
 * The production configuration: the site's own passkey sign-in and gateway (or,
 * for engineers, the GitHub backend with Netlify as OAuth provider), and the
 * editorial workflow, so every edit is a draft (a pull request with a deploy
 * preview) until the owner publishes it.
 */
export function editorConfig(types: readonly ContentType[], options: BackendOptions): EditorConfig {
  // The media library opens on the first folder files are uploaded to (today the brand logos).
  const [media] = mediaFolders(types)
  const { siteUrl } = options
  return {
    ...signInConfig(options),
    publish_mode: "editorial_workflow",
    site_url: siteUrl,
    display_url: siteUrl,
    media_folder: fromRepoRoot(media),
    public_folder: media,
    // Decap's preview pane shows fields, not our pages; the deploy preview shows the pages.
    editor: { preview: false },
    collections: types.map(editorCollection),
  }
}
