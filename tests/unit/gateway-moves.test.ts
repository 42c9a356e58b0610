import { changedFiles, moveOf, nonContentChanges, unforced } from "../../internal/auth/gateway-moves"
import { contentFolders, mediaFolders, fromRepoRoot } from "../../internal/cms/content-folders"
import { editorConfig } from "../../internal/cms/editor-config"
import { CONTENT_TYPES } from "../../internal/content/model"
import { expectEvery } from "../offenders"

const FOLDERS = contentFolders(CONTENT_TYPES)
const BRANCHES = { live: "main", repo: "northshore/site" }
const SHA = "3f786850e387550fdab836ed7e6dc881de23001b"
/** Where the editor uploads images, as its configuration says (the model's first file folder). */
const MEDIA = editorConfig(CONTENT_TYPES, {
  signIn: "git-gateway",
  repo: "o/r",
  branch: "main",
  siteUrl: "",
}).media_folder

describe("what an editor may write", () => {
  it("is data/'s JSON and raster images in every folder the model uploads to, the editor's media folder among them", () => {
    expect(FOLDERS.map(({ folder }) => folder)).toEqual(["data", ...mediaFolders(CONTENT_TYPES).map(fromRepoRoot)])
    expect(FOLDERS.map(({ folder }) => folder)).toContain(MEDIA)
  })

  it("refuses every file that is not a regular content file, naming why", () => {
    const refusedFiles: [string, string | undefined][] = [
      ["netlify.toml", "100644"],
      ["package.json", "100644"],
      ["netlify/functions/x.mts", "100644"],
      ["scripts/x", "100644"],
      [".github/workflows/x.yml", "100644"],
      ["static/admin/x.js", "100644"],
      ["src/x.tsx", "100644"],
      [`${MEDIA}/x.svg`, "100644"],
      [`${MEDIA}/x.html`, "100644"],
      [`${MEDIA}/.png`, "100644"],
      ["data/x.js", "100644"],
      ["data/link.json", "120000"],
      ["data/run.json", "100755"],
      ["data/vendor.json", "160000"],
      ["data/../netlify.toml", "100644"],
      ["datafile.json", "100644"],
      ["netlify.toml", undefined],
    ]
    expectEvery(
      refusedFiles,
      "files taken for content",
      ([path, mode]) =>
        nonContentChanges(FOLDERS, [{ path, after: mode ? { mode, sha: SHA } : undefined }]).length
          ? undefined
          : "accepted",
      ([path, mode]) => `${path} (${mode ?? "removed"})`,
    )
    const accepted: [string, string | undefined][] = [
      ["data/business.json", "100644"],
      ["data/cities/wilmette.json", "100644"],
      [`${MEDIA}/lg.png`, "100644"],
      [`${MEDIA}/Photo.JPG`, "100644"],
      [`${MEDIA}/a.webp`, "100644"],
      ["data/old.json", undefined],
    ]
    expectEvery(
      accepted,
      "content files refused",
      ([path, mode]) => nonContentChanges(FOLDERS, [{ path, after: mode ? { mode, sha: SHA } : undefined }]),
      ([path]) => path,
    )
  })

  it("counts a rename by both its names, and a change of mode alone", () => {
    const blob = (path: string, mode = "100644") => ({ path, mode, type: "blob", sha: SHA })
    const before = [
      blob("data/notice.json"),
      blob("data/hours.json"),
      { path: "data", mode: "040000", type: "tree", sha: SHA },
    ]
    const after = [blob("notice.txt"), blob("data/hours.json", "100755")]
    expect(changedFiles(before, after).map(({ path }) => path)).toEqual([
      "data/hours.json",
      "data/notice.json",
      "notice.txt",
    ])
    expect(nonContentChanges(FOLDERS, changedFiles(before, after))).toEqual([
      "data/hours.json is an executable file",
      "notice.txt is outside the content folders",
    ])
  })
})

