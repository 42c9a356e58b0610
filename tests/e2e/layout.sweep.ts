import fs from "node:fs"
import path from "node:path"
import { test } from "./fixtures"
import { PAGES, WIDTHS, findingsFile, measureWidths } from "./layout/sweep"

// Each page measured at every width, one test a page (tests/e2e/layout/sweep.ts); the width rules
// of tests/e2e/layout.spec.ts then judge every page's findings.

for (const route of PAGES) {
  test(`${route}: settled and measured at ${WIDTHS.join(", ")} px, on three phones and a small phone's first screen`, async ({
    page,
  }) => {
    const file = findingsFile(route)
    fs.rmSync(file, { force: true })
    const findings = await measureWidths(page, route)
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, JSON.stringify(findings, null, 2))
  })
}
