/** @jest-environment node */
import { execFile } from "child_process"
import fs from "fs"
import path from "path"
import ts from "typescript"
import { expectEvery } from "../offenders"
import { readText, ROOT } from "../repository-files"

/**
 * The guides' commands select tests. Every command in a fenced code block of the README,
 * CONTRIBUTING.md and docs/*.md that starts a test runner is asked of the runner itself,
 * with its own arguments, whether it selects at least one test, so a test or project renamed
 * under a guide's command turns this red, naming the guide and its line:
 *
 * - Playwright (`npx playwright test …`): `--list` with its JSON reporter, counting the tests of
 *   the projects the command names (a project's dependencies are listed too, and do not count).
 *   Listing loads the configuration and the specs and starts no browser and no server.
 * - jest (`npx jest …`, `npm run test:unit`, any npm script that runs jest): `--listTests` with the
 *   command's files and projects must list a file; with `-t`, a test's full name in those files
 *   (its describe blocks' titles and its own, joined by spaces, as jest matches `-t`) must match
 *   the pattern. `--listTests` does not apply `-t`, so the titles are read from the files' source:
 *   a title written with `${…}` keeps that text, and a title jest builds at run time from a table
 *   (`test.each`) is matched by its written form.
 * - `npm test` and the other npm scripts that run a script of ours: the script must exist, and
 *   each option the command gives it after `--` must be one the script reads.
 */
const GUIDES = [
  "README.md",
  "CONTRIBUTING.md",
  ...fs
    .readdirSync(path.join(ROOT, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
]
const SCRIPTS: Record<string, string> = JSON.parse(readText("package.json")).scripts

interface Command {
  where: string
  text: string
  /** The runner and its arguments, npm's script resolved: `["jest", "tests/unit/slug.test.ts", …]`. */
  words: string[]
}

/** A shell line as words, quotes removed, split into commands at `&&`, `||`, `;` and `|`; a `#` comment ends it. */
function commandsOf(line: string): string[][] {
  const commands: string[][] = [[]]
  let word: string | undefined
  let quote: string | undefined
  const end = () => {
    if (word !== undefined) commands[commands.length - 1].push(word)
    word = undefined
  }
  for (let index = 0; index < line.length; index++) {
    const char = line[index]
    if (quote) {
      if (char === quote) quote = undefined
      else word = (word ?? "") + char
    } else if (char === '"' || char === "'") {
      quote = char
      word = word ?? ""
    } else if (/\s/.test(char)) end()
    else if (char === "#" && word === undefined) break
    else if ("&|;".includes(char)) {
      end()
      if (line[index + 1] === char) index++
      commands.push([])
    } else word = (word ?? "") + char
  }
  end()
  return commands.filter((words) => words.length > 0)
}

/** The runner a command starts, as words from the runner's name on, or nothing when it starts none. */
function runnerOf(words: readonly string[]): string[] | undefined {
  const rest = [...words]
  while (rest.length && /^\w+=/.test(rest[0])) rest.shift()
  if (rest[0] === "npx") rest.shift()
  const name = rest[0] ? path.basename(rest[0]) : undefined
  if (name === "jest") return ["jest", ...rest.slice(1)]
  if (name === "playwright" && rest[1] === "test") return ["playwright", ...rest.slice(1)]
  if (name !== "npm") return undefined
  const script = rest[1] === "test" ? "test" : rest[1] === "run" ? rest[2] : undefined
  if (script === undefined || !(script === "test" || script.startsWith("test:") || script === "golden"))
    return undefined
  const given = rest.slice(rest.indexOf(script) + 1)
  const options = given[0] === "--" ? given.slice(1) : given
  const body = SCRIPTS[script]
  if (body === undefined) return ["npm-script", script]
  const inner = commandsOf(body)
  const started = inner.length === 1 ? runnerOf(inner[0]) : undefined
  return started ? [...started, ...options] : ["npm-script", script, ...options]
}

const COMMANDS: Command[] = GUIDES.flatMap((file) => {
  const found: Command[] = []
  let fence: string | undefined
  readText(file)
    .split("\n")
    .forEach((line, index) => {
      const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1]
      if (marker && (fence === undefined || line.trim().startsWith(fence))) {
        fence = fence === undefined ? marker : undefined
        return
      }
      if (fence === undefined) return
      for (const words of commandsOf(line)) {
        const runner = runnerOf(words)
        if (runner) found.push({ where: `${file}:${index + 1}`, text: line.trim(), words: runner })
      }
    })
  return found
})

const BIN = (name: string) => path.join(ROOT, "node_modules", ".bin", name)

/** The runners' environment as a shell gives it: without jest's worker id, under which Playwright refuses to run. */
const SHELL_ENV = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== "JEST_WORKER_ID"))

function run(binary: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(BIN(binary), args, { cwd: ROOT, env: SHELL_ENV, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    )
  })
}

/** The value of each use of an option (`--project a`, `--project=a`), and the arguments without them. */
function takeOption(args: string[], names: readonly string[]): { values: string[]; rest: string[] } {
  const values: string[] = []
  const rest: string[] = []
  for (let index = 0; index < args.length; index++) {
    const [name, inline] = args[index].split(/=(.*)/s)
    if (!names.includes(name)) rest.push(args[index])
    else if (inline !== undefined) values.push(inline)
    else values.push(args[++index])
  }
  return { values, rest }
}