describe("which branches an editor moves", () => {
  const refusals: [string, string, Record<string, unknown> | undefined][] = [
    ["PATCH", "git/refs/heads/main", { sha: SHA, force: true }],
    ["PATCH", "git/refs/heads/main", { sha: SHA, force: "yes" }],
    ["PATCH", "git/refs/heads/gh-pages", { sha: SHA }],
    ["PATCH", "git/refs/heads/cmsx", { sha: SHA }],
    ["DELETE", "git/refs/heads/main", undefined],
    ["DELETE", "git/refs/heads/release%2F1", undefined],
    ["POST", "git/refs", { ref: "refs/heads/main", sha: SHA }],
    ["POST", "git/refs", { ref: "refs/tags/v1", sha: SHA }],
    ["POST", "git/refs", { ref: "refs/heads/feature", sha: SHA }],
    ["POST", "pulls", { head: "northshore:feature", base: "main", title: "x" }],
    ["POST", "pulls", { head: "attacker:cms/towns/x", base: "main", title: "x" }],
    ["POST", "pulls", { head: "cms/towns/x", head_repo: "attacker/site", base: "main", title: "x" }],
    ["POST", "pulls", { head: "northshore:cms/towns/x", base: "release", title: "x" }],
    ["PATCH", "pulls/3", { base: "release" }],
    ["PUT", "pulls/3/merge", { base: "release" }],
    ["POST", "merges", { base: "release", head: "cms/towns/x" }],
  ]

  it("refuses, before reading anything, a move of another branch, a forced move of the live branch, a deletion of it, a pull request from elsewhere", () => {
    expectEvery(
      refusals,
      "moves not refused",
      ([method, path, body]) => {
        const move = moveOf(method, path, body, BRANCHES)
        return move && "status" in move && move.status === 403 ? undefined : `gave ${JSON.stringify(move)}`
      },
      ([method, path, body]) => `${method} ${path} ${JSON.stringify(body ?? null)}`,
    )
  })

  it("judges what Decap and the page for today send, and never relays force", () => {
    expect(moveOf("PATCH", "git/refs/heads/main", { sha: SHA, force: false }, BRANCHES)).toEqual({
      kind: "ref",
      branch: "main",
      to: SHA,
      create: false,
    })
    expect(moveOf("PATCH", "git/refs/heads/cms%2Ftowns%2Fx", { sha: SHA, force: true }, BRANCHES)).toEqual({
      kind: "ref",
      branch: "cms/towns/x",
      to: SHA,
      create: false,
      forced: true,
    })
    expect(unforced({ sha: SHA, force: true })).toEqual({ sha: SHA, force: false })
    expect(moveOf("POST", "git/refs", { ref: "refs/heads/cms/towns/x", sha: SHA }, BRANCHES)).toEqual({
      kind: "ref",
      branch: "cms/towns/x",
      to: SHA,
      create: true,
    })
    expect(moveOf("DELETE", "git/refs/heads/cms%2Ftowns%2Fx", undefined, BRANCHES)).toEqual({
      kind: "delete",
      branch: "cms/towns/x",
    })
    expect(moveOf("POST", "pulls", { head: "northshore:cms/towns/x", base: "main", title: "x" }, BRANCHES)).toEqual({
      kind: "merge",
      base: "main",
      head: "cms/towns/x",
    })
    expect(moveOf("PUT", "pulls/3/merge", { sha: SHA, merge_method: "merge" }, BRANCHES)).toEqual({
      kind: "pull",
      number: 3,
    })
    expect(moveOf("PATCH", "pulls/3", { state: "closed" }, BRANCHES)).toEqual({ kind: "pull", number: 3 })
    const reads: [string, string][] = [
      ["GET", "git/refs/heads/main"],
      ["POST", "git/blobs"],
      ["POST", "git/trees"],
      ["POST", "git/commits"],
      ["PUT", "issues/3/labels"],
    ]
    expectEvery(
      reads,
      "requests that move no branch taken for a move",
      ([method, path]) => (moveOf(method, path, {}, BRANCHES) === undefined ? undefined : "judged as a move"),
      ([method, path]) => `${method} ${path}`,
    )
  })
})
