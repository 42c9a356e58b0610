import { spawnSync, type ChildProcess } from "child_process"
import fs from "fs"
import path from "path"
import { parse } from "yaml"
import { expect, test, type Page } from "@playwright/test"
import { TOWN_PARAGRAPH_WORDS } from "../../internal/content/model"
import { shopToday } from "../../src/lib/today-actions"
import { afterTodayMessage } from "../../src/lib/review-rules"
import {
  AT_WORD_LIMIT,
  NEW_BRAND,
  NEW_CLOSURE,
  NEW_COUPON_TITLE,
  NEW_OFFER_EXPIRY,
  NEW_STREET,
  NEW_TOWN,
  KEPT_REVIEW,
  ORIGINAL,
  REFUSED_REVIEW,
  readJson,
} from "./editor-edits"
import {
  ROOT,
  branches,
  committedFile,
  projectCopy,
  publish,
  saveDraft,
  startDecapServer,
  startSite,
  stop,
  watchEditor,
} from "./editor-setup"
import { netlifyHeaders } from "./served-policy"

/**
 * The owner's editor at /admin/ in Chromium. First as deployed (the public/ of
 * the build under test, Netlify's headers, the site's own sign-in); then on
 * decap-server's local backend over a Git copy of the project, where the owner
 * edits as docs/owner.md shows, through the editorial workflow (draft, ready,
 * publish): a coupon's title, a new town, the shop's street, one brand
 * more, a closure and a coupon's end (tests/e2e/editor-edits.ts); and is stopped
 * by a required field, and by a review given after today or in a town that is
 * none of the Towns; last, a review saved and taken off again, the last one. scripts/edited-copy-check.mjs (a stage of `npm test`)
 * then builds that copy, checks its pages in the browser
 * (tests/e2e/edited-copy.spec.ts) and runs the whole build-output suite on it:
 * EDITED_COPY_DIR names the folder and keeps it; without it the copy is
 * temporary (KEEP_EDITOR_COPY keeps it).
 */

test("as deployed: /admin/ offers the site's own login, with its own policy, noindex and no error", async ({
  page,
}) => {
  const editor = watchEditor(page)
  await editor.install()
  const response = await page.goto("/admin/")
  const headers = response?.headers() ?? {}
  const expected = await netlifyHeaders("/admin/")
  expect(headers["content-security-policy"]).toBe(expected["content-security-policy"])
  expect(headers["x-robots-tag"]).toBe("noindex")
  // The editor's own policy is in force: Decap needs eval, which the public pages' policy never allows.
  expect(expected["content-security-policy"]).toContain("'unsafe-eval'")
  // The site's own sign-in: the editor talks to nothing but the site (GitHub's and Netlify's API only with CMS_BACKEND=github).
  expect(headers["content-security-policy"]).toContain("connect-src 'self' blob:;")
  expect(headers["content-security-policy"]).not.toMatch(/localhost|127\.0\.0\.1/)
  await expect(page.locator("meta[name='robots']")).toHaveAttribute("content", "noindex")
  // Decap's PKCE login (the site's own passkey sign-in, config.yml's git-gateway backend): one "Login" button.
  await expect(page.getByRole("button", { name: "Login", exact: true })).toBeVisible({ timeout: 30_000 })
  expect(editor.problems()).toEqual([])
  expect(await editor.cspViolations()).toEqual([])
})

