import fs from "node:fs"
import path from "node:path"
import { test } from "@playwright/test"
import { ENGINES } from "../../scripts/engines.cjs"
import { WIDTHS, sweepEngine, visitsFile } from "./engines/sweep"

// Each engine opens every template and the 404 at 390 and 1280 px and measures each visit once
// (tests/e2e/engines/sweep.ts); tests/e2e/engines.spec.ts then judges every visit, one test per rule.
// One test per engine and width, so each is short; they run side by side when there are workers for it.
test.describe.configure({ mode: "parallel" })

for (const engine of ENGINES) {
  for (const width of WIDTHS) {
    test(`${engine}: every page at ${width.width} px`, async () => {
      const file = visitsFile(engine, width)
      fs.rmSync(file, { force: true })
      const visits = await sweepEngine(engine, width)
      fs.mkdirSync(path.dirname(file), { recursive: true })
      fs.writeFileSync(file, JSON.stringify(visits, null, 2))
    })
  }
}
