import fs from "node:fs"
import { test } from "@playwright/test"
import { ENGINES } from "../../scripts/engines.cjs"
import { PAGES, WIDTHS, visitsFile, type Visit } from "./engines/sweep"
import { expectEvery } from "../offenders"

/**
 * What differs between the engines a visitor uses: Chromium (Android, desktop), WebKit (every
 * iPhone browser) and Firefox ESR. The sweep (tests/e2e/engines.sweep.ts, the project this one
 * depends on) opened every template and the 404 at a phone's width and a desktop's in each engine,
 * over HTTPS with Netlify's headers (the phone's width with the later of two rules winning, the desktop's with both applied); each rule here judges every visit and names the engine,
 * page and width of each offender. What the engine does not change (axe and IBM, headers, the
 * editor, no JavaScript…) runs in Chromium alone (CONTRIBUTING.md#engines).
 */

/** Every engine's visits at every width; a sweep that wrote nothing is a failure of every rule. */
function readVisits(): Visit[] {
  return ENGINES.flatMap((engine) =>
    WIDTHS.flatMap((width) => {
      const file = visitsFile(engine, width)
      if (!fs.existsSync(file))
        throw new Error(`${engine} at ${width.width} px has no sweep (${file}): see the engine-sweeps project`)
      const visits = JSON.parse(fs.readFileSync(file, "utf8")) as Visit[]
      if (visits.length !== PAGES.length) {
        throw new Error(`${engine} at ${width.width} px made ${visits.length} visits, not ${PAGES.length}`)
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
