/**
 * @jest-environment node
 */
import { startGitHubStandIn, type GitHubStandIn } from "../github-stand-in"

// The stand-in driven with the calls Decap's git-gateway backend makes (decap-cms-backend-github's API.js,
// git-gateway's GitHubAPI.js), as our gateway relays them: /api/git/github/<rest> becomes
// /repos/{owner}/{name}/<rest> with the gateway's own credential and a User-Agent.

const REPO = "north-shore/site"
const TOKEN = "gateway-token"
const EDITOR = { name: "Pat Owner", email: "owner@example.com" }
const EVANSTON = JSON.stringify({ name: "Evanston", county: "Cook" }, null, 2) + "\n"
const SKOKIE = JSON.stringify({ name: "Skokie", county: "Cook" }, null, 2) + "\n"
const BUSINESS = JSON.stringify({ name: "North Shore Appliance Repair", phone: "847-555-0100" }, null, 2) + "\n"
const WILMETTE = JSON.stringify({ name: "Wilmette", county: "Cook" }, null, 2) + "\n"
const WILMETTE_EDITED = JSON.stringify({ name: "Wilmette", county: "Cook", zip: "60091" }, null, 2) + "\n"
const BRANCH = "cms/towns/wilmette"
/** Decap's `branchName` in a path: `encodeURIComponent`, so `/` arrives as `%2F`. */
const ENCODED_BRANCH = encodeURIComponent(BRANCH)

let github: GitHubStandIn
beforeAll(async () => {
  github = await startGitHubStandIn({
    repo: REPO,
    token: TOKEN,
    files: { "data/towns/evanston.json": EVANSTON, "data/towns/skokie.json": SKOKIE, "data/business.json": BUSINESS },
  })
})
afterAll(() => github.stop())

interface Answer {
  status: number
  headers: Headers
  // Tests read the fields Decap reads: `any` keeps each read as short as Decap's own.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any
}

