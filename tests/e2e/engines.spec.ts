import fs from "node:fs"
import path from "node:path"
import { test } from "@playwright/test"
import { ENGINES } from "../../scripts/engines.cjs"
import { PAGES, TAB_PAGES, TAP_PAGES, WIDTHS, roundFile, visitFile, type Round, type Visit } from "./engines/sweep"
import { expectEvery } from "../offenders"

/**
 * What differs between the engines a visitor uses: Chromium (Android, desktop), WebKit (every
 * iPhone browser) and Firefox ESR. The sweep (tests/e2e/engines.sweep.ts, the project this one
 * depends on) opened every template and the 404 at a phone's width and a desktop's in each engine,
 * over HTTPS with Netlify's headers (the phone's width with the later of two rules winning, the desktop's with both applied); each rule here judges every visit and names the engine,
 * page and width of each offender. What the engine does not change (axe and IBM, headers, the
 * editor, no JavaScript…) runs in Chromium alone (CONTRIBUTING.md#engines).
 */

/** Every engine's visits at every width; a page the sweep did not visit fails every rule, naming it. */
function readVisits(): Visit[] {
  const files = ENGINES.flatMap((engine) =>
    WIDTHS.flatMap((width) => PAGES.map((page) => visitFile(engine, width, page))),
  )
  const missing = files.filter((file) => !fs.existsSync(file))
  if (missing.length) {
    throw new Error(
      `${missing.length} visits were not made (see the engine-sweeps project): ${missing.map((file) => path.basename(file)).join(", ")}`,
    )
  }
  return files.map((file) => JSON.parse(fs.readFileSync(file, "utf8")) as Visit)
}

/**
 * Every engine's Tab rounds (at every width) or taps (at a phone's width); a round that was not run
 * fails the rule, naming it.
 */
function readRounds(kind: "tab" | "taps", pages: readonly string[]): Round[] {
  return ENGINES.flatMap((engine) =>
    WIDTHS.filter((width) => kind === "tab" || width.width < 1024).flatMap((width) =>
      pages.map((page) => {
        const file = roundFile(engine, width, kind, page)
        if (!fs.existsSync(file)) return { where: `${engine} ${page} at ${width.width}`, problems: ["was not run"] }
        return JSON.parse(fs.readFileSync(file, "utf8")) as Round
      }),
    ),
  )
}

const rule = (name: string, offenders: (visit: Visit) => string[]) =>
  test(name, () => {
    expectEvery(readVisits(), name, offenders, (visit) => visit.where)
  })

rule("every page hydrates in every engine (the site's scripts ran)", (one) => (one.hydrated ? [] : ["never hydrated"]))
rule("no JavaScript error and no CSP violation in any engine", (one) => one.problems)
rule("no request of ours fails in any engine", (one) => one.failedRequests)
rule("nothing scrolls sideways in any engine", (one) => (one.sideways ? [one.sideways] : []))
rule("every phone number is on one line in every engine", (one) => one.wrappedPhones)
rule("the header stays on top when scrolled in every engine", (one) => (one.headerOnTop ? [one.headerOnTop] : []))
rule(
  "once scrolled, the header on a phone is one row of at most 64 px with the call button and the status, in every engine",
  (one) => one.scrolledHeader,
)
test("our maps render in every engine", () => {
  const visits = readVisits()
  // A sweep that saw no map at all (a selector gone stale) would pass: it fails, naming engine and width.
  const blind = ENGINES.flatMap((engine) =>
    WIDTHS.filter(
      (width) =>
        !visits.some(
          (visit) =>
            visit.where.startsWith(`${engine} `) && visit.where.includes(` at ${width.width} `) && visit.mapsSeen > 0,
        ),
    ).map((width) => ({ where: `${engine} at ${width.width} px`, maps: ["saw no map on any page"] })),
  )
  expectEvery(
    [...visits, ...blind],
    "our maps render in every engine",
    (one) => one.maps,
    (one) => one.where,
  )
})
rule("every call button is a tel: link in every engine", (one) => one.calls)
test(`Tab from the top of ${TAB_PAGES.join(" and ")} reaches every stop in view, never under the header, in every engine`, () => {
  expectEvery(
    readRounds("tab", TAB_PAGES),
    "Tab rounds",
    (round) => round.problems,
    (round) => round.where,
  )
})
test("a tap on each call button sends one beacon with its page and placement, and still dials, in every engine", () => {
  expectEvery(
    readRounds("taps", TAP_PAGES),
    "taps",
    (round) => round.problems,
    (round) => round.where,
  )
})
rule("at a phone's width the menu opens, and a tapped link closes it on its section, in every engine", (one) =>
  one.menu ? [one.menu] : [],
)
