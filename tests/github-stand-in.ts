import { createHash } from "node:crypto"
import http from "node:http"
import type { AddressInfo } from "node:net"

/**
 * A local, in-memory stand-in for GitHub's REST API (v3) for one repository: what Decap's `git-gateway`
 * backend (Decap's GitHub API class) calls under `publish_mode: editorial_workflow`, as our gateway relays it
 * to `${url}/repos/{owner}/{name}/…`. Git objects are real: blobs, trees and commits are content-addressed
 * with git's own SHA-1, so a sha is what git would give. Every request is recorded, and the repository can
 * be read back (a file on a branch, a branch's commits, the pull requests) to assert what got committed.
 *
 * Responses keep the fields Decap reads (decap-cms-backend-github's API.js, git-gateway's GitHubAPI.js):
 * `_links.self` in GitHub's `…/repos/{owner}/…` form, compare's `base_commit`, `commits` and `files[].patch`,
 * pulls' `head.repo.fork`, `labels[].name`, and GitHub's error `message`s Decap branches on ("Reference
 * already exists", "Reference does not exist", "Bad credentials", a 405 on a merge that cannot be made).
 */

export interface RecordedRequest {
  method: string
  /** The path as received, still percent-encoded (a ref's `%2F` kept). */
  path: string
  /** The query string as received, without its `?` ("" when none). */
  query: string
  authorization: string | null
  userAgent: string | null
  /** The JSON body parsed, the text when it is not JSON, null when empty. */
  body: unknown
}

export interface StandInCommit {
  sha: string
  message: string
  author: { name: string; email: string; date?: string }
  committer?: { name: string; email: string }
  parents: string[]
  tree: string
}

export interface StandInPull {
  number: number
  head: string
  base: string
  state: "open" | "closed"
  merged: boolean
  labels: string[]
  title: string
}

export interface GitHubStandIn {
  /** API root, e.g. http://127.0.0.1:PORT (no trailing slash). */
  url: string
  /** Every request received, in order. */
  requests: RecordedRequest[]
  /** A file's text on a branch's head. */
  file(branch: string, path: string): string | undefined
  /** A branch's commits, newest first, following first parents. */
  commits(branch: string): StandInCommit[]
  branches(): string[]
  pulls(): StandInPull[]
  stop(): Promise<void>
}

export interface GitHubStandInOptions {
  /** "owner/name" */
  repo: string
  /** The default branch, "main" unless given. */
  branch?: string
  /** path -> UTF-8 text, committed as the default branch's first commit. */
  files: Record<string, string>
  /** When set, any other credential is answered 401 {"message":"Bad credentials"}. */
  token?: string
}

/** Who the API's own commits (the first commit, merges) are by: the token's user. */
const API_IDENTITY = { name: "GitHub stand-in", email: "stand-in@example.com" }
const REPO_ID = 4040
const BLOB_MODE = "100644"
const TREE_MODE = "040000"

interface Person {
  name: string
  email: string
  date: string
}
interface CommitObject {
  tree: string
  parents: string[]
  message: string
  author: Person
  committer: Person
  /** Creation order: breaks ties between commits made in the same second. */
  seq: number
}
interface TreeEntry {
  mode: string
  type: "blob" | "tree"
  name: string
  sha: string
}
/** A tree flattened: every blob's path -> its mode and sha. */
type Flat = Map<string, { mode: string; sha: string }>
interface Pull {
  number: number
  title: string
  body: string | null
  head: string
  headSha: string
  base: string
  state: "open" | "closed"
  labels: string[]
  createdAt: string
  updatedAt: string
  closedAt: string | null
  mergedAt: string | null
  mergeCommitSha: string | null
}
type Json = unknown
interface Reply {
  status: number
  body?: Json
  headers?: Record<string, string>
  /** A body sent as is (the raw media type of contents). */
  text?: string
}

class HttpError extends Error {
  readonly status: number
  readonly extra: Record<string, unknown>
  constructor(status: number, message: string, extra: Record<string, unknown> = {}) {
    super(message)
    this.status = status
    this.extra = extra
  }
}

const notFound = (message = "Not Found") => new HttpError(404, message)
const unprocessable = (message: string, extra: Record<string, unknown> = {}) => new HttpError(422, message, extra)
const validationFailed = (...errors: Record<string, unknown>[]) =>
  unprocessable("Validation Failed", { errors: errors.map((error) => ({ resource: "PullRequest", ...error })) })

/** GitHub's timestamps: ISO 8601 to the second. */
const isoSeconds = (date: Date | string = new Date()) => new Date(date).toISOString().replace(/\.\d{3}Z$/, "Z")
const isSha = (text: string) => /^[0-9a-f]{40}$/.test(text)
const hashObject = (type: string, content: Buffer) =>
  createHash("sha1").update(`${type} ${content.length}\0`).update(content).digest("hex")
/** GitHub wraps base64 content at 60 characters, as Decap's Base64.decode tolerates. */
const wrappedBase64 = (content: Buffer) => (content.toString("base64").match(/.{1,60}/g) ?? [""]).join("\n") + "\n"
const isText = (content: Buffer) => !content.includes(0) && Buffer.from(content.toString("utf8")).equals(content)
const lines = (text: string) => (text === "" ? [] : text.replace(/\n$/, "").split("\n"))
const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
const nodeId = (kind: string, key: string | number) => Buffer.from(`${kind}:${key}`).toString("base64url")

/** A unified diff of two texts as GitHub's `patch`: one hunk around what changed, three lines of context. */
function unifiedPatch(before: string, after: string): { patch: string; additions: number; deletions: number } {
  const old = lines(before)
  const now = lines(after)
  let prefix = 0
  while (prefix < old.length && prefix < now.length && old[prefix] === now[prefix]) prefix++
  let suffix = 0
  while (
    suffix < old.length - prefix &&
    suffix < now.length - prefix &&
    old[old.length - 1 - suffix] === now[now.length - 1 - suffix]
  )
    suffix++
  const removed = old.slice(prefix, old.length - suffix)
  const added = now.slice(prefix, now.length - suffix)
  const before3 = Math.min(3, prefix)
  const after3 = Math.min(3, suffix)
  const range = (count: number) => `${count ? prefix - before3 + 1 : prefix - before3},${count}`
  const oldCount = before3 + removed.length + after3
  const newCount = before3 + added.length + after3
  const body = [
    ...old.slice(prefix - before3, prefix).map((line) => ` ${line}`),
    ...removed.map((line) => `-${line}`),
    ...added.map((line) => `+${line}`),
    ...old.slice(old.length - suffix, old.length - suffix + after3).map((line) => ` ${line}`),
  ]
  return {
    patch: [`@@ -${range(oldCount)} +${range(newCount)} @@`, ...body].join("\n"),
    additions: added.length,
    deletions: removed.length,
  }
}

/** The repository: objects, refs and pull requests, and GitHub's JSON for them. */
class Repository {
  readonly blobs = new Map<string, Buffer>()
  readonly trees = new Map<string, TreeEntry[]>()
  readonly commitObjects = new Map<string, CommitObject>()
  /** "refs/heads/main" -> commit sha */
  readonly refs = new Map<string, string>()
  readonly pullRequests: Pull[] = []
  private seq = 0
  api = ""

  readonly owner: string
  readonly name: string
  readonly defaultBranch: string

  constructor(owner: string, name: string, defaultBranch: string) {
    this.owner = owner
    this.name = name
    this.defaultBranch = defaultBranch
  }

