/**
 * The editor's report of taps on the phone number: GET
 * CALL_REPORT_ENDPOINT?days=7|30|90 with `Authorization: Bearer <token>`, the
 * token the editor holds once signed in: the site's own access token (passkey
 * sign-in, internal/auth/), or with Decap's GitHub backend (CMS_BACKEND=github)
 * a GitHub token.
 *
 * The site's own token (a JWT) is checked as the gateway checks it: this site's,
 * unexpired, its passkey still registered; else 401. Any other token is a GitHub
 * token only when CMS_BACKEND is "github" (set for Functions as for Builds): with
 * the site's own sign-in it is 401 at once, and GitHub is never asked about a
 * string anyone may send. A GitHub token: GitHub is asked for the
 * editor's repository with that token, and the report is given only when the
 * answer says the token's user may push to it. No token, or one GitHub
 * refuses: 401. A user without push access (or who cannot see the repository):
 * 403. The repository is CMS_GITHUB_REPO, else REPOSITORY_URL's (as the
 * editor's own config, internal/cms/backend.ts), else the one the build wrote
 * down (CALL_TAPS_SITE_FILE): Netlify gives a function at run time neither of
 * the build's variables unless the owner sets CMS_GITHUB_REPO for Functions.
 * Netlify's rate limit caps one client at 30 reports a minute (429 beyond).
 *
 * 200: the CallReport of src/lib/call-tap.ts, counted by internal/call-taps.ts
 * from the keys of the store CALL_TAPS_STORE, never cached.
 */
import { getStore } from "@netlify/blobs"
import type { Config } from "@netlify/functions"
import { authStore, settingsOrRefusal, signedInEditor } from "../../internal/auth/http.ts"
import { editorBackend } from "../../internal/cms/backend"
import { readCallTapsSite } from "../../internal/call-taps-file"
import {
  CALL_TAPS_STORE,
  callReport,
  monthPrefixes,
  parseReportDays,
  reportDays,
  tapDay,
} from "../../internal/call-taps"
import { functionEnv as env } from "../../internal/function-env"

/** Overrides GitHub's API (the tests point it at a local stand-in). */
export const GITHUB_API_ENV = "GITHUB_API_URL"
export const GITHUB_API = "https://api.github.com"

// Netlify runs a synchronous function for 30 s at most: give up on GitHub well before.
const GITHUB_TIMEOUT_MS = 8_000

const answer = (status: number, message: string, headers?: HeadersInit): Response => {
  if (status >= 500) console.error(`call-report: ${message}`)
  return new Response(message, { status, headers: { "Cache-Control": "no-store", ...headers } })
}

/** The editor's repository, "owner/name", or undefined when neither the environment nor the build named one. */
function editorRepo(): string | undefined {
  const backend = editorBackend({ CMS_GITHUB_REPO: env("CMS_GITHUB_REPO"), REPOSITORY_URL: env("REPOSITORY_URL") }, "")
  if (backend.repoKnown) return backend.repo
  const site = readCallTapsSite(process.env)
  return site instanceof Error ? undefined : (site.repo ?? undefined)
}

/** Whether GitHub says the token's user may push to `repo`: a Response to send back when not. */
async function checkPush(token: string, repo: string): Promise<Response | undefined> {
  const api = (env(GITHUB_API_ENV)?.trim() || GITHUB_API).replace(/\/+$/, "")
  let github: Response
  try {
    github = await fetch(`${api}/repos/${repo}`, {
      headers: {
        Accept: "application/vnd.github+json",
        Authorization: `Bearer ${token}`,
        "User-Agent": "call-report",
        "X-GitHub-Api-Version": "2022-11-28",
      },
      signal: AbortSignal.timeout(GITHUB_TIMEOUT_MS),
    })
  } catch (error) {
    return answer(502, `GitHub could not be reached: ${error instanceof Error ? error.message : String(error)}`)
  }
  if (github.status === 401) {
    await github.body?.cancel()
    return answer(401, "GitHub does not accept this token: sign in again", { "WWW-Authenticate": "Bearer" })
  }
  // 403 (forbidden to this user) and 404 (a private repository this user cannot see) both mean: not an editor.
  if (github.status === 403 || github.status === 404) {
    await github.body?.cancel()
    return answer(403, `this GitHub user may not edit ${repo}`)
  }
  if (!github.ok) {
    await github.body?.cancel()
    return answer(502, `GitHub answered ${github.status} about ${repo}`)
  }
  const permissions = ((await github.json()) as { permissions?: { push?: unknown } } | null)?.permissions
  return permissions?.push === true ? undefined : answer(403, `this GitHub user may not push to ${repo}`)
}

/** The site's own access tokens are JWTs (three dot-separated parts); GitHub's tokens have no dot. */
const isSiteToken = (token: string): boolean => token.split(".").length === 3

/** Whether the editor signs in with GitHub (CMS_BACKEND=github), the only case a GitHub token is taken. */
const githubSignIn = (): boolean => env("CMS_BACKEND")?.trim() === "github"

export default async (request: Request): Promise<Response> => {
  if (request.method !== "GET") return answer(405, `method ${request.method} is not GET`, { Allow: "GET" })
  const token = /^Bearer ([\w.~+/-]+=*)$/.exec(request.headers.get("Authorization")?.trim() ?? "")?.[1]
  if (!token) return answer(401, "sign in to the editor: no token", { "WWW-Authenticate": "Bearer" })
  const days = parseReportDays(new URL(request.url).searchParams.get("days"))
  if (!days) return answer(400, "days must be 7, 30 or 90")

  if (isSiteToken(token)) {
    const settings = settingsOrRefusal()
    if (settings instanceof Response) return settings
    const editor = await signedInEditor(request, settings, authStore())
    if (editor instanceof Response) return editor
  } else if (!githubSignIn()) {
    return answer(401, "this is not the site's sign-in: sign in to the editor again", { "WWW-Authenticate": "Bearer" })
  } else {
    const repo = editorRepo()
    if (!repo) return answer(500, "the editor's repository is unknown: set CMS_GITHUB_REPO (owner/name) for Functions")
    const refused = await checkPush(token, repo)
    if (refused) return refused
  }

  const today = tapDay(Date.now())
  const store = getStore({ name: CALL_TAPS_STORE, consistency: "strong" })
  const keys: string[] = []
  try {
    for (const prefix of monthPrefixes(reportDays(today, days))) {
      for await (const page of store.list({ prefix, paginate: true })) keys.push(...page.blobs.map(({ key }) => key))
    }
  } catch (error) {
    return answer(500, `the store could not be listed: ${error instanceof Error ? error.message : String(error)}`)
  }
  return Response.json(callReport(keys, today, days), { headers: { "Cache-Control": "no-store" } })
}

// Netlify reads this object from the source without running it (zip-it-and-ship-it's parser): each value
// must be written out, as an imported name is not seen. The test checks `path` is CALL_REPORT_ENDPOINT.
export const config: Config = {
  path: "/api/call-report",
  method: "GET",
  // The Calls page asks once per window the editor picks; a burst beyond this is not an editor (Netlify answers 429).
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ["ip", "domain"] },
}
