import { CALL_PLACEMENTS, CALL_REPORT_ENDPOINT } from "../../src/lib/call-tap"
import {
  PERIODS,
  PLACEMENT_LABELS,
  REPORT_ENDPOINT,
  USER_KEY,
  byTapsThenName,
  chartBars,
  dayLabel,
  editorToken,
  isReport,
  refusal,
  reportUrl,
} from "../../static/admin/calls-report.js"

/** The editor's Calls page (static/admin/calls.js) uses the shared names of src/lib/call-tap.ts. */
describe("the Calls page's report", () => {
  const report = {
    days: 7,
    from: "2026-11-18",
    to: "2026-11-24",
    total: 6,
    byPage: [
      { path: "/coupons/", taps: 2 },
      { path: "/", taps: 4 },
    ],
    byPlacement: [
      { placement: "footer", taps: 1 },
      { placement: "header", taps: 5 },
    ],
    byDay: ["18", "19", "20", "21", "22", "23", "24"].map((day, index) => ({
      date: `2026-11-${day}`,
      taps: [0, 1, 0, 3, 0, 2, 0][index],
    })),
  }

  it("asks our own report endpoint for 7, 30 or 90 days", () => {
    expect(REPORT_ENDPOINT).toBe(CALL_REPORT_ENDPOINT)
    expect(PERIODS).toEqual([7, 30, 90])
    expect(reportUrl(30)).toBe(`${CALL_REPORT_ENDPOINT}?days=30`)
  })

  it("names every placement of the closed list, and no other", () => {
    expect(Object.keys(PLACEMENT_LABELS).sort()).toEqual([...CALL_PLACEMENTS].sort())
  })

  it("reads the token Decap keeps for the signed-in user (the site's own sign-in or GitHub's), and nothing else", () => {
    const storage = (value: unknown) => ({
      getItem: (key: string) => (key === USER_KEY ? JSON.stringify(value) : null),
    })
    expect(USER_KEY).toBe("decap-cms-user")
    expect(editorToken(storage({ token: "gho_abc", backendName: "github", login: "owner" }))).toBe("gho_abc")
    expect(editorToken(storage({ token: "a.b.c", backendName: "git-gateway", login: "owner@example.com" }))).toBe(
      "a.b.c",
    )
    expect(editorToken(storage({ backendName: "proxy" }))).toBeUndefined()
    expect(editorToken(storage({ token: "", backendName: "github" }))).toBeUndefined()
    expect(editorToken(storage(null))).toBeUndefined()
    expect(editorToken({ getItem: () => "{not json" })).toBeUndefined()
  })

  it("takes the report the endpoint promises and refuses anything else", () => {
    expect(isReport(report)).toBe(true)
    expect(isReport({ ...report, days: 14 })).toBe(false)
    expect(isReport({ ...report, byPage: [{ path: "/", taps: -1 }] })).toBe(false)
    expect(isReport({ ...report, byDay: undefined })).toBe(false)
    expect(isReport(null)).toBe(false)
  })

  it("lists the most tapped first", () => {
    expect(byTapsThenName(report.byPage, "path").map((row) => row.path)).toEqual(["/", "/coupons/"])
  })

  it("draws one bar a day, oldest first, the busiest day the full height, each titled with its day and taps", () => {
    const bars = chartBars(report.byDay, { width: 700, height: 200, axis: 20 })
    expect(bars.map((bar) => bar.date)).toEqual(report.byDay.map((day) => day.date))
    expect(bars.map((bar) => Math.round(bar.height))).toEqual([0, 60, 0, 180, 0, 120, 0])
    for (const bar of bars) expect(bar.y + bar.height).toBeCloseTo(180)
    expect(bars[1].x).toBeGreaterThan(bars[0].x)
    expect(bars[3].label).toBe("Nov 21: 3 taps")
    expect(bars[1].label).toBe("Nov 19: 1 tap")
  })

  it("names a day as the report does, whatever the reader's time zone", () => {
    expect(dayLabel("2026-11-01")).toBe("Nov 1")
  })

  it("says a refusal plainly", () => {
    expect(refusal(401)).toMatch(/^You cannot read the call counts/)
    expect(refusal(403)).toMatch(/^You cannot read the call counts/)
    expect(refusal(500)).toMatch(/could not be loaded/)
  })
})
