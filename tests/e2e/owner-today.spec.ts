import { execFileSync } from "child_process"
import fs from "fs"
import path from "path"
import AxeBuilder from "@axe-core/playwright"
import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test"
import { LATE_AFTER_MS, READ_EVERY_MS } from "../../src/lib/today-actions"
import { REVIEW_CHOICES_PATH } from "../../src/lib/today-reviews"
import { TODAY_FILES } from "../../src/lib/today-edits"
import { PHONE } from "../../scripts/browser.cjs"
import { ROOT } from "./editor-setup"
import { IBM_POLICY, checkWithIbm } from "./ibm-checker"
import { TODAY_CLOSURE_OCCASION, TODAY_HOURS, TODAY_NOTICE, dayAfter, freeDays } from "./today-page-edits"
import { OWNER, startTodaySite, type TodaySite } from "./today-site"
import { decodeQr } from "./qr-code"

/**
 * The owner's page for today (/admin/today/) on a phone, in Chromium at 390 px: each action from
 * the tap to its commit on the live branch, through the site's own gateway as Netlify runs it, to
 * a GitHub stand-in (tests/e2e/today-site.ts); each refusal said on the spot with nothing sent;
 * the change followed from saved to live as the next build publishes it; undo; two phones at once.
 * The page's own clock is Playwright's, so its reads of the live site come when the test says.
 *
 * In scripts/edited-copy-check.mjs the stand-in starts from the edited copy's data (EDITED_COPY_DIR)
 * and the copy then gets what the owner kept, so its build shows it (tests/e2e/edited-copy.spec.ts).
 */

/** The longest wait for a step through the site's functions (each call a cold start of its function). */
const STEP = 30_000
const work = process.env.EDITED_COPY_DIR ?? ""

test.describe.configure({ mode: "serial" })
test.use({ actionTimeout: STEP })

let site: TodaySite
const github = () => site.github
const onMain = (file: string) => site.onMain(file)
const today = () => site.today()

/** The phones of the test under way, closed after it. */
const phones: BrowserContext[] = []

/** A phone (a browser context at 390 px) on the page for today, signed in with `as` (none: signed out). */
async function phone(browser: Browser, as: string | undefined = site.token): Promise<Page> {
  const context = await browser.newContext({ ...PHONE, baseURL: site.origin, ignoreHTTPSErrors: true })
  phones.push(context)
  const page = await context.newPage()
  await page.clock.install()
  if (as)
    await page.addInitScript((user) => localStorage.setItem("decap-cms-user", JSON.stringify(user)), site.user(as))
  await page.goto("/admin/today/")
  await expect(page.getByRole("heading", { name: "What a visitor sees now" })).toBeVisible()
  return page
}

/** The page's calls to the gateway, from now on. */
function gatewayCalls(page: Page): string[] {
  const calls: string[] = []
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/api/git/")) calls.push(`${request.method()} ${request.url()}`)
  })
  return calls
}

const status = (page: Page) => page.getByRole("status").filter({ hasText: /Saved at|Live at|Saving|Not live/ })

/** Publishes, then lets the page read the live site: the change `summary` is then said to be live. */
async function expectLive(page: Page, summary: string | RegExp) {
  site.publish()
  await page.clock.runFor(READ_EVERY_MS)
  await expect(status(page).getByText(summary)).toContainText(/^Live at \d{1,2}:\d{2} (am|pm): /, { timeout: STEP })
}

/** Saves the open action and waits for "Saved at …"; returns the commit it made. */
async function save(page: Page, button: string) {
  const before = github().commits("main").length
  const saved = page.locator(".arrival").filter({ hasText: /^Saved at \d{1,2}:\d{2} (am|pm): / })
  const savedBefore = await saved.count()
  await page.getByRole("button", { name: button }).click()
  await expect(saved).toHaveCount(savedBefore + 1, { timeout: STEP })
  const commits = github().commits("main")
  expect(commits.length, "one commit on main").toBe(before + 1)
  return commits[0]
}

/** Fills the field labelled `label` (a date or time input takes its value as typed by a picker). */
const fill = (page: Page, label: string, value: string) => page.getByLabel(label, { exact: true }).fill(value)

/** The problems listed at the top of the action, each "Field message". */
const listed = (page: Page) => page.getByRole("alert").filter({ hasText: "Nothing was sent" }).locator("li")

test.beforeAll(async () => {
  site = await startTodaySite(work || ROOT)
})

test.afterEach(async () => {
  await Promise.all(phones.splice(0).map((context) => context.close()))
})

