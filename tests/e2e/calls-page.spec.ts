import { spawn, type ChildProcess } from "node:child_process"
import fs from "node:fs"
import http from "node:http"
import type { AddressInfo } from "node:net"
import os from "node:os"
import path from "node:path"
import readline from "node:readline"
import type { Page } from "@playwright/test"
import { CALL_REPORT_ENDPOINT, CALL_TAP_ENDPOINT } from "../../src/lib/call-tap"
import { CALL_TAPS_SITE_ENV } from "../../internal/call-taps-file"
import takeTap from "../../netlify/functions/call-tap.mts"
import report, { GITHUB_API_ENV } from "../../netlify/functions/call-report.mts"
import { netlifyHeaders } from "./served-policy"
import { expect, test } from "./fixtures"

/**
 * The editor's Calls page at /admin/calls/, as deployed: the report of a seeded store
 * (the report endpoint answered here with a fixture, as the function would answer an editor), the
 * refusal the endpoint gives anyone else, and the way to it from the editor.
 */

const TOKEN = "gho_editor-token"
const PAGES = [
  { path: "/", taps: 9 },
  { path: "/service-area/glencoe/", taps: 4 },
  { path: "/coupons/", taps: 1 },
]
const PLACEMENTS = [
  { placement: "header", taps: 8 },
  { placement: "hero", taps: 5 },
  { placement: "footer", taps: 1 },
]

/** A report of the last `days` days ending 2026-11-24, with taps on three of them. */
function seededReport(days: number) {
  const to = Date.UTC(2026, 10, 24)
  const byDay = Array.from({ length: days }, (_, index) => ({
    date: new Date(to - (days - 1 - index) * 86_400_000).toISOString().slice(0, 10),
    taps: 0,
  }))
  byDay[days - 1].taps = 7
  byDay[days - 2].taps = 5
  byDay[days - 4].taps = 2
  return {
    days,
    from: byDay[0].date,
    to: byDay[days - 1].date,
    total: 14,
    byPage: PAGES,
    byPlacement: PLACEMENTS,
    byDay,
  }
}

/** Signs the editor in as Decap does (its user, with the GitHub token, in localStorage) and answers the report. */
async function openCalls(page: Page, answer: (days: number) => { status: number; body?: unknown }) {
  const asked: Array<{ days: string | null; authorization: string | null }> = []
  await page.addInitScript((token) => {
    localStorage.setItem("decap-cms-user", JSON.stringify({ token, backendName: "github", login: "owner" }))
  }, TOKEN)
  await page.route(`**${CALL_REPORT_ENDPOINT}?*`, async (route) => {
    const url = new URL(route.request().url())
    asked.push({
      days: url.searchParams.get("days"),
      authorization: await route.request().headerValue("authorization"),
    })
    const { status, body } = answer(Number(url.searchParams.get("days")))
    await route.fulfill({ status, contentType: "application/json", body: JSON.stringify(body ?? { error: "no" }) })
  })
  // A policy violation shows as a console error, which the test's watch of the console reports.
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) =>
      console.error(`CSP: ${event.violatedDirective} blocked ${event.blockedURI}`),
    )
  })
  const response = await page.goto("/admin/calls/")
  return { asked, response }
}

