/**
 * @jest-environment node
 */
import fs from "fs"
import path from "path"
import callReportFunction, { config, GITHUB_API_ENV } from "../../netlify/functions/call-report.mts"
import { CALL_REPORT_ENDPOINT, type CallReport } from "../../src/lib/call-tap"
import { CALL_TAPS_STORE, reportDays, tapDay, tapKey } from "../../internal/call-taps"
import { localBlobs } from "../blobs-server"
import { expectEvery } from "../offenders"
import { quietConsole, standInServer } from "../stand-in-server"

/**
 * A local stand-in for GitHub's API: GET /repos/{owner}/{name} answers as
 * GitHub does for each token below: 401 for a token it does not know, 404 for a
 * private repository the user cannot see, else the repository with the user's
 * `permissions`.
 */
const REPO = "north-shore/site"
const TOKENS: Record<string, { push: boolean; pull: boolean } | "hidden"> = {
  "gho_editor-token": { push: true, pull: true },
  "gho_reader-token": { push: false, pull: true },
  "gho_stranger-token": "hidden",
}
let asked: Array<{ url?: string; authorization?: string }> = []
const github = standInServer((req, res) => {
  asked.push({ url: req.url, authorization: req.headers.authorization })
  const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1] ?? ""
  const permissions = TOKENS[token]
  res.setHeader("Content-Type", "application/json")
  if (!permissions) return res.writeHead(401).end(JSON.stringify({ message: "Bad credentials" }))
  if (permissions === "hidden" || req.url !== `/repos/${REPO}`) {
    return res.writeHead(404).end(JSON.stringify({ message: "Not Found" }))
  }
  res
    .writeHead(200)
    .end(JSON.stringify({ full_name: REPO, private: true, permissions: { admin: false, ...permissions } }))
})
const blobs = localBlobs()
quietConsole()

const SITE = "https://northshore.example"
const report = (query = "?days=7", headers: Record<string, string> = { Authorization: "Bearer gho_editor-token" }) =>
  callReportFunction(new Request(`${SITE}${CALL_REPORT_ENDPOINT}${query}`, { headers }))

beforeEach(() => {
  asked = []
  process.env[GITHUB_API_ENV] = github.origin()
  process.env.CMS_GITHUB_REPO = REPO
  // GitHub's sign-in, the only one under which a GitHub token is taken (the site's own tokens: sign-in-functions.test.ts).
  process.env.CMS_BACKEND = "github"
})
afterEach(() => {
  delete process.env[GITHUB_API_ENV]
  delete process.env.CMS_GITHUB_REPO
  delete process.env.REPOSITORY_URL
  delete process.env.CMS_BACKEND
})

describe("who reads the report", () => {
  it("nobody without a token, or with a malformed one: 401, and GitHub is not asked", async () => {
    const answers = []
    for (const authorization of [
      undefined,
      "",
      "Bearer",
      "Bearer ",
      "Basic dXNlcjpwYXNz",
      "gho_editor-token",
      "Bearer a b",
    ]) {
      const response = await report("?days=7", authorization === undefined ? {} : { Authorization: authorization })
      answers.push([authorization, response.status])
    }
    expect(answers.filter(([, status]) => status !== 401)).toEqual([])
    expect(asked).toEqual([])
  })

  it("with the site's own sign-in (CMS_BACKEND unset or git-gateway), nobody with a token that is not the site's: 401, and GitHub is not asked", async () => {
    const answers = []
    for (const backend of [undefined, "git-gateway"]) {
      if (backend === undefined) delete process.env.CMS_BACKEND
      else process.env.CMS_BACKEND = backend
      for (const token of ["gho_editor-token", "gho_reader-token", "anything-at-all"]) {
        const response = await report("?days=7", { Authorization: `Bearer ${token}` })
        answers.push({ backend, token, status: response.status, challenge: response.headers.get("WWW-Authenticate") })
      }
    }
    expectEvery(
      answers,
      "tokens not the site's taken without GitHub's sign-in",
      ({ status, challenge }) => (status === 401 && challenge === "Bearer" ? undefined : `${status}, ${challenge}`),
      ({ backend, token }) => `${backend ?? "(unset)"}: ${token}`,
    )
    expect(asked).toEqual([])
  })

  it("nobody whose token GitHub refuses: 401", async () => {
    const response = await report("?days=7", { Authorization: "Bearer gho_revoked-token" })
    expect(response.status).toBe(401)
    expect(asked).toEqual([{ url: `/repos/${REPO}`, authorization: "Bearer gho_revoked-token" }])
  })

  it("nobody who may read the repository but not push to it, or cannot see it: 403", async () => {
    expect((await report("?days=7", { Authorization: "Bearer gho_reader-token" })).status).toBe(403)
    expect((await report("?days=7", { Authorization: "Bearer gho_stranger-token" })).status).toBe(403)
  })

  it("an editor with push access: 200, never cached", async () => {
    const response = await report()
    expect(response.status).toBe(200)
    expect(response.headers.get("Cache-Control")).toBe("no-store")
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/)
  })

  it("asks about the repository of REPOSITORY_URL when CMS_GITHUB_REPO is not set, as the editor does", async () => {
    delete process.env.CMS_GITHUB_REPO
    process.env.REPOSITORY_URL = `https://github.com/${REPO}`
    expect((await report()).status).toBe(200)
    expect(asked.map(({ url }) => url)).toEqual([`/repos/${REPO}`])
  })

  it("asks about the repository the build wrote down when Netlify gives the function neither variable", async () => {
    delete process.env.CMS_GITHUB_REPO
    expect((await report()).status).toBe(200)
    // tests/fixtures/call-taps/site.json names north-shore/site.
    expect(asked.map(({ url }) => url)).toEqual([`/repos/${REPO}`])
  })

  it("refuses a window other than 7, 30 or 90 days with a 400", async () => {
    const answers = []
    for (const query of ["", "?days=", "?days=1", "?days=365", "?days=7.0", "?days=abc", "?days=-7", "?days=07"]) {
      answers.push([query, (await report(query)).status])
    }
    expect(answers.filter(([, status]) => status !== 400)).toEqual([])
  })

  it("is served at the editor's endpoint, for GET", () => {
    expect(config.path).toBe(CALL_REPORT_ENDPOINT)
    expect(config.method).toBe("GET")
    // Written out in the source, where Netlify reads it without running the code.
    const source = fs.readFileSync(path.resolve(__dirname, "../../netlify/functions/call-report.mts"), "utf8")
    expect(/export const config[^]*?\n\}/.exec(source)?.[0]).toContain(`path: "${CALL_REPORT_ENDPOINT}",`)
  })

  it("has a rate limit per client, as every other endpoint an editor calls: Netlify answers 429 beyond it", () => {
    expect(config.rateLimit).toMatchObject({ windowLimit: expect.any(Number), aggregateBy: ["ip", "domain"] })
    expect(config.rateLimit?.windowLimit).toBeLessThanOrEqual(60)
    const source = fs.readFileSync(path.resolve(__dirname, "../../netlify/functions/call-report.mts"), "utf8")
    expect(/export const config[^]*?\n\}/.exec(source)?.[0]).toMatch(/\n {2}rateLimit: \{ windowLimit: \d+,/)
  })
})

