import AxeBuilder from "@axe-core/playwright"
import { expect, test, type Browser, type Page } from "@playwright/test"
import { openingStatus } from "../../src/lib/business-time"
import { CALL_BACK_ENDPOINT, FIELD_DECLARATIONS, REQUEST_FIELDS } from "../../src/lib/call-back-request"
import { CALL_BACK_PATH } from "../../src/lib/routes"
import { CALL_BACKS_STORE } from "../../internal/call-backs/store"
import { startNetlifyDev, type NetlifyDevServer } from "../netlify-dev"
import { readBusiness, readCities, readServices } from "../fixtures/content"
import { IBM_POLICY, checkWithIbm } from "./ibm-checker"
import { requestsOf, settled } from "./fixtures"

/**
 * The call-back request in Chromium, as Netlify serves the site and runs its
 * function (tests/netlify-dev.ts), at a phone's and a desktop's width: with
 * script, each problem said at its field, then sent in place; without script,
 * the plain POST, the function's page to check, then its thanks; axe and IBM
 * Equal Access on the form with its problems and on the function's page; the
 * "Call me back" link shown while the shop is closed. WebKit and Firefox visit
 * the page in the engines' sweep (tests/e2e/engines.sweep.ts).
 */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
const WIDTHS = [390, 1280] as const
const business = readBusiness()
const TOWN = readCities()[0].name
const APPLIANCE = readServices()[0].name

let server: NetlifyDevServer

test.describe.configure({ mode: "serial" })

test.beforeAll(async () => {
  server = await startNetlifyDev({ env: { AUTH_SECRET: "an-e2e-secret-of-at-least-32-characters-long" } })
})
test.afterAll(async () => {
  await server?.stop()
})

const requestCount = async () => (await server.store(CALL_BACKS_STORE).list()).blobs.length

async function openForm(browser: Browser, width: number, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.origin,
    viewport: { width, height: 844 },
    javaScriptEnabled,
  })
  const page = await context.newPage()
  requestsOf(page)
  await page.goto(CALL_BACK_PATH)
  await settled(page, javaScriptEnabled ? {} : { hydrated: null })
  return page
}

async function fillRight(page: Page) {
  await page.getByLabel(FIELD_DECLARATIONS.name.label).fill("Pat Homeowner")
  await page.getByLabel(FIELD_DECLARATIONS.phone.label).fill("847 555 0123")
  await page.getByLabel(FIELD_DECLARATIONS.town.label).selectOption(TOWN)
  await page.getByLabel(FIELD_DECLARATIONS.appliance.label).selectOption(APPLIANCE)
  await page.getByLabel(FIELD_DECLARATIONS.note.label).fill("Stopped cooling tonight.")
  await page.getByLabel(FIELD_DECLARATIONS.bestTime.label).selectOption("evening")
}

/** axe's and IBM Equal Access's failures on the page as it is now, each named. */
async function accessibilityFailures(page: Page, where: string): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()
  const ibm = await checkWithIbm(page)
  return [
    ...(axe.passes.length ? [] : [`${where}: axe passed no rule`]),
    ...axe.violations.map((v) => `${where}, axe ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    ...ibm.failures.map((failure) => `${where}, IBM ${IBM_POLICY}: ${failure}`),
  ]
}

/**
 * axe's and IBM Equal Access's failures on the function's page with a problem, at `width`. They run in
 * the page, so on the function's page as a browser with script gets it: the form sent as the page
 * without script sends it (the function's page itself has no script, its policy allows none).
 */
async function functionPageFailures(browser: Browser, width: number): Promise<string[]> {
  const checked = await openForm(browser, width, true)
  try {
    await checked.evaluate(
      ({ action, values }) => {
        const form = document.createElement("form")
        form.method = "post"
        form.action = action
        for (const [name, value] of Object.entries(values)) {
          const input = document.createElement("input")
          input.type = "hidden"
          input.name = name
          input.value = value
          form.append(input)
        }
        document.body.append(form)
        form.submit()
      },
      {
        action: CALL_BACK_ENDPOINT,
        values: { name: "Pat", phone: "555", town: TOWN, appliance: APPLIANCE, bestTime: "evening" },
      },
    )
    await expect(checked.getByRole("heading", { name: "Mend your call-back request" })).toBeVisible()
    return await accessibilityFailures(checked, `the function's page with a problem at ${width} px`)
  } finally {
    await checked.context().close()
  }
}

