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
 * (409, internal/auth/gateway-paths.ts); a move of a branch that changes anything
 * but content, or moves another branch than the live one and the drafts, or by
 * force (403, internal/auth/gateway-moves.ts: GitHub is read first, with the
 * site's credential, and nothing is relayed). A commit is always authored and
 * committed by the signed-in editor (their name and email replace whatever the
 * request said). GitHub's status, JSON body, Content-Type, Link and ETag come back unchanged.
 */
import type { Config } from "@netlify/functions"
import { githubTarget } from "../../internal/auth/github-credential.ts"
import {
  FORCE_MERGE_REFUSED,
  allowedMethods,
  gatewayVerdict,
  isDecapForceMerge,
} from "../../internal/auth/gateway-paths.ts"
import {
  JudgeUnavailable,
  judgeMove,
  moveOf,
  unforced,
  type RepositoryRead,
} from "../../internal/auth/gateway-moves.ts"
import { authStore, readJson, refuse, settingsOrRefusal, signedInEditor } from "../../internal/auth/http.ts"
import { contentFolders } from "../../internal/cms/content-folders.ts"
import { CONTENT_TYPES } from "../../internal/content/model.ts"
import { functionEnv } from "../../internal/function-env.ts"

export const GATEWAY_PREFIX = "/api/git/github/"

/** Decap uploads an image as a base64 blob: Netlify's limit for a function's request is 6 MB. */
const MAX_BODY_BYTES = 6 * 1024 * 1024
const GITHUB_TIMEOUT_MS = 20_000
const PASSED_BACK = ["Content-Type", "Link", "ETag", "X-RateLimit-Remaining", "X-RateLimit-Reset"]

/** What an editor may write, from the content model (as the editor's configuration reads it). */
const CONTENT_FOLDERS = contentFolders(CONTENT_TYPES)

const githubHeaders = (token: string): Record<string, string> => ({
  Authorization: `Bearer ${token}`,
  "User-Agent": "site-editor-gateway",
  "X-GitHub-Api-Version": "2022-11-28",
})

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
  let parsed: Record<string, unknown> | undefined
  if (request.method !== "GET" && request.method !== "DELETE") {
    parsed = await readJson(request, MAX_BODY_BYTES)
    if (!parsed) return refuse(400, "the request's body is not a JSON object within 6 MB")
    // A draft's files written over newer changes to them is refused (409); nothing is relayed.
    if (request.method === "POST" && path === "git/commits" && isDecapForceMerge(parsed)) {
      return refuse(409, FORCE_MERGE_REFUSED)
    }
    // Every commit names the editor who made it, as its author and as its committer.
    if (request.method === "POST" && path === "git/commits") {
      const who = { name: editor.name || editor.email, email: editor.email, date: new Date().toISOString() }
      parsed.author = who
      parsed.committer = who
    }
  }

  // A move of a branch is judged on what it changes before anything is relayed.
  const branches = { live: functionEnv("CMS_BRANCH")?.trim() || "main", repo: target.repo }
  const move = moveOf(request.method, path, parsed, branches)
  if (move && "status" in move) return refuse(move.status, move.message)
  if (move) {
    const token = await target.token()
    const read: RepositoryRead = async (part) => {
      const answer = await fetch(`${target.api}/repos/${target.repo}/${part}`, {
        headers: { Accept: "application/vnd.github+json", ...githubHeaders(token) },
        signal: AbortSignal.timeout(GITHUB_TIMEOUT_MS),
      })
      return { status: answer.status, json: answer.ok ? await answer.json() : await answer.body?.cancel() }
    }
    try {
      const refusal = await judgeMove(move, read, CONTENT_FOLDERS, branches)
      if (refusal) {
        console.log(`git-gateway: refused ${request.method} ${path}: ${refusal.message}`)
        return refuse(refusal.status, refusal.message)
      }
    } catch (error) {
      const why = error instanceof JudgeUnavailable ? error.message : error instanceof Error ? error.name : "error"
      console.error(`git-gateway: the change could not be checked (${why})`)
      return refuse(502, "GitHub could not be read to check the change: nothing was saved, try again in a minute")
    }
    if (move.kind === "ref" && parsed) parsed = unforced(parsed)
  }
  if (parsed) body = JSON.stringify(parsed)

  let github: Response
  try {
    github = await fetch(`${target.api}/repos/${target.repo}/${path}${url.search}`, {
      method: request.method,
      body,
      headers: {
        Accept: request.headers.get("Accept") ?? "application/vnd.github+json",
        ...githubHeaders(await target.token()),
        ...(body ? { "Content-Type": "application/json; charset=utf-8" } : {}),
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
