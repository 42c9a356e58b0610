/**
 * @jest-environment node
 */
import { BranchMovingError, GitStepError, commitToBranch, type GitRelay } from "../../src/lib/commit-to-branch"
import { startGitHubStandIn, type GitHubStandIn } from "../github-stand-in"

// A change committed straight to main through the git data API, against the stand-in for GitHub
// (the calls the site's gateway relays, as the owner's phone sends them).

const REPO = "north-shore/site"
const TOKEN = "gateway-token"
const NOTICE = "data/notice.json"
const FIRST = `{\n  "show": false,\n  "text": ""\n}\n`

let github: GitHubStandIn

beforeEach(async () => {
  github = await startGitHubStandIn({ repo: REPO, files: { [NOTICE]: FIRST, "data/other.json": "{}\n" }, token: TOKEN })
})

afterEach(async () => {
  await github.stop()
})

/** The relay the gateway stands for: the repository's API with the site's credential. */
const relayTo =
  (stand: () => GitHubStandIn): GitRelay =>
  (method, path, body) =>
    fetch(`${stand().url}/repos/${REPO}/${path}`, {
      method,
      headers: { authorization: `token ${TOKEN}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
const relay = relayTo(() => github)

/** A change that adds a key to the notice's JSON (as the page's actions change one field). */
const setKey = (key: string, value: unknown) => (current: string) =>
  `${JSON.stringify({ ...JSON.parse(current), [key]: value }, null, 2)}\n`

describe("a change committed straight to a branch", () => {
  it("lands as one commit on main, with its message, changing only its file", async () => {
    const before = github.commits("main")
    const done = await commitToBranch(relay, {
      branch: "main",
      path: NOTICE,
      message: "Notice until 2026-12-24: Storm backlog",
      change: setKey("text", "Storm backlog — repairs about three days out"),
    })
    const commits = github.commits("main")
    expect(commits).toHaveLength(before.length + 1)
    expect(commits[0]).toMatchObject({ sha: done.commit, message: "Notice until 2026-12-24: Storm backlog" })
    expect(done.attempts).toBe(1)
    expect(JSON.parse(github.file("main", NOTICE) ?? "")).toEqual({
      show: false,
      text: "Storm backlog — repairs about three days out",
    })
    expect(github.file("main", NOTICE)).toBe(done.text)
    expect(github.file("main", "data/other.json")).toBe("{}\n")
  })

  it("keeps both of two changes saved at once: the second is made again on the first's commit", async () => {
    // Both read the same head before either moves the branch: hold each at its move until both are there.
    let arrived = 0
    let release: () => void = () => {}
    const bothThere = new Promise<void>((resolve) => (release = resolve))
    const holding: GitRelay = async (method, path, body) => {
      if (method === "PATCH" && arrived < 2) {
        arrived += 1
        if (arrived === 2) release()
        await bothThere
      }
      return relay(method, path, body)
    }
    const before = github.commits("main").length
    const [first, second] = await Promise.all([
      commitToBranch(holding, { branch: "main", path: NOTICE, message: "one", change: setKey("show", true) }),
      commitToBranch(holding, { branch: "main", path: NOTICE, message: "two", change: setKey("ends", "2026-12-24") }),
    ])
    expect([first.attempts, second.attempts].sort()).toEqual([1, 2])
    expect(github.commits("main")).toHaveLength(before + 2)
    expect(JSON.parse(github.file("main", NOTICE) ?? "")).toEqual({ show: true, text: "", ends: "2026-12-24" })
  })

  it("commits nothing when the change refuses the file as it now is", async () => {
    const before = github.commits("main").length
    const refused = commitToBranch(relay, {
      branch: "main",
      path: NOTICE,
      message: "never",
      change: () => {
        throw new Error("ends: is 2026-11-01, before the first day 2026-11-02")
      },
    })
    await expect(refused).rejects.toThrow("ends: is 2026-11-01, before the first day 2026-11-02")
    expect(github.commits("main")).toHaveLength(before)
    expect(github.requests.filter(({ method }) => method !== "GET")).toEqual([])
  })

  it("names the step GitHub refused, and moves nothing", async () => {
    const before = github.commits("main").length
    const missing = commitToBranch(relay, { branch: "main", path: "data/none.json", message: "x", change: (t) => t })
    await expect(missing).rejects.toThrow(GitStepError)
    await expect(missing).rejects.toMatchObject({ step: "reading data/none.json", status: 404 })
    const noBranch = commitToBranch(relay, { branch: "gone", path: NOTICE, message: "x", change: (t) => t })
    await expect(noBranch).rejects.toMatchObject({ step: "reading the branch", status: 404 })
    expect(github.commits("main")).toHaveLength(before)
  })

  it("gives up, naming the branch, when another commit comes first on every attempt", async () => {
    // Each time, just before the move, another phone's commit lands.
    const racing: GitRelay = async (method, path, body) => {
      if (method === "PATCH") {
        await commitToBranch(relay, {
          branch: "main",
          path: "data/other.json",
          message: "other",
          change: (t) => t + " ",
        })
      }
      return relay(method, path, body)
    }
    const change = { branch: "main", path: NOTICE, message: "mine", change: setKey("show", true), attempts: 3 }
    await expect(commitToBranch(racing, change)).rejects.toThrow(new BranchMovingError("main", 3))
    expect(github.commits("main").map(({ message }) => message)).not.toContain("mine")
    expect(JSON.parse(github.file("main", NOTICE) ?? "")).toEqual({ show: false, text: "" })
  })
})