  get repoApi() {
    return `${this.api}/repos/${this.owner}/${this.name}`
  }
  get htmlRoot() {
    return `${this.api}/html/${this.owner}/${this.name}`
  }

  // Objects.

  writeBlob(content: Buffer): string {
    const sha = hashObject("blob", content)
    this.blobs.set(sha, content)
    return sha
  }

  writeTree(entries: TreeEntry[]): string {
    const key = (entry: TreeEntry) => (entry.type === "tree" ? `${entry.name}/` : entry.name)
    const sorted = [...entries].sort((a, b) => Buffer.compare(Buffer.from(key(a)), Buffer.from(key(b))))
    const content = Buffer.concat(
      sorted.map((entry) =>
        Buffer.concat([
          Buffer.from(`${entry.type === "tree" ? "40000" : entry.mode} ${entry.name}\0`),
          Buffer.from(entry.sha, "hex"),
        ]),
      ),
    )
    const sha = hashObject("tree", content)
    this.trees.set(sha, sorted)
    return sha
  }

  writeCommit(commit: Omit<CommitObject, "seq">): string {
    const signature = (person: Person) =>
      `${person.name} <${person.email}> ${Math.floor(new Date(person.date).getTime() / 1000)} +0000`
    const text = [
      `tree ${commit.tree}`,
      ...commit.parents.map((parent) => `parent ${parent}`),
      `author ${signature(commit.author)}`,
      `committer ${signature(commit.committer)}`,
      "",
      commit.message,
    ].join("\n")
    const sha = hashObject("commit", Buffer.from(text))
    if (!this.commitObjects.has(sha)) this.commitObjects.set(sha, { ...commit, seq: this.seq++ })
    return sha
  }

  /** A tree from flattened paths (subtrees written as needed). */
  writeFlat(flat: Flat): string {
    const files: TreeEntry[] = []
    const folders = new Map<string, Flat>()
    for (const [path, entry] of flat) {
      const slash = path.indexOf("/")
      if (slash < 0) {
        files.push({ mode: entry.mode, type: "blob", name: path, sha: entry.sha })
      } else {
        const folder = path.slice(0, slash)
        if (!folders.has(folder)) folders.set(folder, new Map())
        folders.get(folder)?.set(path.slice(slash + 1), entry)
      }
    }
    const subtrees = [...folders].map(([name, inner]): TreeEntry => {
      return { mode: TREE_MODE, type: "tree", name, sha: this.writeFlat(inner) }
    })
    return this.writeTree([...files, ...subtrees])
  }

  flatten(treeSha: string, prefix = "", into: Flat = new Map()): Flat {
    for (const entry of this.trees.get(treeSha) ?? []) {
      const path = `${prefix}${entry.name}`
      if (entry.type === "tree") this.flatten(entry.sha, `${path}/`, into)
      else into.set(path, { mode: entry.mode, sha: entry.sha })
    }
    return into
  }

  treeOf(commitSha: string): string {
    const commit = this.commitObjects.get(commitSha)
    if (!commit) throw notFound()
    return commit.tree
  }

  flatOf(commitSha: string): Flat {
    return this.flatten(this.treeOf(commitSha))
  }

  /** The tree at `folder` inside a tree ("" is the tree itself), or undefined. */
  subtree(treeSha: string, folder: string): string | undefined {
    let sha: string | undefined = treeSha
    for (const part of folder.split("/").filter(Boolean)) {
      const entry: TreeEntry | undefined = this.trees.get(sha)?.find((item) => item.name === part)
      if (!entry || entry.type !== "tree") return undefined
      sha = entry.sha
    }
    return sha
  }

  // Revisions.

  /** A commit sha for a sha (or an unambiguous prefix of 7+), a full ref, heads/…, tags/…, a branch or HEAD. */
  resolve(rev: string): string | undefined {
    if (isSha(rev) && this.commitObjects.has(rev)) return rev
    if (/^[0-9a-f]{7,39}$/.test(rev)) {
      const matches = [...this.commitObjects.keys()].filter((sha) => sha.startsWith(rev))
      if (matches.length === 1) return matches[0]
    }
    if (rev === "HEAD") return this.refs.get(`refs/heads/${this.defaultBranch}`)
    for (const ref of [rev, `refs/${rev}`, `refs/heads/${rev}`, `refs/tags/${rev}`]) {
      if (ref.startsWith("refs/") && this.refs.has(ref)) return this.refs.get(ref)
    }
    return undefined
  }

  /** `owner:branch` or `owner:name:branch` (compare's and pulls' `head`) as this repository's rev. */
  ownRev(rev: string): string | undefined {
    const parts = rev.split(":")
    if (parts.length === 1) return rev
    const owner = parts[0].toLowerCase()
    if (owner !== this.owner.toLowerCase()) return undefined
    if (parts.length === 3 && parts[1].toLowerCase() !== this.name.toLowerCase()) return undefined
    return parts[parts.length - 1]
  }

  branchHead(branch: string): string | undefined {
    return this.refs.get(`refs/heads/${branch}`)
  }

  ancestors(sha: string): Set<string> {
    const seen = new Set<string>()
    const stack = [sha]
    while (stack.length) {
      const next = stack.pop() as string
      if (seen.has(next)) continue
      seen.add(next)
      stack.push(...(this.commitObjects.get(next)?.parents ?? []))
    }
    return seen
  }

  mergeBase(a: string, b: string): string | undefined {
    const ofA = this.ancestors(a)
    const queue = [b]
    const seen = new Set<string>()
    while (queue.length) {
      const next = queue.shift() as string
      if (ofA.has(next)) return next
      if (seen.has(next)) continue
      seen.add(next)
      queue.push(...(this.commitObjects.get(next)?.parents ?? []))
    }
    return undefined
  }

  /** Commits reachable from `head`, newest first: a commit after all its children, then by date, then creation. */
  history(head: string, exclude: Set<string> = new Set()): string[] {
    const reachable = [...this.ancestors(head)].filter((sha) => !exclude.has(sha))
    const inSet = new Set(reachable)
    const children = new Map<string, number>(reachable.map((sha) => [sha, 0]))
    for (const sha of reachable) {
      for (const parent of this.commitObjects.get(sha)?.parents ?? []) {
        if (inSet.has(parent)) children.set(parent, (children.get(parent) ?? 0) + 1)
      }
    }
    const order: string[] = []
    const ready = reachable.filter((sha) => children.get(sha) === 0)
    const rank = (sha: string) => {
      const commit = this.commitObjects.get(sha) as CommitObject
      return [new Date(commit.committer.date).getTime(), commit.seq]
    }
    while (ready.length) {
      ready.sort((a, b) => {
        const [dateA, seqA] = rank(a)
        const [dateB, seqB] = rank(b)
        return dateB - dateA || seqB - seqA
      })
      const next = ready.shift() as string
      order.push(next)
      for (const parent of this.commitObjects.get(next)?.parents ?? []) {
        if (!inSet.has(parent)) continue
        const left = (children.get(parent) ?? 0) - 1
        children.set(parent, left)
        if (left === 0) ready.push(parent)
      }
    }
    return order
  }

