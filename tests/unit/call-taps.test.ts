/**
 * @jest-environment node
 */
import fs from "fs"
import os from "os"
import path from "path"
import {
  CALL_TAPS_SITE_FILE,
  callReport,
  callTapsSite,
  isOwnOrigin,
  monthPrefixes,
  parseCallTapsSite,
  parseReportDays,
  parseTap,
  parseTapKey,
  reportDays,
  tapDay,
  tapKey,
} from "../../internal/call-taps"
import { CALL_TAPS_SITE_ENV, callTapsSiteFile, writeCallTapsSite } from "../../internal/call-taps-file"
import { CALL_PLACEMENTS } from "../../src/lib/call-tap"
import { expectEvery } from "../offenders"

const PAGES = new Set(["/", "/coupons/", "/service-area/wilmette/"])

describe("a tap's key", () => {
  it("holds the day, the placement and the path, and gives them back", () => {
    const tap = { day: "2026-11-25", placement: "hero" as const, path: "/service-area/wilmette/" }
    const key = tapKey(tap, "0f9c4a3e-1b2d-4c5e-8f70-123456789abc")
    expect(key).toBe("2026-11-25/hero/L3NlcnZpY2UtYXJlYS93aWxtZXR0ZS8/0f9c4a3e-1b2d-4c5e-8f70-123456789abc")
    expect(parseTapKey(key)).toEqual(tap)
  })

  it("gives every path back whole, whatever its characters", () => {
    const paths = ["/", "/coupons/", "/a b/", "/ü/", "/%2F/", "/a/b/c/d/"]
    expectEvery(paths, "paths not given back", (page) => {
      const back = parseTapKey(tapKey({ day: "2026-01-01", placement: "footer", path: page }, "abcdefgh"))?.path
      return back === page ? undefined : `gave back ${JSON.stringify(back)}`
    })
  })

  it("is refused when it is not a tap's, and cannot be made from one that is not", () => {
    const keys = [
      "notes/readme",
      "2026-11-25/sidebar/Lw/abcdefgh",
      "2026-11-25/hero/Lw",
      "2026-11-25/hero/Lw/abcdefgh/more",
      "26-11-25/hero/Lw/abcdefgh",
      "2026-11-25/hero/Y291cG9ucw/abcdefgh", // "coupons": no leading slash
      "2026-11-25/hero/L+w=/abcdefgh",
    ]
    expect(keys.filter((key) => parseTapKey(key) !== undefined)).toEqual([])
    expect(() => tapKey({ day: "2026-11-25T10:00", placement: "hero", path: "/" }, "abcdefgh")).toThrow()
    expect(() => tapKey({ day: "2026-11-25", placement: "hero", path: "/" }, "short")).toThrow()
  })

  it("takes the day in Chicago, not in UTC: 03:00 UTC is still the day before there", () => {
    expect(tapDay(Date.parse("2026-11-26T03:00:00Z"))).toBe("2026-11-25")
    expect(tapDay(Date.parse("2026-11-26T06:30:00Z"))).toBe("2026-11-26")
    expect(tapDay(Date.parse("2026-07-04T04:59:00Z"))).toBe("2026-07-03") // CDT, UTC-5
  })
})

describe("a tap's body", () => {
  it("is taken when it is exactly a built page and a known placement", () => {
    expect(parseTap('{"path":"/coupons/","placement":"header"}', PAGES)).toEqual({
      path: "/coupons/",
      placement: "header",
    })
    expect(parseTap('{"placement":"footer","path":"/"}', PAGES)).toEqual({ path: "/", placement: "footer" })
  })

  it("takes every placement of the closed list", () => {
    expectEvery(CALL_PLACEMENTS, "placements refused", (placement) => {
      const tap = parseTap(JSON.stringify({ path: "/", placement }), PAGES)
      return tap instanceof Error ? tap.message : undefined
    })
  })

  it("is refused, saying why, when it is anything else", () => {
    const bodies = [
      "",
      "not json",
      "null",
      "[]",
      '"/coupons/"',
      '{"path":"/coupons/"}',
      '{"placement":"header"}',
      '{"path":"/coupons/","placement":"header","at":"12:00"}',
      '{"path":"/coupons/","placement":"Header"}',
      '{"path":"/coupons/","placement":null}',
      '{"path":"/missing/","placement":"header"}',
      '{"path":"/coupons","placement":"header"}',
      '{"path":["/coupons/"],"placement":"header"}',
      '{"path":"/coupons/","placement":"header","__proto__":{}}',
    ]
    expectEvery(bodies, "bodies taken", (body) => (parseTap(body, PAGES) instanceof Error ? undefined : "taken"))
  })
})

describe("the origin a tap may come from", () => {
  const request = "https://northshore.example/api/call-tap"
  it("is the origin the request was sent to, or one of the site's addresses", () => {
    expect(isOwnOrigin("https://northshore.example", request, [])).toBe(true)
    expect(
      isOwnOrigin("https://www.northshore.example", "https://x.netlify.app/api/call-tap", [
        undefined,
        "https://www.northshore.example/",
      ]),
    ).toBe(true)
    expect(isOwnOrigin("http://localhost:8888", "http://localhost:8888/api/call-tap", [])).toBe(true)
  })

  it("is nothing else: another host, scheme or port, null, nothing, or not an origin", () => {
    const origins = [
      null,
      "",
      "null",
      "https://elsewhere.example",
      "http://northshore.example",
      "https://northshore.example:444",
      "https://northshore.example.elsewhere.example",
      "https://sub.northshore.example",
      "https://northshore.example/",
      "https://northshore.example/coupons/",
      "northshore.example",
    ]
    expect(origins.filter((origin) => isOwnOrigin(origin, request, ["not a url", ""]))).toEqual([])
  })
})

