import fs from "fs"
import path from "path"
import { builtRoutes, htmlFileFor, PUBLIC_DIR } from "./built-site"
import { CALL_TAPS_SITE_FILE, parseCallTapsSite, type CallTapsSite } from "../../internal/call-taps"
import { expectNone } from "../offenders"

/** What the build wrote for the functions that count taps on the phone number (netlify.toml bundles it with them). */
const site = parseCallTapsSite(fs.readFileSync(path.resolve(PUBLIC_DIR, "..", CALL_TAPS_SITE_FILE), "utf8"))

describe("the pages a tap on the phone number may name", () => {
  it("are written by the build, readable by the functions", () => {
    expect(site).not.toBeInstanceOf(Error)
  })

  it("include every page the build made", () => {
    const listed = new Set((site as CallTapsSite).pages)
    expectNone(
      builtRoutes().filter((route) => !listed.has(route)),
      "built pages a tap could not name",
    )
  })

  it("are each a page the build made, and no page of the editor", () => {
    expectNone(
      (site as CallTapsSite).pages.filter((route) => !fs.existsSync(htmlFileFor(route)) || route.startsWith("/admin/")),
      "listed paths with no built page",
    )
  })
})
