import fs from "fs"
import path from "path"
import type { FrameLocator, Page } from "@playwright/test"
import { parseTokens } from "../../internal/maps/tokens"
import { OWN_MAP_FRAME, cities, expect, gotoHydrated, settled, test } from "./fixtures"

// Our own maps, drawn at build time (internal/maps/): the overview embedded from
// its file on the home page and /service-area/, and each town page's inline map.

const byName = [...cities].sort((a, b) => a.name.localeCompare(b.name))
const town = cities.find((city) => city.slug === "wheeling") ?? cities[0]
const TOWN_PAGE = `/service-area/${town.slug}/`
const OVERVIEW_PAGES = ["/", "/service-area/"]

const tokens = parseTokens(fs.readFileSync(path.resolve(__dirname, "../../src/styles/tokens.css"), "utf8"))
/** "#f5b700" -> "rgb(245, 183, 0)", as getComputedStyle reports a colour. */
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(", ")})`

/** Scrolls the overview into view and waits until its drawing has loaded. */
async function overview(page: Page): Promise<FrameLocator> {
  await page.locator(OWN_MAP_FRAME).scrollIntoViewIfNeeded()
  const frame = page.frameLocator(OWN_MAP_FRAME)
  await expect(frame.getByRole("img")).toBeVisible()
  return frame
}

/** The town page's map: a group holding the drawing (an image) and the nearby towns' links. */
const townMap = (page: Page) => page.locator("#about-town svg")

test("every link of the maps leads to an existing page", async ({ page }) => {
  const hrefs = new Set<string>()
  for (const route of OVERVIEW_PAGES) {
    await gotoHydrated(page, route)
    const frame = await overview(page)
    for (const href of await frame.locator("a").evaluateAll((links) => links.map((a) => a.getAttribute("href"))))
      if (href) hrefs.add(href)
  }
  await gotoHydrated(page, TOWN_PAGE)
  for (const href of await townMap(page)
    .locator("a")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href"))))
    if (href) hrefs.add(href)
  expect(hrefs.size).toBeGreaterThanOrEqual(cities.length)
  const broken: string[] = []
  for (const href of hrefs) {
    const response = await page.request.get(href)
    if (response.status() !== 200) broken.push(`${href}: ${response.status()}`)
  }
  expect(broken).toEqual([])
})

test("no request leaves for another host while a map is on screen", async ({ page, baseURL }) => {
  const elsewhere: string[] = []
  page.on("request", (request) => {
    const url = request.url()
    if (!url.startsWith(`${baseURL}/`) && !url.startsWith("data:")) elsewhere.push(url)
  })
  for (const route of OVERVIEW_PAGES) {
    await gotoHydrated(page, route)
    await overview(page)
  }
  await gotoHydrated(page, TOWN_PAGE)
  await townMap(page).scrollIntoViewIfNeeded()
  await expect(townMap(page).getByRole("img")).toBeVisible()
  await page.waitForLoadState("networkidle")
  expect(elsewhere).toEqual([])
})

test("the overview keeps its drawing's aspect ratio before and after it loads, and prints", async ({ page }) => {
  await gotoHydrated(page, "/")
  const frame = page.locator(OWN_MAP_FRAME)
  const before = await frame.boundingBox()
  const viewBox = await (await overview(page)).locator("svg").first().getAttribute("viewBox")
  const [, , width, height] = (viewBox ?? "").split(" ").map(Number)
  await settled(page)
  const after = await frame.boundingBox()
  expect(before && after).toBeTruthy()
  expect(after?.height).toBe(before?.height)
  expect(Math.abs((after?.height ?? 0) - ((after?.width ?? 0) * height) / width)).toBeLessThan(1.5)
  await page.emulateMedia({ media: "print" })
  await expect(frame).toBeVisible()
  await gotoHydrated(page, TOWN_PAGE)
  await expect(townMap(page)).toBeVisible()
})

test("the overview's links are reachable by keyboard, one town after another, with a visible focus", async ({
  page,
}) => {
  await gotoHydrated(page, "/")
  const frame = await overview(page)
  // Start from the section's heading, just before the map (focused as a keyboard user's skip to it would):
  // the next Tab enters the map.
  await page.locator("#service-area h2").evaluate((heading: HTMLElement) => {
    heading.tabIndex = -1
    heading.focus()
  })
  const visited: string[] = []
  for (let i = 0; i < byName.length; i += 1) {
    await page.keyboard.press("Tab")
    const focused = frame.locator("a:focus")
    await expect(focused).toHaveCount(1)
    visited.push((await focused.getAttribute("href")) ?? "")
    if (i === 0) {
      // The focused dot turns the focus colour with a dark ring, and its name shows.
      const dot = focused.locator("circle")
      await expect(dot).toHaveCSS("fill", rgb(tokens.get("color-focus") ?? ""))
      await expect(dot).toHaveCSS("stroke", rgb(tokens.get("color-text") ?? ""))
      await expect(focused.locator("text")).toHaveCSS("opacity", "1")
    }
  }
  expect(visited).toEqual(byName.map((city) => `/service-area/${city.slug}/`))
  // One more Tab leaves the map for the list of towns under it.
  await page.keyboard.press("Tab")
  await expect(page.locator("#service-area ul a").first()).toBeFocused()
})

// The shop's mark stands for its own town (the address's city, when we serve it): that town's link
// holds the mark instead of a dot, named and shown on focus as a dot's link is, and the mark takes the pointer.
const business = JSON.parse(fs.readFileSync(path.resolve(__dirname, "../../data/business.json"), "utf8"))
const shopTown = cities.find((city) => city.name.toLowerCase() === String(business.address.city).toLowerCase())

test("the shop's mark is its own town's link on the overview: named, focused and hovered as a dot's link is", async ({
  page,
}) => {
  test.skip(!shopTown, "the shop's city is no town we serve")
  if (!shopTown) return
  await gotoHydrated(page, "/")
  const frame = await overview(page)
  const link = frame.getByRole("link", { name: shopTown.name, exact: true })
  await expect(link).toHaveCount(1)
  await expect(link).toHaveAttribute("href", `/service-area/${shopTown.slug}/`)
  await expect(link.locator("circle")).toHaveCount(0)
  const mark = link.locator("path.sh")
  // Under the pointer the mark takes it (a dot's link does), darkens and shows the town's name.
  await expect(mark).toHaveCSS("pointer-events", "auto")
  await mark.hover()
  await expect(mark).toHaveCSS("fill", rgb(tokens.get("color-accent-dark") ?? ""))
  await expect(link.locator("text")).toHaveCSS("opacity", "1")
  await link.focus()
  await page.keyboard.press("Shift+Tab")
  await page.keyboard.press("Tab")
  await expect(link).toBeFocused()
  await expect(mark).toHaveCSS("fill", rgb(tokens.get("color-focus") ?? ""))
  await expect(mark).toHaveCSS("stroke", rgb(tokens.get("color-text") ?? ""))
  await expect(link.locator("text")).toHaveCSS("opacity", "1")
})

test("a link of the overview opens its town's page in the whole window", async ({ page }) => {
  await gotoHydrated(page, "/")
  const frame = await overview(page)
  await frame.getByRole("link", { name: town.name, exact: true }).focus()
  await page.keyboard.press("Enter")
  await expect(page).toHaveURL(new RegExp(`${TOWN_PAGE}$`))
  await expect(page.getByRole("heading", { level: 1 })).toContainText(town.name)
})

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false })

  test("the overview shows a drawing and a link named for every town", async ({ page }) => {
    for (const route of OVERVIEW_PAGES) {
      await page.goto(route)
      const frame = await overview(page)
      await expect(frame.getByRole("img")).toHaveAccessibleName(/^Map of /)
      const names = await frame.getByRole("link").allInnerTexts()
      expect([route, names.length]).toEqual([route, cities.length])
      for (const city of byName) await expect(frame.getByRole("link", { name: city.name, exact: true })).toHaveCount(1)
    }
  })

  test("a town page shows its map: an image naming the town and the miles, and links to the nearby towns it lists", async ({
    page,
  }) => {
    await page.goto(TOWN_PAGE)
    const map = townMap(page)
    await expect(map.getByRole("img", { name: new RegExp(town.name) })).toBeVisible()
    const stated = await page
      .locator("#about-town dt", { hasText: /^From our/ })
      .locator("xpath=following-sibling::dd")
      .innerText()
    await expect(map.getByText(stated, { exact: true })).toBeVisible()
    const listed = await page.locator("#nearby a").allInnerTexts()
    expect(listed.length).toBeGreaterThan(0)
    for (const name of listed) await expect(map.getByRole("link", { name, exact: true })).toHaveCount(1)
  })
})