describe("the report's window", () => {
  it("is 7, 30 or 90 days ending today, every day listed, across a month and a year", () => {
    expect(reportDays("2026-01-03", 7)).toEqual([
      "2025-12-28",
      "2025-12-29",
      "2025-12-30",
      "2025-12-31",
      "2026-01-01",
      "2026-01-02",
      "2026-01-03",
    ])
    expect(reportDays("2026-03-10", 30)).toHaveLength(30)
    expect(reportDays("2026-03-10", 30)[0]).toBe("2026-02-09")
    expect(reportDays("2026-11-25", 90)[0]).toBe("2026-08-28")
  })

  it("is listed a month at a time: the months it touches, no other", () => {
    expect(monthPrefixes(reportDays("2026-11-25", 90))).toEqual(["2026-08", "2026-09", "2026-10", "2026-11"])
    expect(monthPrefixes(reportDays("2026-11-25", 7))).toEqual(["2026-11"])
  })

  it("is asked for as 7, 30 or 90, nothing else", () => {
    expect([parseReportDays("7"), parseReportDays("30"), parseReportDays("90")]).toEqual([7, 30, 90])
    const others = [null, "", "1", "07", "7.0", " 7", "365", "seven"]
    expect(others.filter((value) => parseReportDays(value) !== undefined)).toEqual([])
  })
})

describe("the report", () => {
  const key = (day: string, placement: "header" | "hero" | "footer", page: string, n: number) =>
    tapKey({ day, placement, path: page }, `random-${n}`)

  it("counts each key of the window once, per page and placement (most first) and per day (zeros included)", () => {
    const keys = [
      key("2026-11-25", "header", "/coupons/", 1),
      key("2026-11-25", "header", "/coupons/", 2),
      key("2026-11-24", "hero", "/", 3),
      key("2026-11-19", "footer", "/", 4),
      key("2026-11-18", "footer", "/", 5), // the day before the window
      "notes/readme",
    ]
    expect(callReport(keys, "2026-11-25", 7)).toEqual({
      days: 7,
      from: "2026-11-19",
      to: "2026-11-25",
      total: 4,
      byPage: [
        { path: "/", taps: 2 },
        { path: "/coupons/", taps: 2 },
      ],
      byPlacement: [
        { placement: "header", taps: 2 },
        { placement: "hero", taps: 1 },
        { placement: "footer", taps: 1 },
      ],
      byDay: [
        { date: "2026-11-19", taps: 1 },
        { date: "2026-11-20", taps: 0 },
        { date: "2026-11-21", taps: 0 },
        { date: "2026-11-22", taps: 0 },
        { date: "2026-11-23", taps: 0 },
        { date: "2026-11-24", taps: 1 },
        { date: "2026-11-25", taps: 2 },
      ],
    })
  })

  it("says zero, with every day, when nothing was tapped", () => {
    const empty = callReport([], "2026-11-25", 30)
    expect([empty.total, empty.byPage, empty.byPlacement, empty.byDay.length]).toEqual([0, [], [], 30])
    expect(empty.byDay.every(({ taps }) => taps === 0)).toBe(true)
  })
})

describe("the build's list of pages and repository", () => {
  it("lists every built page once, sorted, without gatsby develop's 404 page or the editor's sign-in pages", () => {
    expect(
      callTapsSite(["/coupons/", "/", "/dev-404-page/", "/404/", "/admin/sign-in/", "/coupons/"], "owner/site"),
    ).toEqual({
      pages: ["/", "/404/", "/coupons/"],
      repo: "owner/site",
    })
  })

  it("is read back as written, and refused when it lists no pages or a repository of another form", () => {
    const site = callTapsSite(["/", "/coupons/"], null)
    expect(parseCallTapsSite(JSON.stringify(site))).toEqual(site)
    const bad = ["", "{}", '{"pages":[],"repo":null}', '{"pages":["/"],"repo":"no-slash"}', '{"pages":[1],"repo":null}']
    expect(bad.filter((text) => !(parseCallTapsSite(text) instanceof Error))).toEqual([])
  })

  it("is found where the build writes it, from the project's root or a folder below it, or where the variable says", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "call-taps-root-"))
    try {
      const written = writeCallTapsSite(root, callTapsSite(["/"], null))
      expect(written).toBe(path.join(root, CALL_TAPS_SITE_FILE))
      const below = path.join(root, "netlify", "functions")
      fs.mkdirSync(below, { recursive: true })
      expect(callTapsSiteFile({}, root)).toBe(written)
      expect(callTapsSiteFile({}, below)).toBe(written)
      expect(callTapsSiteFile({ [CALL_TAPS_SITE_ENV]: "/elsewhere/site.json" }, root)).toBe("/elsewhere/site.json")
      const lambdaCwd = fs.mkdtempSync(path.join(os.tmpdir(), "call-taps-cwd-"))
      expect(callTapsSiteFile({ LAMBDA_TASK_ROOT: root }, lambdaCwd)).toBe(written)
      fs.rmSync(lambdaCwd, { recursive: true })
    } finally {
      fs.rmSync(root, { recursive: true })
    }
  })
})
