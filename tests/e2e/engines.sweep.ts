import fs from "node:fs"
import path from "node:path"
import { test } from "@playwright/test"
import { ENGINES } from "../../scripts/engines.cjs"
import { sweepEngine, visitsFile } from "./engines/sweep"

// Each engine opens every template and the 404 at 390 and 1280 px and measures each visit once
// (tests/e2e/engines/sweep.ts); tests/e2e/engines.spec.ts then judges every visit, one test per rule.
// The three sweeps run side by side, one worker each.
test.describe.configure({ mode: "parallel" })

for (const engine of ENGINES) {
  test(`${engine}: every page at 390 and 1280 px`, async () => {
    test.setTimeout(300_000)
    const file = visitsFile(engine)
    fs.rmSync(file, { force: true })
    const visits = await sweepEngine(engine)
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, JSON.stringify(visits, null, 2))
  })
}
