/**
 * The last failed production build, for the owner's page for today: GET
 * /api/today/build-failure with the signed-in editor's Bearer token (checked as
 * the gateway checks it; else 401). 200 `{ "failure": BuildFailure | null }`
 * (internal/today/build-failures.ts), never cached: null once a production build
 * has succeeded since.
 */
import { getStore } from "@netlify/blobs"
import type { Config } from "@netlify/functions"
import { authStore, json, settingsOrRefusal, signedInEditor } from "../../internal/auth/http.ts"
import { BUILD_FAILURES_STORE, LAST_FAILURE_KEY, isBuildFailure } from "../../internal/today/build-failures.ts"

export default async (request: Request): Promise<Response> => {
  const settings = settingsOrRefusal()
  if (settings instanceof Response) return settings
  const editor = await signedInEditor(request, settings, authStore())
  if (editor instanceof Response) return editor
  const stored: unknown = await getStore({ name: BUILD_FAILURES_STORE, consistency: "strong" }).get(LAST_FAILURE_KEY, {
    type: "json",
  })
  return json(200, { failure: isBuildFailure(stored) ? stored : null })
}

export const config: Config = {
  // A literal: Netlify reads the config without running the module (BUILD_FAILURE_PATH of src/lib/today-actions.ts).
  path: "/api/today/build-failure",
  method: "GET",
}
