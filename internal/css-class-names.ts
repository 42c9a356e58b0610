/**
 * Short CSS Module class names for production builds.
 *
 * Gatsby names a CSS Module class `[name]--[local]--[hash:hex:5]`, e.g.
 * `home-hero-module--intro--02941`. Those names travel twice in every page: in
 * the inlined stylesheet and in each element's class attribute. On the home page
 * they were about 600 bytes of its gzipped HTML (14,177 against 13,574 bytes),
 * enough to push the document past the first round trip of a new connection
 * (10 TCP segments, about 14.6 KB), which costs a phone one more round trip
 * before first paint.
 *
 * A hash of the file's path and the class name (css-loader's default) is as
 * unique and the same in the browser bundle and the server render. Development
 * keeps Gatsby's readable names.
 */
export const PRODUCTION_CLASS_NAME = "[hash:base64:6]"

type Loader = { loader?: unknown; options?: unknown }
type Rule = { use?: unknown; oneOf?: unknown; rules?: unknown }

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null
}

function shortenLoader(entry: Loader): number {
  if (typeof entry.loader !== "string" || !/[\\/]css-loader[\\/]/.test(entry.loader)) return 0
  const options = entry.options
  if (!isObject(options) || !isObject(options.modules)) return 0
  options.modules.localIdentName = PRODUCTION_CLASS_NAME
  return 1
}

/**
 * Sets PRODUCTION_CLASS_NAME on every css-loader that builds CSS Modules in a
 * webpack rule list (walking `oneOf`, nested `rules` and `use`), in place.
 * Returns how many loaders it changed, so the caller can tell when none was found.
 */
export function shortenCssModuleClassNames(rules: unknown): number {
  if (!Array.isArray(rules)) return 0
  let changed = 0
  for (const rule of rules as unknown[]) {
    if (!isObject(rule)) continue
    const { use, oneOf, rules: nested } = rule as Rule
    if (Array.isArray(use)) for (const entry of use) if (isObject(entry)) changed += shortenLoader(entry as Loader)
    changed += shortenCssModuleClassNames(oneOf) + shortenCssModuleClassNames(nested)
  }
  return changed
}
