import { parse } from "smol-toml"
import ts from "typescript"
import { isScript, isShellScript, readText, sourceFile } from "./repository-files"

/** One place where code reads an environment variable. */
export interface EnvironmentRead {
  name: string
  file: string
  line: number
}

const ENV_NAME = /^[A-Z][A-Z0-9_]*$/

/**
 * The string constants of the scanned files, by name: `const HOOK_ENV = "DAILY_REBUILD_HOOK_URL"`,
 * `const SITE_ADDRESS_ENVS = ["URL", "SITE_URL"] as const`. A read through a constant
 * (`process.env[HOOK_ENV]`, `env(INDEXNOW_KEY_ENV)`) is a read of its value.
 */
function stringConstants(files: readonly string[]): Map<string, string[]> {
  const constants = new Map<string, string[]>()
  const unwrap = (node: ts.Expression): ts.Expression =>
    ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isParenthesizedExpression(node)
      ? unwrap(node.expression)
      : node
  for (const file of files) {
    const visit = (node: ts.Node) => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
        const value = unwrap(node.initializer)
        const strings = ts.isStringLiteralLike(value)
          ? [value.text]
          : ts.isArrayLiteralExpression(value) && value.elements.every(ts.isStringLiteralLike)
            ? value.elements.map((element) => (element as ts.StringLiteralLike).text)
            : undefined
        if (strings?.length && strings.every((one) => ENV_NAME.test(one))) {
          constants.set(node.name.text, [...(constants.get(node.name.text) ?? []), ...strings])
        }
      }
      ts.forEachChild(node, visit)
    }
    visit(sourceFile(file))
  }
  return constants
}

const isProcessEnv = (node: ts.Node): boolean =>
  ts.isPropertyAccessExpression(node) &&
  node.name.text === "env" &&
  ts.isIdentifier(node.expression) &&
  node.expression.text === "process"

/** `env`, a name this code gives to the environment handed to a function (process.env, or a test's record). */
const isEnvParameter = (node: ts.Node): boolean => ts.isIdentifier(node) && node.text === "env"

/** `Netlify.env.get`: how a Netlify function reads a variable at run time. */
const isNetlifyEnvGet = (node: ts.Node): boolean =>
  ts.isPropertyAccessExpression(node) &&
  node.name.text === "get" &&
  ts.isPropertyAccessExpression(node.expression) &&
  node.expression.name.text === "env" &&
  ts.isIdentifier(node.expression.expression) &&
  node.expression.expression.text === "Netlify"

/** An assignment to the node, or its deletion: a write, not a read. */
function isWritten(node: ts.Node): boolean {
  const parent = node.parent
  if (ts.isDeleteExpression(parent)) return true
  return (
    ts.isBinaryExpression(parent) && parent.left === node && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken
  )
}

/**
 * The variables a JavaScript or TypeScript file reads: `process.env.X`, `process.env["X"]`,
 * `process.env[CONSTANT]`, `const { X } = process.env`, `Netlify.env.get("X")`, and through a
 * parameter or accessor named `env` (`env.X`, `env["X"]`, `env("X")`, `NAMES.map(env)`).
 * Writes (`process.env.X = …`, `delete process.env.X`) are not reads.
 */
