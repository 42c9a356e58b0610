import path from "path"

/**
 * Records as the content of data/ holds them, before and whatever their
 * validity: what the validation and the rules across records read.
 */

/** Where a content type's records live, relative to data/. */
export type ContentSource =
  /** A folder holding one record per file, `{folder}/{record key}.json`. */
  | { folder: string }
  /**
   * One file: a single record, or (with `list`) an ordered list of records, which may be empty
   * unless `minItems` says how many it holds at least (the build and the editor both refuse fewer).
   */
  | { file: string; list?: boolean; minItems?: number }

/** What records.ts needs to know of a content type. */
export interface RecordSource {
  source: ContentSource
  /** The field whose value names a record in messages; null for a file with one record. */
  recordKey: string | null
}

/**
 * The content of data/: each JSON file's path relative to data/ ("business.json",
 * "cities/glencoe.json") mapped to its parsed JSON, or to an Error when it could
 * not be read or parsed.
 */
export type ContentFiles = ReadonlyMap<string, unknown>

/** One broken rule: the file, the record and the field it is about, and what is wrong. */
export interface ContentProblem {
  file: string
  record: string
  field: string
  message: string
}

/** A record of the content, with the data/ path of its file and what names it in messages. */
export interface SourcedRecord {
  file: string
  record: string
  data: Record<string, unknown>
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === "object" && !Array.isArray(value)

/** Whether a data/ path ("cities/glencoe.json") is one of a source's files. */
export function ownsPath(source: ContentSource, relativePath: string): boolean {
  const normalised = relativePath.split("\\").join("/")
  if ("folder" in source) {
    const prefix = `${source.folder}/`
    return (
      normalised.startsWith(prefix) && normalised.endsWith(".json") && !normalised.slice(prefix.length).includes("/")
    )
  }
  return normalised === source.file
}

/** Human name of where a content type lives: "data/business.json", "data/cities/". */
export const sourceLabel = (source: ContentSource): string =>
  "folder" in source ? `data/${source.folder}/` : `data/${source.file}`

const LABEL_KEYS = ["slug", "code", "title", "name", "label"] as const

/** How an item of a list is named in messages: #4 "miele". */
export function labelOf(value: unknown, index: number): string {
  if (isObject(value)) {
    for (const key of LABEL_KEYS) {
      const label = value[key]
      if (typeof label === "string" && label.trim()) return `#${index + 1} "${label}"`
    }
  }
  return `#${index + 1}`
}

/** A folder record is named by its key ("barrington"), or by its file name when the key is missing. */
export function folderRecordLabel(type: RecordSource, relative: string, data: Record<string, unknown>): string {
  const key = type.recordKey ? data[type.recordKey] : undefined
  return `"${typeof key === "string" && key.trim() ? key : path.basename(relative, ".json")}"`
}

/** Every record of a content type that parsed as JSON, valid or not. */
export function recordsOf(type: RecordSource, files: ContentFiles): SourcedRecord[] {
  const { source } = type
  if ("folder" in source) {
    return Array.from(files)
      .filter(([relative, data]) => ownsPath(source, relative) && isObject(data))
      .map(([relative, data]) => ({
        file: `data/${relative}`,
        record: folderRecordLabel(type, relative, data as Record<string, unknown>),
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

/** The value at a dotted path of a record ("serviceRadius.center"), or undefined. */
export function valueAt(data: unknown, field: string): unknown {
  return field.split(".").reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), data)
}
