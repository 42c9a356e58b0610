import { expect, expectBelowHeader, gotoHydrated, test } from "./fixtures"

// The phone menu, a disclosure under the desktop breakpoint: only the phone project runs this spec
// (playwright.config.ts); on a desktop the links are always shown (navigation.spec.ts).

test.describe("phone menu", () => {
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

test.describe("phone menu without JavaScript", () => {
  test.use({ javaScriptEnabled: false })
  test("opens from its Menu toggle and follows a link to a home-page section", async ({ page, problems }) => {
    await page.goto("/coupons/")
    const menu = page.locator("#site-menu")
    await expect(menu).toBeHidden()
    await page.locator("header").getByText("Menu", { exact: true }).tap()
    await expect(menu).toBeVisible()
    await menu.getByRole("link", { name: "Service Area" }).tap()
    await expect(page).toHaveURL(/\/#service-area$/)
    await expect(page.getByRole("heading", { level: 2, name: "Service Area" })).toBeInViewport()
    expect(problems).toEqual([])
  })
})
