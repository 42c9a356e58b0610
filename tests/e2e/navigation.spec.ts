import { expect, gotoHydrated, test } from "./fixtures"

const SECTIONS = ["coupons", "services", "brands", "service-area", "about", "contact"]

/** Opens the phone menu when the links are behind it. */
async function revealNav(page: import("@playwright/test").Page) {
  const button = page.getByRole("button", { name: "Menu" })
  if (await button.isVisible()) await button.click()
}

async function expectBelowHeader(page: import("@playwright/test").Page, id: string) {
  const header = await page.locator("header").boundingBox()
  await expect
    .poll(async () => (await page.locator(`#${id}`).boundingBox())?.y ?? -1, { timeout: 5000 })
    .toBeGreaterThanOrEqual(Math.floor((header?.y ?? 0) + (header?.height ?? 0)) - 1)
  await expect(page.locator(`#${id} h2`).first()).toBeInViewport()
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

test.describe("phone menu", () => {
  test.skip(({ isMobile }) => !isMobile, "the disclosure menu exists only under the desktop breakpoint")

  test("the button opens it, Escape closes it and focus returns to the button", async ({ page }) => {
    await gotoHydrated(page, "/")
    const button = page.getByRole("button", { name: "Menu" })
    await expect(page.locator("#site-menu")).toBeHidden()
    await button.tap()
    await expect(button).toHaveAttribute("aria-expanded", "true")
    await expect(page.locator("#site-menu")).toBeVisible()
    await page.keyboard.press("Escape")
    await expect(button).toHaveAttribute("aria-expanded", "false")
    await expect(page.locator("#site-menu")).toBeHidden()
    await expect(button).toBeFocused()
  })

  test("tapping a link closes it and takes the user to the section", async ({ page }) => {
    await gotoHydrated(page, "/coupons/")
    const button = page.getByRole("button", { name: "Menu" })
    await button.tap()
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Service Area" }).tap()
    await expect(page).toHaveURL(/\/#service-area$/)
    await expect(button).toHaveAttribute("aria-expanded", "false")
    await expect(page.locator("#site-menu")).toBeHidden()
    await expectBelowHeader(page, "service-area")
  })
})