describe("the report's counts", () => {
  const today = tapDay(Date.now())
  const [ninetyDaysAgo] = reportDays(today, 90)
  const [thirtyDaysAgo] = reportDays(today, 30)
  const [sevenDaysAgo] = reportDays(today, 7)
  const dayBefore = (day: string) => reportDays(day, 7)[5]
  let serial = 0
  const seed = async (day: string, page: string, placement: "header" | "hero" | "footer", count: number) => {
    const store = blobs.store(CALL_TAPS_STORE)
    await Promise.all(
      Array.from({ length: count }, () =>
        store.set(tapKey({ day, path: page, placement }, `seed-${String(serial++).padStart(6, "0")}`), ""),
      ),
    )
  }

  beforeAll(async () => {
    await blobs.empty(CALL_TAPS_STORE)
    await seed(today, "/coupons/", "header", 3)
    await seed(today, "/", "hero", 2)
    await seed(sevenDaysAgo, "/services/refrigerator-repair/", "footer", 1) // the first day of the 7
    await seed(dayBefore(sevenDaysAgo), "/coupons/", "footer", 4) // the day before: in 30, not in 7
    await seed(thirtyDaysAgo, "/", "header", 5) // the first day of the 30
    await seed(dayBefore(thirtyDaysAgo), "/", "header", 6) // in 90, not in 30
    await seed(ninetyDaysAgo, "/service-area/wilmette/", "hero", 7) // the first day of the 90
    await seed(dayBefore(ninetyDaysAgo), "/", "hero", 100) // outside every window
    // A blob the report does not know: left out.
    await blobs.store(CALL_TAPS_STORE).set("notes/readme", "not a tap")
  })

  const read = async (days: number): Promise<CallReport> => {
    const response = await report(`?days=${days}`)
    expect(response.status).toBe(200)
    return (await response.json()) as CallReport
  }

  it("over 7 days: the taps of today and the six days before, by page, by placement and by day", async () => {
    const week = await read(7)
    expect(week).toEqual({
      days: 7,
      from: sevenDaysAgo,
      to: today,
      total: 6,
      byPage: [
        { path: "/coupons/", taps: 3 },
        { path: "/", taps: 2 },
        { path: "/services/refrigerator-repair/", taps: 1 },
      ],
      byPlacement: [
        { placement: "header", taps: 3 },
        { placement: "hero", taps: 2 },
        { placement: "footer", taps: 1 },
      ],
      byDay: reportDays(today, 7).map((date) => ({
        date,
        taps: date === today ? 5 : date === sevenDaysAgo ? 1 : 0,
      })),
    })
  })

  it("over 30 days: those, and the older ones of the month; every day listed, zeros included", async () => {
    const month = await read(30)
    expect([month.from, month.to, month.total]).toEqual([thirtyDaysAgo, today, 15])
    expect(month.byPage).toEqual([
      { path: "/", taps: 7 },
      { path: "/coupons/", taps: 7 },
      { path: "/services/refrigerator-repair/", taps: 1 },
    ])
    expect(month.byDay).toHaveLength(30)
    expect(month.byDay.reduce((sum, { taps }) => sum + taps, 0)).toBe(15)
    expect(month.byDay.filter(({ taps }) => taps > 0).map(({ date }) => date)).toEqual(
      [thirtyDaysAgo, dayBefore(sevenDaysAgo), sevenDaysAgo, today].sort(),
    )
  })

  it("over 90 days: every tap since the 90th day back, none before", async () => {
    const quarter = await read(90)
    expect([quarter.from, quarter.to, quarter.total, quarter.byDay.length]).toEqual([ninetyDaysAgo, today, 28, 90])
    expect(quarter.byPage).toEqual([
      { path: "/", taps: 13 },
      { path: "/coupons/", taps: 7 },
      { path: "/service-area/wilmette/", taps: 7 },
      { path: "/services/refrigerator-repair/", taps: 1 },
    ])
    expect(quarter.byPlacement).toEqual([
      { placement: "header", taps: 14 },
      { placement: "hero", taps: 9 },
      { placement: "footer", taps: 5 },
    ])
  })
})