test.afterAll(async () => {
  if (work && site) {
    // The copy gets what the owner kept, committed as the gateway committed it, for its build.
    for (const file of Object.values(TODAY_FILES))
      fs.writeFileSync(path.join(work, file), site.github.file("main", file) ?? "")
    const git = (...args: string[]) => execFileSync("git", args, { cwd: work, stdio: "pipe" })
    git("add", ...Object.values(TODAY_FILES))
    git(
      "-c",
      `user.name=${OWNER.name}`,
      "-c",
      `user.email=${OWNER.email}`,
      "commit",
      "-m",
      "The page for today's changes",
    )
  }
  await site?.stop()
})

test("closing days: each refusal is named on the spot and nothing is sent; then one commit on main by the owner, followed from saved to live", async ({
  browser,
}) => {
  const page = await phone(browser)
  const calls = gatewayCalls(page)
  const relayed = github().requests.length
  const special = onMain(TODAY_FILES.business).specialHours ?? []
  const from = freeDays(special, dayAfter(today(), 2), 2)
  await page.getByRole("button", { name: "Close a day or several" }).click()
  await expect(page.getByRole("heading", { name: "Close a day or several" })).toBeFocused()

  const refusals: [string, Record<string, string>, string[]][] = [
    [
      "nothing given",
      { "First day": "" },
      ["First day is empty: pick a day", "Occasion is empty: say why, e.g. Thanksgiving"],
    ],
    [
      "a day past",
      { "First day": dayAfter(today(), -1), Occasion: "Storm" },
      [`First day is ${dayAfter(today(), -1)}, already past (today is ${today()})`],
    ],
    [
      "an end before the start",
      { "First day": from, "Last day": dayAfter(from, -1) },
      [`Last day is ${dayAfter(from, -1)}, before the first day ${from}`],
    ],
    [
      "an occasion over 40 characters",
      { "Last day": "", Occasion: "x".repeat(41) },
      ["Occasion is 41 characters, more than 40"],
    ],
  ]
  const missed: string[] = []
  for (const [name, fields, expected] of refusals) {
    for (const [label, value] of Object.entries(fields)) await fill(page, label, value)
    await page.getByRole("button", { name: "Close these days" }).click()
    await expect(listed(page).first()).toBeVisible()
    const shown = await listed(page).allTextContents()
    if (JSON.stringify(shown) !== JSON.stringify(expected)) missed.push(`${name}: listed ${JSON.stringify(shown)}`)
    const field = Object.keys(fields).find((label) => expected.some((line) => line.startsWith(label)))
    if (field && (await page.getByLabel(field, { exact: true }).getAttribute("aria-invalid")) !== "true") {
      missed.push(`${name}: ${field} is not marked invalid`)
    }
  }
  expect(missed, `refusals not said as the rules say them:\n${missed.join("\n")}`).toEqual([])
  expect(calls, "a refused action sends nothing").toEqual([])
  expect(github().requests.length - relayed, "nothing reached GitHub").toBe(0)

  await fill(page, "Last day", dayAfter(from, 1))
  await fill(page, "Occasion", TODAY_CLOSURE_OCCASION)
  const commit = await save(page, "Close these days")
  expect(commit.author).toMatchObject(OWNER)
  expect(commit.message).toContain(`for ${TODAY_CLOSURE_OCCASION}`)
  expect(await site.changedFiles(commit)).toEqual([TODAY_FILES.business])
  expect(onMain(TODAY_FILES.business).specialHours).toContainEqual({
    from,
    to: dayAfter(from, 1),
    note: TODAY_CLOSURE_OCCASION,
  })
  // Back on the first screen, the change on its way: the site is not rebuilt yet.
  await expect(status(page)).toContainText("The site is being rebuilt")
  // The live site read again, without the change yet: still on its way, and the page says when it looked.
  await page.clock.runFor(READ_EVERY_MS)
  await expect(status(page)).toContainText(/The site is being rebuilt.* Last checked at \d{1,2}:\d{2} (am|pm)\./)
  await expect(status(page)).not.toContainText("Live at")
  await expectLive(page, new RegExp(`Closed .* for ${TODAY_CLOSURE_OCCASION}`))
  await expect(page.getByRole("listitem").filter({ hasText: `for ${TODAY_CLOSURE_OCCASION}` })).toContainText(
    /^Closed \w+ \d+, \d{4} to \w+ \d+, \d{4} for a family wedding/,
  )
})