test("the Calls page shows the taps per page, per button and per day of the seeded report, for 7, 30 and 90 days", async ({
  page,
  problems,
}) => {
  const { asked, response } = await openCalls(page, (days) => ({ status: 200, body: seededReport(days) }))
  // The editor's own policy and noindex, as every /admin/ address.
  const expected = await netlifyHeaders("/admin/calls/")
  expect(response?.headers()["content-security-policy"]).toBe(expected["content-security-policy"])
  expect(response?.headers()["x-robots-tag"]).toBe("noindex")

  await expect(page.getByRole("heading", { level: 1, name: "Calls" })).toBeVisible()
  await expect(page.getByText("tap on the phone number", { exact: false })).toBeVisible()
  await expect(page.getByText("not a completed call", { exact: false })).toBeVisible()
  await expect(page.getByText("14 taps on the phone number from Nov 18 to Nov 24.")).toBeVisible()

  const perPage = page.getByRole("table", { name: "Taps per page" })
  for (const { path, taps } of PAGES) {
    await expect(perPage.getByRole("row", { name: `${path} ${taps}` })).toBeVisible()
  }
  const perButton = page.getByRole("table", { name: "Taps per button" })
  await expect(perButton.getByRole("row", { name: "Header (every page) 8" })).toBeVisible()
  await expect(perButton.getByRole("row", { name: "Top of the page 5" })).toBeVisible()
  await expect(perButton.getByRole("row", { name: "Footer (every page) 1" })).toBeVisible()

  const chart = page.getByRole("img", { name: /^Taps per day from Nov 18 to Nov 24: 14 taps in all, most on Nov 24/ })
  await expect(chart).toBeVisible()
  await expect(chart.locator("rect")).toHaveCount(7)
  const heights = await chart
    .locator("rect")
    .evaluateAll((bars) => bars.map((bar) => Number(bar.getAttribute("height"))))
  expect(heights.map((height) => height > 0)).toEqual([false, false, false, true, false, true, true])
  expect(heights[6]).toBeGreaterThan(heights[5])
  await expect(chart.locator("rect title").last()).toHaveText("Nov 24: 7 taps")

  // 30 and 90 days: a bar for each day.
  for (const days of [30, 90]) {
    await page.getByLabel("Period").selectOption(`${days}`)
    await expect(page.getByRole("img", { name: /^Taps per day/ }).locator("rect")).toHaveCount(days)
  }
  expect(asked).toEqual(["7", "30", "90"].map((days) => ({ days, authorization: `Bearer ${TOKEN}` })))
  expect(problems).toEqual([])
})

for (const status of [401, 403]) {
  test(`on ${status} the Calls page says the user cannot read the counts, and shows none`, async ({
    page,
    problems,
  }) => {
    await openCalls(page, () => ({ status }))
    await expect(page.getByRole("alert")).toHaveText(/^You cannot read the call counts/)
    await expect(page.getByRole("table")).toHaveCount(0)
    await expect(page.getByRole("img", { name: /^Taps per day/ })).toHaveCount(0)
    // The browser logs the refused request; nothing else goes wrong.
    expect(problems.filter((problem) => !problem.includes(`status of ${status}`))).toEqual([])
  })
}

test("the editor links to its Calls page", async ({ page }) => {
  await page.goto("/admin/")
  const link = page.getByRole("link", { name: "Calls" })
  await expect(link).toBeVisible()
  await link.click()
  await expect(page).toHaveURL(/\/admin\/calls\/$/)
  await expect(page.getByRole("link", { name: "← Back to the editor" })).toHaveAttribute("href", "/admin/")
})

/**
 * The real store and the real functions: @netlify/blobs' own local server (scripts/blobs-server.mjs)
 * on a fresh folder, taps stored by the tap function (netlify/functions/call-tap.mts), and the
 * page's report answered by the report function (call-report.mts), which asks a local stand-in
 * for GitHub's API whether the token may push. Nothing is mocked but GitHub.
 */