  /** A three-way merge of flattened trees; null on a conflict. */
  merge3(base: Flat, ours: Flat, theirs: Flat): Flat | null {
    const key = (entry?: { mode: string; sha: string }) => (entry ? `${entry.mode} ${entry.sha}` : "")
    const result: Flat = new Map()
    for (const path of new Set([...base.keys(), ...ours.keys(), ...theirs.keys()])) {
      const [b, o, t] = [base.get(path), ours.get(path), theirs.get(path)]
      let chosen: typeof o
      if (key(o) === key(t) || key(t) === key(b)) chosen = o
      else if (key(o) === key(b)) chosen = t
      else return null
      if (chosen) result.set(path, chosen)
    }
    return result
  }

  // GitHub's JSON.

  person(person: Person) {
    return { name: person.name, email: person.email, date: isoSeconds(person.date) }
  }

  parentsJson(commit: CommitObject) {
    return commit.parents.map((sha) => ({
      sha,
      url: `${this.repoApi}/commits/${sha}`,
      html_url: `${this.htmlRoot}/commit/${sha}`,
    }))
  }

  /** A commit as git/commits returns it. */
  gitCommitJson(sha: string) {
    const commit = this.commitObjects.get(sha)
    if (!commit) throw notFound()
    return {
      sha,
      node_id: nodeId("Commit", sha),
      url: `${this.repoApi}/git/commits/${sha}`,
      html_url: `${this.htmlRoot}/commit/${sha}`,
      author: this.person(commit.author),
      committer: this.person(commit.committer),
      tree: { sha: commit.tree, url: `${this.repoApi}/git/trees/${commit.tree}` },
      message: commit.message,
      parents: this.parentsJson(commit),
      verification: { verified: false, reason: "unsigned", signature: null, payload: null, verified_at: null },
    }
  }

  /** A commit as commits, branches and compare return it. */
  commitJson(sha: string) {
    const commit = this.commitObjects.get(sha)
    if (!commit) throw notFound()
    return {
      sha,
      node_id: nodeId("Commit", sha),
      commit: {
        author: this.person(commit.author),
        committer: this.person(commit.committer),
        message: commit.message,
        tree: { sha: commit.tree, url: `${this.repoApi}/git/trees/${commit.tree}` },
        url: `${this.repoApi}/git/commits/${sha}`,
        comment_count: 0,
        verification: { verified: false, reason: "unsigned", signature: null, payload: null, verified_at: null },
      },
      url: `${this.repoApi}/commits/${sha}`,
      html_url: `${this.htmlRoot}/commit/${sha}`,
      comments_url: `${this.repoApi}/commits/${sha}/comments`,
      author: null,
      committer: null,
      parents: this.parentsJson(commit),
    }
  }

  /** What changed from one tree to another, as compare's and a commit's `files`. */
  filesJson(from: Flat, to: Flat) {
    const removed = [...from.keys()].filter((path) => !to.has(path))
    const added = [...to.keys()].filter((path) => !from.has(path))
    const renamedFrom = new Map<string, string>()
    for (const path of added) {
      const source = removed.find(
        (old) => from.get(old)?.sha === to.get(path)?.sha && ![...renamedFrom.values()].includes(old),
      )
      if (source) renamedFrom.set(path, source)
    }
    const paths = [...new Set([...from.keys(), ...to.keys()])].sort()
    const files = []
    for (const path of paths) {
      const [before, after] = [from.get(path), to.get(path)]
      if (before && after && before.sha === after.sha && before.mode === after.mode) continue
      if (!after && [...renamedFrom.values()].includes(path)) continue
      const previous = renamedFrom.get(path)
      const status = previous ? "renamed" : !before ? "added" : !after ? "removed" : "modified"
      const sha = (after ?? before)?.sha as string
      const oldContent = before
        ? this.blobs.get(before.sha)
        : previous
          ? this.blobs.get(from.get(previous)?.sha ?? "")
          : undefined
      const newContent = after ? this.blobs.get(after.sha) : undefined
      const text = [oldContent, newContent].every((content) => !content || isText(content))
      const diff =
        text && status !== "renamed"
          ? unifiedPatch(oldContent?.toString("utf8") ?? "", newContent?.toString("utf8") ?? "")
          : undefined
      files.push({
        sha,
        filename: path,
        status,
        additions: diff?.additions ?? 0,
        deletions: diff?.deletions ?? 0,
        changes: (diff?.additions ?? 0) + (diff?.deletions ?? 0),
        blob_url: `${this.htmlRoot}/blob/${sha}/${path}`,
        raw_url: `${this.htmlRoot}/raw/${sha}/${path}`,
        contents_url: `${this.repoApi}/contents/${path}?ref=${sha}`,
        ...(diff ? { patch: diff.patch } : {}),
        ...(previous ? { previous_filename: previous } : {}),
      })
    }
    return files
  }

  treeEntryJson(entry: TreeEntry, path: string) {
    const kind = entry.type === "tree" ? "trees" : "blobs"
    return {
      path,
      mode: entry.type === "tree" ? TREE_MODE : entry.mode,
      type: entry.type,
      sha: entry.sha,
      ...(entry.type === "blob" ? { size: this.blobs.get(entry.sha)?.length ?? 0 } : {}),
      url: `${this.repoApi}/git/${kind}/${entry.sha}`,
    }
  }

  treeJson(sha: string, recursive: boolean) {
    const tree: ReturnType<Repository["treeEntryJson"]>[] = []
    const walk = (treeSha: string, prefix: string) => {
      for (const entry of this.trees.get(treeSha) ?? []) {
        tree.push(this.treeEntryJson(entry, `${prefix}${entry.name}`))
        if (recursive && entry.type === "tree") walk(entry.sha, `${prefix}${entry.name}/`)
      }
    }
    walk(sha, "")
    return { sha, url: `${this.repoApi}/git/trees/${sha}`, tree, truncated: false }
  }

  refJson(ref: string) {
    const sha = this.refs.get(ref) as string
    return {
      ref,
      node_id: nodeId("Ref", ref),
      url: `${this.repoApi}/git/${ref}`,
      object: { sha, type: "commit", url: `${this.repoApi}/git/commits/${sha}` },
    }
  }

  ownerJson() {
    return { login: this.owner, id: 1, node_id: nodeId("User", this.owner), type: "User", site_admin: false }
  }

  repoJson() {
    return {
      id: REPO_ID,
      node_id: nodeId("Repository", REPO_ID),
      name: this.name,
      full_name: `${this.owner}/${this.name}`,
      private: true,
      owner: this.ownerJson(),
      html_url: this.htmlRoot,
      fork: false,
      url: this.repoApi,
      default_branch: this.defaultBranch,
      permissions: { admin: true, maintain: true, push: true, triage: true, pull: true },
    }
  }

  labelJson(name: string) {
    return {
      id: parseInt(createHash("sha1").update(name).digest("hex").slice(0, 8), 16),
      node_id: nodeId("Label", name),
      url: `${this.repoApi}/labels/${encodeURIComponent(name)}`,
      name,
      color: "ededed",
      default: false,
      description: null,
    }
  }

  /** A pull's head: its branch's head while open and the branch exists, else the last one seen. */
  pullHead(pull: Pull): string {
    const current = pull.state === "open" ? this.branchHead(pull.head) : undefined
    if (current) pull.headSha = current
    return pull.headSha
  }