for (const width of WIDTHS) {
  test(`with script at ${width} px: each problem said at its field, axe and IBM clean; then sent in place and kept`, async ({
    browser,
  }) => {
    const page = await openForm(browser, width, true)
    const before = await requestCount()
    await page.getByLabel(FIELD_DECLARATIONS.phone.label).fill("555")
    await page.getByRole("button", { name: "Ask for a call back" }).click()
    // Every field but the optional note says its problem, and the field is described by it.
    const said = await Promise.all(
      REQUEST_FIELDS.filter((name) => FIELD_DECLARATIONS[name].required).map(async (name) => {
        const error = page.locator(`#${name}-error`)
        const control = page.locator(`[name="${name}"]`)
        return {
          name,
          text: (await error.count()) ? await error.innerText() : "",
          describedBy: (await control.getAttribute("aria-describedby")) ?? "",
        }
      }),
    )
    expect(said.filter(({ text, describedBy, name }) => !text || !describedBy.includes(`${name}-error`))).toEqual([])
    await expect(page.getByLabel(FIELD_DECLARATIONS.name.label)).toBeFocused()
    await settled(page)
    expect(await accessibilityFailures(page, `/call-back/ with its problems at ${width} px`)).toEqual([])

    await fillRight(page)
    await page.getByLabel(FIELD_DECLARATIONS.name.label).focus()
    await expect(page.getByLabel(FIELD_DECLARATIONS.phone.label)).toHaveValue("(847) 555-0123")
    await page.getByRole("button", { name: "Ask for a call back" }).click()
    await expect(page.getByRole("heading", { name: "Thank you: we will call you back" })).toBeFocused({
      timeout: 15_000,
    })
    await expect(page.getByText("(847) 555-0123", { exact: true })).toBeVisible()
    await expect(page).toHaveURL(new RegExp(`${CALL_BACK_PATH}$`))
    expect(await requestCount()).toBe(before + 1)
    await page.context().close()
  })

  test(`without script at ${width} px: a plain POST, the function's page to check, then its thanks; kept; axe and IBM clean on the function's page`, async ({
    browser,
  }) => {
    const page = await openForm(browser, width, false)
    const before = await requestCount()
    await fillRight(page)
    await page.getByRole("button", { name: "Ask for a call back" }).click()
    await expect(page.getByRole("heading", { name: "Check your call-back request" })).toBeVisible()
    await expect(page.getByLabel(FIELD_DECLARATIONS.phone.label)).toHaveValue("(847) 555-0123")
    expect(await requestCount()).toBe(before)
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow).toBeLessThanOrEqual(0)
    // A person reads it over, then sends it; while they read, axe and IBM judge the function's page
    // with a problem, in a context of its own (the form sent from it has a problem: nothing is kept).
    const [failures] = await Promise.all([functionPageFailures(browser, width), page.waitForTimeout(3500)])
    await page.getByRole("button", { name: "Send my request" }).click()
    await expect(page.getByRole("heading", { name: "Thank you: we will call you back" })).toBeVisible()
    await expect(page.getByText(/^We (open|are open)/)).toBeVisible()
    expect(await requestCount()).toBe(before + 1)
    await page.context().close()
    expect(failures).toEqual([])
  })
}

test("the Call me back link shows beside the call button while the shop is closed, and is hidden in place while open", async ({
  browser,
}) => {
  const schedule = { timeZone: business.timeZone, hours: business.hours, specialHours: business.specialHours ?? [] }
  // The next hour on the hour when the status the site shows says closed, and one when it says open.
  const start = Date.parse("2026-11-28T00:00:00Z")
  const hours = Array.from({ length: 24 * 14 }, (_, hour) => start + hour * 3600_000)
  const closed = hours.find((instant) => !openingStatus(instant, schedule).open)
  const open = hours.find((instant) => openingStatus(instant, schedule).open)
  expect([closed, open]).toEqual([expect.any(Number), expect.any(Number)])
  for (const [instant, shown] of [
    [closed!, true],
    [open!, false],
  ] as const) {
    const context = await browser.newContext({ baseURL: server.origin, viewport: { width: 390, height: 844 } })
    const page = await context.newPage()
    requestsOf(page)
    await page.clock.install({ time: instant })
    await page.goto("/")
    await settled(page)
    const link = page.locator("main").getByRole("link", { name: "Call me back" }).first()
    if (shown) await expect(link).toBeVisible()
    else await expect(link).toBeHidden()
    await context.close()
  }
})
