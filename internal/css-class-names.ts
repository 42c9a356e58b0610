import crypto from "crypto"
import fs from "fs"
import path from "path"

/**
 * Short CSS Module class names for production builds.
 *
 * Gatsby names a CSS Module class `[name]--[local]--[hash:hex:5]`, e.g.
 * `home-hero-module--intro--02941`. Those names travel twice in every page: in
 * the inlined stylesheet and in each element's class attribute, and a hash does
 * not compress. Six characters of hash each were still about 600 bytes of the
 * home page's gzipped HTML, which must fit a new connection's first round trip
 * (10 TCP segments, about 14.6 KB) with room to spare.
 *
 * So each class of each CSS Module under src/ is named by its place in one
 * list of them all, sorted by file and class (`a`, `b`, … `Z`, then `aa`, …):
 * one or two characters. The list is read from the files themselves, so the
 * browser bundle and the server render (two webpack compilations) name every
 * class alike; a class the list misses (a module outside src/) keeps a short
 * hash of its file and name, which is longer than any listed name and so
 * never equal to one. Development keeps Gatsby's readable names.
 */
export const PRODUCTION_CLASS_NAME = "[hash:base64:6]"

const FIRST = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
const REST = `${FIRST}0123456789_-`

/** The `index`th short name: a letter, then letters, digits, `_` and `-`. */
export function shortClassName(index: number): string {
  let name = FIRST[index % FIRST.length]
  let rest = Math.floor(index / FIRST.length)
  while (rest > 0) {
    rest -= 1
    name += REST[rest % REST.length]
    rest = Math.floor(rest / REST.length)
  }
  return name
}

/** The class selectors of a stylesheet (comments, strings and url()s left out; `.5rem` is a number, not a class). */
export function classSelectors(css: string): string[] {
  const code = css
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/url\([^)]*\)/g, "")
    .replace(/"[^"]*"|'[^']*'/g, "")
  return [...new Set(Array.from(code.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g), (match) => match[1]))]
}

function moduleFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return moduleFiles(full)
    return entry.name.endsWith(".module.css") ? [full] : []
  })
}

/** Every CSS Module under `srcDir`: "file|class" (the file relative, with /) to its short name. */
export function classNameTable(srcDir: string): Map<string, string> {
  const keys = moduleFiles(srcDir).flatMap((file) => {
    const relative = path.relative(srcDir, file).split(path.sep).join("/")
    return classSelectors(fs.readFileSync(file, "utf8")).map((name) => `${relative}|${name}`)
  })
  return new Map(keys.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).map((key, index) => [key, shortClassName(index)]))
}

/**
 * A short hash of the whole table, for webpack's persistent cache: a class added or removed in
 * one module renames the classes listed after it in every other module, whose own files did not
 * change, so a cache kept under another table would give them their old names (seen: a copy's
 * pages named a section's classes one place off its stylesheet's).
 */
export function classTableVersion(srcDir: string): string {
  return crypto
    .createHash("sha256")
    .update(JSON.stringify([...classNameTable(srcDir)]))
    .digest("hex")
    .slice(0, 12)
}

/** css-loader's getLocalIdent: a listed class's short name, else undefined (css-loader then hashes). */
export function localIdentFrom(srcDir: string) {
  const table = classNameTable(srcDir)
  return (context: { resourcePath: string }, _localIdentName: string, localName: string): string | undefined => {
    const relative = path.relative(srcDir, context.resourcePath).split(path.sep).join("/")
    return table.get(`${relative}|${localName}`)
  }
}

type Loader = { loader?: unknown; options?: unknown }
type Rule = { use?: unknown; oneOf?: unknown; rules?: unknown }

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null
}

function shortenLoader(entry: Loader, getLocalIdent: ReturnType<typeof localIdentFrom>): number {
  if (typeof entry.loader !== "string" || !/[\\/]css-loader[\\/]/.test(entry.loader)) return 0
  const options = entry.options
  if (!isObject(options) || !isObject(options.modules)) return 0
  options.modules.localIdentName = PRODUCTION_CLASS_NAME
  options.modules.getLocalIdent = getLocalIdent
  return 1
}

/**
 * Sets the short names of the CSS Modules under `srcDir` (and PRODUCTION_CLASS_NAME
 * for any other) on every css-loader that builds CSS Modules in a webpack rule
 * list (walking `oneOf`, nested `rules` and `use`), in place. Returns how many
 * loaders it changed, so the caller can tell when none was found.
 */
export function shortenCssModuleClassNames(
  rules: unknown,
  srcDir: string,
  getLocalIdent = localIdentFrom(srcDir),
): number {
  if (!Array.isArray(rules)) return 0
  let changed = 0
  for (const rule of rules as unknown[]) {
    if (!isObject(rule)) continue
    const { use, oneOf, rules: nested } = rule as Rule
    if (Array.isArray(use))
      for (const entry of use) if (isObject(entry)) changed += shortenLoader(entry as Loader, getLocalIdent)
    changed +=
      shortenCssModuleClassNames(oneOf, srcDir, getLocalIdent) +
      shortenCssModuleClassNames(nested, srcDir, getLocalIdent)
  }
  return changed
}
