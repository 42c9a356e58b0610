/**
 * What a request to the gateway would do to the repository's branches, and whether
 * the gateway lets it: an editor's sign-in changes the content and nothing else.
 *
 * A request that moves a branch (a ref created, updated or deleted, a pull request
 * opened, changed or merged, a merge) is relayed only when
 *   - the branch is the live branch (CMS_BRANCH) or a draft (`cms/…`); a ref is created
 *     and deleted only for a draft; a pull request goes from a draft of this same
 *     repository into the live branch; nothing is ever moved by force, and
 *   - every file the move changes is content (internal/cms/content-folders.ts): GitHub is
 *     asked for the merge base of the branch and the new commit (compare), and the two
 *     trees, whole, are set side by side, so every path counts, added, changed or removed,
 *     and a rename by both its names, with its mode (a symlink, a submodule or an
 *     executable is not content). A tree GitHub truncated cannot be read whole: refused.
 * A move the gateway lets through is relayed as it was asked for, and GitHub gives its
 * own answer (a move that is not a fast-forward: 422 "Update is not a fast forward", on
 * which the page for today makes its change again on the new head).
 */
import { notContent, type ContentFolder } from "../cms/content-folders.ts"

/** Decap's drafts: one branch per entry, `cms/{collection}/{slug}` (decap-cms-lib-util's CMS_BRANCH_PREFIX). */
export const DRAFT_PREFIX = "cms/"

export const isDraft = (branch: string): boolean =>
  branch.startsWith(DRAFT_PREFIX) && branch.length > DRAFT_PREFIX.length

export interface Branches {
  /** The branch the live site is built from (CMS_BRANCH, "main" unless set). */
  live: string
  /** The repository, "owner/name". */
  repo: string
}

/** What a request moves. `new` is what the branch would point at: a commit's sha or a branch's name. */
export type Move =
  /** `forced`: a draft's save Decap asked to force (relayed without force, see unforced). */
  | { kind: "ref"; branch: string; to: string; create: boolean; forced?: boolean }
  | { kind: "delete"; branch: string }
  | { kind: "pull"; number?: number }
  | { kind: "merge"; base: string; head: string }

/** The gateway's refusal: a status and a sentence that Decap and the page for today show as they are. */
export interface MoveRefused {
  status: 403 | 409
  message: string
}

const refused = (message: string): MoveRefused => ({ status: 403, message: `${message} Nothing was changed.` })

const EDITOR_BRANCHES = "an editor saves only to the live branch and to drafts"

const text = (value: unknown): string => (typeof value === "string" ? value : "")

/** A branch named in a request's path (still percent-encoded, as Decap sends `cms%2F…`). */
const branchOfPath = (encoded: string): string => decodeURIComponent(encoded)

/**
 * The move a request makes (undefined when it moves no branch: a read, a blob, a tree, a
 * commit object, a label), or why it is refused before anything is read. `body` is the
 * request's parsed JSON; a forced update is refused here, so the request is relayed as sent.
 */
export function moveOf(
  method: string,
  path: string,
  body: Record<string, unknown> | undefined,
  branches: Branches,
): Move | MoveRefused | undefined {
  const input = body ?? {}
  const ref = /^git\/refs\/heads\/(.+)$/.exec(path)
  if (ref && (method === "PATCH" || method === "DELETE")) {
    const branch = branchOfPath(ref[1])
    if (method === "DELETE") {
      return isDraft(branch) ? { kind: "delete", branch } : refused(`Only a draft can be deleted, not ${branch}.`)
    }
    if (branch !== branches.live && !isDraft(branch)) return refused(`${EDITOR_BRANCHES}, not to ${branch}.`)
    // Decap asks for force on every save of a draft after its first (it rebases the draft first); the
    // gateway relays that save without it (see unforced), and refuses force on the live branch outright.
    if (branch === branches.live && input.force !== undefined && input.force !== false) {
      return refused(`The live branch is never moved by force: ${branch} keeps every change made to it.`)
    }
    const forced = isDraft(branch) && input.force !== undefined && input.force !== false
    return { kind: "ref", branch, to: text(input.sha), create: false, ...(forced ? { forced } : {}) }
  }
  if (method === "POST" && path === "git/refs") {
    const name = /^refs\/heads\/(.+)$/.exec(text(input.ref))?.[1]
    if (!name || !isDraft(name))
      return refused(`Only a draft's branch (${DRAFT_PREFIX}…) can be made, not ${text(input.ref) || "this one"}.`)
    return { kind: "ref", branch: name, to: text(input.sha), create: true }
  }
  if (method === "POST" && path === "pulls") {
    const [owner, branch] = text(input.head).includes(":")
      ? text(input.head).split(/:(.*)/s)
      : [undefined, text(input.head)]
    const ownRepo = branches.repo.split("/")[0].toLowerCase()
    if (
      (owner !== undefined && owner.toLowerCase() !== ownRepo) ||
      (input.head_repo !== undefined && text(input.head_repo).toLowerCase() !== branches.repo.toLowerCase())
    ) {
      return refused("A pull request comes from a draft of this repository only.")
    }
    if (!isDraft(branch))
      return refused(`A pull request comes from a draft (${DRAFT_PREFIX}…) only, not from ${branch || "nothing"}.`)
    if (text(input.base) !== branches.live) return refused(`A draft goes into the live branch (${branches.live}) only.`)
    return { kind: "merge", base: branches.live, head: branch }
  }
  const pull = /^pulls\/(\d+)(\/merge)?$/.exec(path)
  if (pull && ((method === "PATCH" && !pull[2]) || (method === "PUT" && pull[2]))) {
    if (input.base !== undefined && input.base !== branches.live) {
      return refused(`A draft goes into the live branch (${branches.live}) only.`)
    }
    return { kind: "pull", number: Number(pull[1]) }
  }
  if (method === "POST" && path === "merges") {
    const base = text(input.base)
    if (base !== branches.live && !isDraft(base)) return refused(`${EDITOR_BRANCHES}, not to ${base || "nothing"}.`)
    return { kind: "merge", base, head: text(input.head) }
  }
  return undefined
}

