import { contentFolders } from "../../internal/cms/content-folders"
import { CONTENT_TYPES } from "../../internal/content/model"
import { startGitHubStandIn, type GitHubStandIn } from "../github-stand-in"
import { startNetlifyDev, type NetlifyDevServer } from "../netlify-dev"
import { expectEvery, expectNone } from "../offenders"
import { passkeySignIn } from "../sign-in-cases"
import { authSettings, type AuthSettings } from "../../internal/auth/settings"

/**
 * An editor's sign-in changes the content and nothing else, tried as an attacker holding an
 * editor's access token would, through Netlify's emulation of the functions and the GitHub
 * stand-in: commits are made through the gateway (a blob, a tree and a commit move no branch),
 * and each attempt to move a branch onto one that changes more than content, or to move
 * another branch, or by force, is refused with a 403 and a sentence, with no branch moved
 * and no pull request opened or merged. The owner's own moves (a change to data/, an image
 * uploaded, a draft saved, saved again, opened and published, a draft deleted) still go
 * through, and GitHub's own 422 still reaches a move that is not a fast-forward.
 */
const REPO = "northshore/site"
const GITHUB_TOKEN = "the-sites-own-github-token"
const SECRET = "an-emulation-secret-of-at-least-32-characters"
/** The folder the editor uploads images to: the content model's, as the gateway reads it. */
const [, MEDIA] = contentFolders(CONTENT_TYPES).map(({ folder }) => folder)
/** One pixel of PNG. */
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="

let github: GitHubStandIn
let server: NetlifyDevServer
let token = ""

interface Answer {
  status: number
  json: Record<string, unknown>
}

