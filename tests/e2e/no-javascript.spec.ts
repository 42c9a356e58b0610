import { MAP_HOST, MAP_HOST_FRAME, business, cities, expect, test } from "./fixtures"

// What a visitor gets before Gatsby's scripts arrive, or without JavaScript at all (the phone
// menu without JavaScript is in navigation.spec.ts, which runs on the phone too).
test.use({ javaScriptEnabled: false })

test("the call buttons are plain tel: links", async ({ page }) => {
  await page.goto("/services/refrigerator-repair/")
  const calls = page.locator("a[href^='tel:']")
  expect(await calls.count()).toBeGreaterThan(1)
  for (const href of await calls.evaluateAll((links) => links.map((a) => a.getAttribute("href")))) {
    expect(href).toBe(`tel:${business.phone.e164}`)
  }
  await expect(page.locator("header a[href^='tel:']")).toBeVisible()
})

test("a city's map is a placeholder naming the town with a link that opens the town on the map host's normal page; nothing is asked of the map host", async ({
  page,
}) => {
  const city = cities.find((record) => record.slug === "buffalo-grove")
  if (!city) throw new Error("data/cities/ has no Buffalo Grove record")
  const requests: string[] = []
  page.on("request", (request) => {
    if (MAP_HOST.test(request.url())) requests.push(request.url())
  })
  await page.goto(`/service-area/${city.slug}/`)
  const link = page.getByRole("link", { name: `Open the map of ${city.name} in a new tab` })
  await link.scrollIntoViewIfNeeded()
  // The normal page of the same place: the embed address would open a bare frame page.
  const opened = new URL((await link.getAttribute("href")) ?? "")
  const embed = new URL(city.mapUrl)
  expect(`${opened.origin}${opened.pathname}`).toBe(`${embed.origin}${embed.pathname}`)
  expect(opened.searchParams.get("q")).toBe(embed.searchParams.get("q"))
  expect(opened.searchParams.has("output")).toBe(false)
  await expect(link).toHaveAttribute("target", "_blank")
  await expect(page.locator("#map").getByText(`Map of ${city.name}, ${business.address.region}`)).toBeVisible()
  // The button needs JavaScript, so it is not offered.
  await expect(page.getByRole("button", { name: `Show map of ${city.name}` })).toBeHidden()
  await expect(page.locator(MAP_HOST_FRAME)).toHaveCount(0)
  expect(requests).toEqual([])
})
