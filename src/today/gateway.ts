import { BranchMovingError, GitStepError, type GitRelay } from "../lib/commit-to-branch"
import { RefusedChange, type FieldProblem } from "../lib/today-edits"
import { USER_KEY } from "./sign-in"

/**
 * The page's way to the repository: the site's own gateway (netlify/functions/git-gateway.mts),
 * with the token Decap keeps for the signed-in editor. The gateway names the editor as each
 * commit's author and refuses a token it did not issue.
 */

const GATEWAY = "/api/git/github/"

/** When a token of the site's sign-in ends (its `exp`, in ms), read without checking it: the gateway checks. */
function tokenEnds(token: string): number {
  try {
    const claims = JSON.parse(atob(token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/"))) as { exp?: unknown }
    return typeof claims.exp === "number" ? claims.exp * 1000 : 0
  } catch {
    return 0
  }
}

/** The token of an editor signed in through the site's own sign-in, not yet ended at `now`, or undefined. */
export function signedInToken(storage: Pick<Storage, "getItem">, now: number): string | undefined {
  try {
    const user = JSON.parse(storage.getItem(USER_KEY) ?? "null") as { backendName?: unknown; token?: unknown } | null
    const token = user?.backendName === "git-gateway" && typeof user.token === "string" ? user.token : ""
    return token && tokenEnds(token) > now ? token : undefined
  } catch {
    return undefined
  }
}

/** Sends the repository's API calls through the gateway with `token`. */
export const gatewayRelay =
  (token: string): GitRelay =>
  (method, path, body) =>
    fetch(GATEWAY + path, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
    })

/** Why nothing was saved, in the owner's words: a sentence, or the fields the file as it is now refuses. */
export type SaveFailure = { signedOut: boolean; text: string; problems: FieldProblem[] }

export function saveFailure(error: unknown): SaveFailure {
  const failure = (text: string, signedOut = false): SaveFailure => ({ signedOut, text, problems: [] })
  if (error instanceof RefusedChange) {
    return {
      signedOut: false,
      text: "Nothing was saved: the site as it is now refuses this.",
      problems: error.problems,
    }
  }
  if (error instanceof BranchMovingError) {
    return failure("Nothing was saved: other changes kept arriving at the same moment. Try again.")
  }
  if (error instanceof GitStepError) {
    if (error.status === 401) return failure("Nothing was saved: your sign-in has ended. Sign in again.", true)
    if (error.status === 502 || error.status === 504) {
      return failure("Nothing was saved: GitHub could not be reached. Try again in a minute.")
    }
    return failure(`Nothing was saved: ${error.step} was refused (${error.status}). Try again, or use the editor.`)
  }
  // fetch itself failed: no connection.
  return failure("Nothing was saved: the phone could not reach the site. Try again when it has a connection.")
}
