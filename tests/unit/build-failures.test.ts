/**
 * @jest-environment node
 */
import fs from "fs"
import os from "os"
import path from "path"
import { localBlobs } from "../blobs-server"
import {
  BUILD_FAILURES_STORE,
  CONTENT_PROBLEMS_FILE,
  LAST_FAILURE_KEY,
  writeContentProblems,
} from "../../internal/today/build-failures"
import { config as buildFailureConfig } from "../../netlify/functions/build-failure.mts"
import { BUILD_FAILURE_PATH } from "../../src/lib/today-actions"

// The build plugin that keeps a failed production build for the owner's page for today: what the
// build refused in data/, the commit and the time, in the store the page's function reads; removed
// when a production build succeeds; nothing kept for a deploy preview.

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a Netlify build plugin is CommonJS
const plugin = require("../../netlify/plugins/build-failures/index.js") as Record<
  "onError" | "onSuccess",
  (options: { constants: Record<string, string> }) => Promise<void>
>

const blobs = localBlobs()
const constants = { SITE_ID: "local-site", NETLIFY_API_TOKEN: "unused-with-the-blobs-context" }
const saved = { cwd: process.cwd(), context: process.env.CONTEXT, commit: process.env.COMMIT_REF }
let folder = ""

beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "build-failures-"))
  process.chdir(folder)
  process.env.COMMIT_REF = "c0ffee"
  jest.spyOn(console, "log").mockImplementation()
})

afterEach(async () => {
  process.chdir(saved.cwd)
  fs.rmSync(folder, { recursive: true, force: true })
  for (const [name, value] of [
    ["CONTEXT", saved.context],
    ["COMMIT_REF", saved.commit],
  ] as const) {
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
  }
  jest.restoreAllMocks()
  await blobs.empty(BUILD_FAILURES_STORE)
})

const kept = () => blobs.store(BUILD_FAILURES_STORE).get(LAST_FAILURE_KEY, { type: "json" })

it("a failed production build keeps what the build refused in data/, its commit and time; the next success removes it", async () => {
  process.env.CONTEXT = "production"
  const refused = [
    'data/business.json, record "business", field "specialHours.2.to": is 2026-12-01, before the first day 2026-12-03',
  ]
  writeContentProblems(folder, refused)
  expect(fs.existsSync(path.join(folder, CONTENT_PROBLEMS_FILE))).toBe(true)
  const before = Date.now()
  await plugin.onError({ constants })
  const failure = (await kept()) as { at: string; commit: string; problems: string[] }
  expect(failure).toEqual({ at: expect.any(String), commit: "c0ffee", problems: refused })
  expect(Date.parse(failure.at)).toBeGreaterThanOrEqual(before - 1000)

  await plugin.onSuccess({ constants })
  expect(await kept()).toBeNull()
})

it("a build that failed for another reason is kept with no content problem; a build that passed the content leaves none behind", async () => {
  process.env.CONTEXT = "production"
  writeContentProblems(folder, ['data/notice.json, record "notice", field "text": is empty'])
  writeContentProblems(folder, [])
  expect(fs.existsSync(path.join(folder, CONTENT_PROBLEMS_FILE))).toBe(false)
  await plugin.onError({ constants })
  expect(await kept()).toEqual({ at: expect.any(String), commit: "c0ffee", problems: [] })
})

it("a deploy preview's or a branch deploy's failure is not kept: the live site is production's", async () => {
  writeContentProblems(folder, ['data/notice.json, record "notice", field "text": is empty'])
  for (const context of ["deploy-preview", "branch-deploy"]) {
    process.env.CONTEXT = context
    await plugin.onError({ constants })
  }
  expect(await kept()).toBeNull()
})

it("the page for today asks for the last failed build where the function answers", () => {
  expect(buildFailureConfig.path).toBe(BUILD_FAILURE_PATH)
})