  pullJson(pull: Pull, single = false) {
    const headSha = this.pullHead(pull)
    const baseSha = this.branchHead(pull.base) ?? ""
    const side = (ref: string, sha: string) => ({
      label: `${this.owner}:${ref}`,
      ref,
      sha,
      user: this.ownerJson(),
      repo: this.repoJson(),
    })
    const url = `${this.repoApi}/pulls/${pull.number}`
    const mergeable = single && pull.state === "open" ? this.mergeResult(pull) !== null : null
    return {
      url,
      id: 100000 + pull.number,
      node_id: nodeId("PullRequest", pull.number),
      html_url: `${this.htmlRoot}/pull/${pull.number}`,
      issue_url: `${this.repoApi}/issues/${pull.number}`,
      number: pull.number,
      state: pull.state,
      locked: false,
      title: pull.title,
      user: this.ownerJson(),
      body: pull.body,
      labels: pull.labels.map((name) => this.labelJson(name)),
      milestone: null,
      created_at: pull.createdAt,
      updated_at: pull.updatedAt,
      closed_at: pull.closedAt,
      merged_at: pull.mergedAt,
      merge_commit_sha: pull.mergeCommitSha,
      assignee: null,
      assignees: [],
      requested_reviewers: [],
      draft: false,
      head: side(pull.head, headSha),
      base: side(pull.base, baseSha),
      _links: { self: { href: url }, html: { href: `${this.htmlRoot}/pull/${pull.number}` } },
      author_association: "OWNER",
      auto_merge: null,
      ...(single
        ? {
            merged: pull.mergedAt !== null,
            mergeable: mergeable,
            mergeable_state: mergeable === null ? "unknown" : mergeable ? "clean" : "dirty",
            merged_by: pull.mergedAt ? this.ownerJson() : null,
            comments: 0,
            commits: this.history(headSha, this.ancestors(baseSha)).length,
          }
        : {}),
    }
  }

  /** The tree a pull's merge would have, or null on a conflict. */
  mergeResult(pull: Pull): Flat | null {
    const baseSha = this.branchHead(pull.base)
    const headSha = this.pullHead(pull)
    if (!baseSha) return null
    const base = this.mergeBase(baseSha, headSha)
    return this.merge3(base ? this.flatOf(base) : new Map(), this.flatOf(baseSha), this.flatOf(headSha))
  }
}