/** One call as the gateway relays it: `rest` is the path after /api/git/github/, exactly as Decap sent it. */
async function relay(method: string, rest: string, body?: unknown, token = TOKEN): Promise<Answer> {
  const response = await fetch(`${github.url}/repos/${REPO}/${rest}`, {
    method,
    headers: {
      Accept: "application/vnd.github+json",
      Authorization: `Bearer ${token}`,
      "User-Agent": "site-editor-gateway",
      ...(body === undefined ? {} : { "Content-Type": "application/json; charset=utf-8" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  if (text) expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8")
  return { status: response.status, headers: response.headers, json: text ? JSON.parse(text) : null }
}

/** Decap's fetchBlobContent: Base64.decode of the blob's `content`. */
const blobText = async (sha: string) => {
  const blob = await relay("GET", `git/blobs/${sha}`)
  expect(blob.status).toBe(200)
  expect(blob.json.encoding).toBe("base64")
  return Buffer.from(blob.json.content, "base64").toString("utf8")
}
const base64 = (text: string) => Buffer.from(text, "utf8").toString("base64")
/** Decap's getHeadReference: the owner parsed from the default branch's `_links.self`. */
const ownerFromLinks = (self: string) => self.match(new RegExp("https?://.+?/repos/(.+?)/"))?.[1]
const headQuery = () => `head=${encodeURIComponent(`north-shore:${BRANCH}`)}&base=main&state=open&per_page=100`

describe("reading entries, as Decap lists a folder collection and opens a file", () => {
  it("lists the folder's blobs, reads each, and names each file's last author", async () => {
    const branch = await relay("GET", "branches/main")
    expect(branch.status).toBe(200)
    expect(branch.json.commit.sha).toMatch(/^[0-9a-f]{40}$/)
    expect(branch.json.commit.commit.tree.sha).toMatch(/^[0-9a-f]{40}$/)
    expect(ownerFromLinks(branch.json._links.self)).toBe("north-shore")

    // listFiles: trees/{branch}:{folder}, the folder raw.
    const folder = await relay("GET", "git/trees/main:data/towns")
    expect(folder.status).toBe(200)
    const blobs = folder.json.tree.filter((file: { type: string }) => file.type === "blob")
    expect(blobs.map((file: { path: string }) => file.path)).toEqual(["evanston.json", "skokie.json"])
    expect(blobs[0].size).toBe(Buffer.byteLength(EVANSTON))
    expect(await blobText(blobs[0].sha)).toBe(EVANSTON)
    expect(await blobText(blobs[1].sha)).toBe(SKOKIE)

    // readFileMetadata: commits?path=&sha=, [0].commit.author.
    const history = await relay("GET", `commits?path=${encodeURIComponent("data/towns/evanston.json")}&sha=main`)
    expect(history.status).toBe(200)
    expect(history.json).toHaveLength(1)
    expect(history.json[0].commit.author.name).toBeTruthy()
    expect(history.json[0].commit.author.date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/)

    // getFileSha for a file collection's file: trees/{branch}:{encodeURIComponent(dir)}.
    const data = await relay("GET", `git/trees/main:${encodeURIComponent("data")}`)
    const business = data.json.tree.find((file: { path: string }) => file.path === "business.json")
    expect(business.type).toBe("blob")
    expect(await blobText(business.sha)).toBe(BUSINESS)
    const tree = data.json.tree.find((file: { path: string }) => file.path === "towns")
    expect(tree).toMatchObject({ type: "tree", mode: "040000" })

    // A missing folder is a 404 Decap takes as empty; the large-media probe reads the root (`main:`).
    expect((await relay("GET", "git/trees/main:data/cities")).status).toBe(404)
    const root = await relay("GET", "git/trees/main:")
    expect(root.json.tree.map((file: { path: string }) => file.path)).toEqual(["data"])
    const recursive = await relay("GET", "git/trees/main:data?recursive=1")
    expect(recursive.json.tree.map((file: { path: string }) => file.path)).toEqual([
      "business.json",
      "towns",
      "towns/evanston.json",
      "towns/skokie.json",
    ])
  })

  it("serves contents and blobs with GitHub's object ids, which git computes the same way", async () => {
    const file = await relay("GET", "contents/data/business.json?ref=main")
    expect(file.json).toMatchObject({ type: "file", encoding: "base64", path: "data/business.json" })
    expect(Buffer.from(file.json.content, "base64").toString("utf8")).toBe(BUSINESS)
    // git hash-object: sha1("blob <size>\0<content>").
    const { createHash } = await import("node:crypto")
    const expected = createHash("sha1")
      .update(`blob ${Buffer.byteLength(BUSINESS)}\0${BUSINESS}`)
      .digest("hex")
    expect(file.json.sha).toBe(expected)
  })
})

describe("a new entry through the editorial workflow: draft, ready, published", () => {
  let mainBefore = ""
  let draftCommit = ""
  let pullNumber = 0

  it("saves a new draft: blob, tree, commit, a cms/ branch, a pull request labelled decap-cms/draft", async () => {
    // Opening a new entry: no pull request for its branch yet.
    const none = await relay("GET", `pulls?${headQuery()}`)
    expect(none.status).toBe(200)
    expect(none.json).toEqual([])

    // The large-media probe: .lfsconfig and .gitattributes are not in the root.
    const root = await relay("GET", "git/trees/main:")
    expect(root.json.tree.some((file: { path: string }) => file.path === ".lfsconfig")).toBe(false)

    const blob = await relay("POST", "git/blobs", { content: base64(WILMETTE), encoding: "base64" })
    expect(blob.status).toBe(201)
    expect(blob.json.sha).toMatch(/^[0-9a-f]{40}$/)

    const main = await relay("GET", "branches/main")
    mainBefore = main.json.commit.sha
    // updateTree: base_tree is the branch's commit sha, as Decap sends it.
    const tree = await relay("POST", "git/trees", {
      base_tree: mainBefore,
      tree: [{ path: "data/towns/wilmette.json", mode: "100644", type: "blob", sha: blob.json.sha }],
    })
    expect(tree.status).toBe(201)

    // git-gateway's commit(): parents [base], author {name, email, date}.
    const commit = await relay("POST", "git/commits", {
      message: "Create Towns “wilmette”",
      tree: tree.json.sha,
      parents: [mainBefore],
      author: { ...EDITOR, date: new Date().toISOString() },
    })
    expect(commit.status).toBe(201)
    expect(commit.json.tree.sha).toBe(tree.json.sha)
    expect(commit.json.parents.map((parent: { sha: string }) => parent.sha)).toEqual([mainBefore])
    draftCommit = commit.json.sha

    const ref = await relay("POST", "git/refs", { ref: `refs/heads/${BRANCH}`, sha: draftCommit })
    expect(ref.status).toBe(201)
    expect(ref.json).toMatchObject({ ref: `refs/heads/${BRANCH}`, object: { sha: draftCommit, type: "commit" } })

    const pull = await relay("POST", "pulls", {
      title: "Create Towns “wilmette”",
      body: "Automatically generated by Decap CMS",
      head: `north-shore:${BRANCH}`,
      base: "main",
    })
    expect(pull.status).toBe(201)
    pullNumber = pull.json.number
    expect(pull.json.head).toMatchObject({ ref: BRANCH, sha: draftCommit, repo: { fork: false } })

    const labels = await relay("PUT", `issues/${pullNumber}/labels`, { labels: ["decap-cms/draft"] })
    expect(labels.status).toBe(200)
    expect(labels.json.map((label: { name: string }) => label.name)).toEqual(["decap-cms/draft"])

    expect(github.file(BRANCH, "data/towns/wilmette.json")).toBe(WILMETTE)
    expect(github.file("main", "data/towns/wilmette.json")).toBeUndefined()
    expect(github.branches()).toEqual(["main", BRANCH])
    expect(github.pulls()).toEqual([
      {
        number: pullNumber,
        head: BRANCH,
        base: "main",
        state: "open",
        merged: false,
        labels: ["decap-cms/draft"],
        title: "Create Towns “wilmette”",
      },
    ])
  })

  it("shows the draft on the workflow board: the labelled pull request and its compare", async () => {
    const open = await relay("GET", "pulls?base=main&state=open&per_page=100")
    expect(open.json).toHaveLength(1)
    const [pull] = open.json
    expect(pull).toMatchObject({
      number: pullNumber,
      head: { ref: BRANCH, sha: draftCommit },
      user: { login: "north-shore" },
    })
    expect(pull.labels.map((label: { name: string }) => label.name)).toEqual(["decap-cms/draft"])
    expect(pull.base.sha).toBe(mainBefore)
    expect(pull.updated_at).toMatch(/Z$/)

    // getDifferences(main, head sha): the file as added, with a patch (so not binary).
    const diff = await relay("GET", `compare/main...${draftCommit}`)
    expect(diff.status).toBe(200)
    expect(diff.json).toMatchObject({ status: "ahead", ahead_by: 1, behind_by: 0, total_commits: 1 })
    expect(diff.json.base_commit.sha).toBe(mainBefore)
    expect(diff.json.merge_base_commit.sha).toBe(mainBefore)
    expect(diff.json.commits.map((commit: { sha: string }) => commit.sha)).toEqual([draftCommit])
    expect(diff.json.files).toEqual([
      expect.objectContaining({ filename: "data/towns/wilmette.json", status: "added", additions: 4, deletions: 0 }),
    ])
    expect(diff.json.files[0].patch).toMatch(/^@@ -0,0 \+1,4 @@\n\+\{/)
    expect(await blobText(diff.json.files[0].sha)).toBe(WILMETTE)

    const status = await relay("GET", `commits/${draftCommit}/status`)
    expect(status.json).toMatchObject({ state: "pending", statuses: [] })
  })

  it("updates the draft: compare with owner:branch, no rebase needed, a forced PATCH of the %2F ref", async () => {
    const diff = await relay("GET", `compare/main...north-shore:${BRANCH}`)
    expect(diff.json.files.map((file: { filename: string }) => file.filename)).toEqual(["data/towns/wilmette.json"])
    // rebaseCommits: the first commit's parent is base_commit, so the head stays.
    expect(diff.json.commits[0].parents[0].sha).toBe(diff.json.base_commit.sha)
    const head = diff.json.commits[diff.json.commits.length - 1].sha
    expect(head).toBe(draftCommit)

    const blob = await relay("POST", "git/blobs", { content: base64(WILMETTE_EDITED), encoding: "base64" })
    const tree = await relay("POST", "git/trees", {
      base_tree: head,
      tree: [{ path: "data/towns/wilmette.json", mode: "100644", type: "blob", sha: blob.json.sha }],
    })
    const commit = await relay("POST", "git/commits", {
      message: "Update Towns “wilmette”",
      tree: tree.json.sha,
      parents: [head],
      author: { ...EDITOR, date: new Date().toISOString() },
    })
    const patched = await relay("PATCH", `git/refs/heads/${ENCODED_BRANCH}`, { sha: commit.json.sha, force: true })
    expect(patched.status).toBe(200)
    expect(patched.json.object.sha).toBe(commit.json.sha)
    draftCommit = commit.json.sha

    expect(github.file(BRANCH, "data/towns/wilmette.json")).toBe(WILMETTE_EDITED)
    const pull = await relay("GET", `pulls?${headQuery()}`)
    expect(pull.json[0].head.sha).toBe(draftCommit)
    expect(github.requests.at(-2)?.path).toBe(`/repos/${REPO}/git/refs/heads/cms%2Ftowns%2Fwilmette`)
  })

  it("moves the draft to ready: the pull request's label becomes decap-cms/pending_publish", async () => {
    const found = await relay("GET", `pulls?${headQuery()}`)
    expect(found.json.map((pull: { number: number }) => pull.number)).toEqual([pullNumber])
    const others = found.json[0].labels.filter((label: { name: string }) => !label.name.startsWith("decap-cms/"))
    const labels = await relay("PUT", `issues/${pullNumber}/labels`, {
      labels: [...others.map((label: { name: string }) => label.name), "decap-cms/pending_publish"],
    })
    expect(labels.status).toBe(200)
    expect(github.pulls()[0].labels).toEqual(["decap-cms/pending_publish"])
    const again = await relay("GET", `pulls?${headQuery()}`)
    expect(again.json[0].labels.map((label: { name: string }) => label.name)).toEqual(["decap-cms/pending_publish"])
  })

  it("publishes: a merge commit on main with the file, the editor as the file's author, the branch deleted", async () => {
    const [pull] = (await relay("GET", `pulls?${headQuery()}`)).json
    const merge = await relay("PUT", `pulls/${pull.number}/merge`, {
      commit_message: "Automatically generated. Merged on Decap CMS.",
      sha: pull.head.sha,
      merge_method: "merge",
    })
    expect(merge.status).toBe(200)
    expect(merge.json).toMatchObject({ merged: true, sha: expect.stringMatching(/^[0-9a-f]{40}$/) })

    const deleted = await relay("DELETE", `git/refs/heads/${ENCODED_BRANCH}`)
    expect(deleted.status).toBe(204)
    expect(deleted.json).toBeNull()
    // Deleting again is what Decap treats as already done.
    const again = await relay("DELETE", `git/refs/heads/${ENCODED_BRANCH}`)
    expect(again).toMatchObject({ status: 422, json: { message: "Reference does not exist" } })

    expect(github.file("main", "data/towns/wilmette.json")).toBe(WILMETTE_EDITED)
    expect(github.file("main", "data/towns/evanston.json")).toBe(EVANSTON)
    expect(github.branches()).toEqual(["main"])
    expect(github.pulls()).toEqual([expect.objectContaining({ number: pullNumber, state: "closed", merged: true })])

    // First parents: the merge, then main as it was.
    const [mergeCommit, initial, ...none] = github.commits("main")
    expect(none).toEqual([])
    expect(mergeCommit.sha).toBe(merge.json.sha)
    expect(mergeCommit.parents).toEqual([mainBefore, draftCommit])
    expect(mergeCommit.message).toMatch(/^Merge pull request #1 from north-shore\/cms\/towns\/wilmette\n\n/)
    expect(initial.sha).toBe(mainBefore)

    // readFileMetadata on main after publishing: the editor's two commits, newest first, not the merge.
    const history = await relay("GET", `commits?path=${encodeURIComponent("data/towns/wilmette.json")}&sha=main`)
    expect(history.json).toHaveLength(2)
    expect(history.json[0].sha).toBe(draftCommit)
    expect(history.json[0].commit).toMatchObject({
      message: "Update Towns “wilmette”",
      author: EDITOR,
      committer: EDITOR,
    })
    expect(history.json[1].commit).toMatchObject({ message: "Create Towns “wilmette”", author: EDITOR })
    expect(history.json[1].parents.map((parent: { sha: string }) => parent.sha)).toEqual([mainBefore])

    const closed = await relay("GET", `pulls?${headQuery()}`)
    expect(closed.json).toEqual([])
    const single = await relay("GET", `pulls/${pullNumber}`)
    expect(single.json).toMatchObject({ state: "closed", merged: true, merge_commit_sha: merge.json.sha })
  })
})

describe("the answers Decap branches on", () => {
  it("refuses another credential with GitHub's 401 Bad credentials, and records every request", async () => {
    const count = github.requests.length
    const refused = await relay("GET", "branches/main", undefined, "someone-else")
    expect(refused).toMatchObject({ status: 401, json: { message: "Bad credentials" } })
    expect(github.requests.slice(count)).toEqual([
      {
        method: "GET",
        path: `/repos/${REPO}/branches/main`,
        query: "",
        authorization: "Bearer someone-else",
        userAgent: "site-editor-gateway",
        body: null,
      },
    ])
  })

  it("answers 404 Not Found for an unknown route, object or repository", async () => {
    for (const rest of ["search/issues?q=x", `git/blobs/${"0".repeat(40)}`, "pulls/99", "branches/nope"]) {
      const answer = await relay("GET", rest)
      expect([rest, answer.status, typeof answer.json.message]).toEqual([rest, 404, "string"])
    }
    expect((await relay("GET", "search/issues?q=x")).json).toEqual({ message: "Not Found" })
    const other = await fetch(`${github.url}/repos/someone/else/branches/main`, {
      headers: { Authorization: `Bearer ${TOKEN}`, "User-Agent": "t" },
    })
    expect(other.status).toBe(404)
  })

  it("answers 422 Reference already exists, and a fast-forward-only PATCH without force", async () => {
    const main = (await relay("GET", "branches/main")).json.commit
    const first = await relay("POST", "git/refs", { ref: "refs/heads/cms/towns/glencoe", sha: main.sha })
    expect(first.status).toBe(201)
    const second = await relay("POST", "git/refs", { ref: "refs/heads/cms/towns/glencoe", sha: main.sha })
    expect(second).toMatchObject({ status: 422, json: { message: "Reference already exists" } })
    // A branch where another's folder would be: what Decap reads as a conflicting branch.
    const conflict = await relay("POST", "git/refs", { ref: "refs/heads/cms/towns", sha: main.sha })
    expect(conflict).toMatchObject({ status: 422, json: { message: "Reference update failed" } })

    const parent = main.parents[0].sha
    const backwards = await relay("PATCH", `git/refs/heads/${encodeURIComponent("cms/towns/glencoe")}`, {
      sha: parent,
      force: false,
    })
    expect(backwards).toMatchObject({ status: 422, json: { message: "Update is not a fast forward" } })
    const matching = await relay("GET", "git/matching-refs/heads/cms/")
    expect(matching.json.map((ref: { ref: string }) => ref.ref)).toEqual(["refs/heads/cms/towns/glencoe"])
    expect((await relay("DELETE", "git/refs/heads/cms%2Ftowns%2Fglencoe")).status).toBe(204)
  })

  it("answers 405 to a merge with a conflict, which sends Decap to its forced merge", async () => {
    const mainSha = (await relay("GET", "branches/main")).json.commit.sha
    const change = async (parent: string, text: string) => {
      const blob = await relay("POST", "git/blobs", { content: text, encoding: "utf-8" })
      const tree = await relay("POST", "git/trees", {
        base_tree: parent,
        tree: [{ path: "data/business.json", mode: "100644", type: "blob", sha: blob.json.sha }],
      })
      const commit = await relay("POST", "git/commits", { message: text, tree: tree.json.sha, parents: [parent] })
      return commit.json.sha as string
    }
    const draft = await change(mainSha, "{}\n")
    await relay("POST", "git/refs", { ref: "refs/heads/cms/business/business", sha: draft })
    const pull = await relay("POST", "pulls", { title: "t", head: "north-shore:cms/business/business", base: "main" })
    const onMain = await change(mainSha, '{"a":1}\n')
    await relay("PATCH", "git/refs/heads/main", { sha: onMain, force: false })
    const merge = await relay("PUT", `pulls/${pull.json.number}/merge`, { sha: draft, merge_method: "merge" })
    expect(merge).toMatchObject({ status: 405, json: { message: "Pull Request is not mergeable" } })

    const closed = await relay("PATCH", `pulls/${pull.json.number}`, { state: "closed" })
    expect(closed.json.state).toBe("closed")
    expect((await relay("DELETE", "git/refs/heads/cms%2Fbusiness%2Fbusiness")).status).toBe(204)
  })

  it("pages a listing with a Link header that git-gateway's nextUrlProcessor turns back into a gateway path", async () => {
    const first = await relay("GET", "commits?sha=main&per_page=1")
    expect(first.json).toHaveLength(1)
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.get("Link") ?? "")?.[1] ?? ""
    // gg/GitHubAPI.js nextUrlProcessor.
    expect(next.replace(/^(?:[a-z]+:\/\/.+?\/.+?\/.+?\/)/, "/api/git/github/")).toBe(
      "/api/git/github/commits?sha=main&per_page=1&page=2",
    )
    const second = await fetch(next, { headers: { Authorization: `Bearer ${TOKEN}`, "User-Agent": "t" } })
    const [commit] = await second.json()
    expect(commit.sha).toBe(first.json[0].parents[0].sha)
  })
})
