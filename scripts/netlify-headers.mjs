/**
 * The HTTP headers Netlify sends for a path of the built site, read with
 * Netlify's own parser (@netlify/headers-parser): the [[headers]] of
 * netlify.toml and the rules of public/_headers (which the build writes,
 * internal/headers.ts), merged as Netlify merges them (a path named in both
 * files takes netlify.toml's value), each rule with Netlify's pattern (case
 * insensitive, `/admin/*` matching `/admin` and `/administrator` too).
 *
 * Where two matching rules name one header, Netlify's documentation does not
 * say what production sends, so both readings are here:
 *  - "last": the later rule's value replaces the earlier (Netlify's own
 *    headers engine, `headersForPath` of @netlify/headers and `netlify dev`);
 *  - "joined": the values joined by commas, so both apply (HTTP's reading of a
 *    header sent twice).
 * The site's rules never depend on which (tests/build/headers.test.ts).
 */
import path from "node:path"
import { parseAllHeaders } from "@netlify/headers-parser"

export const READINGS = ["last", "joined"]

/** Netlify's default when no rule names Cache-Control: every response revalidated. */
export const NETLIFY_DEFAULT_CACHE_CONTROL = "public, max-age=0, must-revalidate"

/** Every header rule of a project (its netlify.toml and public/_headers), in Netlify's order; throws on a rule Netlify would refuse. */
export async function loadHeaderRules(projectDir) {
  const { headers, errors } = await parseAllHeaders({
    headersFiles: [path.join(projectDir, "public", "_headers")],
    netlifyConfigPath: path.join(projectDir, "netlify.toml"),
    configHeaders: [],
    minimal: false,
  })
  if (errors.length > 0)
    throw new Error(`Netlify refuses these header rules:\n${errors.map((e) => e.message).join("\n")}`)
  return headers
}

/** The rules whose pattern matches a URL path. */
export const rulesFor = (rules, urlPath) => rules.filter((rule) => rule.forRegExp.test(urlPath))

/**
 * The headers of a URL path, their names in lower case, in one reading ("last"
 * or "joined"). `Cache-Control` falls back to Netlify's default.
 */
export function headersForPath(rules, urlPath, reading = "last") {
  if (!READINGS.includes(reading)) throw new Error(`unknown reading "${reading}" (use ${READINGS.join(" or ")})`)
  const headers = {}
  for (const rule of rulesFor(rules, urlPath)) {
    for (const [name, value] of Object.entries(rule.values)) {
      const key = name.toLowerCase()
      headers[key] = reading === "joined" && headers[key] !== undefined ? `${headers[key]}, ${value}` : value
    }
  }
  headers["cache-control"] ??= NETLIFY_DEFAULT_CACHE_CONTROL
  return headers
}

/**
 * Where the readings could differ: for a URL path, each header name that two or
 * more matching rules give different values, with the rules and their values.
 */
export function conflictingHeaders(rules, urlPath) {
  const byName = new Map()
  for (const rule of rulesFor(rules, urlPath)) {
    for (const [name, value] of Object.entries(rule.values)) {
      const key = name.toLowerCase()
      byName.set(key, [...(byName.get(key) ?? []), { for: rule.for, value }])
    }
  }
  return [...byName]
    .filter(([, given]) => new Set(given.map(({ value }) => value)).size > 1)
    .map(([name, given]) => ({ name, given }))
}
