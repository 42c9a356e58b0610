import path from "path"
import type { z } from "zod"
import { CONTENT_TYPES, contentTypeOf, type ContentType } from "./model"
import {
  folderRecordLabel,
  isObject,
  labelOf,
  ownsPath,
  recordsOf,
  sourceLabel,
  type ContentFiles,
  type ContentProblem,
  type SourcedRecord,
} from "./records"
import { buildDerivationContext, completeRecord, needsDerivation } from "./derivations"
import type { RuleContext } from "./rules"

export type { ContentFiles, ContentProblem }

/**
 * The validation of data/: every file against its content type's schema, then
 * every rule across records and files the content model declares. Nothing here
 * knows a content type or a rule: they are all in ./model.ts.
 */

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

/**
 * Names the record and the field an issue path points at, in a file holding one
 * record or a list of them:
 * [3, "zip"] in brands.json -> record #4 "miele", field "zip";
 * ["offers", 1, "code"] in coupons.json -> record offers #2 "SAVE50", field "code";
 * ["phone", "e164"] in business.json -> record "business", field "phone.e164".
 */
export function describePath(file: string, data: unknown, issuePath: readonly PropertyKey[]) {
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

/** Each file of a content type against the schema of its records. */
function schemaProblems(type: ContentType, files: ContentFiles): ContentProblem[] {
  const { source } = type
  if ("folder" in source) {
    const inFolder = Array.from(files).filter(([relative]) => ownsPath(source, relative))
    if (inFolder.length === 0) return [fileProblem(sourceLabel(source), "has no records")]
    return inFolder.flatMap(([relative, data]): ContentProblem[] => {
      const file = `data/${relative}`
      if (data instanceof Error) return [fileProblem(file, data.message)]
      if (!isObject(data)) return [fileProblem(file, "must hold one record (a JSON object)")]
      const result = type.schema.safeParse(data)
      if (result.success) return []
      const record = folderRecordLabel(type, relative, data)
      return zodIssues(result.error).map((issue) => ({
        file,
        record,
        field: issue.path.map(String).join(".") || "(whole record)",
        message: issue.message,
      }))
    })
  }

  const file = `data/${source.file}`
  const data = files.get(source.file)
  if (data === undefined) return [fileProblem(file, "is missing")]
  if (data instanceof Error) return [fileProblem(file, data.message)]
  if (source.list && !Array.isArray(data)) return [fileProblem(file, "must hold a list of records (a JSON array)")]
  const items: unknown[] = source.list ? (data as unknown[]) : [data]
  const least = "minItems" in source ? (source.minItems ?? 0) : 0
  if (source.list && items.length < least) {
    return [fileProblem(file, `must hold at least ${least} record${least === 1 ? "" : "s"}; it holds ${items.length}`)]
  }
  return items.flatMap((item, index) => {
    const result = type.schema.safeParse(item)
    if (result.success) return []
    return zodIssues(result.error).map((issue) => ({
      file,
      ...describePath(source.file, data, source.list ? [index, ...issue.path] : issue.path),
      message: issue.message,
    }))
  })
}

/**
 * Every type's records with their derivable fields filled (./derivations.ts),
 * and the fields that could not be derived: what the owner must fill.
 */
export function completeContent(files: ContentFiles): {
  records: ReadonlyMap<ContentType, SourcedRecord[]>
  problems: ContentProblem[]
} {
  const [business] = recordsOf(CONTENT_TYPES.find((type) => type.typeName === "Business") as ContentType, files)
  const context = buildDerivationContext(business?.data)
  const problems: ContentProblem[] = []
  const records = new Map(
    CONTENT_TYPES.map((type) => [
      type,
      recordsOf(type, files).map((sourced) => {
        if (!needsDerivation(type.derivations, sourced.data)) return sourced
        const complete = completeRecord(type.derivations, sourced.data, context)
        problems.push(
          ...complete.problems.map(({ field, message }) => ({
            file: sourced.file,
            record: sourced.record,
            field,
            message,
          })),
        )
        return { ...sourced, data: complete.record }
      }),
    ]),
  )
  return { records, problems }
}

/** Every rule across records and files, each run over its own type's (completed) records. */
function crossRuleProblems(
  records: ReadonlyMap<ContentType, SourcedRecord[]>,
  { fileExists }: ValidateOptions,
): ContentProblem[] {
  const byTypeName = new Map(CONTENT_TYPES.map((type) => [type.typeName, type]))
  const context: RuleContext = {
    records: (typeName) => {
      const type = byTypeName.get(typeName)
      if (!type) throw new Error(`A rule asks for records of ${typeName}, which the content model does not declare`)
      return records.get(type) ?? []
    },
    fileExists,
  }
  return CONTENT_TYPES.flatMap((type) => type.rules.flatMap((rule) => rule.check(records.get(type) ?? [], context)))
}

/** Checks every data file against its content type and the rules across records and files. */
export function findContentProblems(files: ContentFiles, options: ValidateOptions): ContentProblem[] {
  const undeclared = Array.from(files.keys())
    .filter((relative) => !contentTypeOf(relative))
    .map((relative) =>
      fileProblem(
        `data/${relative}`,
        "belongs to no content type: declare it in internal/content/model.ts, or remove it",
      ),
    )
  const schema = CONTENT_TYPES.flatMap((type) => schemaProblems(type, files))
  const complete = completeContent(files)
  return [...undeclared, ...schema, ...complete.problems, ...crossRuleProblems(complete.records, options)]
}

/** Throws a ContentError naming file, record and field when any content is wrong. */
export function assertValidContent(files: ContentFiles, options: ValidateOptions): void {
  const problems = findContentProblems(files, options)
  if (problems.length > 0) throw new ContentError(problems)
}