test("other hours on a day: hours that do not close after they open, and a day that has hours already, are refused; then kept", async ({
  browser,
}) => {
  const page = await phone(browser)
  const calls = gatewayCalls(page)
  const special = onMain(TODAY_FILES.business).specialHours ?? []
  const closed = special.find((entry: { note?: string }) => entry.note === TODAY_CLOSURE_OCCASION)
  const day = freeDays(special, dayAfter(today(), 2))
  await page.getByRole("button", { name: "Other hours on a day" }).click()
  await fill(page, "Day", day)
  await fill(page, "Opens at", "13:00")
  await fill(page, "Closes at", "09:00")
  await page.getByRole("button", { name: "Save these hours" }).click()
  await expect(listed(page)).toHaveText(["Closes at is 09:00, not after the opening time 13:00"])
  await fill(page, "Day", closed.from)
  await fill(page, "Opens at", TODAY_HOURS.opens)
  await fill(page, "Closes at", TODAY_HOURS.closes)
  await page.getByRole("button", { name: "Save these hours" }).click()
  await expect(listed(page)).toHaveText([/^Day overlaps entry \d+ \(/])
  expect(calls, "a refused action sends nothing").toEqual([])

  await fill(page, "Day", day)
  await fill(page, "Occasion", TODAY_HOURS.occasion)
  await save(page, "Save these hours")
  await expectLive(page, `for ${TODAY_HOURS.occasion}`)
})

test("other hours on another day, live, then undone from the list of what is to come", async ({ browser }) => {
  const page = await phone(browser)
  const another = freeDays(onMain(TODAY_FILES.business).specialHours, dayAfter(today(), 3))
  await page.getByRole("button", { name: "Other hours on a day" }).click()
  await fill(page, "Day", another)
  await fill(page, "Opens at", "08:00")
  await fill(page, "Closes at", "12:00")
  await save(page, "Save these hours")
  await expectLive(page, /^Live at .*: Open 8 am to 12 pm on /)
  const row = page.getByRole("listitem").filter({ hasText: /Open 8 am to 12 pm/ })
  await row.getByRole("button", { name: /^Undo: Open 8 am to 12 pm/ }).click()
  await expect(status(page)).toContainText("Saved at", { timeout: STEP })
  expect(onMain(TODAY_FILES.business).specialHours.map((entry: { from: string }) => entry.from)).not.toContain(another)
  await expectLive(page, /Usual hours again on /)
  await expect(row).toHaveCount(0)
})

test("a notice until a date: an over-long notice and a past day are refused; then shown, the page saying when the build is late and when it is live", async ({
  browser,
}) => {
  const page = await phone(browser)
  const calls = gatewayCalls(page)
  await page.getByRole("button", { name: "A notice until a date" }).click()
  await fill(page, "Notice", "y".repeat(121))
  await fill(page, "Last day", dayAfter(today(), -2))
  await page.getByRole("button", { name: "Show this notice" }).click()
  await expect(listed(page)).toHaveText([
    "Notice is 121 characters, more than 120",
    `Last day is ${dayAfter(today(), -2)}, already past (today is ${today()})`,
  ])
  await expect(page.getByText("121 of 120 characters")).toBeVisible()
  expect(calls, "a refused action sends nothing").toEqual([])

  await fill(page, "Notice", "Closed early today for a staff meeting.")
  await fill(page, "Last day", today())
  await save(page, "Show this notice")
  expect(onMain(TODAY_FILES.notice)).toMatchObject({ show: true, starts: today(), ends: today() })
  // The build does not come: after its time, the page says so in words.
  await page.clock.runFor(LATE_AFTER_MS)
  await expect(status(page)).toContainText(/does not show it after 15 minutes: .* The site's build may have failed/)
  await expectLive(page, /Notice on every page until /)
})

test("the notice taken down from the list, then another shown until a later day", async ({ browser }) => {
  const page = await phone(browser)
  await page.getByRole("button", { name: /^Take it down: the notice/ }).click()
  await expect(status(page)).toContainText("Saved at", { timeout: STEP })
  expect(onMain(TODAY_FILES.notice).show).toBe(false)
  await expectLive(page, "Notice taken down")

  await page.getByRole("button", { name: "A notice until a date" }).click()
  await fill(page, "Notice", TODAY_NOTICE)
  await fill(page, "Last day", dayAfter(today(), 6))
  await save(page, "Show this notice")
  await expectLive(page, `“${TODAY_NOTICE}”`)
})

/** The list with fewer current coupons (all of it but one can end, then that one is refused), and how the page names it. */
function couponList() {
  const book = onMain(TODAY_FILES.coupons) as Record<string, { title: string; expires?: string }[]>
  const current = (list: string) => book[list].filter((coupon) => !coupon.expires || coupon.expires >= today())
  const list = current("homeCoupons").length <= current("offers").length ? "homeCoupons" : "offers"
  return { list, coupons: current(list), where: list === "homeCoupons" ? "Home page" : "Coupons page" }
}

/** Opens "End a coupon" and chooses the coupon titled `title` of the list named `where`, to end on `day`. */
async function endOn(page: Page, where: string, title: string, day: string) {
  await page.getByRole("button", { name: "End a coupon" }).click()
  await page.getByRole("radio", { name: `${title} ${where}`, exact: true }).check()
  await page.getByRole("radio", { name: "At the end of a day" }).check()
  await expect(
    page.getByLabel("Last day", { exact: true }),
    "the last day is today until another is given",
  ).toHaveValue(today())
  await fill(page, "Last day", day)
}

/** The coupons the page lists under `heading` ("Home page", "Coupons page", "Taken off the site"), as each row reads. */
const couponRows = (page: Page, heading: string) =>
  page
    .locator(".coupons > div")
    .filter({ has: page.getByRole("heading", { name: heading, exact: true }) })
    .locator(".row-text")

/** Unfolds "Coupons on show" when it is folded (while no coupon has an end), as the owner taps it to read them. */
async function unfoldCoupons(page: Page) {
  const folded = await page.locator("details.coupons").evaluate((details) => !(details as HTMLDetailsElement).open)
  if (folded) await page.getByText("Coupons on show").click()
}

/** The row among `rows` of the coupon titled `title` (a title may begin another's: "FREE Service Call"). */
const rowOf = (rows: Locator, title: string) =>
  rows.filter({ hasText: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} `) })

test("ending a coupon today, live, then kept on from the list", async ({ browser }) => {
  const page = await phone(browser)
  const { list, coupons, where } = couponList()
  const first = coupons[0].title
  const count = onMain(TODAY_FILES.coupons)[list].length
  await endOn(page, where, first, today())
  await save(page, "End this coupon")
  expect(onMain(TODAY_FILES.coupons)[list]).toHaveLength(count)
  await expectLive(page, `“${first}” ends today`)
  await page.getByRole("button", { name: `Keep it on: the end of “${first}”` }).click()
  await expect(status(page)).toContainText("Saved at", { timeout: STEP })
  await expectLive(page, `“${first}” shows again, with no end`)
})

test("a coupon ended now: taken off the site in one commit, followed until the live site no longer shows it, then put back from the list", async ({
  browser,
}) => {
  const page = await phone(browser)
  const { list, coupons, where } = couponList()
  // One with no end, so that putting it back gives the list as it was.
  const title = coupons.find((coupon) => !coupon.expires)?.title ?? ""
  expect(title, `a coupon of the ${where} list with no end`).not.toBe("")
  const before = onMain(TODAY_FILES.coupons)[list] as { title: string }[]
  await page.getByRole("button", { name: "End a coupon" }).click()
  await expect(
    page.getByRole("radio", { name: "Now: take it off the site" }),
    "Now is the choice offered",
  ).toBeChecked()
  await expect(page.getByRole("radio", { name: "At the end of a day" })).not.toBeChecked()
  await page.getByRole("radio", { name: `${title} ${where}`, exact: true }).check()
  const commit = await save(page, "End this coupon")
  expect(commit.message).toBe(`“${title}” taken off the site (from the page for today)`)
  expect(await site.changedFiles(commit)).toEqual([TODAY_FILES.coupons])
  // In its place, with yesterday (the shop's) as its last day: the next build leaves it out.
  expect(onMain(TODAY_FILES.coupons)[list]).toEqual(
    before.map((coupon) => (coupon.title === title ? { ...coupon, expires: dayAfter(today(), -1) } : coupon)),
  )
  // Until the site is rebuilt, the live site shows it, and so the page lists it on show.
  await unfoldCoupons(page)
  await expect(rowOf(couponRows(page, where), title)).toHaveCount(1)
  await expectLive(page, `“${title}” taken off the site`)
  await unfoldCoupons(page)
  await expect(rowOf(couponRows(page, where), title)).toHaveCount(0)
  await expect(couponRows(page, "Taken off the site")).toHaveText([`${title} ${where}, off since today`])

  const putBack = page.getByRole("button", { name: `Put it back: “${title}”`, exact: true })
  // Not on the first screen the test of every target measures: measured here, as large as the page's others.
  const box = await putBack.boundingBox()
  expect(box && Math.min(box.width, box.height), "Put it back, its smaller side in px").toBeGreaterThanOrEqual(44)
  await putBack.click()
  await expect(status(page)).toContainText(`Saved at`, { timeout: STEP })
  expect(onMain(TODAY_FILES.coupons)[list]).toEqual(before)
  await expectLive(page, `“${title}” shows again, with no end`)
  await unfoldCoupons(page)
  await expect(rowOf(couponRows(page, where), title)).toHaveText([`${title} no end`])
  await expect(couponRows(page, "Taken off the site")).toHaveCount(0)
})

test("every coupon of a list but one ends on a later day; the last then ending too is refused, with nothing sent", async ({
  browser,
}) => {
  const page = await phone(browser)
  const { coupons, where } = couponList()
  const later = dayAfter(today(), 30)
  for (const coupon of coupons.slice(0, -1)) {
    await endOn(page, where, coupon.title, later)
    await save(page, "End this coupon")
  }
  // The site rebuilt with those ends: the page has read it once every change is live.
  site.publish()
  await page.clock.runFor(READ_EVERY_MS)
  await expect(page.locator(".arrival")).toHaveCount(coupons.length - 1)
  await expect(page.locator(".arrival:not(.live)")).toHaveCount(0, { timeout: STEP })
  const calls = gatewayCalls(page)
  await endOn(page, where, coupons[coupons.length - 1].title, later)
  await page.getByRole("button", { name: "End this coupon" }).click()
  await expect(listed(page)).toHaveText([
    /^Coupon is the last offer of the .* page after .*: the site never shows none/,
  ])
  expect(calls, "a refused action sends nothing").toEqual([])
})

test("two phones save at once: the second commit is made again on the first, and both are kept", async ({
  browser,
}) => {
  const [first, second] = [await phone(browser), await phone(browser)]
  const special = onMain(TODAY_FILES.business).specialHours
  const firstDay = freeDays(special, dayAfter(today(), 20))
  const secondDay = freeDays(special, dayAfter(firstDay, 1))
  // Both phones reach the move of the branch from the same head, whichever is quicker until then: the
  // second phone's move waits until the first phone's has been asked for, and the first phone's
  // waits until the second phone's has been answered.
  let firstAsked: () => void = () => undefined
  const asked = new Promise<void>((resolve) => (firstAsked = resolve))
  let secondMoved: () => void = () => undefined
  const moved = new Promise<void>((resolve) => (secondMoved = resolve))
  second.on("response", (response) => {
    if (response.request().method() === "PATCH" && /git\/refs\/heads\/main$/.test(response.url())) secondMoved()
  })
  const MOVE_OF_MAIN = /\/api\/git\/github\/git\/refs\/heads\/main$/
  await second.route(MOVE_OF_MAIN, async (route) => {
    if (route.request().method() === "PATCH") await asked
    await route.continue()
  })
  let held = 0
  await first.route(MOVE_OF_MAIN, async (route) => {
    if (route.request().method() === "PATCH" && held++ === 0) {
      firstAsked()
      await moved
    }
    await route.continue()
  })
  for (const [page, day, occasion] of [
    [first, firstDay, "a first phone's closure"],
    [second, secondDay, "a second phone's closure"],
  ] as const) {
    await page.getByRole("button", { name: "Close a day or several" }).click()
    await fill(page, "First day", day)
    await fill(page, "Occasion", occasion)
  }
  const before = github().commits("main").length
  await Promise.all([first, second].map((page) => page.getByRole("button", { name: "Close these days" }).click()))
  for (const page of [first, second]) {
    await expect(status(page)).toContainText("Saved at", { timeout: STEP })
  }
  expect(held, "the first phone's move was held once, then made again on the new head").toBe(2)
  const commits = github()
    .commits("main")
    .slice(0, github().commits("main").length - before)
  expect(commits.map((commit) => commit.message)).toEqual([
    expect.stringContaining("a first phone's closure"),
    expect.stringContaining("a second phone's closure"),
  ])
  const froms = onMain(TODAY_FILES.business).specialHours.map((entry: { from: string }) => entry.from)
  expect(froms).toEqual(expect.arrayContaining([firstDay, secondDay]))
})

test("a production build that fails after the change is said, with the file and field it refused; the next build that carries the change is live", async ({
  browser,
}) => {
  const page = await phone(browser)
  const day = freeDays(onMain(TODAY_FILES.business).specialHours ?? [], dayAfter(today(), 60))
  await page.getByRole("button", { name: "Close a day or several" }).click()
  await fill(page, "First day", day)
  await fill(page, "Occasion", "a failed build's test")
  await save(page, "Close these days")
  const refused =
    'data/business.json, record "business", field "specialHours.0.to": is 2026-12-01, before the first day 2026-12-03'
  await site.failBuild([refused])
  await page.clock.runFor(READ_EVERY_MS)
  await expect(status(page)).toContainText(`Not live: the site's build failed after your change (saved at`)
  await expect(status(page)).toContainText(`It refused: ${refused}.`)
  await site.failBuild(null)
  await expectLive(page, "for a failed build's test")
})

test("signed out, or with a sign-in that ended: the page offers its own Sign in, keeps what was typed, and nothing is committed", async ({
  browser,
}) => {
  const signedOut = await phone(browser, "")
  await expect(signedOut.getByRole("button", { name: "Sign in", exact: true })).toBeVisible()
  await expect(signedOut.getByRole("link", { name: /sign in/i })).toHaveCount(0)
  await expect(signedOut.getByRole("button", { name: "Close a day or several" })).toHaveCount(0)

  // A token of the site's form but not of its key: the gateway refuses it, and GitHub hears nothing.
  const [header, , signature] = site.token.split(".")
  const claims = JSON.parse(Buffer.from(site.token.split(".")[1], "base64url").toString())
  const forged = [
    header,
    Buffer.from(JSON.stringify({ ...claims, sub: "someone-else" })).toString("base64url"),
    signature,
  ].join(".")
  const page = await phone(browser, forged)
  const relayed = github().requests.length
  const commits = github().commits("main").length
  await page.getByRole("button", { name: "A notice until a date" }).click()
  await fill(page, "Notice", "A notice nobody may post.")
  await fill(page, "Last day", today())
  await page.getByRole("button", { name: "Show this notice" }).click()
  await expect(page.getByRole("alert")).toContainText("Nothing was saved: your sign-in has ended. Sign in again.", {
    timeout: STEP,
  })
  await expect(page.getByText("Your change is kept: it is sent as soon as you have signed in.")).toBeVisible()
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible()
  await expect(page.getByLabel("Notice", { exact: true })).toHaveValue("A notice nobody may post.")
  expect(github().requests.length - relayed, "nothing reached GitHub").toBe(0)
  expect(github().commits("main").length).toBe(commits)
})

/** A review the owner adds from the phone: clearly a test's (tests/fixtures/reviews/ holds the others). */
const PHONE_REVIEW = {
  quote: "Test review from the phone: the dryer heats again, and the visit was on time.",
  name: "Test Phone Customer",
}

test("adding a review a customer gave: each refusal is named on the spot and nothing is sent; then one commit of data/reviews.json, followed to live, and undone", async ({
  browser,
}) => {
  const page = await phone(browser)
  const calls = gatewayCalls(page)
  const relayed = github().requests.length
  // The site's review details come after the screen has changed, as on a slow phone network: the
  // form then takes the place of the "Reading…" screen, and the focus must go with its heading.
  await page.route(`**${REVIEW_CHOICES_PATH}`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500))
    await route.continue()
  })
  await page.getByRole("button", { name: "Add a review a customer gave" }).click()
  await expect(page.getByRole("status").filter({ hasText: "Reading…" })).toBeVisible()
  await expect(page.getByRole("heading", { name: "Add a review a customer gave" })).toBeFocused()
  await expect(page.getByLabel("Town", { exact: true })).toBeVisible()
  await expect(page.getByRole("heading", { name: "Add a review a customer gave" })).toBeFocused()
  await page.unroute(`**${REVIEW_CHOICES_PATH}`)
  const town = page.getByLabel("Town", { exact: true })
  await expect(town.locator("option")).not.toHaveCount(1)
  const aTown = (await town.locator("option").nth(1).textContent()) ?? ""
  const valid = async () => {
    await fill(page, "The customer’s words", PHONE_REVIEW.quote)
    await fill(page, "Name as agreed", PHONE_REVIEW.name)
    await town.selectOption(aTown)
    await page.getByLabel("Appliance", { exact: true }).selectOption({ label: "Dryer Repair" })
    await fill(page, "Day given", dayAfter(today(), -1))
    await page.getByRole("radio", { name: "Google" }).check()
    await fill(page, "Link to it", "")
    await page.getByRole("checkbox", { name: "The customer agreed that we show this on our site" }).check()
  }
  const refusals: [string, () => Promise<void>, string, string][] = [
    [
      "no consent",
      () => page.getByRole("checkbox", { name: "The customer agreed that we show this on our site" }).uncheck(),
      "Consent must be yes: the customer agreed that we show this on our site",
      "The customer agreed that we show this on our site",
    ],
    [
      "a day to come",
      () => fill(page, "Day given", dayAfter(today(), 1)),
      `Day given is after today (${today()}): give the day the customer gave it`,
      "Day given",
    ],
    [
      "a quote too short",
      () => fill(page, "The customer’s words", "Great"),
      "The customer’s words must be 20 to 600 characters; it has 5",
      "The customer’s words",
    ],
    [
      "a quote too long",
      () => fill(page, "The customer’s words", "y".repeat(601)),
      "The customer’s words must be 20 to 600 characters; it has 601",
      "The customer’s words",
    ],
    [
      "a town not served",
      async () => {
        // The list offers only the towns served; a town it does not offer is what an old page would send.
        await town.evaluate((select: HTMLSelectElement) => select.add(new Option("Springfield", "Springfield")))
        await town.selectOption("Springfield")
      },
      'Town names "Springfield", which is not a town served: pick one of the towns, or none',
      "Town",
    ],
    [
      "a link on another host",
      () => fill(page, "Link to it", "https://reviews.example.com/north-shore"),
      "Link to it must be an https address on google.com, g.page or goo.gl, where Google keeps it",
      "Link to it",
    ],
  ]
  const missed: string[] = []
  for (const [name, breakIt, expected, label] of refusals) {
    await valid()
    await breakIt()
    await page.getByRole("button", { name: "Add this review" }).click()
    await expect(listed(page).first()).toBeVisible()
    const shown = await listed(page).allTextContents()
    if (JSON.stringify(shown) !== JSON.stringify([expected])) missed.push(`${name}: listed ${JSON.stringify(shown)}`)
    if ((await page.getByLabel(label, { exact: true }).getAttribute("aria-invalid")) !== "true") {
      missed.push(`${name}: ${label} is not marked invalid`)
    }
  }
  expect(missed, `refusals not said as the rules say them:\n${missed.join("\n")}`).toEqual([])
  expect(calls, "a refused review sends nothing").toEqual([])
  expect(github().requests.length - relayed, "nothing reached GitHub").toBe(0)

  await valid()
  const before: unknown[] = onMain(TODAY_FILES.reviews)
  const commit = await save(page, "Add this review")
  expect(commit.author).toMatchObject(OWNER)
  expect(await site.changedFiles(commit)).toEqual([TODAY_FILES.reviews])
  const added = {
    quote: PHONE_REVIEW.quote,
    name: PHONE_REVIEW.name,
    town: aTown,
    service: "dryer-repair",
    given: dayAfter(today(), -1),
    source: "Google",
    consent: true,
  }
  expect(onMain(TODAY_FILES.reviews)).toEqual([added, ...before])
  await expectLive(page, new RegExp(`Review by ${PHONE_REVIEW.name} of .* added`))

  const undo = page.getByRole("button", { name: `Undo: the review by ${PHONE_REVIEW.name} of ${added.given}` })
  await undo.click()
  await expect(status(page).filter({ hasText: "taken off" })).toContainText(/^Saved at /, { timeout: STEP })
  expect(onMain(TODAY_FILES.reviews)).toEqual(before)
  await expectLive(page, new RegExp(`Review by ${PHONE_REVIEW.name} of .* taken off`))
  await expect(undo).toHaveCount(0)
})

