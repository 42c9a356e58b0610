/**
 * The editor's gateway to GitHub: Decap's `git-gateway` backend sends its GitHub
 * API calls to /api/git/github/<path>; each is relayed to
 * {GitHub}/repos/{CMS_GITHUB_REPO}/<path> with the site's own GitHub credential
 * (internal/auth/github-credential.ts), never the editor's token.
 *
 * Refused, with nothing relayed: a request without a Bearer access token, with
 * one expired, forged, signed for another site or of a removed passkey (401);
 * a path outside internal/auth/gateway-paths.ts's list, which also keeps every
 * request inside the one repository (404); a method that path does not need
 * (405); Decap's "force merge" of a draft over newer changes to its files
 * (409, internal/auth/gateway-paths.ts). A commit is always authored by the
 * signed-in editor (their name and email replace whatever the request said). GitHub's status, JSON body,
 * Content-Type, Link and ETag come back unchanged.
 */
import type { Config } from "@netlify/functions"
import { githubTarget } from "../../internal/auth/github-credential.ts"
import {
  FORCE_MERGE_REFUSED,
  allowedMethods,
  gatewayVerdict,
  isDecapForceMerge,
} from "../../internal/auth/gateway-paths.ts"
import { authStore, readJson, refuse, settingsOrRefusal, signedInEditor } from "../../internal/auth/http.ts"
import { functionEnv } from "../../internal/function-env.ts"

export const GATEWAY_PREFIX = "/api/git/github/"

/** Decap uploads an image as a base64 blob: Netlify's limit for a function's request is 6 MB. */
const MAX_BODY_BYTES = 6 * 1024 * 1024
const GITHUB_TIMEOUT_MS = 20_000
const PASSED_BACK = ["Content-Type", "Link", "ETag", "X-RateLimit-Remaining", "X-RateLimit-Reset"]

export default async (request: Request): Promise<Response> => {
  const settings = settingsOrRefusal()
  if (settings instanceof Response) return settings
  const editor = await signedInEditor(request, settings, authStore())
  if (editor instanceof Response) return editor

  const url = new URL(request.url)
  // The raw path as sent (a ref's "%2F" kept), not a decoded one.
  const path = url.pathname.startsWith(GATEWAY_PREFIX) ? url.pathname.slice(GATEWAY_PREFIX.length) : ""
  const verdict = gatewayVerdict(request.method, path)
  if (verdict === "not-allowed") return refuse(404, "Not Found: the gateway does not relay this part of GitHub's API")
  if (verdict === "method-not-allowed") {
    return refuse(405, `method ${request.method} is not relayed here`, { Allow: allowedMethods(path).join(", ") })
  }
  const target = githubTarget(functionEnv)
  if (target instanceof Error) {
    console.error(`git-gateway: ${target.message}`)
    return refuse(503, target.message)
  }

  let body: string | undefined
  if (request.method !== "GET" && request.method !== "DELETE") {
    const parsed = await readJson(request, MAX_BODY_BYTES)
    if (!parsed) return refuse(400, "the request's body is not a JSON object within 6 MB")
    // A draft's files written over newer changes to them is refused (409); nothing is relayed.
    if (request.method === "POST" && path === "git/commits" && isDecapForceMerge(parsed)) {
      return refuse(409, FORCE_MERGE_REFUSED)
    }
    // Every commit names the editor who made it.
    if (request.method === "POST" && path === "git/commits") {
      parsed.author = { name: editor.name || editor.email, email: editor.email, date: new Date().toISOString() }
    }
    body = JSON.stringify(parsed)
  }

  let github: Response
  try {
    github = await fetch(`${target.api}/repos/${target.repo}/${path}${url.search}`, {
      method: request.method,
      body,
      headers: {
        Accept: request.headers.get("Accept") ?? "application/vnd.github+json",
        Authorization: `Bearer ${await target.token()}`,
        ...(body ? { "Content-Type": "application/json; charset=utf-8" } : {}),
        "User-Agent": "site-editor-gateway",
        "X-GitHub-Api-Version": "2022-11-28",
      },
      signal: AbortSignal.timeout(GITHUB_TIMEOUT_MS),
    })
  } catch (error) {
    console.error(`git-gateway: GitHub could not be reached (${error instanceof Error ? error.name : "error"})`)
    return refuse(502, "GitHub could not be reached: try again in a minute")
  }
  const headers = new Headers({ "Cache-Control": "no-store" })
  for (const name of PASSED_BACK) {
    const value = github.headers.get(name)
    if (value) headers.set(name, value)
  }
  return new Response(github.body, { status: github.status, headers })
}

export const config: Config = {
  path: "/api/git/github/*",
}
