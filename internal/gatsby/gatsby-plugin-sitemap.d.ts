/**
 * The plugin's own page filter (node_modules/gatsby-plugin-sitemap/internals.js),
 * which its onPostBuild applies to what `resolvePages` returns: its default
 * excludes (/404, /404.html, /dev-404-page, …) and the `excludes` option, each
 * a minimatch pattern. ./sitemap-options.ts applies it first, so the lastmod
 * state holds exactly the pages the plugin lists.
 */
declare module "gatsby-plugin-sitemap/internals" {
  interface FilterTools {
    minimatch: (path: string, pattern: string) => boolean
    withoutTrailingSlash: (path: string) => string
    resolvePagePath: (page: { path: string }) => string
  }
  export function defaultFilterPages(page: { path: string }, excludedRoute: unknown, tools: FilterTools): boolean
  export function pageFilter<Page extends { path: string }>(args: {
    allPages: Page[]
    filterPages: typeof defaultFilterPages
    excludes: readonly unknown[]
  }): { filteredPages: Page[]; messages: string[] }
}
