import path from "path"
import type { ContentProblem, ContentSource, SourcedRecord } from "./records"
import { valueAt } from "./records"

/**
 * Rules across records and files: what one record's schema cannot see (two
 * towns with one address, a logo file that is not there). Each is declared in
 * the content model beside the type whose fields it governs; the build's
 * validation runs it, and the editor states it in the hint of each field it
 * names (`says`), so an owner reads the rule before saving.
 */

/** What a rule may look at besides its own type's records. */
export interface RuleContext {
  /** Every record of another content type, by its GraphQL type name ("City"), valid or not. */
  records(typeName: string): SourcedRecord[]
  /** Whether a path written in a data file (relative to data/) names an existing file. */
  fileExists(pathFromDataDir: string): boolean
}

export interface CrossRule {
  /** The fields it governs (dotted paths): its problems name one of them, the editor's hint of each states it. */
  fields: readonly string[]
  /** The rule in the owner's words, a sentence: "No two towns may have the same page address." */
  says: string
  /** The problems it finds among a type's records (valid or not: it skips what it cannot read). */
  check(records: readonly SourcedRecord[], context: RuleContext): ContentProblem[]
  /** How the editor checks it before saving, where it can (internal/cms/editor-config.ts reads it). */
  editorCheck?: EditorCheck
}

/**
 * A rule across records the editor can check itself, on the one field it names:
 *  - `oneOf`: the value is the `field` of a record of the content type kept in
 *    `source` (a review's town is a town's name): the editor offers those values;
 *  - `notAfterToday`: a day no later than today in the business's time zone, with
 *    the message the build gives for a later one, given today.
 */
export type EditorCheck =
  { oneOf: { source: ContentSource; field: string } } | { notAfterToday: (today: string) => string }

const problem = (where: SourcedRecord, field: string, message: string): ContentProblem => ({
  file: where.file,
  record: where.record,
  field,
  message,
})

/**
 * No two records share a value of `field`. The second and later are reported,
 * with where the value first appears (a record of the same file, or another file).
 */
export function unique(
  field: string,
  says: string,
  message: (value: string, firstWhere: string) => string = (value, where) => `duplicates ${where} ("${value}")`,
): CrossRule {
  return {
    fields: [field],
    says,
    check(records) {
      const seen = new Map<string, SourcedRecord>()
      return records.flatMap((sourced) => {
        const value = valueAt(sourced.data, field)
        if (typeof value !== "string" && typeof value !== "number") return []
        const key = String(value).trim()
        const first = seen.get(key)
        if (!first) {
          seen.set(key, sourced)
          return []
        }
        const where = first.file === sourced.file ? `record ${records.indexOf(first) + 1}` : first.file
        return [problem(sourced, field, message(String(value), where))]
      })
    },
  }
}

/** A folder record's key is its file's name: cities/glencoe.json holds "glencoe". */
export function namedAfterItsFile(key: string, says: string): CrossRule {
  return {
    fields: [key],
    says,
    check: (records) =>
      records.flatMap((sourced) => {
        const value = valueAt(sourced.data, key)
        const stem = path.basename(sourced.file, ".json")
        if (typeof value !== "string" || !value.trim() || value === stem) return []
        return [
          problem(
            sourced,
            key,
            `must equal the file's name, "${stem}" (rename the file to ${value}.json, or fix the ${key})`,
          ),
        ]
      }),
  }
}

/** A path written in `field` names a file that exists (relative to data/). */
export function existingFile(
  field: string,
  says: string,
  describe: (data: Record<string, unknown>) => string,
): CrossRule {
  return {
    fields: [field],
    says,
    check: (records, { fileExists }) =>
      records.flatMap((sourced) => {
        const value = valueAt(sourced.data, field)
        if (typeof value !== "string" || !value.trim() || fileExists(value)) return []
        return [problem(sourced, field, `names ${value}, which does not exist (${describe(sourced.data)})`)]
      }),
  }
}

export { problem as ruleProblem }