test.describe("on the local backend, over a copy of the project", () => {
  test.describe.configure({ mode: "serial" })

  let work = ""
  let backend: { url: string; process: ChildProcess }
  let site: { origin: string; process: ChildProcess }
  const original = { ...ORIGINAL, cities: [] as string[] }

  test.beforeAll(async () => {
    work = projectCopy(process.env.EDITED_COPY_DIR)
    // The test adds Lincolnwood and Norridge; should data/ have them one day, the copy starts without them.
    const towns = ["lincolnwood", "norridge"].map((slug) => path.join(work, `data/cities/${slug}.json`))
    if (towns.some((town) => fs.existsSync(town))) {
      for (const town of towns) fs.rmSync(town, { force: true })
      spawnSync("git", ["commit", "--quiet", "--all", "--message", "Without the towns the test adds"], { cwd: work })
    }
    original.cities = fs.readdirSync(path.join(work, "data/cities")).sort()
    backend = await startDecapServer(work)
    site = await startSite(ROOT, backend.url)
  })

  test.afterAll(() => {
    stop(site?.process)
    stop(backend?.process)
    // The copy stays for whoever named it (scripts/edited-copy-check.mjs runs the build-output suite there).
    const keep = process.env.EDITED_COPY_DIR || process.env.KEEP_EDITOR_COPY
    if (work && !keep) fs.rmSync(work, { recursive: true, force: true })
  })

  /** Opens the editor and logs in to the local backend, as the owner would. */
  async function logIn(page: Page) {
    const editor = watchEditor(page, backend.url)
    await editor.install()
    const response = await page.goto(`${site.origin}/admin/`)
    await page.getByRole("button", { name: "Login", exact: true }).click()
    await expect(page.getByRole("heading", { name: "Collections" })).toBeVisible({ timeout: 30_000 })
    return { editor, response }
  }

  test("the editor logs in to the local backend under its /admin/* policy, the local port allowed", async ({
    page,
  }) => {
    const { editor, response } = await logIn(page)
    const policy = (await netlifyHeaders("/admin/"))["content-security-policy"]
    const withBackend = policy.replace(
      /(connect-src [^;]*)/,
      (directive) => `${directive} ${new URL(backend.url).origin}`,
    )
    expect(response?.headers()["content-security-policy"]).toBe(withBackend)
    // Every collection of the generated config.yml is in the sidebar.
    const config = parse(fs.readFileSync(path.join(ROOT, "public/admin/config.yml"), "utf8")) as {
      collections: Array<{ name: string; label: string }>
    }
    expect(config.collections.length).toBeGreaterThan(0)
    for (const { name, label } of config.collections) await expect(page.getByTestId(name)).toHaveText(label)
    expect(editor.problems()).toEqual([])
    expect(await editor.cspViolations()).toEqual([])
  })

  test("the owner changes a home coupon's title and publishes: coupons.json changes in that title only", async ({
    page,
  }) => {
    const { editor } = await logIn(page)
    const expected = structuredClone(original.coupons)
    expected.homeCoupons[0].title = NEW_COUPON_TITLE
    await page.goto(`${site.origin}/admin/#/collections/coupons/entries/coupons`)
    const first = original.coupons.homeCoupons[0].title
    await page.getByText(first, { exact: true }).locator("xpath=..").locator("button").first().click()
    const title = page.getByLabel("Offer", { exact: true }).first()
    await expect(title).toHaveValue(first)
    await title.fill(NEW_COUPON_TITLE)
    await saveDraft(page)
    // A draft is a branch of its own: the site's branch is untouched until the owner publishes.
    expect(branches(work)).toEqual(["cms/coupons/coupons", "main"])
    expect(JSON.parse(committedFile(work, "data/coupons.json", "cms/coupons/coupons") ?? "")).toEqual(expected)
    expect(JSON.parse(committedFile(work, "data/coupons.json") ?? "")).toEqual(original.coupons)
    await publish(page)

    // Published: the draft's branch is merged into main and gone, and coupons.json on disk has the change.
    expect(branches(work)).toEqual(["main"])
    expect(JSON.parse(committedFile(work, "data/coupons.json") ?? "")).toEqual(expected)
    expect(readJson(path.join(work, "data/coupons.json"))).toEqual(expected)
    expect(editor.problems()).toEqual([])
    expect(await editor.cspViolations()).toEqual([])
  })

  /** Adds a town with its name and its paragraph only, as an owner would, and publishes it. */
  async function addTown(page: Page, town: { name: string; localParagraph: string }) {
    await page.goto(`${site.origin}/admin/#/collections/cities/new`)
    await page.getByLabel("Town name", { exact: true }).fill(town.name)
    await page.getByLabel("About the town", { exact: true }).fill(town.localParagraph)
    await saveDraft(page)
    await publish(page)
  }

  test("the owner adds a town by its name and paragraph only: its file, named after the name, holds those two", async ({
    page,
  }) => {
    const { editor } = await logIn(page)
    await addTown(page, NEW_TOWN)
    const file = path.join(work, "data/cities/lincolnwood.json")
    expect(branches(work)).toEqual(["main"])
    expect(JSON.parse(committedFile(work, "data/cities/lincolnwood.json") ?? "")).toEqual(NEW_TOWN)
    expect(fs.existsSync(file)).toBe(true)
    expect(readJson(file)).toEqual(NEW_TOWN)
    expect(fs.readdirSync(path.join(work, "data/cities")).sort()).toEqual(
      [...original.cities, "lincolnwood.json"].sort(),
    )
    expect(editor.problems()).toEqual([])
    expect(await editor.cspViolations()).toEqual([])
  })

  test(`a town paragraph shorter than ${TOWN_PARAGRAPH_WORDS.min} words is refused with a visible message, and nothing is written`, async ({
    page,
  }) => {
    const { editor } = await logIn(page)
    const before = fs.readdirSync(path.join(work, "data/cities")).sort()
    await page.goto(`${site.origin}/admin/#/collections/cities/new`)
    await page.getByLabel("Town name", { exact: true }).fill(AT_WORD_LIMIT.name)
    const short = AT_WORD_LIMIT.localParagraph
      .split(" ")
      .slice(0, TOWN_PARAGRAPH_WORDS.min - 1)
      .join(" ")
    await page.getByLabel("About the town", { exact: true }).fill(short)
    await page.getByRole("button", { name: "Save", exact: true }).click()
    editor.refusedSave()

    await expect(
      page.getByText(`About the town must be ${TOWN_PARAGRAPH_WORDS.min} to ${TOWN_PARAGRAPH_WORDS.max} words`),
    ).toBeVisible()
    await expect(page.getByText("Entry saved")).toHaveCount(0)
    expect(fs.readdirSync(path.join(work, "data/cities")).sort()).toEqual(before)
    expect(branches(work)).toEqual(["main"])
    expect(editor.problems()).toEqual([])
    expect(await editor.cspViolations()).toEqual([])
  })

  test(`a town paragraph of exactly ${TOWN_PARAGRAPH_WORDS.min} words is accepted and published`, async ({ page }) => {
    const { editor } = await logIn(page)
    expect(AT_WORD_LIMIT.localParagraph.split(/\s+/)).toHaveLength(TOWN_PARAGRAPH_WORDS.min)
    await addTown(page, AT_WORD_LIMIT)
    expect(JSON.parse(committedFile(work, "data/cities/norridge.json") ?? "")).toEqual(AT_WORD_LIMIT)
    expect(editor.problems()).toEqual([])
    expect(await editor.cspViolations()).toEqual([])
  })

  test("the owner moves the shop down the street and publishes: business.json changes in that field only", async ({
    page,
  }) => {
    const { editor } = await logIn(page)
    const expected = structuredClone(original.business)
    expected.address.street = NEW_STREET
    await page.goto(`${site.origin}/admin/#/collections/business/entries/business`)
    const street = page.getByLabel("Street", { exact: true })
    await expect(street).toHaveValue(original.business.address.street)
    await street.fill(NEW_STREET)
    await saveDraft(page)
    await publish(page)

    expect(branches(work)).toEqual(["main"])
    expect(JSON.parse(committedFile(work, "data/business.json") ?? "")).toEqual(expected)
    expect(readJson(path.join(work, "data/business.json"))).toEqual(expected)
    expect(editor.problems()).toEqual([])
    expect(await editor.cspViolations()).toEqual([])
  })

  test("the owner adds a brand without a logo and publishes: brands.json gains it at the end", async ({ page }) => {
    const { editor } = await logIn(page)
    await page.goto(`${site.origin}/admin/#/collections/brands/entries/brands`)
    await page.getByRole("button", { name: /^Add brands$/i }).click()
    await page.getByLabel("Brand name", { exact: true }).last().fill(NEW_BRAND.name)
    await page.getByLabel("Short name", { exact: true }).last().fill(NEW_BRAND.slug)
    await saveDraft(page)
    await publish(page)

    const expected = [...original.brands, NEW_BRAND]
    expect(branches(work)).toEqual(["main"])
    expect(JSON.parse(committedFile(work, "data/brands.json") ?? "")).toEqual(expected)
    expect(readJson(path.join(work, "data/brands.json"))).toEqual(expected)
    expect(editor.problems()).toEqual([])
    expect(await editor.cspViolations()).toEqual([])
  })

  test("the owner adds a closure with its occasion and publishes: business.json gains it at the end", async ({
    page,
  }) => {
    const { editor } = await logIn(page)
    const business = readJson<Record<string, unknown> & { specialHours?: object[] }>(
      path.join(work, "data/business.json"),
    )
    await page.goto(`${site.origin}/admin/#/collections/business/entries/business`)
    await page.getByRole("button", { name: /^Add Closure or special hours$/i }).click()
    await page.getByLabel("First day", { exact: true }).last().fill(NEW_CLOSURE.from)
    // Decap labels a field that may stay empty "Occasion (optional)".
    await page
      .getByLabel(/^Occasion\b/)
      .last()
      .fill(NEW_CLOSURE.note)
    await saveDraft(page)
    await publish(page)
    const closures = readJson<{ specialHours: object[] }>(path.join(work, "data/business.json")).specialHours
    expect(closures.slice(0, -1)).toEqual(business.specialHours ?? [])
    expect(closures.at(-1)).toMatchObject(NEW_CLOSURE)
    expect(branches(work)).toEqual(["main"])
    expect(editor.problems()).toEqual([])
    expect(await editor.cspViolations()).toEqual([])
  })

  test("the owner gives a coupons page offer its last day and publishes: coupons.json gains it there only", async ({
    page,
  }) => {
    const { editor } = await logIn(page)
    const first = original.coupons.offers[0].title
    const expected = readJson<typeof original.coupons>(path.join(work, "data/coupons.json"))
    expected.offers[0].expires = NEW_OFFER_EXPIRY
    await page.goto(`${site.origin}/admin/#/collections/coupons/entries/coupons`)
    await page.getByText(first, { exact: true }).locator("xpath=..").locator("button").first().click()
    // Every coupon has its field (the home page's first): the first offer's follows the home page's.
    await page
      .getByLabel(/^Expires\b/)
      .nth(expected.homeCoupons.length)
      .fill(NEW_OFFER_EXPIRY)
    await saveDraft(page)
    await publish(page)
    expect(readJson(path.join(work, "data/coupons.json"))).toEqual(expected)
    expect(branches(work)).toEqual(["main"])
    expect(editor.problems()).toEqual([])
    expect(await editor.cspViolations()).toEqual([])
  })

  test("a town with an empty required field is refused with a visible message, and nothing is written", async ({
    page,
  }) => {
    const { editor } = await logIn(page)
    const before = fs.readdirSync(path.join(work, "data/cities")).sort()
    await page.goto(`${site.origin}/admin/#/collections/cities/new`)
    // Everything the owner must give but the town's name.
    await page.getByLabel("About the town", { exact: true }).fill(AT_WORD_LIMIT.localParagraph)
    await page.getByRole("button", { name: "Save", exact: true }).click()
    editor.refusedSave()

    await expect(page.getByText("Oops, you've missed a required field. Please complete before saving.")).toBeVisible()
    await expect(page.getByText("Town name is required.")).toBeVisible()
    await expect(page.getByText("Entry saved")).toHaveCount(0)
    expect(fs.readdirSync(path.join(work, "data/cities")).sort()).toEqual(before)
    expect(branches(work)).toEqual(["main"])
    expect(editor.problems()).toEqual([])
    expect(await editor.cspViolations()).toEqual([])
  })

  /** Opens the reviews and starts one, each field the owner must give as the model allows it, on `given`. */
  async function startReview(page: Page, given: string, review: typeof KEPT_REVIEW = REFUSED_REVIEW) {
    await page.goto(`${site.origin}/admin/#/collections/reviews/entries/reviews`)
    await page.getByRole("button", { name: /^Add reviews$/i }).click()
    await page.getByLabel("The customer's words", { exact: true }).fill(review.quote)
    await page.getByLabel("Name as agreed", { exact: true }).fill(review.name)
    await page.getByLabel("Day given", { exact: true }).fill(given)
    const source = page.getByLabel("Where it was given", { exact: true })
    await source.fill(review.source)
    await source.press("Enter")
    await page.getByLabel("The customer agreed", { exact: true }).click()
  }

  /** Nothing of the review reached the repository: no draft branch, reviews.json as it was. */
  const nothingWritten = () => {
    expect(branches(work)).toEqual(["main"])
    expect(JSON.parse(committedFile(work, "data/reviews.json") ?? "")).toEqual(ORIGINAL.reviews)
    expect(readJson(path.join(work, "data/reviews.json"))).toEqual(ORIGINAL.reviews)
  }

  test("a review given on a day after today, in the shop's time zone, is refused with the field's message, and nothing is written", async ({
    page,
  }) => {
    const { editor } = await logIn(page)
    await startReview(page, REFUSED_REVIEW.laterDay)
    await page.getByRole("button", { name: "Save", exact: true }).click()
    editor.refusedSave()

    const today = shopToday(Date.now(), ORIGINAL.business.timeZone)
    await expect(page.getByText(`Day given ${afterTodayMessage(today)}`, { exact: true })).toBeVisible()
    await expect(page.getByText("Entry saved")).toHaveCount(0)
    nothingWritten()
    expect(editor.problems()).toEqual([])
    expect(await editor.cspViolations()).toEqual([])
  })

  test("a review's town is picked among the Towns, the one the owner added too: a name of none is not taken, and nothing is written", async ({
    page,
  }) => {
    const { editor } = await logIn(page)
    const towns = fs
      .readdirSync(path.join(work, "data/cities"))
      .map((file) => readJson<{ name: string }>(path.join(work, "data/cities", file)).name)
    expect(towns).toContain(NEW_TOWN.name)
    expect(towns).not.toContain(REFUSED_REVIEW.unknownTown)
    await startReview(page, shopToday(Date.now(), ORIGINAL.business.timeZone))
    const town = page.getByLabel(/^Town\b/)

    // A name that is no town is not offered, and Enter does not take it.
    await town.fill(REFUSED_REVIEW.unknownTown)
    await expect(page.getByText("No options", { exact: true })).toBeVisible()
    await town.press("Enter")
    await town.press("Escape")
    await expect(page.getByText(REFUSED_REVIEW.unknownTown, { exact: true })).toHaveCount(0)

    // The town the owner added and published in the editor (above) is offered by its name.
    await town.fill(NEW_TOWN.name)
    await expect(page.getByRole("option", { name: NEW_TOWN.name, exact: true })).toBeVisible()
    nothingWritten()
    expect(editor.problems()).toEqual([])
    expect(await editor.cspViolations()).toEqual([])
  })

  test("the owner saves a review, then takes it off, the last one: reviews.json is an empty list again", async ({
    page,
  }) => {
    // The copy holds no review before this, whatever data/ holds: the one added is the last.
    const file = path.join(work, "data/reviews.json")
    if (fs.readFileSync(file, "utf8") !== "[]\n") {
      fs.writeFileSync(file, "[]\n")
      spawnSync("git", ["commit", "--quiet", "--all", "--message", "Without reviews"], { cwd: work })
    }
    const { editor } = await logIn(page)
    const today = shopToday(Date.now(), ORIGINAL.business.timeZone)
    await startReview(page, today, KEPT_REVIEW)
    await saveDraft(page)
    await publish(page)
    const kept = { quote: KEPT_REVIEW.quote, name: KEPT_REVIEW.name, given: today, source: KEPT_REVIEW.source }
    expect(JSON.parse(committedFile(work, "data/reviews.json") ?? "")).toEqual([expect.objectContaining(kept)])

    // Its item's last button (after the chevron and the handle) takes it off; the list is then empty.
    await page.goto(`${site.origin}/admin/#/collections/reviews/entries/reviews`)
    const item = page
      .locator("div")
      .filter({ hasText: KEPT_REVIEW.quote })
      .filter({ has: page.getByRole("button") })
      .last()
    await item.getByRole("button").last().click()
    await expect(page.getByText(KEPT_REVIEW.quote)).toHaveCount(0)
    await saveDraft(page)
    await publish(page)
    expect(branches(work)).toEqual(["main"])
    expect(committedFile(work, "data/reviews.json")).toBe("[]\n")
    expect(fs.readFileSync(file, "utf8")).toBe("[]\n")
    expect(editor.problems()).toEqual([])
    expect(await editor.cspViolations()).toEqual([])
  })
})
