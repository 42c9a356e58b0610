import { defineConfig, devices } from "@playwright/test"
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./scripts/browser.cjs"

/** The test server's port; another checkout's tests may hold 9100 on a shared machine. */
const PORT = Number(process.env.E2E_PORT ?? 9100)
const EDITOR_SPEC = /admin\.spec\.ts$/
/** Sets its own widths, from 320 to 1920 px, on one page: the desktop project runs it. */
const WIDTHS_SPEC = /layout\.spec\.ts$/

export default defineConfig({
  testDir: "./tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [["list"], ["json", { outputFile: "reports/playwright.json" }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: {
      // Debian's Chromium: nothing here downloads a browser.
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_FLAGS],
    },
  },
  projects: [
    { name: "desktop", testIgnore: EDITOR_SPEC, use: { ...devices["Desktop Chrome"], channel: undefined } },
    // The owner's editor at /admin/: once, on a desktop (it edits a copy of the project and builds it).
    { name: "editor", testMatch: EDITOR_SPEC, use: { ...devices["Desktop Chrome"], channel: undefined } },
    {
      name: "phone",
      testIgnore: [EDITOR_SPEC, WIDTHS_SPEC],
      use: {
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
        userAgent: devices["Pixel 7"].userAgent,
      },
    },
  ],
  webServer: {
    command: `node scripts/serve-public.mjs --port ${PORT}`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 30_000,
  },
})