interface PlaywrightSuite {
  specs?: { tests: { projectName: string }[] }[]
  suites?: PlaywrightSuite[]
}

/** What is wrong with a Playwright command: nothing when it lists at least one test of the projects it names. */
async function checkPlaywright(args: string[]): Promise<string | undefined> {
  const { rest } = takeOption(args, ["--reporter"])
  const projects = takeOption(args, ["--project"]).values.flatMap((value) => value.split(","))
  const { code, stdout, stderr } = await run("playwright", [...rest, "--list", "--reporter=json"])
  let report: { suites?: PlaywrightSuite[]; errors?: { message: string }[] }
  try {
    report = JSON.parse(stdout)
  } catch {
    return `playwright --list failed (exit ${code}): ${stderr.trim().split("\n")[0]}`
  }
  const tests: string[] = []
  const walk = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? []) tests.push(...spec.tests.map((test) => test.projectName))
    suite.suites?.forEach(walk)
  }
  report.suites?.forEach(walk)
  const selected = tests.filter((project) => projects.length === 0 || projects.includes(project))
  if (selected.length) return undefined
  const why = report.errors?.map((error) => error.message.split("\n")[0]).join("; ")
  return `playwright --list selects no test${projects.length ? ` of ${projects.join(", ")}` : ""}${why ? ` (${why})` : ""}`
}

/** Every test's full name in a file, as jest matches `-t` against it: its describe blocks' titles and its own. */
function testNames(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true)
  const names: string[] = []
  const titleOf = (node: ts.Expression | undefined): string | undefined =>
    node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
      ? node.text
      : node && ts.isTemplateExpression(node)
        ? node.getText().slice(1, -1)
        : undefined
  /** `describe`, `it`, `test`, with `.each(…)`, `.only`, `.skip`, `.concurrent`, `.failing`: the base name. */
  const calleeOf = (expression: ts.Expression): string | undefined => {
    if (ts.isIdentifier(expression)) return expression.text
    if (ts.isPropertyAccessExpression(expression)) return calleeOf(expression.expression)
    if (ts.isCallExpression(expression)) return calleeOf(expression.expression)
    if (ts.isTaggedTemplateExpression(expression)) return calleeOf(expression.tag)
    return undefined
  }
  const visit = (node: ts.Node, within: string[]) => {
    if (ts.isCallExpression(node)) {
      const callee = calleeOf(node.expression)
      const title = titleOf(node.arguments[0])
      if (title !== undefined && (callee === "it" || callee === "test")) names.push([...within, title].join(" "))
      if (title !== undefined && callee === "describe") {
        node.arguments.slice(1).forEach((argument) => visit(argument, [...within, title]))
        return
      }
    }
    ts.forEachChild(node, (child) => visit(child, within))
  }
  visit(source, [])
  return names
}

/** What is wrong with a jest command: nothing when it lists a file and, with `-t`, a test there matches. */
async function checkJest(args: string[]): Promise<string | undefined> {
  const { values: patterns, rest } = takeOption(args, ["-t", "--testNamePattern"])
  const { code, stdout, stderr } = await run("jest", [...rest, "--listTests", "--json"])
  let files: string[]
  try {
    files = JSON.parse(stdout)
  } catch {
    return `jest --listTests failed (exit ${code}): ${stderr.trim().split("\n")[0]}`
  }
  if (files.length === 0) return "jest --listTests lists no test file"
  for (const pattern of patterns) {
    const matcher = new RegExp(pattern, "i")
    if (!files.some((file) => testNames(file).some((name) => matcher.test(name))))
      return `no test title in ${files.map((file) => path.relative(ROOT, file)).join(", ")} matches -t "${pattern}"`
  }
  return undefined
}

/** What is wrong with an npm script that runs a script of ours: a missing script, or an option it does not read. */
function checkScript([script, ...options]: string[]): string | undefined {
  const body = SCRIPTS[script]
  if (body === undefined) return `package.json has no script "${script}"`
  const file = body.split(/\s+/).find((word) => /\.(c|m)?[jt]s$/.test(word))
  if (!file || !fs.existsSync(path.join(ROOT, file))) return `"${script}" runs no script of the repository (${body})`
  const text = readText(file)
  const unread = options.filter((option) => option.startsWith("--") && !text.includes(`"${option.split("=")[0]}"`))
  return unread.length ? `${file} reads no ${unread.join(", ")}` : undefined
}

const check = (command: Command): Promise<string | undefined> | string | undefined =>
  command.words[0] === "playwright"
    ? checkPlaywright(command.words.slice(1))
    : command.words[0] === "jest"
      ? checkJest(command.words.slice(1))
      : checkScript(command.words.slice(1))

describe("the guides' commands", () => {
  test("every command in a guide's code block that starts a test runner selects at least one test", async () => {
    const problems = new Map<Command, string | undefined>()
    await Promise.all(COMMANDS.map(async (command) => problems.set(command, await check(command))))
    expectEvery(
      COMMANDS,
      "a guide's test command selects no test",
      (command) => problems.get(command),
      (command) => `${command.where} \`${command.text}\``,
    )
  })
})