/** A request to the gateway with the editor's token, as Decap sends it. */
async function gateway(method: string, path: string, body?: unknown): Promise<Answer> {
  const response = await fetch(`${server.origin}/api/git/github/${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  return { status: response.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} }
}

const headOf = (branch: string): string | undefined => github.commits(branch)[0]?.sha

interface Entry {
  path: string
  content?: string
  base64?: boolean
  mode?: string
  removed?: boolean
}

/** A commit on `parent` through the gateway (blobs, a tree, the commit: nothing moves a branch); its sha. */
async function commitThroughGateway(parent: string, entries: Entry[], message = "An edit"): Promise<string> {
  const tree = ((await gateway("GET", `git/commits/${parent}`)).json.tree as { sha: string }).sha
  const items = []
  for (const { path, content = "{}\n", base64, mode = "100644", removed } of entries) {
    if (removed) {
      items.push({ path, mode: "100644", type: "blob", sha: null })
      continue
    }
    const blob = await gateway("POST", "git/blobs", { content, encoding: base64 ? "base64" : "utf-8" })
    items.push({ path, mode, type: "blob", sha: blob.json.sha })
  }
  const made = await gateway("POST", "git/trees", { base_tree: tree, tree: items })
  const commit = await gateway("POST", "git/commits", { message, tree: made.json.sha, parents: [parent] })
  if (commit.status !== 201) throw new Error(`the commit was not made: ${commit.status} ${JSON.stringify(commit.json)}`)
  return String(commit.json.sha)
}

/** Every branch's head and every pull request's state: what an attempt must leave as it was. */
const repositoryState = (): string[] => [
  ...github.branches().map((branch) => `branch ${branch} at ${headOf(branch)}`),
  ...github
    .pulls()
    .map(({ number, state, merged, base }) => `pull #${number} ${state}${merged ? " merged" : ""} into ${base}`),
]

/** A request straight to the stand-in with the site's own credential: what an engineer does on GitHub itself. */
async function onGitHub(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${github.url}/repos/${REPO}/${path}`, {
    method,
    headers: { Authorization: `Bearer ${GITHUB_TOKEN}`, "User-Agent": "engineer", "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return (await response.json()) as Record<string, unknown>
}

/**
 * A commit on `parent` made on GitHub directly: the same objects an attacker makes through the gateway
 * (which relays blobs, trees and commits, as the owner's test below shows), without a function call each.
 */
async function commitOnGitHub(parent: string, entries: Entry[]): Promise<string> {
  const base = ((await onGitHub("GET", `git/commits/${parent}`)).tree as { sha: string }).sha
  const tree = await onGitHub("POST", "git/trees", {
    base_tree: base,
    tree: entries.map(({ path, content = "{}\n", mode = "100644", removed }) =>
      removed ? { path, mode, type: "blob", sha: null } : { path, mode, type: "blob", content },
    ),
  })
  return String((await onGitHub("POST", "git/commits", { message: "An edit", tree: tree.sha, parents: [parent] })).sha)
}

/** An engineer's branch `cms/…` holding a change to the code, and its pull request: its number. */
async function engineersDraft(branch: string): Promise<number> {
  const sha = await commitOnGitHub(headOf("main") as string, [
    { path: "netlify.toml", content: "[build]\n" + "command = 'x'\n" },
  ])
  await onGitHub("POST", "git/refs", { ref: `refs/heads/${branch}`, sha })
  return Number((await onGitHub("POST", "pulls", { title: "code", head: `northshore:${branch}`, base: "main" })).number)
}

beforeAll(async () => {
  github = await startGitHubStandIn({
    repo: REPO,
    token: GITHUB_TOKEN,
    files: {
      "data/business.json": "{}\n",
      "data/notice.json": "{}\n",
      "netlify.toml": "[build]\n",
      "package.json": "{}\n",
    },
  })
  server = await startNetlifyDev({
    env: { AUTH_SECRET: SECRET, CMS_GITHUB_REPO: REPO, GITHUB_TOKEN, GITHUB_API_URL: github.url },
  })
  const settings = authSettings((name) => ({ AUTH_SECRET: SECRET, URL: server.origin })[name]) as AuthSettings
  token = await passkeySignIn(server.origin, settings)
}, 120_000)

afterAll(async () => {
  await server?.stop()
  await github?.stop()
})

describe("the gateway writes content only, to the live branch and drafts, never by force", () => {
  it("refuses every move of a branch onto a change beyond content, or of another branch, or by force: 403, nothing moved", async () => {
    const main = headOf("main") as string
    const pullOfCode = await engineersDraft("cms/engineers-own")
    const outsideContent = [
      "netlify.toml",
      "package.json",
      "netlify/functions/x.mts",
      "scripts/x",
      ".github/workflows/x.yml",
      "static/admin/x.js",
      "src/x.tsx",
    ]
    const commits: [string, Entry[]][] = [
      ...outsideContent.map((path): [string, Entry[]] => [`a commit touching ${path}`, [{ path, content: "x\n" }]]),
      [`an SVG in ${MEDIA}/`, [{ path: `${MEDIA}/logo.svg`, content: "<svg onload='alert(1)'/>" }]],
      [`an HTML file in ${MEDIA}/`, [{ path: `${MEDIA}/page.html`, content: "<script>alert(1)</script>" }]],
      ["a rename from data/ to outside it", [{ path: "data/notice.json", removed: true }, { path: "notice.json" }]],
      ["a symlink under data/", [{ path: "data/link.json", content: "../netlify.toml", mode: "120000" }]],
      ["an executable under data/", [{ path: "data/run.json", mode: "100755" }]],
    ]
    const made = await Promise.all(
      commits.map(async ([label, entries]) => [label, await commitOnGitHub(main, entries)] as const),
    )
    const content = await commitOnGitHub(main, [{ path: "data/notice.json", content: '{"text":"x"}\n' }])
    const before = repositoryState()

    const attempts: [string, () => Promise<Answer>][] = [
      ...made.map(([label, sha]): [string, () => Promise<Answer>] => [
        `${label}, onto main`,
        () => gateway("PATCH", "git/refs/heads/main", { sha, force: false }),
      ]),
      [
        `${made[0][0]}, as a new draft`,
        () => gateway("POST", "git/refs", { ref: "refs/heads/cms/towns/x", sha: made[0][1] }),
      ],
      ["force: true on main", () => gateway("PATCH", "git/refs/heads/main", { sha: content, force: true })],
      ["deleting main", () => gateway("DELETE", "git/refs/heads/main")],
      ["moving another branch", () => gateway("PATCH", "git/refs/heads/gh-pages", { sha: content })],
      [
        "making a branch that is not a draft",
        () => gateway("POST", "git/refs", { ref: "refs/heads/release", sha: content }),
      ],
      [
        "a pull request from another branch",
        () => gateway("POST", "pulls", { title: "x", head: "northshore:main", base: "main" }),
      ],
      [
        "a pull request from another repository",
        () => gateway("POST", "pulls", { title: "x", head: "attacker:cms/towns/x", base: "main" }),
      ],
      [
        "a pull request from a draft holding code",
        () => gateway("POST", "pulls", { title: "x", head: "northshore:cms/engineers-own", base: "main" }),
      ],
      [
        "merging a pull request that holds code",
        () => gateway("PUT", `pulls/${pullOfCode}/merge`, { merge_method: "merge" }),
      ],
      ["merging a draft holding code", () => gateway("POST", "merges", { base: "main", head: "cms/engineers-own" })],
    ]
    // One at a time: each call starts the function anew, and the machine has few cores.
    const answers: { label: string; answer: Answer }[] = []
    for (const [label, attempt] of attempts) answers.push({ label, answer: await attempt() })
    expectEvery(
      answers,
      "attempts not refused with a 403 and a sentence",
      ({ answer }) =>
        answer.status === 403 && /Nothing was changed\.$/.test(String(answer.json.message))
          ? undefined
          : `${answer.status} ${JSON.stringify(answer.json)}`,
      ({ label }) => label,
    )
    expectNone(
      repositoryState().filter((line) => !before.includes(line)),
      "a refused attempt moved a branch or a pull request",
    )
  })

  it("still relays the owner's own moves, and GitHub's 422 to a move that is not a fast-forward", async () => {
    const main = headOf("main") as string
    const edit = await commitThroughGateway(main, [{ path: "data/notice.json", content: '{"text":"Closed today"}\n' }])
    const image = await commitThroughGateway(edit, [{ path: `${MEDIA}/lg.png`, content: PNG, base64: true }])
    const stale = await commitThroughGateway(main, [{ path: "data/business.json", content: '{"x":1}\n' }])
    const steps: [string, () => Promise<Answer>, number][] = [
      ["a change to data/ onto main", () => gateway("PATCH", "git/refs/heads/main", { sha: edit, force: false }), 200],
      ["an image uploaded onto main", () => gateway("PATCH", "git/refs/heads/main", { sha: image, force: false }), 200],
      [
        "a change made on an old head",
        () => gateway("PATCH", "git/refs/heads/main", { sha: stale, force: false }),
        422,
      ],
    ]
    const draft = "cms/towns/wilmette"
    const results: { label: string; status: number; wanted: number }[] = []
    for (const [label, step, wanted] of steps) results.push({ label, status: (await step()).status, wanted })
    const first = await commitThroughGateway(image, [{ path: "data/notice.json", content: '{"text":"Draft"}\n' }])
    const second = await commitThroughGateway(first, [{ path: "data/notice.json", content: '{"text":"Draft 2"}\n' }])
    const draftSteps: [string, () => Promise<Answer>, number][] = [
      ["a draft saved", () => gateway("POST", "git/refs", { ref: `refs/heads/${draft}`, sha: first }), 201],
      // Decap asks for force on a draft's every later save: relayed without it.
      [
        "the draft saved again",
        () => gateway("PATCH", `git/refs/heads/${encodeURIComponent(draft)}`, { sha: second, force: true }),
        200,
      ],
      [
        "the live branch moved on meanwhile (the page for today)",
        async () =>
          gateway("PATCH", "git/refs/heads/main", {
            sha: await commitThroughGateway(image, [{ path: "data/business.json", content: '{"closed":1}\n' }]),
            force: false,
          }),
        200,
      ],
      [
        "the draft rebased onto it and saved by force, as Decap does: refused, the draft kept",
        async () =>
          gateway("PATCH", `git/refs/heads/${encodeURIComponent(draft)}`, {
            sha: await commitThroughGateway(headOf("main") as string, [
              { path: "data/notice.json", content: '{"text":"Draft 3"}\n' },
            ]),
            force: true,
          }),
        409,
      ],
      [
        "its pull request opened",
        () => gateway("POST", "pulls", { title: "Wilmette", head: `northshore:${draft}`, base: "main" }),
        201,
      ],
    ]
    for (const [label, step, wanted] of draftSteps) results.push({ label, status: (await step()).status, wanted })
    const pull = github.pulls().find(({ head }) => head === draft)?.number
    results.push({
      label: "the draft published",
      status: (await gateway("PUT", `pulls/${pull}/merge`, { merge_method: "merge" })).status,
      wanted: 200,
    })
    results.push({
      label: "the draft's branch deleted",
      status: (await gateway("DELETE", `git/refs/heads/${encodeURIComponent(draft)}`)).status,
      wanted: 204,
    })
    expectEvery(
      results,
      "the owner's moves answered otherwise than GitHub would",
      ({ status, wanted }) => (status === wanted ? undefined : `answered ${status}, not ${wanted}`),
      ({ label }) => label,
    )
    expect(github.file("main", "data/notice.json")).toBe('{"text":"Draft 2"}\n')
    expect(github.file("main", "data/business.json")).toBe('{"closed":1}\n')
    expect(github.branches()).not.toContain(draft)
  })

  it("names the signed-in editor as every commit's author and committer, whatever the request said", async () => {
    const main = headOf("main") as string
    const tree = ((await gateway("GET", `git/commits/${main}`)).json.tree as { sha: string }).sha
    const someoneElse = { name: "Someone Else", email: "else@example.com" }
    const commit = await gateway("POST", "git/commits", {
      message: "x",
      tree,
      parents: [main],
      author: someoneElse,
      committer: someoneElse,
    })
    const made = (await gateway("GET", `git/commits/${commit.json.sha}`)).json as Record<string, { email: string }>
    expect([made.author.email, made.committer.email]).toEqual(["owner@example.com", "owner@example.com"])
  })
})
