/** @jest-environment node */
import fs from "fs"
import { builtinModules } from "module"
import path from "path"
import ts from "typescript"
import { expectEvery } from "../offenders"
import { isScript, repositoryFiles, ROOT, sourceFile } from "../repository-files"

/**
 * The harness (scripts/ and tests/) stands on its libraries' public interfaces, so that upgrading
 * a package breaks it where a test names it, not inside a patched private class:
 * - no module specifier reaches a path of a package that the package does not export (its
 *   package.json's `exports`; a package without `exports` exports its root alone), whether
 *   imported, required or resolved; `pkg/package.json` is every package's own;
 * - no path is built from where a package resolves to (`new URL(file, import.meta.resolve(pkg))`,
 *   `path.join(path.dirname(require.resolve(pkg)), …)`): a file next to a package's entry is its own;
 * - nothing calls Node's `syncBuiltinESMExports`, which exists to make a replaced export of a
 *   built-in module (`Worker`, `fetch`…) what every other module imports.
 */
const FILES = repositoryFiles().filter((file) => /^(scripts|tests)\//.test(file) && isScript(file))

/** Node's own modules, with and without `node:`. */
const BUILTIN = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]))

/** A bare specifier's package and the subpath into it (the package's `exports` key it would need), or undefined for a relative or built-in one. */
function packagePath(specifier: string): { name: string; subpath: string } | undefined {
  if (/^[./]/.test(specifier) || /^[a-z]+:/.test(specifier) || BUILTIN.has(specifier.split("/")[0])) return undefined
  const parts = specifier.split("/")
  const length = specifier.startsWith("@") ? 2 : 1
  return { name: parts.slice(0, length).join("/"), subpath: ["."].concat(parts.slice(length)).join("/") }
}

/** Whether `subpath` is a key of an `exports` map, a `*` of a key standing for any text. */
function exported(exports: unknown, subpath: string): boolean {
  if (subpath === "./package.json") return true
  if (exports === undefined) return subpath === "."
  if (typeof exports === "string" || Array.isArray(exports)) return subpath === "."
  const keys = Object.keys(exports as Record<string, unknown>)
  if (!keys.some((key) => key.startsWith("."))) return subpath === "."
  return keys.some((key) =>
    key.includes("*")
      ? new RegExp(
          `^${key
            .split("*")
            .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
            .join(".*")}$`,
        ).test(subpath)
      : key === subpath,
  )
}

/** The `exports` of an installed package as the file's folder resolves it (undefined: it has none). */
function exportsOf(name: string, file: string): unknown {
  for (let folder = path.dirname(path.join(ROOT, file)); ; folder = path.dirname(folder)) {
    const manifest = path.join(folder, "node_modules", name, "package.json")
    if (fs.existsSync(manifest)) return (JSON.parse(fs.readFileSync(manifest, "utf8")) as { exports?: unknown }).exports
    if (folder === path.dirname(folder)) throw new Error(`${name} is not installed`)
  }
}

/** `import.meta.resolve(x)`, `require.resolve(x)`, `import(x)`, `require(x)`, `jest.mock(x)`: the call's specifier argument. */
function calledSpecifier(node: ts.CallExpression): ts.Expression | undefined {
  const callee = node.expression
  const text = callee.getText()
  if (node.expression.kind === ts.SyntaxKind.ImportKeyword) return node.arguments[0]
  if (["require", "require.resolve", "import.meta.resolve", "jest.mock", "jest.requireActual"].includes(text))
    return node.arguments[0]
  return undefined
}

const isResolve = (node: ts.Node): boolean =>
  ts.isCallExpression(node) && ["require.resolve", "import.meta.resolve"].includes(node.expression.getText())

const containsResolve = (node: ts.Node): boolean => isResolve(node) || node.getChildren().some(containsResolve)

/** What in `file` reaches past a package's public interface, each with its line. */
function privateReaches(file: string): string[] {
  const source = sourceFile(file)
  const problems: string[] = []
  const at = (node: ts.Node) => `line ${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`
  const checkSpecifier = (node: ts.Node | undefined) => {
    if (!node || !ts.isStringLiteralLike(node)) return
    const target = packagePath(node.text)
    if (target && !exported(exportsOf(target.name, file), target.subpath))
      problems.push(`${at(node)}: "${node.text}" is not a path ${target.name} exports`)
  }
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier)
      checkSpecifier(node.moduleSpecifier)
    if (ts.isCallExpression(node)) {
      checkSpecifier(calledSpecifier(node))
      const callee = node.expression.getText()
      if (/^path\.(join|resolve)$/.test(callee) && node.arguments.some(containsResolve))
        problems.push(`${at(node)}: a path built from where a package resolves to`)
    }
    if (
      ts.isNewExpression(node) &&
      node.expression.getText() === "URL" &&
      node.arguments?.slice(1).some(containsResolve)
    )
      problems.push(`${at(node)}: a URL built from where a package resolves to`)
    if (ts.isIdentifier(node) && node.text === "syncBuiltinESMExports")
      problems.push(`${at(node)}: syncBuiltinESMExports (a built-in module's export replaced)`)
    node.forEachChild(visit)
  }
  visit(source)
  return problems
}

describe("the harness's use of its libraries", () => {
  it("reaches no package's internal path and replaces no export of Node's own modules", () => {
    expect(FILES.some((file) => file.startsWith("scripts/"))).toBe(true)
    expectEvery(FILES, "files of the harness reach past a package's public interface", privateReaches)
  })
})
