import fs from "node:fs"
import { test } from "@playwright/test"
import { ENGINES } from "../../scripts/engines.cjs"
import { PAGE_GROUPS, PAGES, WIDTHS, visitsFile, type Visit } from "./engines/sweep"
import { expectEvery } from "../offenders"

/**
 * What differs between the engines a visitor uses: Chromium (Android, desktop), WebKit (every
 * iPhone browser) and Firefox ESR. The sweep (tests/e2e/engines.sweep.ts, the project this one
 * depends on) opened every template and the 404 at a phone's width and a desktop's in each engine,
 * over HTTPS with Netlify's headers (the phone's width with the later of two rules winning, the desktop's with both applied); each rule here judges every visit and names the engine,
 * page and width of each offender. What the engine does not change (axe and IBM, headers, the
 * editor, no JavaScript…) runs in Chromium alone (CONTRIBUTING.md#engines).
 */

/** Every engine's visits at every width; a page the sweep did not visit is a failure of every rule. */
function readVisits(): Visit[] {
  return ENGINES.flatMap((engine) =>
    WIDTHS.flatMap((width) => {
      const visits = PAGE_GROUPS.flatMap((_, group) => {
        const file = visitsFile(engine, width, group)
        if (!fs.existsSync(file)) return []
        return JSON.parse(fs.readFileSync(file, "utf8")) as Visit[]
      })
      const seen = visits.map((visit) => visit.where.split(" ")[1])
      const missing = PAGES.filter((page) => !seen.includes(page))
      if (missing.length) {
        throw new Error(
          `${engine} at ${width.width} px did not visit ${missing.join(", ")}: see the engine-sweeps project`,
        )
      }
      return visits
    }),
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
rule("our maps render in every engine", (one) => one.maps)
rule("every call button is a tel: link in every engine", (one) => one.calls)
rule("Tab from the top of / and /service-area/ never puts focus off screen in any engine", (one) => one.focus)
rule(
  "a tap on each call button sends one beacon with its page and placement, and still dials, in every engine",
  (one) => one.taps,
)
rule("at a phone's width the menu opens, and a tapped link closes it on its section, in every engine", (one) =>
  one.menu ? [one.menu] : [],
)
