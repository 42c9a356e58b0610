export interface HeaderRule {
  for: string
  forRegExp: RegExp
  values: Record<string, string>
}
export type Reading = "last" | "joined"
export declare const READINGS: readonly Reading[]
export declare const NETLIFY_DEFAULT_CACHE_CONTROL: string
/** Every header rule of a project (its netlify.toml and public/_headers), in Netlify's order; throws on a rule Netlify would refuse. */
export declare function loadHeaderRules(projectDir: string): Promise<HeaderRule[]>
/** The rules whose pattern matches a URL path. */
export declare function rulesFor(rules: readonly HeaderRule[], urlPath: string): HeaderRule[]
/** The headers of a URL path, names in lower case, in one reading; Cache-Control falls back to Netlify's default. */
export declare function headersForPath(
  rules: readonly HeaderRule[],
  urlPath: string,
  reading?: Reading,
): Record<string, string>
/** For a URL path, each header name that two or more matching rules give different values. */
export declare function conflictingHeaders(
  rules: readonly HeaderRule[],
  urlPath: string,
): Array<{ name: string; given: Array<{ for: string; value: string }> }>
