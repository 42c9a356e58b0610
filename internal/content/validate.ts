import path from "path"
import type { z } from "zod"
import {
  CONTENT_TYPES,
  brands,
  business,
  cities,
  contentTypeOf,
  services,
  sourceLabel,
  type ContentType,
} from "./model"
import { REGION_MARGIN_MILES } from "../../src/lib/content-rules"
import { distanceMiles, roundMiles, type LatLng } from "../../src/lib/geo"
import { radiusTownName } from "../../src/lib/service-radius"

export interface ContentProblem {
  file: string
  record: string
  field: string
  message: string
}

/**
 * The content of data/: each JSON file's path relative to data/ ("business.json",
 * "cities/glencoe.json") mapped to its parsed JSON, or to an Error when it could
 * not be read or parsed.
 */
export type ContentFiles = ReadonlyMap<string, unknown>

export interface ValidateOptions {
  /** Whether a path written in a data file (relative to data/) names an existing file. */
  fileExists: (pathFromDataDir: string) => boolean
}

/** Thrown when content breaks a rule; its message lists every problem, one a line. */
export class ContentError extends Error {
  constructor(readonly problems: ContentProblem[]) {
    super(
      `Content in data/ is invalid; nothing was published.\n` + problems.map((p) => `  ${formatProblem(p)}`).join("\n"),
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
 * Names the record and the field an issue path points at, in a file holding one
 * record or a list of them:
 * [3, "zip"] in brands.json -> record #4 "miele", field "zip";
 * ["offers", 1, "code"] in coupons.json -> record offers #2 "SAVE50", field "code";
 * ["phone", "e164"] in business.json -> record "business", field "phone.e164".
 */
export function describePath(file: string, data: unknown, issuePath: readonly PathKey[]) {
  let node: unknown = data
  let record = `"${path.basename(file, ".json")}"`
  let fieldStart = 0
  const prefix: string[] = []
  issuePath.forEach((key, i) => {
    if (typeof key === "number") {
      const item = Array.isArray(node) ? node[key] : undefined
      record = [...prefix, labelOf(item, key)].join(" ")
      fieldStart = i + 1
    } else if (i === 0 && typeof issuePath[1] === "number") {
      prefix.push(String(key))
    }
    node = node && typeof node === "object" ? (node as Record<PropertyKey, unknown>)[key] : undefined
  })
  const field = issuePath.slice(fieldStart).map(String).join(".") || "(whole record)"
  return { record, field }
}

/** One issue per offending field; an unknown key is reported as its own field. */
function zodIssues(error: z.ZodError): Array<{ path: PropertyKey[]; message: string }> {
  return error.issues.flatMap((issue) =>
    issue.code === "unrecognized_keys"
      ? issue.keys.map((key) => ({
          path: [...issue.path, key],
          message: "is not a field of this record (a typo?)",
        }))
      : [{ path: issue.path, message: issue.message }],
  )
}

const fileProblem = (file: string, message: string): ContentProblem => ({
  file,
  record: "(file)",
  field: "(file)",
  message,
})

/** A record of the content, with the data/ path of its file and what names it in messages. */
export interface SourcedRecord {
  file: string
  record: string
  data: Record<string, unknown>
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === "object" && !Array.isArray(value)

/** Every record of a content type that parsed as JSON, valid or not. */
export function recordsOf(type: ContentType, files: ContentFiles): SourcedRecord[] {
  const { source } = type
  if ("folder" in source) {
    return Array.from(files)
      .filter(([relative, data]) => contentTypeOf(relative) === type && isObject(data))
      .map(([relative, data]) => ({
        file: `data/${relative}`,
        record: recordLabel(type, relative, data as Record<string, unknown>),
        data: data as Record<string, unknown>,
      }))
  }
  const data = files.get(source.file)
  if (source.list) {
    return Array.isArray(data)
      ? data
          .filter(isObject)
          .map((item, index) => ({ file: `data/${source.file}`, record: labelOf(item, index), data: item }))
      : []
  }
  return isObject(data)
    ? [{ file: `data/${source.file}`, record: `"${path.basename(source.file, ".json")}"`, data }]
    : []
}

/** A folder record is named by its key ("barrington"), or by its file name when the key is missing. */
function recordLabel(type: ContentType, relative: string, data: Record<string, unknown>): string {
  const key = type.recordKey ? data[type.recordKey] : undefined
  return `"${typeof key === "string" && key.trim() ? key : path.basename(relative, ".json")}"`
}

function duplicateProblems(type: ContentType, records: readonly SourcedRecord[]): ContentProblem[] {
  const key = type.recordKey
  if (!key) return []
  const seen = new Map<unknown, SourcedRecord>()
  const problems: ContentProblem[] = []
  records.forEach((sourced) => {
    const value = sourced.data[key]
    if (typeof value !== "string") return
    const first = seen.get(value)
    if (!first) {
      seen.set(value, sourced)
      return
    }
    const where = first.file === sourced.file ? `record ${records.indexOf(first) + 1}` : first.file
    problems.push({
      file: sourced.file,
      record: sourced.record,
      field: key,
      message: `duplicates ${where} ("${value}")`,
    })
  })
  return problems
}

function typeProblems(type: ContentType, files: ContentFiles): ContentProblem[] {
  const { source } = type
  const problems: ContentProblem[] = []
  if ("folder" in source) {
    const inFolder = Array.from(files).filter(([relative]) => contentTypeOf(relative) === type)
    if (inFolder.length === 0) return [fileProblem(sourceLabel(source), "has no records")]
    for (const [relative, data] of inFolder) {
      const file = `data/${relative}`
      if (data instanceof Error) {
        problems.push(fileProblem(file, data.message))
        continue
      }
      if (!isObject(data)) {
        problems.push(fileProblem(file, "must hold one record (a JSON object)"))
        continue
      }
      const record = recordLabel(type, relative, data)
      const result = type.schema.safeParse(data)
      if (!result.success) {
        for (const issue of zodIssues(result.error)) {
          problems.push({
            file,
            record,
            field: issue.path.map(String).join(".") || "(whole record)",
            message: issue.message,
          })
        }
      }
      const key = type.recordKey ? data[type.recordKey] : undefined
      const stem = path.basename(relative, ".json")
      if (type.recordKey && typeof key === "string" && key.trim() && key !== stem) {
        problems.push({
          file,
          record,
          field: type.recordKey,
          message: `must equal the file's name, "${stem}" (rename the file to ${key}.json, or fix the ${type.recordKey})`,
        })
      }
    }
    return [...problems, ...duplicateProblems(type, recordsOf(type, files))]
  }

  const file = `data/${source.file}`
  const data = files.get(source.file)
  if (data === undefined) return [fileProblem(file, "is missing")]
  if (data instanceof Error) return [fileProblem(file, data.message)]
  if (source.list && !Array.isArray(data)) return [fileProblem(file, "must hold a list of records (a JSON array)")]
  const items: unknown[] = source.list ? (data as unknown[]) : [data]
  items.forEach((item, index) => {
    const result = type.schema.safeParse(item)
    if (result.success) return
    for (const issue of zodIssues(result.error)) {
      const issuePath = source.list ? [index, ...issue.path] : issue.path
      problems.push({ file, ...describePath(source.file, data, issuePath), message: issue.message })
    }
  })
  return [...problems, ...duplicateProblems(type, recordsOf(type, files))]
}

const isLatLng = (value: unknown): value is LatLng =>
  isObject(value) && typeof value.lat === "number" && typeof value.lng === "number"

const MILES_PER_DEGREE_OF_LATITUDE = 69.05

/**
 * The service region: every town's coordinates, and the shop's, must lie within
 * the service radius of data/business.json, plus REGION_MARGIN_MILES, around the
 * radius's centre town. Another region is a matter of editing data, not code.
 */
function regionProblems(shop: SourcedRecord | undefined, towns: readonly SourcedRecord[]): ContentProblem[] {
  const radius = shop?.data.serviceRadius
  if (!shop || !isObject(radius) || typeof radius.center !== "string" || typeof radius.miles !== "number") return []
  const centerName = radiusTownName(radius.center)
  const centerTown = towns.find(({ data }) => data.name === centerName)
  if (!centerTown || !isLatLng(centerTown.data)) return []
  const center = centerTown.data
  const limit = radius.miles + REGION_MARGIN_MILES
  const check = (point: unknown, where: SourcedRecord, prefix: string): ContentProblem[] => {
    if (!isLatLng(point)) return []
    const miles = distanceMiles(center, point)
    if (miles <= limit) return []
    // Name the coordinate that carries the distance: the likelier mistake.
    const northSouth = Math.abs(point.lat - center.lat) * MILES_PER_DEGREE_OF_LATITUDE
    const eastWest =
      Math.abs(point.lng - center.lng) * MILES_PER_DEGREE_OF_LATITUDE * Math.cos((center.lat * Math.PI) / 180)
    return [
      {
        file: where.file,
        record: where.record,
        field: `${prefix}${northSouth >= eastWest ? "lat" : "lng"}`,
        message:
          `lies outside the service region: ${roundMiles(miles)} miles from ${radius.center} (${centerTown.file}), ` +
          `more than the ${radius.miles}-mile service radius plus a ${REGION_MARGIN_MILES}-mile margin`,
      },
    ]
  }
  return [...check(shop.data.geo, shop, "geo."), ...towns.flatMap((town) => check(town.data, town, ""))]
}

/** Rules across records: the service radius and region, one position per service, the brands' logo files. */
function crossFileProblems(files: ContentFiles, { fileExists }: ValidateOptions): ContentProblem[] {
  const problems: ContentProblem[] = []
  const [shop] = recordsOf(business, files)
  const towns = recordsOf(cities, files)
  const radius = shop?.data.serviceRadius
  const center = isObject(radius) ? radius.center : undefined
  if (typeof center === "string" && center.trim()) {
    const town = radiusTownName(center)
    if (!towns.some(({ data }) => data.name === town)) {
      problems.push({
        file: shop.file,
        record: shop.record,
        field: "serviceRadius.center",
        message: `names "${town}", which has no record in ${sourceLabel(cities.source)}`,
      })
    }
  }
  problems.push(...regionProblems(shop, towns))

  const positions = new Map<unknown, SourcedRecord>()
  for (const service of recordsOf(services, files)) {
    const order = service.data.order
    if (typeof order !== "number") continue
    const first = positions.get(order)
    if (first) {
      problems.push({
        file: service.file,
        record: service.record,
        field: "order",
        message: `is ${order}, as in ${first.file}: give each service its own position`,
      })
    } else {
      positions.set(order, service)
    }
  }

  for (const brand of recordsOf(brands, files)) {
    const logo = brand.data.logo
    if (typeof logo === "string" && logo.trim() && !fileExists(logo)) {
      problems.push({
        file: brand.file,
        record: brand.record,
        field: "logo",
        message: `names ${logo}, which does not exist (brand "${String(brand.data.name ?? "")}")`,
      })
    }
  }
  return problems
}

/** Checks every data file against its content type and the cross-file rules. */
export function findContentProblems(files: ContentFiles, options: ValidateOptions): ContentProblem[] {
  const undeclared = Array.from(files.keys())
    .filter((relative) => !contentTypeOf(relative))
    .map((relative) =>
      fileProblem(
        `data/${relative}`,
        "belongs to no content type: declare it in internal/content/model.ts, or remove it",
      ),
    )
  return [
    ...undeclared,
    ...CONTENT_TYPES.flatMap((type) => typeProblems(type, files)),
    ...crossFileProblems(files, options),
  ]
}

/** Throws a ContentError naming file, record and field when any content is wrong. */
export function assertValidContent(files: ContentFiles, options: ValidateOptions): void {
  const problems = findContentProblems(files, options)
  if (problems.length > 0) throw new ContentError(problems)
}