/**
 * The body of a ref's update as relayed: never forced. A draft's save that is a fast-forward (the
 * draft was made from the live branch's current head) goes through as Decap asked; one that would
 * rewrite the draft's history gets GitHub's 422 "Update is not a fast forward", as any move does.
 */
export const unforced = (body: Record<string, unknown>): Record<string, unknown> => ({ ...body, force: false })

/** A blob or submodule of a tree as GitHub lists it (git/trees/{sha}?recursive=1). */
interface TreeEntry {
  path: string
  mode: string
  type: string
  sha: string
}

interface Tree {
  tree: TreeEntry[]
  truncated: boolean
}

/** A path a move changes: its entry before (at the merge base) and after (in the new commit). */
export interface FileChange {
  path: string
  before?: { mode: string; sha: string }
  after?: { mode: string; sha: string }
}

/** Every file (blob, or submodule) whose mode or content differs between two trees, in path order. */
export function changedFiles(before: readonly TreeEntry[], after: readonly TreeEntry[]): FileChange[] {
  const files = (tree: readonly TreeEntry[]) =>
    new Map(tree.filter(({ type }) => type !== "tree").map(({ path, mode, sha }) => [path, { mode, sha }]))
  const [old, updated] = [files(before), files(after)]
  return [...new Set([...old.keys(), ...updated.keys()])]
    .sort()
    .map((path) => ({ path, before: old.get(path), after: updated.get(path) }))
    .filter(({ before: a, after: b }) => a?.mode !== b?.mode || a?.sha !== b?.sha)
}

/** Why each change is not content (none when every one is): a file added or changed by what it becomes, a removed one by its path. */
export function nonContentChanges(folders: readonly ContentFolder[], changes: readonly FileChange[]): string[] {
  return changes.flatMap(({ path, after }) => notContent(folders, path, after?.mode) ?? [])
}

/** The refusal of a move that changes more than content, naming the first files. */
export function notContentRefusal(folders: readonly ContentFolder[], reasons: readonly string[]): MoveRefused {
  const allowed = folders.map(({ folder, holds }) => `${holds} in ${folder}/`).join(", ")
  const named = reasons.slice(0, 3).join("; ")
  const more = reasons.length > 3 ? ` (and ${reasons.length - 3} more)` : ""
  return refused(`An editor changes the site's content only (${allowed}): here ${named}${more}.`)
}

/** A GET of the repository's API with the site's own credential (path relative to /repos/{owner}/{name}/). */
export type RepositoryRead = (path: string) => Promise<{ status: number; json: unknown }>

/** GitHub could not be read to judge a move (not a refusal of the editor's: try again). */
export class JudgeUnavailable extends Error {}

const encodeBranch = (branch: string): string => branch.split("/").map(encodeURIComponent).join("/")

/** A branch's head, or undefined when there is no such branch. */
async function headOf(read: RepositoryRead, branch: string): Promise<string | undefined> {
  const { status, json } = await read(`git/ref/heads/${encodeBranch(branch)}`)
  if (status === 404) return undefined
  const sha = (json as { object?: { sha?: unknown } } | null)?.object?.sha
  if (status !== 200 || typeof sha !== "string") throw new JudgeUnavailable(`reading ${branch}: ${status}`)
  return sha
}

