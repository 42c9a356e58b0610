import type { z } from "zod"
import { CONTENT_FILES, type ContentFileName } from "./schema"
import { radiusTownName } from "../../src/lib/service-radius"

export interface ContentProblem {
  file: string
  record: string
  field: string
  message: string
}

export interface ValidateOptions {
  /** Whether a path written in data/*.json (relative to data/) names an existing file. */
  fileExists: (pathFromDataDir: string) => boolean
}

/** Thrown when content breaks a rule; its message lists every problem, one a line. */
export class ContentError extends Error {
  constructor(readonly problems: ContentProblem[]) {
    super(
      `Content in data/ is invalid; nothing was published.\n` +
        problems.map((p) => `  ${formatProblem(p)}`).join("\n"),
    )
    this.name = "ContentError"
  }
}

export function formatProblem({ file, record, field, message }: ContentProblem): string {
  return `${file}, record ${record}, field "${field}": ${message}`
}

type PathKey = PropertyKey

const LABEL_KEYS = ["slug", "code", "title", "name", "label"] as const

function labelOf(value: unknown, index: number): string {
  if (value && typeof value === "object") {
    for (const key of LABEL_KEYS) {
      const label = (value as Record<string, unknown>)[key]
      if (typeof label === "string" && label.trim()) return `#${index + 1} "${label}"`
    }
  }
  return `#${index + 1}`
}

/**
 * Names the record and the field an issue path points at:
 * [3, "zip"] in cities.json -> record #4 "glencoe", field "zip";
 * ["offers", 1, "code"] in coupons.json -> record offers #2 "SAVE50", field "code";
 * ["phone", "e164"] in business.json -> record "business", field "phone.e164".
 */
export function describePath(file: ContentFileName, data: unknown, path: readonly PathKey[]) {
  let node: unknown = data
  let record = `"${file.replace(/\.json$/, "")}"`
  let fieldStart = 0
  const prefix: string[] = []
  path.forEach((key, i) => {
    if (typeof key === "number") {
      const item = Array.isArray(node) ? node[key] : undefined
      record = [...prefix, labelOf(item, key)].join(" ")
      fieldStart = i + 1
    } else if (i === 0 && typeof path[1] === "number") {
      prefix.push(String(key))
    }
    node = node && typeof node === "object" ? (node as Record<PropertyKey, unknown>)[key] : undefined
  })
  const field = path.slice(fieldStart).map(String).join(".") || "(whole record)"
  return { record, field }
}

function problemsFromZod(file: ContentFileName, data: unknown, error: z.ZodError): ContentProblem[] {
  return error.issues.map((issue) => ({
    file: `data/${file}`,
    ...describePath(file, data, issue.path),
    message: issue.message,
  }))
}

/**
 * Checks every data file against its schema and the cross-file rules.
 * `files` maps a file name (as in CONTENT_FILES) to its parsed JSON, or to an
 * Error when it could not be read or parsed.
 */
export function findContentProblems(
  files: Partial<Record<ContentFileName, unknown>>,
  { fileExists }: ValidateOptions,
): ContentProblem[] {
  const problems: ContentProblem[] = []
  for (const file of Object.keys(CONTENT_FILES) as ContentFileName[]) {
    const data = files[file]
    if (data === undefined) {
      problems.push({ file: `data/${file}`, record: "(file)", field: "(file)", message: "is missing" })
      continue
    }
    if (data instanceof Error) {
      problems.push({ file: `data/${file}`, record: "(file)", field: "(file)", message: data.message })
      continue
    }
    const result = CONTENT_FILES[file].schema.safeParse(data)
    if (!result.success) {
      problems.push(...problemsFromZod(file, data, result.error))
    }
  }

  const business = files["business.json"] as { serviceRadius?: { center?: unknown } } | undefined
  const cities = files["cities.json"]
  const center = business?.serviceRadius?.center
  if (typeof center === "string" && center.trim() && Array.isArray(cities)) {
    const town = radiusTownName(center)
    if (!cities.some((city) => city && typeof city === "object" && (city as { name?: unknown }).name === town)) {
      problems.push({
        file: "data/business.json",
        record: '"business"',
        field: "serviceRadius.center",
        message: `names "${town}", which has no record in data/cities.json`,
      })
    }
  }

  const brands = files["brands.json"]
  if (Array.isArray(brands)) {
    brands.forEach((brand, index) => {
      const logo = brand && typeof brand === "object" ? (brand as { logo?: unknown }).logo : undefined
      if (typeof logo === "string" && logo.trim() && !fileExists(logo)) {
        problems.push({
          file: "data/brands.json",
          record: labelOf(brand, index),
          field: "logo",
          message: `names ${logo}, which does not exist (brand "${(brand as { name?: string }).name ?? ""}")`,
        })
      }
    })
  }
  return problems
}

/** Throws a ContentError naming file, record and field when any content is wrong. */
export function assertValidContent(
  files: Partial<Record<ContentFileName, unknown>>,
  options: ValidateOptions,
): void {
  const problems = findContentProblems(files, options)
  if (problems.length > 0) throw new ContentError(problems)
}
