/** @jest-environment node */
import { expectNone } from "../offenders"
import { environmentReads, type EnvironmentRead } from "../environment-reads"
import { readText, repositoryFiles } from "../repository-files"

/**
 * Every environment variable the code reads is in one table, and every row of a
 * table is a variable the code reads:
 *  - docs/deploy.md, "Environment variables": what the build and the functions
 *    read (src/, internal/, netlify/, static/, gatsby-*, netlify.toml), the
 *    settings of whoever deploys the site;
 *  - CONTRIBUTING.md, "Environment variables of the scripts and tests": what only
 *    the scripts, the tests and their configurations read.
 * The code is scanned, not listed here (tests/environment-reads.ts says how), so a
 * variable added to the code and to no table fails, and so does a row left behind.
 */
const FILES = repositoryFiles()
const { reads, unknown } = environmentReads(FILES)

/** Code that runs in a deploy: the build, its plugins, the pages' and the editor's scripts, the functions. */
const DEPLOYED = /^(src|internal|netlify|static)\/|^gatsby-[\w-]+\.tsx?$|^netlify\.toml$/

/** The variable names of the first table under the heading that starts with `heading`: its first column's `NAME`s. */
function tableOf(file: string, heading: string): string[] {
  const lines = readText(file).split("\n")
  const start = lines.findIndex((line) => /^#{1,6}\s/.test(line) && line.replace(/^#+\s*/, "").startsWith(heading))
  if (start === -1) throw new Error(`${file} has no heading "${heading}"`)
  const first = lines.findIndex((line, index) => index > start && line.startsWith("|"))
  const end = lines.findIndex((line, index) => index > first && !line.startsWith("|"))
  const rows = lines.slice(first + 2, end === -1 ? undefined : end)
  const names = rows.map(
    (row) => /^\|\s*`([A-Z][A-Z0-9_]*)`\s*\|/.exec(row)?.[1] ?? `(a row without a \`NAME\`: ${row})`,
  )
  if (!names.length) throw new Error(`${file}: no table of variables under "${heading}"`)
  return names
}

const where = (found: readonly EnvironmentRead[]) => found.map((read) => `${read.file}:${read.line}`).join(", ")

/** What differs between a table and the variables read by the code it covers. */
function differences(table: readonly string[], covered: readonly EnvironmentRead[], elsewhere: string): string[] {
  const byName = new Map<string, EnvironmentRead[]>()
  for (const read of covered) byName.set(read.name, [...(byName.get(read.name) ?? []), read])
  const missing = [...byName].map(([name, found]) =>
    table.includes(name) ? undefined : `${name}: read at ${where(found)}; not in the table`,
  )
  const extra = table.map((name) =>
    byName.has(name)
      ? undefined
      : `${name}: in the table; ${reads.some((read) => read.name === name) ? elsewhere : "no code reads it"}`,
  )
  const twice = table.filter((name, index) => table.indexOf(name) !== index).map((name) => `${name}: two rows`)
  return [...missing, ...extra, ...twice].filter((line): line is string => line !== undefined).sort()
}

describe("environment variables", () => {
  it("the scan finds the variables the code reads and can name every read", () => {
    // A scan that saw nothing proves nothing.
    expect(reads.length).toBeGreaterThan(0)
    expect(reads.some((read) => DEPLOYED.test(read.file))).toBe(true)
    expect(reads.some((read) => !DEPLOYED.test(read.file))).toBe(true)
    expectNone(unknown, "reads of the environment whose variable the scan cannot name (use a literal or a constant)")
  })

  it("docs/deploy.md's table lists every variable the build and the functions read, and no other", () => {
    const deployed = reads.filter((read) => DEPLOYED.test(read.file))
    const table = tableOf("docs/deploy.md", "Environment variables")
    expectNone(
      differences(table, deployed, "only scripts and tests read it: its row belongs in CONTRIBUTING.md"),
      "docs/deploy.md's environment variables and the code disagree",
    )
  })

  it("CONTRIBUTING.md's table lists every variable only the scripts and the tests read, and no other", () => {
    const deployedNames = new Set(reads.filter((read) => DEPLOYED.test(read.file)).map((read) => read.name))
    const local = reads.filter((read) => !DEPLOYED.test(read.file) && !deployedNames.has(read.name))
    const table = tableOf("CONTRIBUTING.md", "Environment variables of the scripts and tests")
    expectNone(
      differences(table, local, "the build or the functions read it: its row belongs in docs/deploy.md"),
      "CONTRIBUTING.md's environment variables and the code disagree",
    )
  })
})
