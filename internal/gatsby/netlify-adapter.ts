import createNetlifyAdapter from "gatsby-adapter-netlify"
import type { IAdapter } from "gatsby"
import { editorBackend } from "../cms/backend"
import { siteHeaderRules } from "../headers"

/**
 * Gatsby's Netlify adapter, in every build (not only on Netlify, where Gatsby
 * would install it by itself), so public/_headers and public/_redirects here are
 * what Netlify serves. It writes our header rules (internal/headers.ts) instead
 * of Gatsby's defaults: Gatsby's `headers` option cannot replace those, it only
 * adds rules per file that contradict the adapter's `/*` rule. The editor's
 * policy depends on how it signs in (CMS_BACKEND), read as the editor's own
 * config.yml reads it.
 */
export function netlifyAdapter(): IAdapter {
  const netlify = createNetlifyAdapter()
  return {
    ...netlify,
    adapt(context) {
      return netlify.adapt({
        ...context,
        headerRoutes: siteHeaderRules(context.routesManifest, editorBackend(process.env, "").signIn),
      })
    },
  }
}
