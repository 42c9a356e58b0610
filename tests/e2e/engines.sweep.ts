import fs from "node:fs"
import path from "node:path"
import { expect, test as base } from "@playwright/test"
import { ENGINES } from "../../scripts/engines.cjs"
import {
  PAGES,
  TAB_PAGES,
  TAP_PAGES,
  WIDTHS,
  closeSweepers,
  roundFile,
  startEngine,
  sweepPage,
  tabRound,
  tapTheCalls,
  visitFile,
} from "./engines/sweep"

// Each engine opens every template and the 404 at 390 and 1280 px and measures each visit once
// (tests/e2e/engines/sweep.ts); tests/e2e/engines.spec.ts then judges every visit, one test per rule.
// One test per engine, width and page (and per Tab round and page of taps), so each is short: a
// worker keeps each engine open from one test to the next, started by a test of its own. They run
// side by side when there are workers.
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

/** What each engine's user agent says of it, then robots.txt's type as the engine read it. */
const ENGINE_SIGNATURE = {
  chromium: /Chrome\/\d+.* text\/plain$/,
  firefox: /Firefox\/\d+.* text\/plain$/,
  webkit: /AppleWebKit\/\d+(?!.*(Chrome|Firefox)\/).* text\/plain$/,
} as const

/** Runs one part of the sweep and writes what it found for the rules. */
async function sweep(file: string, run: () => Promise<unknown>) {
  fs.rmSync(file, { force: true })
  const found = await run()
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, JSON.stringify(found, null, 2))
}

for (const engine of ENGINES) {
  for (const width of WIDTHS) {
    test(`${engine}: starts, reading the site over HTTPS, at ${width.width} px`, async () => {
      expect(await startEngine(engine, width)).toMatch(ENGINE_SIGNATURE[engine])
    })
    for (const page of PAGES) {
      test(`${engine}: ${page} at ${width.width} px`, () =>
        sweep(visitFile(engine, width, page), () => sweepPage(engine, width, page)))
    }
    for (const page of TAB_PAGES) {
      test(`${engine}: Tab round of ${page} at ${width.width} px`, () =>
        sweep(roundFile(engine, width, "tab", page), () => tabRound(engine, width, page)))
    }
    // Taps at a phone's width, where the call buttons are a thumb's.
    for (const page of width.width < 1024 ? TAP_PAGES : []) {
      test(`${engine}: taps on ${page} at ${width.width} px`, () =>
        sweep(roundFile(engine, width, "taps", page), () => tapTheCalls(engine, width, page)))
    }
  }
}
