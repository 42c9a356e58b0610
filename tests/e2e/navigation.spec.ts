import { expect, expectBelowHeader, gotoHydrated, test } from "./fixtures"

// The header's links to the home sections, at each project's viewport: on a phone they sit behind
// the menu. Runs in the desktop and the phone projects (playwright.config.ts).

const SECTIONS = ["coupons", "services", "brands", "service-area", "about", "contact"]

/** Opens the phone menu when the links are behind it. */
async function revealNav(page: import("@playwright/test").Page) {
  const button = page.getByRole("button", { name: "Menu" })
  if (await button.isVisible()) await button.click()
}

for (const id of SECTIONS) {
  test(`on /, the ${id} link brings its section into view below the sticky header`, async ({ page }) => {
    await gotoHydrated(page, "/")
    await revealNav(page)
    await page.locator(`header nav a[href='#${id}']`).click()
    await expect(page).toHaveURL(new RegExp(`#${id}$`))
    await expectBelowHeader(page, id)
  })

  test(`from a service page, the ${id} link lands on / at that section`, async ({ page }) => {
    await gotoHydrated(page, "/services/washer-repair/")
    await revealNav(page)
    await page.locator(`header nav a[href='/#${id}']`).click()
    await expect(page).toHaveURL(new RegExp(`/#${id}$`))
    await expectBelowHeader(page, id)
  })
}