function scriptReads(file: string, constants: Map<string, string[]>): { reads: EnvironmentRead[]; unknown: string[] } {
  const source = sourceFile(file)
  const reads: EnvironmentRead[] = []
  const unknown: string[] = []
  const at = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1
  const add = (names: readonly string[], node: ts.Node) => {
    for (const name of names) reads.push({ name, file, line: at(node) })
  }
  /**
   * The names an argument or index stands for: a literal, or a constant of the scanned files. A
   * parameter in lower case (`process.env[name]` inside an accessor) is the accessor itself, whose
   * callers are read instead; anything else the scan cannot name is reported, not skipped.
   */
  const namesOf = (node: ts.Expression): string[] => {
    if (ts.isStringLiteralLike(node)) return [node.text]
    if (ts.isIdentifier(node)) {
      const value = constants.get(node.text)
      if (value) return value
      if (!/^[a-z]/.test(node.text)) unknown.push(`${file}:${at(node)} ${node.text}`)
      return []
    }
    unknown.push(`${file}:${at(node)} ${node.getText(source)}`)
    return []
  }
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAccessExpression(node) && (isProcessEnv(node.expression) || isEnvParameter(node.expression))) {
      if (ENV_NAME.test(node.name.text) && !isWritten(node)) add([node.name.text], node)
    } else if (
      ts.isElementAccessExpression(node) &&
      (isProcessEnv(node.expression) || isEnvParameter(node.expression)) &&
      !isWritten(node)
    ) {
      add(namesOf(node.argumentExpression), node)
    } else if (ts.isCallExpression(node) && (isNetlifyEnvGet(node.expression) || isEnvParameter(node.expression))) {
      if (node.arguments[0]) add(namesOf(node.arguments[0]), node)
    } else if (
      ts.isCallExpression(node) &&
      node.arguments.some(isEnvParameter) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ts.isIdentifier(node.expression.expression)
    ) {
      // NAMES.map(env): each name of the constant is read.
      add(constants.get(node.expression.expression.text) ?? [], node)
    } else if (
      ts.isVariableDeclaration(node) &&
      ts.isObjectBindingPattern(node.name) &&
      node.initializer &&
      (isProcessEnv(node.initializer) || isEnvParameter(node.initializer))
    ) {
      for (const element of node.name.elements) {
        const key = element.propertyName ?? element.name
        if (ts.isIdentifier(key) || ts.isStringLiteral(key)) add([key.text], element)
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return { reads, unknown }
}

/** A shell script's `$X` and `${X…}` that the script does not set itself (an assignment, `local`, `for`, `read`). */
function shellReads(file: string): EnvironmentRead[] {
  const text = readText(file)
  const own = new Set<string>()
  for (const match of text.matchAll(
    /(?:^|[\s;(])(?:local\s+|export\s+|readonly\s+)?([A-Za-z_]\w*)(?:\[[^\]]*\])?\+?=/gm,
  ))
    own.add(match[1])
  for (const match of text.matchAll(/\b(?:for|read|local)\s+([A-Za-z_]\w*)/g)) own.add(match[1])
  const reads: EnvironmentRead[] = []
  text.split("\n").forEach((line, index) => {
    const code = line.replace(/(?:^|\s)#(?!!).*$/, "").replace(/'[^']*'/g, "''")
    for (const match of code.matchAll(/\$\{?#?([A-Za-z_]\w*)/g)) {
      if (!own.has(match[1])) reads.push({ name: match[1], file, line: index + 1 })
    }
  })
  return reads
}

/** A Python file's `os.environ["X"]`, `os.environ.get("X")`, `os.getenv("X")`. */
function pythonReads(file: string): EnvironmentRead[] {
  const reads: EnvironmentRead[] = []
  readText(file)
    .split("\n")
    .forEach((line, index) => {
      for (const match of line.matchAll(/os\.(?:environ(?:\.get)?\s*[[(]|getenv\s*\()\s*["']([^"']+)["']/g)) {
        reads.push({ name: match[1], file, line: index + 1 })
      }
    })
  return reads
}

/** netlify.toml's `environment` tables, which Netlify's build reads (NODE_VERSION). */
function netlifyTomlReads(file: string): EnvironmentRead[] {
  const text = readText(file)
  const config = parse(text) as Record<string, unknown>
  const tables: Array<Record<string, unknown>> = []
  const build = config.build as { environment?: Record<string, unknown> } | undefined
  if (build?.environment) tables.push(build.environment)
  for (const context of Object.values((config.context ?? {}) as Record<string, { environment?: object }>)) {
    if (context.environment) tables.push(context.environment as Record<string, unknown>)
  }
  const lines = text.split("\n")
  return tables.flatMap((table) =>
    Object.keys(table).map((name) => ({
      name,
      file,
      line: lines.findIndex((line) => new RegExp(`^\\s*${name}\\s*=`).test(line)) + 1,
    })),
  )
}

/**
 * Every environment variable the repository's code reads, where, and the reads the scan could not
 * name (an index or argument it cannot resolve to a name), which a rule reports too.
 */
export function environmentReads(files: readonly string[]): { reads: EnvironmentRead[]; unknown: string[] } {
  const scripts = files.filter(isScript)
  const constants = stringConstants(scripts)
  const reads: EnvironmentRead[] = []
  const unknown: string[] = []
  for (const file of scripts) {
    const found = scriptReads(file, constants)
    reads.push(...found.reads)
    unknown.push(...found.unknown)
  }
  for (const file of files) {
    if (isShellScript(file)) reads.push(...shellReads(file))
    else if (file.endsWith(".py")) reads.push(...pythonReads(file))
    else if (file === "netlify.toml") reads.push(...netlifyTomlReads(file))
  }
  return { reads, unknown }
}