test("asking for a review: without the review link, the one field to fill and where to find it; with it, a QR code that reads as the site's /review/, Share and the link in words", async ({
  browser,
}) => {
  const page = await phone(browser)
  await page.getByRole("button", { name: "Ask for a review" }).click()
  await expect(page.getByRole("heading", { name: "Ask for a review" })).toBeFocused()
  const screen = page.locator(".action")
  await expect(screen).toContainText("The review link is not set yet. Fill in one field: Review link, in the editor")
  await expect(screen).toContainText("Business details")
  await expect(screen).toContainText("Ask for reviews")
  await expect(page.getByRole("img")).toHaveCount(0)

  // The owner sets the link in the editor; the next build makes the code.
  site.publish({ reviewLink: "https://g.page/r/TEST-PHONE-LINK/review" })
  await page.getByRole("button", { name: "Back" }).click()
  await page.getByRole("button", { name: "Ask for a review" }).click()
  const code = page.getByRole("img", { name: /^QR code of https?:\/\/.+\/review\/$/ })
  await expect(code).toBeVisible()
  await expect
    .poll(() => code.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
    .toBe(true)
  const box = await code.boundingBox()
  expect(box?.width, "the code is large on a phone").toBeGreaterThanOrEqual(300)
  const address = (await page.locator(".link-in-words").textContent()) ?? ""
  expect(address).toMatch(/^https?:\/\/[^/]+\/review\/$/)
  expect(await decodeQr(await code.screenshot()), "the code reads as the address in words").toBe(address)

  // No share sheet here (headless): Share copies the link.
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: site.origin })
  await page.getByRole("button", { name: "Share the link" }).click()
  await expect(page.getByRole("status").filter({ hasText: "Link copied" })).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address)

  // A phone with a share sheet: Share hands it the address.
  const sharing = await phone(browser)
  await sharing.addInitScript(() => {
    Object.defineProperty(navigator, "share", {
      value: (data: ShareData) => {
        ;(window as unknown as { shared: ShareData }).shared = data
        return Promise.resolve()
      },
    })
  })
  await sharing.reload()
  await sharing.getByRole("button", { name: "Ask for a review" }).click()
  await sharing.getByRole("button", { name: "Share the link" }).click()
  await expect
    .poll(() => sharing.evaluate(() => (window as unknown as { shared?: ShareData }).shared?.url))
    .toBe(address)
})

