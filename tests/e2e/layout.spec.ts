import fs from "node:fs"
import { expect, test } from "@playwright/test"
import { SLIM_HEADER_MAX } from "./layout-probes"
import { FIRST_SCREEN, PAGES, findingsFile, type WidthFindings } from "./layout/sweep"

// The width rules of the layout (docs/architecture.md#layout), at the widths people use, on every template and
// the 404 page: each page was measured once it had settled, at every width, by its own test of the
// layout sweep (tests/e2e/layout.sweep.ts, the project this one depends on); each rule here judges
// every page and names every page and width that breaks it. The Tab rounds are tests/e2e/keyboard.spec.ts.

/** Every page's findings; a page the sweep did not measure fails every rule, naming it. */
function readFindings(): WidthFindings[] {
  const missing = PAGES.filter((route) => !fs.existsSync(findingsFile(route)))
  if (missing.length)
    throw new Error(`${missing.length} pages were not measured by the layout sweep: ${missing.join(", ")}`)
  return PAGES.map((route) => JSON.parse(fs.readFileSync(findingsFile(route), "utf8")) as WidthFindings)
}

type Measured = keyof WidthFindings["measured"]

/**
 * One rule over every page's findings. `counted`: for a rule whose probe may find nothing on a
 * page (no breadcrumb there), what it must have measured on some page, or it saw nothing and fails.
 * `figure` prints what the findings measured besides (not a rule).
 */
const widthRule = (
  name: string,
  what: string,
  pick: (findings: WidthFindings) => string[],
  { counted, figure }: { counted?: Measured; figure?: (all: WidthFindings[]) => string } = {},
) =>
  test(name, () => {
    const all = readFindings()
    if (figure) console.log(figure(all))
    const offenders = all.flatMap(pick)
    if (counted && all.every((one) => one.measured[counted] === 0)) offenders.push(`no ${counted} measured on any page`)
    expect(offenders, `${what}: ${offenders.length}:\n${offenders.join("\n")}`).toEqual([])
  })

widthRule("a phone number never breaks across lines", "phone number wraps", (one) => one.wrappedPhones)
widthRule(
  "nothing scrolls sideways: the page is exactly as wide as the viewport",
  "sideways scroll",
  (one) => one.sideways,
)
widthRule(
  "every visible link and button is at least 24 × 24 px or spaced as WCAG 2.5.8 allows",
  "targets too small",
  (one) => one.smallTargets,
)
widthRule(
  "no call button takes more than two lines (a label's line, the number's line)",
  "call buttons over two lines",
  (one) => one.callButtonLines,
  { counted: "callButtons" },
)
widthRule(
  "a number joined to a word by a hyphen ('1-year') never breaks across lines",
  "compounds broken at the hyphen",
  (one) => one.brokenCompounds,
  { counted: "compounds" },
)
widthRule(
  "every icon is drawn at its own size, never squeezed by the text beside it",
  "icons squeezed",
  (one) => one.squeezedIcons,
)
widthRule(
  "a grid of cards fills every row: no empty slot at any width",
  "rows with an empty slot",
  (one) => one.emptySlots,
  { counted: "cardGrids" },
)
widthRule(
  "the breadcrumb starts on the content's left edge, with the headline",
  "breadcrumb off the edge",
  (one) => one.breadcrumb,
  { counted: "breadcrumbs" },
)
widthRule(
  "the header's opening status sits on the call button or ends where it ends",
  "status not lined up",
  (one) => one.statusAlignment,
)
widthRule(
  `once scrolled, the header on a phone is one row of at most ${SLIM_HEADER_MAX} px with the call button and the status`,
  "scrolled header too tall or incomplete",
  (one) => one.scrolledHeader,
)
widthRule(
  "the first screen of a small phone shows the headline and the first call button",
  "not on the first screen",
  (one) => one.firstScreen,
  {
    figure: (all) =>
      `the page's own share of the first screen at ${FIRST_SCREEN.width} × ${FIRST_SCREEN.height}: ${PAGES.map((route, i) => `${route} ${Math.round(all[i].contentShare * 100)} %`).join(", ")}`,
  },
)