async function treeOf(read: RepositoryRead, commit: string): Promise<Tree | undefined> {
  const { status, json } = await read(`git/trees/${commit}?recursive=1`)
  if (status === 404 || status === 422) return undefined
  if (status !== 200 || !Array.isArray((json as Tree | null)?.tree))
    throw new JudgeUnavailable(`reading a tree: ${status}`)
  return json as Tree
}

const SHA = /^[0-9a-f]{40}$/

/**
 * Whether moving a branch at `base` to `head` (each a commit's sha) changes content only: the
 * files from their merge base to `head`, which is what the move (or the merge) brings in.
 */
async function judgeRange(
  read: RepositoryRead,
  folders: readonly ContentFolder[],
  base: string,
  head: string,
): Promise<MoveRefused | { mergeBase: string }> {
  if (!SHA.test(base) || !SHA.test(head)) return refused("The change names no commit that can be checked.")
  const compared = await read(`compare/${base}...${head}`)
  const mergeBase = (compared.json as { merge_base_commit?: { sha?: unknown } } | null)?.merge_base_commit?.sha
  if (compared.status === 404 || (compared.status === 200 && typeof mergeBase !== "string")) {
    return refused("The change shares no history with the branch it would move.")
  }
  if (compared.status !== 200 || typeof mergeBase !== "string") {
    throw new JudgeUnavailable(`comparing: ${compared.status}`)
  }
  const [before, after] = await Promise.all([treeOf(read, mergeBase), treeOf(read, head)])
  if (!before || !after) return refused("The change names a commit GitHub does not have.")
  if (before.truncated || after.truncated)
    return refused("The change is too large for GitHub to list whole, so it cannot be checked.")
  const reasons = nonContentChanges(folders, changedFiles(before.tree, after.tree))
  return reasons.length ? notContentRefusal(folders, reasons) : { mergeBase }
}

const verdict = (judged: MoveRefused | { mergeBase: string }): MoveRefused | undefined =>
  "status" in judged ? judged : undefined

/**
 * Decap saves a draft again after rebasing it onto the live branch, a rewrite it asks to force. Never
 * forced, that save cannot be made once the live branch has moved since the draft was saved: said
 * in words the owner can act on rather than as GitHub's "Update is not a fast forward".
 */
const DRAFT_BEHIND: MoveRefused = {
  status: 409,
  message:
    "This draft was saved before the latest change to the live site, and a draft is never rewritten. Nothing was changed: publish the draft as it is and edit it again once live, or delete it in the Workflow tab and make the change again.",
}

interface PullSide {
  ref?: unknown
  sha?: unknown
  repo?: { full_name?: unknown } | null
}

/**
 * Reads what the move would change and refuses it unless every file is content. Undefined: relay
 * it, and GitHub answers (also when it names a branch or a commit GitHub does not have: GitHub then
 * refuses it itself). Throws JudgeUnavailable when GitHub could not be read.
 */
export async function judgeMove(
  move: Move,
  read: RepositoryRead,
  folders: readonly ContentFolder[],
  branches: Branches,
): Promise<MoveRefused | undefined> {
  switch (move.kind) {
    case "delete":
      return undefined
    case "ref": {
      // An update is judged against the branch's head; a new draft against the live branch it starts from.
      const base = await headOf(read, move.create ? branches.live : move.branch)
      if (base === undefined)
        return move.create ? refused(`The live branch ${branches.live} was not found.`) : undefined
      const judged = await judgeRange(read, folders, base, move.to)
      if ("status" in judged) return judged
      return move.forced && judged.mergeBase !== base ? DRAFT_BEHIND : undefined
    }
    case "merge": {
      const base = await headOf(read, move.base)
      if (base === undefined) return undefined
      const head = SHA.test(move.head) ? move.head : await headOf(read, move.head)
      if (head === undefined) return undefined
      return verdict(await judgeRange(read, folders, base, head))
    }
    case "pull": {
      const { status, json } = await read(`pulls/${move.number}`)
      if (status === 404) return undefined
      const pull = json as { head?: PullSide; base?: PullSide } | null
      if (status !== 200 || !pull?.head || !pull.base) throw new JudgeUnavailable(`reading a pull request: ${status}`)
      const from = text(pull.head.repo?.full_name).toLowerCase()
      if (from !== branches.repo.toLowerCase() || !isDraft(text(pull.head.ref))) {
        return refused("A pull request comes from a draft of this repository only.")
      }
      if (pull.base.ref !== branches.live) return refused(`A draft goes into the live branch (${branches.live}) only.`)
      const base = await headOf(read, branches.live)
      if (base === undefined) return undefined
      return verdict(await judgeRange(read, folders, base, text(pull.head.sha)))
    }
  }
}
