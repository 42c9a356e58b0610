import { expect, expectBelowHeader, gotoHydrated, settled, test } from "./fixtures"

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

  test("a tap on the page outside the open menu closes it, and does nothing else", async ({ page }) => {
    await gotoHydrated(page, "/")
    const button = page.getByRole("button", { name: "Menu" })
    await button.tap()
    await expect(page.locator("#site-menu")).toBeVisible()
    await settled(page)
    // Below the open menu, at the bottom of the screen: the page, dimmed.
    const viewport = page.viewportSize() ?? { width: 390, height: 844 }
    const point = { x: viewport.width / 2, y: viewport.height - 20 }
    const onMenu = await page.evaluate(({ x, y }) => !!document.elementFromPoint(x, y)?.closest("header"), point)
    expect(onMenu, "the point tapped is on the menu, not on the page below it").toBe(false)
    await page.touchscreen.tap(point.x, point.y)
    await expect(button).toHaveAttribute("aria-expanded", "false")
    await expect(page.locator("#site-menu")).toBeHidden()
    // The tap closed the menu only: it followed no link and scrolled nowhere.
    await expect(page).toHaveURL(/\/$/)
    await settled(page)
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
  })

  test("the page behind the open menu is dimmed", async ({ page }) => {
    await gotoHydrated(page, "/")
    const dimmed = () =>
      page.evaluate(() => {
        const viewport = { x: window.innerWidth / 2, y: window.innerHeight - 20 }
        const hit = document.elementFromPoint(viewport.x, viewport.y)
        const style = hit ? getComputedStyle(hit) : null
        return !!style && style.position === "fixed" && /rgba\(.*, 0\.\d+\)/.test(style.backgroundColor)
      })
    expect(await dimmed()).toBe(false)
    await page.getByRole("button", { name: "Menu" }).tap()
    await settled(page)
    expect(await dimmed()).toBe(true)
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
    await settled(page, { hydrated: null })
    await expect(page.getByRole("heading", { level: 2, name: "Service Area" })).toBeInViewport()
    expect(problems).toEqual([])
  })
})