test.describe("over a seeded store", () => {
  const TAPS = [
    { path: "/", placement: "header", count: 3 },
    { path: "/", placement: "hero", count: 2 },
    { path: "/coupons/", placement: "prompt", count: 1 },
  ]
  const SITE = "https://site.test"
  let blobs: ChildProcess | undefined
  let github: http.Server | undefined
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "calls-page-blobs-"))
  const saved = { ...process.env }

  test.beforeAll(async () => {
    const token = "local-blobs-token"
    blobs = spawn(process.execPath, [path.resolve("scripts/blobs-server.mjs"), folder, token], {
      stdio: ["ignore", "pipe", "inherit"],
    })
    const port = await new Promise<number>((resolve) =>
      readline
        .createInterface({ input: blobs!.stdout! })
        .once("line", (line) => resolve((JSON.parse(line) as { port: number }).port)),
    )
    const url = `http://127.0.0.1:${port}`
    process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(
      JSON.stringify({ edgeURL: url, uncachedEdgeURL: url, siteID: "local-site", token }),
    ).toString("base64")
    process.env[CALL_TAPS_SITE_ENV] = path.resolve("tests/fixtures/call-taps/site.json")
    // GitHub's answer for the editor's repository: this token may push.
    github = http.createServer((request, response) => {
      const mayPush = request.headers.authorization === `Bearer ${TOKEN}`
      response.writeHead(mayPush ? 200 : 401, { "content-type": "application/json" })
      response.end(
        JSON.stringify(mayPush ? { permissions: { push: true, pull: true } } : { message: "Bad credentials" }),
      )
    })
    await new Promise<void>((resolve) => github!.listen(0, "127.0.0.1", resolve))
    process.env[GITHUB_API_ENV] = `http://127.0.0.1:${(github.address() as AddressInfo).port}`
    // A GitHub token is taken only with GitHub's sign-in.
    process.env.CMS_BACKEND = "github"
    for (const { path: pagePath, placement, count } of TAPS) {
      for (let tap = 0; tap < count; tap += 1) {
        const answer = await takeTap(
          new Request(`${SITE}${CALL_TAP_ENDPOINT}`, {
            method: "POST",
            headers: { origin: SITE, "content-type": "text/plain;charset=UTF-8" },
            body: JSON.stringify({ path: pagePath, placement }),
          }),
        )
        expect(answer.status, `the tap function took ${pagePath} ${placement}`).toBe(204)
      }
    }
  })

  test.afterAll(async () => {
    blobs?.kill("SIGTERM")
    await new Promise<void>((resolve) => (github ? github.close(() => resolve()) : resolve()))
    fs.rmSync(folder, { recursive: true, force: true })
    for (const name of ["NETLIFY_BLOBS_CONTEXT", CALL_TAPS_SITE_ENV, GITHUB_API_ENV, "CMS_BACKEND"]) {
      if (saved[name] === undefined) delete process.env[name]
      else process.env[name] = saved[name]
    }
  })

  test("the Calls page shows the taps the tap function stored, as the report function counts them", async ({
    page,
    problems,
  }) => {
    await page.addInitScript((token) => {
      localStorage.setItem("decap-cms-user", JSON.stringify({ token, backendName: "github", login: "owner" }))
    }, TOKEN)
    await page.route(`**${CALL_REPORT_ENDPOINT}?*`, async (route) => {
      const request = route.request()
      const answer = await report(
        new Request(request.url(), { headers: { authorization: (await request.headerValue("authorization")) ?? "" } }),
      )
      await route.fulfill({
        status: answer.status,
        headers: Object.fromEntries(answer.headers),
        body: Buffer.from(await answer.arrayBuffer()),
      })
    })
    await page.goto("/admin/calls/")
    const total = TAPS.reduce((sum, { count }) => sum + count, 0)
    await expect(page.getByText(new RegExp(`^${total} taps on the phone number from `))).toBeVisible()
    const perPage = page.getByRole("table", { name: "Taps per page" })
    await expect(perPage.getByRole("row", { name: "/ 5" })).toBeVisible()
    await expect(perPage.getByRole("row", { name: "/coupons/ 1" })).toBeVisible()
    const perButton = page.getByRole("table", { name: "Taps per button" })
    await expect(perButton.getByRole("row", { name: /^Header.* 3$/ })).toBeVisible()
    await expect(perButton.getByRole("row", { name: /^Top of the page 2$/ })).toBeVisible()
    const chart = page.getByRole("img", { name: /^Taps per day/ })
    await expect(chart.locator("rect")).toHaveCount(7)
    // Every tap was today (in Chicago): today's bar, the last, is the only one.
    const heights = await chart
      .locator("rect")
      .evaluateAll((bars) => bars.map((bar) => Number(bar.getAttribute("height"))))
    expect(heights.map((height) => height > 0)).toEqual([false, false, false, false, false, false, true])
    expect(problems).toEqual([])
  })
})
