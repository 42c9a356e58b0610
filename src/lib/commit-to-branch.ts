/**
 * One file changed by one commit straight onto a branch, through GitHub's git
 * data API (the calls the site's gateway relays: a ref, a commit, a file's
 * contents, then a blob, a tree, a commit and the ref moved on). The change is a
 * function of the file's text as it is on the branch's head: when another commit
 * lands between reading and moving the ref (two phones saving at once), GitHub
 * refuses the move as not a fast-forward, and the change is made again on the new
 * head, so both are kept and neither is overwritten.
 */

/** Sends one request to the repository's API; `path` is relative to /repos/{owner}/{name}/. */
export type GitRelay = (method: "GET" | "POST" | "PATCH", path: string, body?: unknown) => Promise<Response>

export interface FileChange {
  branch: string
  /** The file's path in the repository, e.g. data/notice.json. */
  path: string
  message: string
  /** The file's new text from its text on the branch's head; throws to give up (nothing is committed). */
  change: (current: string) => string
  /** How many heads to try the change on before giving up; 4 unless given. */
  attempts?: number
}

export interface CommittedChange {
  /** The new commit, now the branch's head. */
  commit: string
  /** The file's text in that commit. */
  text: string
  /** On how many heads the change was made (more than 1 when another commit came first). */
  attempts: number
}

/** A request of the commit's was answered with an error (after `step`: what it was for). */
export class GitStepError extends Error {
  constructor(
    readonly step: string,
    readonly status: number,
    message: string,
  ) {
    super(`${step}: ${status} ${message}`.trim())
    this.name = "GitStepError"
  }
}

/** Every other head was taken first: the change was never made. */
export class BranchMovingError extends Error {
  constructor(
    readonly branch: string,
    readonly attempts: number,
  ) {
    super(`${branch} moved on each of ${attempts} attempts`)
    this.name = "BranchMovingError"
  }
}

const encodePath = (path: string): string => path.split("/").map(encodeURIComponent).join("/")

/** Base64 (with the line breaks GitHub puts in it) to UTF-8 text. */
const fromBase64 = (value: string): string =>
  new TextDecoder().decode(Uint8Array.from(atob(value.replace(/\s/g, "")), (char) => char.charCodeAt(0)))

/** The error a refused request stands for, its `message` read from GitHub's JSON when there is one. */
async function refusal(step: string, response: Response): Promise<GitStepError> {
  let message = ""
  try {
    const answer = (await response.json()) as { message?: unknown }
    if (typeof answer?.message === "string") message = answer.message
  } catch {
    // Not JSON: the status says enough.
  }
  return new GitStepError(step, response.status, message)
}

async function call<T>(relay: GitRelay, step: string, method: "GET" | "POST" | "PATCH", path: string, body?: unknown) {
  const response = await relay(method, path, body)
  if (!response.ok) throw await refusal(step, response)
  return (await response.json()) as T
}

/** Makes `change` on the branch's head and moves the branch onto it; again on the new head when another commit came first. */
export async function commitToBranch(relay: GitRelay, file: FileChange): Promise<CommittedChange> {
  const attempts = file.attempts ?? 4
  const ref = `git/refs/heads/${encodePath(file.branch)}`
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    const head = (await call<{ object: { sha: string } }>(relay, "reading the branch", "GET", ref)).object.sha
    const { tree } = await call<{ tree: { sha: string } }>(relay, "reading its head", "GET", `git/commits/${head}`)
    const current = await call<{ content: string; encoding: string }>(
      relay,
      `reading ${file.path}`,
      "GET",
      `contents/${encodePath(file.path)}?ref=${head}`,
    )
    const text = file.change(current.encoding === "base64" ? fromBase64(current.content) : current.content)
    const blob = await call<{ sha: string }>(relay, "saving the file", "POST", "git/blobs", {
      content: text,
      encoding: "utf-8",
    })
    const newTree = await call<{ sha: string }>(relay, "saving the file", "POST", "git/trees", {
      base_tree: tree.sha,
      tree: [{ path: file.path, mode: "100644", type: "blob", sha: blob.sha }],
    })
    const commit = await call<{ sha: string }>(relay, "saving the commit", "POST", "git/commits", {
      message: file.message,
      tree: newTree.sha,
      parents: [head],
    })
    const moved = await relay("PATCH", ref, { sha: commit.sha, force: false })
    if (moved.ok) return { commit: commit.sha, text, attempts: attempt }
    // 422: the branch is no longer at `head` (another commit came first). Anything else ends it.
    if (moved.status !== 422) throw await refusal("moving the branch", moved)
  }
  throw new BranchMovingError(file.branch, attempts)
}
