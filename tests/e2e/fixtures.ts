import fs from "fs"
import path from "path"
import { test as base, expect, type ConsoleMessage } from "@playwright/test"

export const business = JSON.parse(fs.readFileSync(path.resolve(__dirname, "../../data/business.json"), "utf8")) as {
  phone: { display: string; e164: string }
}

/** One route of each template. */
export const TEMPLATES = [
  { name: "home", path: "/" },
  { name: "service", path: "/services/refrigerator-repair/" },
  { name: "city", path: "/service-area/buffalo-grove/" },
  { name: "coupons", path: "/coupons/" },
  { name: "brands", path: "/brands/" },
  { name: "service-area", path: "/service-area/" },
] as const

export const UNKNOWN_PATH = "/service-area/waukegan/"

interface Fixtures {
  /** Console errors and warnings, and uncaught page errors, seen while the test ran. */
  problems: string[]
}

export const test = base.extend<Fixtures>({
  // Automatic, so every test runs with the map stubbed and the console watched.
  problems: [
    async ({ page }, use) => {
    // The map frame is the only third-party content; no test reaches the network.
    await page.route(/^https:\/\/www\.google\.com\//, (route) =>
      route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Map</title><p>Map</p>" }),
    )
    const problems: string[] = []
    page.on("console", (message: ConsoleMessage) => {
      if (message.type() === "error" || message.type() === "warning") {
        problems.push(`${message.type()}: ${message.text()}`)
      }
    })
    page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`))
    await use(problems)
    },
    { auto: true },
  ],
})

/** Waits until React has hydrated the page (Gatsby marks it on window). */
export async function gotoHydrated(page: import("@playwright/test").Page, url: string) {
  const response = await page.goto(url)
  await page.waitForFunction(() => document.readyState === "complete")
  await page.waitForLoadState("networkidle")
  return response
}

export { expect }