/** Starts the stand-in on a free loopback port, with `files` committed on its default branch. */
export async function startGitHubStandIn(options: GitHubStandInOptions): Promise<GitHubStandIn> {
  const [owner, name] = options.repo.split("/")
  if (!owner || !name) throw new Error(`repo must be "owner/name", not ${JSON.stringify(options.repo)}`)
  const defaultBranch = options.branch ?? "main"
  const repo = new Repository(owner, name, defaultBranch)
  const requests: RecordedRequest[] = []

  const initial: Flat = new Map()
  for (const [path, text] of Object.entries(options.files)) {
    initial.set(path.replace(/^\/+/, ""), { mode: BLOB_MODE, sha: repo.writeBlob(Buffer.from(text, "utf8")) })
  }
  const now = isoSeconds()
  const first = repo.writeCommit({
    tree: repo.writeFlat(initial),
    parents: [],
    message: "Initial commit",
    author: { ...API_IDENTITY, date: now },
    committer: { ...API_IDENTITY, date: now },
  })
  repo.refs.set(`refs/heads/${defaultBranch}`, first)

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on("data", (chunk: Buffer) => chunks.push(chunk))
    request.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8")
      const url = new URL(request.url ?? "/", "http://stand-in")
      let body: unknown = null
      let parsed = true
      if (raw) {
        try {
          body = JSON.parse(raw)
        } catch {
          body = raw
          parsed = false
        }
      }
      const method = (request.method ?? "GET").toUpperCase()
      requests.push({
        method,
        path: url.pathname,
        query: url.search.replace(/^\?/, ""),
        authorization: request.headers.authorization ?? null,
        userAgent: request.headers["user-agent"] ?? null,
        body,
      })
      let reply: Reply
      try {
        if (!request.headers["user-agent"]) {
          throw new HttpError(
            403,
            "Request forbidden by administrative rules. Please make sure your request has a User-Agent header",
          )
        }
        if (options.token !== undefined) {
          const credential = request.headers.authorization
          if (!credential) throw new HttpError(401, "Requires authentication")
          const match = /^(?:bearer|token)\s+(\S+)$/i.exec(credential)
          if (!match || match[1] !== options.token) throw new HttpError(401, "Bad credentials")
        }
        if (!parsed) throw new HttpError(400, "Problems parsing JSON")
        reply = route(repo, method, url, body, request.headers.accept ?? "")
      } catch (error) {
        reply =
          error instanceof HttpError
            ? { status: error.status, body: { message: error.message, ...error.extra } }
            : { status: 500, body: { message: error instanceof Error ? error.message : String(error) } }
      }
      if (reply.status === 204 || (reply.body === undefined && reply.text === undefined)) {
        response.writeHead(reply.status, reply.headers)
        response.end()
      } else if (reply.text !== undefined) {
        response.writeHead(reply.status, { "Content-Type": "text/plain; charset=utf-8", ...reply.headers })
        response.end(reply.text)
      } else {
        response.writeHead(reply.status, { "Content-Type": "application/json; charset=utf-8", ...reply.headers })
        response.end(JSON.stringify(reply.body))
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  repo.api = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    url: repo.api,
    requests,
    file(branch, path) {
      const head = repo.branchHead(branch)
      const entry = head ? repo.flatOf(head).get(path.replace(/^\/+/, "")) : undefined
      return entry ? repo.blobs.get(entry.sha)?.toString("utf8") : undefined
    },
    commits(branch) {
      const result: StandInCommit[] = []
      let sha = repo.branchHead(branch)
      while (sha) {
        const commit = repo.commitObjects.get(sha) as CommitObject
        result.push({
          sha,
          message: commit.message,
          author: { ...commit.author },
          committer: { name: commit.committer.name, email: commit.committer.email },
          parents: [...commit.parents],
          tree: commit.tree,
        })
        sha = commit.parents[0]
      }
      return result
    },
    branches: () => [...repo.refs.keys()].filter((ref) => ref.startsWith("refs/heads/")).map((ref) => ref.slice(11)),
    pulls: () =>
      repo.pullRequests.map((pull) => ({
        number: pull.number,
        head: pull.head,
        base: pull.base,
        state: pull.state,
        merged: pull.mergedAt !== null,
        labels: [...pull.labels],
        title: pull.title,
      })),
    async stop() {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

// Routing.

const decodePath = (parts: string[]) => {
  try {
    return decodeURIComponent(parts.join("/"))
  } catch {
    throw notFound()
  }
}

function route(repo: Repository, method: string, url: URL, body: unknown, accept: string): Reply {
  const segments = url.pathname.split("/").slice(1)
  let rest: string[]
  if (
    segments[0] === "repos" &&
    segments[1]?.toLowerCase() === repo.owner.toLowerCase() &&
    segments[2]?.toLowerCase() === repo.name.toLowerCase()
  ) {
    rest = segments.slice(3)
  } else if (segments[0] === "repositories" && segments[1] === String(REPO_ID)) {
    rest = segments.slice(2)
  } else {
    throw notFound()
  }
  if (rest.length && rest[rest.length - 1] === "") rest = rest.slice(0, -1)
  const query = url.searchParams
  const input = asRecord(body)
  const is = (verb: string) => method === verb
  const [first, second] = rest

  if (!rest.length && is("GET")) return { status: 200, body: repo.repoJson() }
  if (first === "git") {
    if (second === "blobs") return blobs(repo, method, rest.slice(2), input)
    if (second === "trees") return trees(repo, method, rest.slice(2), input, query)
    if (second === "commits") return gitCommits(repo, method, rest.slice(2), input)
    if (second === "refs" || second === "ref" || second === "matching-refs") {
      return refs(repo, method, second, rest.slice(2), input)
    }
  }
  if (first === "branches" && is("GET")) return branches(repo, rest.slice(1), url)
  if (first === "commits" && is("GET")) return commits(repo, rest.slice(1), url)
  if (first === "statuses" && rest.length === 2 && is("GET")) {
    if (!repo.resolve(decodePath([second]))) throw unprocessable(`No commit found for SHA: ${second}`)
    return { status: 200, body: [] }
  }
  if (first === "compare" && rest.length > 1 && is("GET")) return compare(repo, decodePath(rest.slice(1)))
  if (first === "pulls") return pulls(repo, method, rest.slice(1), input, url)
  if (first === "issues" && rest[2] === "labels" && /^\d+$/.test(second ?? "")) {
    return labels(repo, method, Number(second), rest.slice(3), body)
  }
  if (first === "contents" && is("GET")) return contents(repo, decodePath(rest.slice(1)), query, accept)
  if (first === "merges" && rest.length === 1 && is("POST")) return merges(repo, input)
  throw notFound()
}

function blobs(repo: Repository, method: string, rest: string[], input: Record<string, unknown>): Reply {
  if (method === "POST" && !rest.length) {
    if (typeof input.content !== "string") throw unprocessable('Invalid request.\n\n"content" wasn\'t supplied.')
    const encoding = input.encoding ?? "utf-8"
    if (encoding !== "utf-8" && encoding !== "utf8" && encoding !== "base64") {
      throw unprocessable(`encoding must be "utf-8" or "base64"`)
    }
    const content = Buffer.from(input.content, encoding === "base64" ? "base64" : "utf8")
    const sha = repo.writeBlob(content)
    return { status: 201, body: { sha, url: `${repo.repoApi}/git/blobs/${sha}` } }
  }
  if (method === "GET" && rest.length === 1) {
    const content = repo.blobs.get(rest[0])
    if (!content) throw notFound()
    return {
      status: 200,
      body: {
        sha: rest[0],
        node_id: nodeId("Blob", rest[0]),
        size: content.length,
        url: `${repo.repoApi}/git/blobs/${rest[0]}`,
        content: wrappedBase64(content),
        encoding: "base64",
      },
      headers: { "Cache-Control": "private, max-age=60, s-maxage=60", ETag: `"${rest[0]}"` },
    }
  }
  throw notFound()
}

function trees(
  repo: Repository,
  method: string,
  rest: string[],
  input: Record<string, unknown>,
  query: URLSearchParams,
): Reply {
  if (method === "GET" && rest.length) {
    // A tree sha, a commit-ish, or Decap's `{branch}:{folder}` (the folder raw or encoded).
    const spec = decodePath(rest)
    const colon = spec.indexOf(":")
    const rev = colon < 0 ? spec : spec.slice(0, colon)
    const folder = colon < 0 ? "" : spec.slice(colon + 1)
    const commit = repo.trees.has(rev) ? undefined : repo.resolve(rev)
    const root = repo.trees.has(rev) ? rev : commit ? repo.treeOf(commit) : undefined
    const sha = root === undefined ? undefined : repo.subtree(root, folder)
    if (!sha) throw notFound()
    return { status: 200, body: repo.treeJson(sha, query.has("recursive")) }
  }
  if (method === "POST" && !rest.length) {
    if (!Array.isArray(input.tree)) throw unprocessable('Invalid request.\n\n"tree" wasn\'t supplied.')
    let flat: Flat = new Map()
    if (input.base_tree !== undefined && input.base_tree !== null) {
      // GitHub takes a tree or, as Decap sends it, a commit.
      const base = String(input.base_tree)
      const baseTree = repo.trees.has(base) ? base : repo.resolve(base) ? repo.treeOf(repo.resolve(base) as string) : ""
      if (!baseTree) throw unprocessable("base_tree is not a valid tree oid")
      flat = repo.flatten(baseTree)
    }
    for (const item of input.tree) {
      const entry = asRecord(item)
      const path = String(entry.path ?? "").replace(/^\/+|\/+$/g, "")
      if (!path || path.split("/").some((part) => part === "." || part === ".." || !part)) {
        throw unprocessable(`tree.path ${JSON.stringify(entry.path)} is invalid`)
      }
      const type = entry.type ?? (entry.mode === TREE_MODE ? "tree" : "blob")
      const dropUnder = () => {
        for (const key of [...flat.keys()]) if (key === path || key.startsWith(`${path}/`)) flat.delete(key)
      }
      if (typeof entry.content === "string") {
        dropUnder()
        flat.set(path, { mode: String(entry.mode ?? BLOB_MODE), sha: repo.writeBlob(Buffer.from(entry.content)) })
      } else if (entry.sha === null) {
        dropUnder()
      } else if (type === "tree") {
        const sha = String(entry.sha)
        if (!repo.trees.has(sha)) throw unprocessable(`tree.sha ${sha} is not a valid tree`)
        dropUnder()
        for (const [inner, value] of repo.flatten(sha)) flat.set(`${path}/${inner}`, value)
      } else if (type === "blob") {
        const sha = String(entry.sha)
        if (!repo.blobs.has(sha)) throw unprocessable(`tree.sha ${sha} is not a valid blob`)
        dropUnder()
        flat.set(path, { mode: String(entry.mode ?? BLOB_MODE), sha })
      } else {
        throw unprocessable(`tree.type ${JSON.stringify(type)} is not supported here`)
      }
    }
    return { status: 201, body: repo.treeJson(repo.writeFlat(flat), false) }
  }
  throw notFound()
}

function gitCommits(repo: Repository, method: string, rest: string[], input: Record<string, unknown>): Reply {
  if (method === "GET" && rest.length === 1) return { status: 200, body: repo.gitCommitJson(rest[0]) }
  if (method !== "POST" || rest.length) throw notFound()
  if (typeof input.message !== "string") throw unprocessable('Invalid request.\n\n"message" wasn\'t supplied.')
  const tree = String(input.tree ?? "")
  if (!repo.trees.has(tree)) throw unprocessable("Tree SHA does not exist")
  const parents = input.parents === undefined ? [] : input.parents
  if (!Array.isArray(parents)) throw unprocessable('Invalid request.\n\n"parents" is not an array.')
  for (const parent of parents) {
    if (!repo.commitObjects.has(String(parent))) {
      throw unprocessable("Parent SHA does not exist or is not a commit object")
    }
  }
  const now = isoSeconds()
  const personFrom = (value: unknown, role: string): Person | undefined => {
    if (value === undefined || value === null) return undefined
    const person = asRecord(value)
    for (const field of ["name", "email"]) {
      if (typeof person[field] !== "string" || !person[field]) {
        throw unprocessable(`Invalid request.\n\n"${field}" wasn't supplied for ${role}.`)
      }
    }
    const date = typeof person.date === "string" ? person.date : now
    if (Number.isNaN(new Date(date).getTime())) throw unprocessable(`Invalid request.\n\n${role}.date is invalid.`)
    return { name: String(person.name), email: String(person.email), date: isoSeconds(date) }
  }
  // GitHub's defaults: the author is the token's user, the committer the author.
  const author = personFrom(input.author, "author") ?? { ...API_IDENTITY, date: now }
  const committer = personFrom(input.committer, "committer") ?? author
  const sha = repo.writeCommit({ tree, parents: parents.map(String), message: input.message, author, committer })
  return { status: 201, body: repo.gitCommitJson(sha) }
}

function refs(repo: Repository, method: string, kind: string, rest: string[], input: Record<string, unknown>): Reply {
  const name = rest.length ? decodePath(rest) : ""
  const ref = `refs/${name}`
  const listing = (prefix: string) =>
    [...repo.refs.keys()]
      .filter((key) => key.startsWith(prefix))
      .sort()
      .map((key) => repo.refJson(key))

  if (method === "GET") {
    if (kind === "matching-refs") return { status: 200, body: listing(ref) }
    if (repo.refs.has(ref)) return { status: 200, body: repo.refJson(ref) }
    // The legacy git/refs/{prefix} lists the refs under a prefix; git/ref/{ref} is exact.
    const under = kind === "refs" ? listing(name ? `${ref}/` : "refs/") : []
    if (under.length) return { status: 200, body: under }
    throw notFound()
  }
  if (kind !== "refs") throw notFound()
  if (method === "POST" && !rest.length) {
    const wanted = String(input.ref ?? "")
    if (!/^refs\/[^/]+\/.+/.test(wanted) || wanted.split("/").some((part) => !part || part === "..")) {
      throw unprocessable("Reference name must start with 'refs/' and have at least two slashes.")
    }
    const sha = String(input.sha ?? "")
    if (!repo.commitObjects.has(sha)) throw unprocessable("Object does not exist")
    if (repo.refs.has(wanted)) throw unprocessable("Reference already exists")
    // Git cannot hold both refs/heads/a and refs/heads/a/b.
    for (const existing of repo.refs.keys()) {
      if (existing.startsWith(`${wanted}/`) || wanted.startsWith(`${existing}/`)) {
        throw unprocessable("Reference update failed")
      }
    }
    repo.refs.set(wanted, sha)
    return { status: 201, body: repo.refJson(wanted), headers: { Location: `${repo.repoApi}/git/${wanted}` } }
  }
  if (method === "PATCH" && name) {
    const current = repo.refs.get(ref)
    if (!current) throw unprocessable("Reference does not exist")
    const sha = String(input.sha ?? "")
    if (!repo.commitObjects.has(sha)) throw unprocessable("Object does not exist")
    if (input.force !== true && !repo.ancestors(sha).has(current)) {
      throw unprocessable("Update is not a fast forward")
    }
    repo.refs.set(ref, sha)
    return { status: 200, body: repo.refJson(ref) }
  }
  if (method === "DELETE" && name) {
    if (!repo.refs.has(ref)) throw unprocessable("Reference does not exist")
    repo.refs.delete(ref)
    // GitHub closes an open pull request whose head branch is deleted.
    if (ref.startsWith("refs/heads/")) {
      for (const pull of repo.pullRequests) {
        if (pull.state === "open" && pull.head === ref.slice(11)) {
          pull.state = "closed"
          pull.closedAt = pull.updatedAt = isoSeconds()
        }
      }
    }
    return { status: 204 }
  }
  throw notFound()
}

/** A page of a listing (`per_page`, `page`), with GitHub's Link header, its URLs in the /repositories/{id} form. */
function paginate(repo: Repository, items: unknown[], url: URL, route: string): Reply {
  const perPage = Math.min(100, Math.max(1, Number(url.searchParams.get("per_page")) || 30))
  const page = Math.max(1, Number(url.searchParams.get("page")) || 1)
  const last = Math.max(1, Math.ceil(items.length / perPage))
  const link = (n: number) => {
    const params = new URLSearchParams(url.searchParams)
    params.set("page", String(n))
    return `${repo.api}/repositories/${REPO_ID}/${route}?${params}`
  }
  const links = [
    ...(page > 1 ? [`<${link(page - 1)}>; rel="prev"`] : []),
    ...(page < last ? [`<${link(page + 1)}>; rel="next"`, `<${link(last)}>; rel="last"`] : []),
    ...(page > 1 ? [`<${link(1)}>; rel="first"`] : []),
  ]
  return {
    status: 200,
    body: items.slice((page - 1) * perPage, page * perPage),
    headers: links.length ? { Link: links.join(", ") } : {},
  }
}

function branches(repo: Repository, rest: string[], url: URL): Reply {
  if (!rest.length) {
    const heads = [...repo.refs.keys()].filter((ref) => ref.startsWith("refs/heads/")).sort()
    const items = heads.map((ref) => {
      const sha = repo.refs.get(ref) as string
      return { name: ref.slice(11), commit: { sha, url: `${repo.repoApi}/commits/${sha}` }, protected: false }
    })
    return paginate(repo, items, url, "branches")
  }
  const name = decodePath(rest)
  const sha = repo.branchHead(name)
  if (!sha) throw notFound("Branch not found")
  const self = `${repo.repoApi}/branches/${encodeURIComponent(name)}`
  return {
    status: 200,
    body: {
      name,
      commit: repo.commitJson(sha),
      _links: { self, html: `${repo.htmlRoot}/tree/${name}` },
      protected: false,
      protection: { enabled: false, required_status_checks: { enforcement_level: "off", contexts: [], checks: [] } },
      protection_url: `${self}/protection`,
    },
  }
}

function commits(repo: Repository, rest: string[], url: URL): Reply {
  if (!rest.length) {
    const rev = url.searchParams.get("sha") || repo.defaultBranch
    const head = repo.resolve(rev)
    if (!head) throw notFound(`No commit found for SHA: ${rev}`)
    const path = (url.searchParams.get("path") ?? "").replace(/^\/+|\/+$/g, "")
    let order = repo.history(head)
    if (path) {
      // A commit touches the path when it differs there from every parent (git log's history simplification).
      const at = (sha: string) => {
        const flat = repo.flatOf(sha)
        const below = [...flat].filter(([key]) => key === path || key.startsWith(`${path}/`))
        return JSON.stringify(below)
      }
      order = order.filter((sha) => {
        const commit = repo.commitObjects.get(sha) as CommitObject
        const mine = at(sha)
        if (!commit.parents.length) return mine !== "[]"
        return commit.parents.every((parent) => at(parent) !== mine)
      })
    }
    return paginate(
      repo,
      order.map((sha) => repo.commitJson(sha)),
      url,
      "commits",
    )
  }
  const sha = repo.resolve(decodePath([rest[0]]))
  if (!sha) throw unprocessable(`No commit found for SHA: ${rest[0]}`)
  if (rest.length === 1) {
    const commit = repo.commitObjects.get(sha) as CommitObject
    const files = repo.filesJson(commit.parents.length ? repo.flatOf(commit.parents[0]) : new Map(), repo.flatOf(sha))
    const additions = files.reduce((sum, file) => sum + file.additions, 0)
    const deletions = files.reduce((sum, file) => sum + file.deletions, 0)
    return {
      status: 200,
      body: { ...repo.commitJson(sha), stats: { total: additions + deletions, additions, deletions }, files },
    }
  }
  if (rest.length === 2 && rest[1] === "status") {
    return {
      status: 200,
      body: {
        state: "pending",
        statuses: [],
        sha,
        total_count: 0,
        repository: repo.repoJson(),
        commit_url: `${repo.repoApi}/commits/${sha}`,
        url: `${repo.repoApi}/commits/${sha}/status`,
      },
    }
  }
  if (rest.length === 2 && rest[1] === "statuses") return { status: 200, body: [] }
  throw notFound()
}

function compare(repo: Repository, spec: string): Reply {
  const dots = spec.indexOf("...")
  if (dots < 0) throw notFound()
  const [baseSpec, headSpec] = [spec.slice(0, dots), spec.slice(dots + 3)]
  const baseRev = repo.ownRev(baseSpec)
  const headRev = repo.ownRev(headSpec)
  const base = baseRev === undefined ? undefined : repo.resolve(baseRev)
  const head = headRev === undefined ? undefined : repo.resolve(headRev)
  if (!base || !head) throw notFound()
  const mergeBase = repo.mergeBase(base, head)
  const ofBase = repo.ancestors(base)
  const ofHead = repo.ancestors(head)
  const ahead = repo.history(head, ofBase)
  const behindBy = [...ofBase].filter((sha) => !ofHead.has(sha)).length
  const status = !ahead.length && !behindBy ? "identical" : !behindBy ? "ahead" : !ahead.length ? "behind" : "diverged"
  const files = repo.filesJson(mergeBase ? repo.flatOf(mergeBase) : new Map(), repo.flatOf(head))
  return {
    status: 200,
    body: {
      url: `${repo.repoApi}/compare/${spec}`,
      html_url: `${repo.htmlRoot}/compare/${spec}`,
      permalink_url: `${repo.htmlRoot}/compare/${base}...${head}`,
      diff_url: `${repo.htmlRoot}/compare/${spec}.diff`,
      patch_url: `${repo.htmlRoot}/compare/${spec}.patch`,
      base_commit: repo.commitJson(base),
      merge_base_commit: mergeBase ? repo.commitJson(mergeBase) : null,
      status,
      ahead_by: ahead.length,
      behind_by: behindBy,
      total_commits: ahead.length,
      // GitHub lists them oldest first.
      commits: [...ahead].reverse().map((sha) => repo.commitJson(sha)),
      files,
    },
  }
}

function pulls(repo: Repository, method: string, rest: string[], input: Record<string, unknown>, url: URL): Reply {
  const now = isoSeconds()
  if (!rest.length && method === "GET") {
    const query = url.searchParams
    const state = query.get("state") ?? "open"
    const headFilter = query.get("head")
    const head = headFilter === null ? undefined : repo.ownRev(headFilter)
    const base = query.get("base")
    const direction = query.get("direction") ?? "desc"
    const found = repo.pullRequests
      .filter((pull) => state === "all" || pull.state === state)
      .filter((pull) => headFilter === null || (head !== undefined && pull.head === head))
      .filter((pull) => base === null || pull.base === base)
      .sort((a, b) => (direction === "asc" ? a.number - b.number : b.number - a.number))
    return paginate(
      repo,
      found.map((pull) => repo.pullJson(pull)),
      url,
      "pulls",
    )
  }
  if (!rest.length && method === "POST") {
    if (typeof input.title !== "string" || !input.title)
      throw validationFailed({ field: "title", code: "missing_field" })
    const headName = repo.ownRev(String(input.head ?? ""))
    const base = String(input.base ?? "")
    const headSha = headName ? repo.branchHead(headName) : undefined
    if (!headName || !headSha) throw validationFailed({ field: "head", code: "invalid" })
    const baseSha = repo.branchHead(base)
    if (!baseSha) throw validationFailed({ field: "base", code: "invalid" })
    if (repo.pullRequests.some((pull) => pull.state === "open" && pull.head === headName && pull.base === base)) {
      throw validationFailed({
        code: "custom",
        message: `A pull request already exists for ${repo.owner}:${headName}.`,
      })
    }
    if (repo.ancestors(baseSha).has(headSha)) {
      throw validationFailed({ code: "custom", message: `No commits between ${base} and ${headName}` })
    }
    const pull: Pull = {
      number: repo.pullRequests.length + 1,
      title: input.title,
      body: typeof input.body === "string" ? input.body : null,
      head: headName,
      headSha,
      base,
      state: "open",
      labels: [],
      createdAt: now,
      updatedAt: now,
      closedAt: null,
      mergedAt: null,
      mergeCommitSha: null,
    }
    repo.pullRequests.push(pull)
    return {
      status: 201,
      body: repo.pullJson(pull, true),
      headers: { Location: `${repo.repoApi}/pulls/${pull.number}` },
    }
  }
  const pull = /^\d+$/.test(rest[0] ?? "") ? repo.pullRequests[Number(rest[0]) - 1] : undefined
  if (!pull) throw notFound()
  if (rest.length === 1 && method === "GET") return { status: 200, body: repo.pullJson(pull, true) }
  if (rest.length === 1 && method === "PATCH") {
    if (typeof input.title === "string") pull.title = input.title
    if (typeof input.body === "string") pull.body = input.body
    if (typeof input.base === "string") {
      if (!repo.branchHead(input.base)) throw validationFailed({ field: "base", code: "invalid" })
      pull.base = input.base
    }
    if (input.state === "closed" && pull.state === "open") {
      repo.pullHead(pull)
      pull.state = "closed"
      pull.closedAt = now
    } else if (input.state === "open" && pull.state === "closed") {
      if (pull.mergedAt) throw unprocessable("Validation Failed", { errors: [{ code: "custom", message: "merged" }] })
      if (!repo.branchHead(pull.head)) throw validationFailed({ field: "head", code: "invalid" })
      pull.state = "open"
      pull.closedAt = null
    } else if (input.state !== undefined && input.state !== "open" && input.state !== "closed") {
      throw validationFailed({ field: "state", code: "invalid" })
    }
    pull.updatedAt = now
    return { status: 200, body: repo.pullJson(pull, true) }
  }
  if (rest.length === 2 && rest[1] === "merge" && method === "GET") {
    if (pull.mergedAt) return { status: 204 }
    throw notFound()
  }
  if (rest.length === 2 && rest[1] === "merge" && method === "PUT") return mergePull(repo, pull, input)
  if (rest.length === 2 && rest[1] === "commits" && method === "GET") {
    const headSha = repo.pullHead(pull)
    const baseSha = repo.branchHead(pull.base)
    const order = repo.history(headSha, baseSha ? repo.ancestors(baseSha) : new Set())
    return paginate(
      repo,
      [...order].reverse().map((sha) => repo.commitJson(sha)),
      url,
      `pulls/${pull.number}/commits`,
    )
  }
  if (rest.length === 2 && rest[1] === "files" && method === "GET") {
    const headSha = repo.pullHead(pull)
    const baseSha = repo.branchHead(pull.base) ?? headSha
    const mergeBase = repo.mergeBase(baseSha, headSha)
    const files = repo.filesJson(mergeBase ? repo.flatOf(mergeBase) : new Map(), repo.flatOf(headSha))
    return paginate(repo, files, url, `pulls/${pull.number}/files`)
  }
  throw notFound()
}

/** PUT /pulls/{n}/merge: a merge commit (or a squash, or a rebase) on the base branch; 405 when not mergeable. */
function mergePull(repo: Repository, pull: Pull, input: Record<string, unknown>): Reply {
  if (pull.state !== "open") throw new HttpError(405, "Pull Request is not mergeable")
  const headSha = repo.pullHead(pull)
  if (input.sha !== undefined && input.sha !== headSha) {
    throw new HttpError(409, "Head branch was modified. Review and try the merge again.")
  }
  const method = input.merge_method ?? "merge"
  if (method !== "merge" && method !== "squash" && method !== "rebase") {
    throw validationFailed({ field: "merge_method", code: "invalid" })
  }
  const baseSha = repo.branchHead(pull.base)
  if (!baseSha) throw new HttpError(405, "Pull Request is not mergeable")
  const merged = repo.mergeResult(pull)
  if (!merged) throw new HttpError(405, "Pull Request is not mergeable")
  const now = isoSeconds()
  const identity = { ...API_IDENTITY, date: now }
  const ahead = [...repo.history(headSha, repo.ancestors(baseSha))].reverse()
  const extended = typeof input.commit_message === "string" ? input.commit_message : undefined
  let sha: string
  if (method === "merge") {
    const title =
      typeof input.commit_title === "string"
        ? input.commit_title
        : `Merge pull request #${pull.number} from ${repo.owner}/${pull.head}`
    sha = repo.writeCommit({
      tree: repo.writeFlat(merged),
      parents: [baseSha, headSha],
      message: `${title}\n\n${extended ?? pull.title}`,
      author: identity,
      committer: identity,
    })
  } else if (method === "squash") {
    const title = typeof input.commit_title === "string" ? input.commit_title : `${pull.title} (#${pull.number})`
    const details = extended ?? ahead.map((commit) => `* ${repo.commitObjects.get(commit)?.message ?? ""}`).join("\n\n")
    const firstAuthor = ahead.length ? repo.commitObjects.get(ahead[0])?.author : undefined
    sha = repo.writeCommit({
      tree: repo.writeFlat(merged),
      parents: [baseSha],
      message: `${title}\n\n${details}`,
      author: firstAuthor ? { ...firstAuthor, date: now } : identity,
      committer: identity,
    })
  } else {
    sha = baseSha
    for (const commitSha of ahead) {
      const commit = repo.commitObjects.get(commitSha) as CommitObject
      const parentFlat = commit.parents.length ? repo.flatOf(commit.parents[0]) : new Map()
      const applied = repo.merge3(parentFlat, repo.flatOf(sha), repo.flatOf(commitSha))
      if (!applied) throw new HttpError(405, "Pull Request is not mergeable")
      sha = repo.writeCommit({
        tree: repo.writeFlat(applied),
        parents: [sha],
        message: commit.message,
        author: commit.author,
        committer: identity,
      })
    }
  }
  repo.refs.set(`refs/heads/${pull.base}`, sha)
  pull.state = "closed"
  pull.mergedAt = pull.closedAt = pull.updatedAt = now
  pull.mergeCommitSha = sha
  return { status: 200, body: { sha, merged: true, message: "Pull Request successfully merged" } }
}

function labels(repo: Repository, method: string, number: number, rest: string[], body: unknown): Reply {
  const pull = repo.pullRequests[number - 1]
  if (!pull) throw notFound()
  const given = () => {
    const list = Array.isArray(body) ? body : asRecord(body).labels
    if (!Array.isArray(list)) throw unprocessable('Invalid request.\n\n"labels" wasn\'t supplied.')
    return list.map((label) => (typeof label === "string" ? label : String(asRecord(label).name ?? "")))
  }
  const answer = (): Reply => ({ status: 200, body: pull.labels.map((name) => repo.labelJson(name)) })
  if (!rest.length && method === "GET") return answer()
  if (!rest.length && method === "PUT") {
    pull.labels = [...new Set(given())]
    pull.updatedAt = isoSeconds()
    return answer()
  }
  if (!rest.length && method === "POST") {
    pull.labels = [...new Set([...pull.labels, ...given()])]
    pull.updatedAt = isoSeconds()
    return answer()
  }
  if (!rest.length && method === "DELETE") {
    pull.labels = []
    pull.updatedAt = isoSeconds()
    return { status: 204 }
  }
  if (rest.length === 1 && method === "DELETE") {
    const name = decodePath(rest)
    if (!pull.labels.includes(name)) throw notFound("Label does not exist")
    pull.labels = pull.labels.filter((label) => label !== name)
    pull.updatedAt = isoSeconds()
    return answer()
  }
  throw notFound()
}

function contents(repo: Repository, path: string, query: URLSearchParams, accept: string): Reply {
  const rev = query.get("ref") || repo.defaultBranch
  const commit = repo.resolve(rev)
  if (!commit) throw notFound(`No commit found for the ref ${rev}`)
  const clean = path.replace(/^\/+|\/+$/g, "")
  const root = repo.treeOf(commit)
  const folder = repo.subtree(root, clean)
  const itemJson = (entry: TreeEntry, itemPath: string) => {
    const kind = entry.type === "tree" ? "dir" : "file"
    const self = `${repo.repoApi}/contents/${itemPath}?ref=${rev}`
    const gitUrl = `${repo.repoApi}/git/${entry.type === "tree" ? "trees" : "blobs"}/${entry.sha}`
    return {
      type: kind,
      size: entry.type === "tree" ? 0 : (repo.blobs.get(entry.sha)?.length ?? 0),
      name: entry.name,
      path: itemPath,
      sha: entry.sha,
      url: self,
      git_url: gitUrl,
      html_url: `${repo.htmlRoot}/${kind === "dir" ? "tree" : "blob"}/${rev}/${itemPath}`,
      download_url: kind === "file" ? `${repo.htmlRoot}/raw/${rev}/${itemPath}` : null,
      _links: { self, git: gitUrl, html: `${repo.htmlRoot}/blob/${rev}/${itemPath}` },
    }
  }
  if (folder !== undefined) {
    const entries = repo.trees.get(folder) ?? []
    return {
      status: 200,
      body: entries.map((entry) => itemJson(entry, clean ? `${clean}/${entry.name}` : entry.name)),
    }
  }
  const slash = clean.lastIndexOf("/")
  const parent = repo.subtree(root, slash < 0 ? "" : clean.slice(0, slash))
  const entry = parent ? repo.trees.get(parent)?.find((item) => item.name === clean.slice(slash + 1)) : undefined
  if (!entry) throw notFound()
  const content = repo.blobs.get(entry.sha) as Buffer
  if (/raw/.test(accept)) return { status: 200, text: content.toString("utf8") }
  return {
    status: 200,
    body: { ...itemJson(entry, clean), content: wrappedBase64(content), encoding: "base64" },
  }
}

/** POST /merges: merges a branch or commit into a branch (a merge commit), 204 when already merged, 409 on a conflict. */
function merges(repo: Repository, input: Record<string, unknown>): Reply {
  const base = String(input.base ?? "")
  const baseSha = repo.branchHead(base)
  if (!baseSha) throw notFound("Base does not exist")
  const head = repo.resolve(String(input.head ?? ""))
  if (!head) throw notFound("Head does not exist")
  if (repo.ancestors(baseSha).has(head)) return { status: 204 }
  const mergeBase = repo.mergeBase(baseSha, head)
  const merged = repo.merge3(mergeBase ? repo.flatOf(mergeBase) : new Map(), repo.flatOf(baseSha), repo.flatOf(head))
  if (!merged) throw new HttpError(409, "Merge conflict")
  const identity = { ...API_IDENTITY, date: isoSeconds() }
  const sha = repo.writeCommit({
    tree: repo.writeFlat(merged),
    parents: [baseSha, head],
    message: typeof input.commit_message === "string" ? input.commit_message : `Merge ${input.head} into ${base}`,
    author: identity,
    committer: identity,
  })
  repo.refs.set(`refs/heads/${base}`, sha)
  return { status: 201, body: repo.commitJson(sha) }
}
