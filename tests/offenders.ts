import { stripVTControlCharacters } from "util"

/**
 * One test per rule: a rule is checked on every page (town, file…), every
 * offender is collected, and the test fails once, naming them all:
 *
 *   pages lack a self canonical: 3 of 78:
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
  if (offenders.length) throw failure(`${offence}: ${offenders.length} of ${items.length}`, offenders, expectEvery)
}

/** Fails when the list holds anything: "pages link to a missing page: 2:\n  /a/ …\n  /b/ …". */
export function expectNone(offenders: readonly string[], offence: string): void {
  if (offenders.length) throw failure(`${offence}: ${offenders.length}`, offenders, expectNone)
}

/** The error naming every offender, its stack starting in the test that called `caller`. */
function failure(heading: string, offenders: readonly string[], caller: (...args: never[]) => void): Error {
  const error = new Error(`${heading}\n${offenders.map((line) => `  ${line}`).join("\n")}`)
  Error.captureStackTrace?.(error, caller)
  return error
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
