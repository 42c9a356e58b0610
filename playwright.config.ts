import path from "path"
import { defineConfig, devices } from "@playwright/test"
import { CHROMIUM_FLAGS, HEADLESS_CHROMIUM_PATH, PHONE } from "./scripts/browser.cjs"

/** The test server's port; another checkout's tests may hold 9100 on a shared machine. */
const PORT = Number(process.env.E2E_PORT ?? 9100)

/**
 * Which spec runs where. Most checks do not depend on the viewport (axe per template, tel: links,
 * security headers, no JavaScript, map frames, the 404): they run once, in the desktop project.
 * The phone project runs what a phone's viewport changes: the header's links (behind the menu
 * there), the phone menu, and our own maps. The layout's checks set their own widths, so they run
 * once, in their own projects: the layout project visits (the sweep measuring each page at every
 * width, the Tab rounds), the layout-rules project judges the sweep's findings, one test a rule.
 * The editor runs once, in its own project.
 */
const EDITOR = /admin\.spec\.ts$/
/** The copy the editor's tests edited, once built (scripts/edited-copy-check.mjs): its pages show the edits. */
const EDITED_COPY = /edited-copy\.spec\.ts$/
/** The owner's passkey sign-in through Decap and the site's own functions, served as Netlify would: its own server. */
const SIGN_IN = /owner-sign-in\.spec\.ts$/
/** The owner's page for today on a phone, through the site's own functions: in the edited copy's run (scripts/edited-copy-check.mjs). */
const TODAY = /owner-today(-browsers)?\.spec\.ts$/
const PHONE_ONLY = /phone-menu\.spec\.ts$/
const VIEWPORT_DEPENDENT = /(navigation|phone-menu|maps)\.spec\.ts$/
/** The layout's visits: each page measured at every width, and the Tab rounds. */
const LAYOUT = /(layout\.sweep|keyboard\.spec)\.ts$/
/** The width rules, judging the layout sweep's findings. */
const LAYOUT_RULES = /layout\.spec\.ts$/
/** Chromium, WebKit and Firefox, each driven its own way (scripts/engines.cjs): its own project. */
const ENGINES = /engines\.(spec|sweep)\.ts$/
/** Dated content at fixed instants: only in the copy built as of a fixed instant (scripts/other-region-check.mjs). */
const CLOCK = /clock\.spec\.ts$/

export default defineConfig({
  testDir: "./tests/e2e",
  fullyParallel: true,
  // One browser with its pages per core; `npm test` gives each stage the cores it may take (--workers).
  workers: 2,
  // Every test takes at most a minute on a machine of the project's size (\`npm test\` prints the
  // slowest), so none comes within three times of its limit.
  timeout: 180_000,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // E2E_REPORT: where the JSON report goes; scripts/edited-copy-check.mjs keeps the editor's report and
  // artifacts apart, since `npm test` runs it beside the other browser tests.
  reporter: [["list"], ["json", { outputFile: process.env.E2E_REPORT ?? "reports/playwright.json" }]],
  outputDir: process.env.E2E_REPORT ? `test-results/${path.basename(process.env.E2E_REPORT, ".json")}` : "test-results",
  use: {
    // HTTPS as deployed (a certificate made when the server starts, accepted by the test browser
    // only): the policy's upgrade-insecure-requests then acts as it does in production.
    baseURL: `https://127.0.0.1:${PORT}`,
    ignoreHTTPSErrors: true,
    launchOptions: {
      // Debian's Chromium, its headless shell (scripts/browser.cjs): nothing here downloads a browser.
      executablePath: HEADLESS_CHROMIUM_PATH,
      args: [...CHROMIUM_FLAGS],
    },
  },
  projects: [
    {
      name: "desktop",
      testIgnore: [EDITOR, EDITED_COPY, SIGN_IN, TODAY, PHONE_ONLY, ENGINES, CLOCK, LAYOUT, LAYOUT_RULES],
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
    // The layout's visits set their own widths. The map host's frame runs in the page's process, as
    // Chrome on Android runs another site's frame (it isolates only sites with logins): Tab moves
    // into and out of it at once, so the Tab round can press keys in bursts and read where each lands.
    {
      name: "layout",
      testMatch: LAYOUT,
      use: {
        ...devices["Desktop Chrome"],
        channel: undefined,
        launchOptions: {
          executablePath: HEADLESS_CHROMIUM_PATH,
          args: [
            ...CHROMIUM_FLAGS,
            "--disable-site-isolation-trials",
            "--disable-features=IsolateOrigins,site-per-process",
          ],
        },
      },
    },
    { name: "layout-rules", testMatch: LAYOUT_RULES, dependencies: ["layout"] },
    {
      name: "phone",
      testMatch: VIEWPORT_DEPENDENT,
      use: {
        ...PHONE,
        userAgent: devices["Pixel 7"].userAgent,
      },
    },
    // What differs between engines: every template at 390 and 1280 px in Chromium, WebKit and Firefox.
    // It starts its own HTTPS server and browsers; no Playwright page.
    { name: "engine-sweeps", testMatch: /engines\.sweep\.ts$/ },
    { name: "engines", testMatch: /engines\.spec\.ts$/, dependencies: ["engine-sweeps"] },
    // The opening status, the notice and the coupons at fixed instants, on a phone whose own clock is
    // in Berlin (a test moves it to Tokyo): run in the copy scripts/other-region-check.mjs builds.
    { name: "clock", testMatch: CLOCK, use: { ...PHONE, timezoneId: "Europe/Berlin" } },
    // The owner's editor at /admin/: once, on a desktop (it edits a copy of the project and builds it).
    { name: "editor", testMatch: EDITOR, use: { ...devices["Desktop Chrome"], channel: undefined } },
    { name: "edited-copy", testMatch: EDITED_COPY, use: { ...devices["Desktop Chrome"], channel: undefined } },
    // Chromium only: its virtual authenticator (the DevTools protocol) stands in for the phone's passkey.
    { name: "sign-in", testMatch: SIGN_IN, use: { ...devices["Desktop Chrome"], channel: undefined } },
    // The owner's page for today: its own server and phones (each test opens its own at 390 px).
    { name: "today", testMatch: TODAY },
  ],
  webServer: {
    command: `node scripts/serve-public.mjs --port ${PORT} --https`,
    url: `https://127.0.0.1:${PORT}/`,
    ignoreHTTPSErrors: true,
    reuseExistingServer: !process.env.CI,
    timeout: 30_000,
  },
})
