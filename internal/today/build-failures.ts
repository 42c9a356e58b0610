import fs from "fs"
import path from "path"

/**
 * A production build that failed, as the owner's page for today reads it: when a change
 * from the page does not reach the live site because the build refused the content, the
 * page names the file and field. The build writes what it refused in data/ to
 * CONTENT_PROBLEMS_FILE (internal/gatsby/on-pre-bootstrap.ts); the build plugin
 * netlify/plugins/build-failures/ keeps it in the Blobs store BUILD_FAILURES_STORE when
 * a production build fails, and removes it when one succeeds; the function
 * netlify/functions/build-failure.mts gives it to a signed-in editor.
 */
export const BUILD_FAILURES_STORE = "build-failures"
/** The key of the last failed production build's record. */
export const LAST_FAILURE_KEY = "production"
/** Where the build writes the content it refused, from the project's root (not published). */
export const CONTENT_PROBLEMS_FILE = ".content-problems.json"

export interface BuildFailure {
  /** When the build failed (ISO 8601). */
  at: string
  /** The commit it built (Netlify's COMMIT_REF), null when not known. */
  commit: string | null
  /** What the build refused in data/, one line each ("data/business.json, record …"); empty: another cause. */
  problems: string[]
}

/** Writes the content problems the build found (none: removes the file). */
export function writeContentProblems(root: string, problems: readonly string[]): void {
  const file = path.join(root, CONTENT_PROBLEMS_FILE)
  if (problems.length) fs.writeFileSync(file, `${JSON.stringify({ problems }, null, 2)}\n`)
  else fs.rmSync(file, { force: true })
}

/** Whether a stored value is a BuildFailure. */
export const isBuildFailure = (value: unknown): value is BuildFailure => {
  const record = value as Partial<BuildFailure> | null
  return (
    typeof record?.at === "string" &&
    (record.commit === null || typeof record.commit === "string") &&
    Array.isArray(record.problems) &&
    record.problems.every((line) => typeof line === "string")
  )
}
