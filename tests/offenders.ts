import { stripVTControlCharacters } from "util"

/**
 * One test per rule: a rule is checked on every page (town, file…), every
 * offender is collected, and the test fails once, naming them all:
 *
 *   3 pages lack a self canonical (of 78 checked):
 *     /a/: no <link rel="canonical">
 *     /b/: …
 *
 * `check` returns what is wrong with one item (nothing, a problem, or several);
 * it may also use `expect`, whose failure is then that item's problem.
 */
export function expectEvery<T>(
  items: readonly T[],
  offence: string,
  check: (item: T) => string | readonly string[] | undefined | void,
  nameOf: (item: T) => string = String,
): void {
  if (items.length === 0) throw new Error(`nothing to check for "${offence}": the list of items is empty`)
  const offenders = items.flatMap((item) => {
    const problems = problemsOf(() => check(item))
    return problems.length ? [`${nameOf(item)}: ${problems.join("; ")}`] : []
  })
  expectNone(offenders, `${offence} (of ${items.length} checked)`)
}

/** Fails when the list holds anything: "2 pages link to a missing page:\n  /a/ …\n  /b/ …". */
export function expectNone(offenders: readonly string[], offence: string): void {
  if (offenders.length === 0) return
  const error = new Error(`${offenders.length} ${offence}:\n${offenders.map((line) => `  ${line}`).join("\n")}`)
  Error.captureStackTrace?.(error, expectNone)
  throw error
}

/** The problems one check reports, a thrown error (a failed `expect`) as one line. */
function problemsOf(run: () => string | readonly string[] | undefined | void): string[] {
  try {
    const result = run()
    if (result === undefined) return []
    return typeof result === "string" ? [result] : [...result]
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    return [stripVTControlCharacters(message).replace(/\s+/g, " ").trim()]
  }
}