test(`the page and an action with its refusals: axe and IBM Equal Access (${IBM_POLICY}) find no WCAG 2.2 A/AA failure at 390 px`, async ({
  browser,
}) => {
  const page = await phone(browser)
  const found: string[] = []
  const check = async (screen: string) => {
    const axe = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
      .analyze()
    if (!axe.passes.length) found.push(`axe on ${screen}: no rule passed, so it checked nothing`)
    found.push(
      ...axe.violations.map((v) => `axe on ${screen}, ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    )
    const ibm = await checkWithIbm(page)
    found.push(...ibm.failures.map((line) => `IBM Equal Access on ${screen}: ${line}`))
  }
  await check("the first screen")
  await page.getByRole("button", { name: "Close a day or several" }).click()
  await fill(page, "First day", "")
  await page.getByRole("button", { name: "Close these days" }).click()
  await expect(listed(page).first()).toBeVisible()
  await check("closing days, refused")
  expect(found, `${found.length} accessibility failures:\n${found.join("\n")}`).toEqual([])
})

test("every target on each screen of the page is at least 44 px each way, and Save is within the thumb's reach", async ({
  browser,
}) => {
  const page = await phone(browser)
  const small: string[] = []
  let measured = 0
  const measure = async (screen: string, on = page) => {
    const targets = await on
      // A choice's target is its whole row (label.choice): the radio or checkbox in it is not tapped alone.
      .locator("a, button, summary, input:not(label.choice > input), textarea, label.choice")
      .evaluateAll((elements) =>
        elements
          .filter((element) => element.getClientRects().length > 0)
          .map((element) => {
            const box = element.getBoundingClientRect()
            const name = (element.textContent || element.getAttribute("id") || element.tagName).trim().slice(0, 40)
            return { name: `${element.tagName.toLowerCase()} “${name}”`, width: box.width, height: box.height }
          }),
      )
    measured += targets.length
    for (const { name, width, height } of targets) {
      if (width < 44 || height < 44) small.push(`${screen}: ${name} ${Math.round(width)}×${Math.round(height)} px`)
    }
  }
  await measure("the first screen")
  // Signed out, the Sign in button is the page's one target but the editor's link.
  await measure("signed out", await phone(browser, ""))
  for (const action of [
    "Close a day or several",
    "Other hours on a day",
    "A notice until a date",
    "End a coupon",
    "Add a review a customer gave",
  ]) {
    await page.getByRole("button", { name: action }).click()
    await measure(action)
    // Save is the form's last target but Back, in the lower part of the screen once the form is scrolled to it.
    const save = page.locator("button.primary")
    await save.scrollIntoViewIfNeeded()
    const box = await save.boundingBox()
    if (!box || box.y + box.height > 844 || box.width < 300)
      small.push(`${action}: Save is not a wide button on screen`)
    await page.getByRole("button", { name: "Back" }).click()
  }
  expect(measured, "targets measured").toBeGreaterThan(20)
  expect(small, `${small.length} targets under 44 px:\n${small.join("\n")}`).toEqual([])
})
