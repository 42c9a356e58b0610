import fs from "node:fs"
import path from "node:path"
import { test as base } from "@playwright/test"
import { ENGINES } from "../../scripts/engines.cjs"
import { PAGE_GROUPS, WIDTHS, closeSweepers, sweepEngine, visitsFile } from "./engines/sweep"

// Each engine opens every template and the 404 at 390 and 1280 px and measures each visit once
// (tests/e2e/engines/sweep.ts); tests/e2e/engines.spec.ts then judges every visit, one test per rule.
// One test per engine, width and group of pages, so each is short (a worker keeps each engine open
// from one group to the next); they run side by side when there are workers for it.
/** The engines this worker started, closed when the worker ends (so each engine serves every group it sweeps). */
const test = base.extend<object, { sweepers: void }>({
  sweepers: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from its first parameter
    async ({}, use) => {
      await use()
      await closeSweepers()
    },
    { scope: "worker", auto: true },
  ],
})
test.describe.configure({ mode: "parallel" })

for (const engine of ENGINES) {
  for (const width of WIDTHS) {
    PAGE_GROUPS.forEach((pages, group) => {
      test(`${engine}: ${pages.join(", ")} at ${width.width} px`, async () => {
        const file = visitsFile(engine, width, group)
        fs.rmSync(file, { force: true })
        const visits = await sweepEngine(engine, width, pages)
        fs.mkdirSync(path.dirname(file), { recursive: true })
        fs.writeFileSync(file, JSON.stringify(visits, null, 2))
      })
    })
  }
}
