import { expect, type Page, type Response } from "@playwright/test"
import { ROOT } from "../../scripts/project-copy.cjs"
import { headersForPath, loadHeaderRules } from "../../scripts/netlify-headers.mjs"

// What a page is served with and what its policy refuses: shared by the site's specs and the editor's.

declare global {
  interface Window {
    __cspViolations: string[]
  }
}

/** What Netlify sends for a path of the built site: the rules of netlify.toml and public/_headers, read by Netlify's parser. */
export async function netlifyHeaders(urlPath: string): Promise<Record<string, string>> {
  return headersForPath(await loadHeaderRules(ROOT), urlPath)
}

/** The response carries every header Netlify sends for the path. */
export async function expectNetlifyHeaders(response: Response | null, route: string) {
  const expected = await netlifyHeaders(route)
  expect(Object.keys(expected)).toContain("x-frame-options")
  const headers = response?.headers() ?? {}
  for (const [header, value] of Object.entries(expected))
    expect.soft([header, headers[header]]).toEqual([header, value])
}

/** From the page's first script on, keeps what its Content-Security-Policy refused (read with cspViolations). */
export async function watchCspViolations(page: Page) {
  await page.addInitScript(() => {
    window.__cspViolations = []
    document.addEventListener("securitypolicyviolation", (event) => {
      window.__cspViolations.push(`${event.violatedDirective} blocked ${event.blockedURI}`)
    })
  })
}

/** What the page's policy has refused since watchCspViolations, "{directive} blocked {uri}". */
export const cspViolations = (page: Page) => page.evaluate(() => window.__cspViolations)
