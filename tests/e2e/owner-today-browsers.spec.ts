import fs from "fs"
import os from "os"
import path from "path"
import { expect, test } from "@playwright/test"
import { launchEngine, type Engine, type EngineName, type Tab } from "../../scripts/engines.cjs"
import { READ_EVERY_MS } from "../../src/lib/today-actions"
import { TODAY_FILES } from "../../src/lib/today-edits"
import { ROOT } from "./editor-setup"
import { dayAfter, freeDays } from "./today-page-edits"
import { OWNER, startTodaySite, type TodaySite } from "./today-site"
import { decodeQr } from "./qr-code"
import { bringIntoView } from "./engines/in-view"

/**
 * The owner's page for today in WebKit (every iPhone browser) and Firefox, at 390 px, driven as
 * scripts/engines.cjs drives each engine from Debian's packages: the bundle runs, a refusal is said
 * with nothing sent, a closure is committed by the owner and followed to live, and undone. What
 * does not depend on the engine (each action and refusal, two phones, axe, targets) is
 * tests/e2e/owner-today.spec.ts's, in Chromium. The page reads the live site every
 * READ_EVERY_MS while a change is on its way; here those reads come every READ_HERE_MS (as the
 * Chromium tests run Playwright's clock ahead), so each "live" waits for a read, not for 5 s.
 */

const ENGINES: EngineName[] = ["webkit", "firefox"]
/** Long enough for the page's next read of the live site, and the gateway's cold starts. */
const STEP = READ_EVERY_MS + 10_000
/** How often the page reads the live site in these tabs. */
const READ_HERE_MS = 500

/**
 * Before the page's own scripts: its interval of `every` ms (the reads of the live site) runs every
 * `instead` ms. Each "live" then waited 0.4–0.8 s for its read here, against 4.9–5.5 s. Self-contained:
 * its source is sent.
 */
function readSooner(every: number, instead: number) {
  const setInterval = window.setInterval.bind(window)
  window.setInterval = ((handler: TimerHandler, ms?: number, ...rest: unknown[]) =>
    setInterval(handler, ms === every ? instead : ms, ...rest)) as typeof window.setInterval
}
const READ_SOONER = `(${readSooner.toString()})(${READ_EVERY_MS}, ${READ_HERE_MS})`

let site: TodaySite

test.describe.configure({ mode: "serial" })

test.beforeAll(async () => {
  site = await startTodaySite(ROOT)
})

test.afterAll(async () => {
  await site?.stop()
})

/** The engine's problems (errors, refused resources) since the page opened. */
const problemsOf = (tab: Tab) =>
  tab.evaluate(
    () => (window as unknown as { __engineProblems?: { problems: string[] } }).__engineProblems?.problems ?? [],
  )

/** Waits until `check` (run in the page) is true; fails naming `what`, the page's text and the engine's problems. */
async function until(tab: Tab, what: string, check: () => boolean, timeout = STEP): Promise<void> {
  const end = Date.now() + timeout
  while (!(await tab.evaluate(check))) {
    if (Date.now() > end) {
      const text = await tab.evaluate(() => document.body.innerText)
      const problems = await problemsOf(tab)
      throw new Error(
        `${tab.engine}: ${what} did not happen within ${timeout / 1000} s. The page said:\n${text}\nProblems: ${problems.join("; ") || "none"}`,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** The page's text where a screen reader hears results: the status region and the alerts. */
const said = (tab: Tab) =>
  tab.evaluate(() =>
    [...document.querySelectorAll('[role="status"], [role="alert"]')].map((node) => node.textContent).join(" | "),
  )

/** Types into the field labelled `label` as a person would: its value set, then the input event. */
const fill = (tab: Tab, label: string, value: string) =>
  tab.evaluate(
    (name, text) => {
      const field = [...document.querySelectorAll("label")].find((node) => node.textContent === name)?.control as
        HTMLInputElement | undefined
      if (!field) throw new Error(`no field labelled ${name}`)
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set?.call(field, text)
      field.dispatchEvent(new Event("input", { bubbles: true }))
    },
    label,
    value,
  )

for (const name of ENGINES) {
  test.describe(`${name} at 390 px`, () => {
    let engine: Engine | undefined
    let tab: Tab
    const occasion = `a ${name} test`
    let day = ""

    test.beforeAll(async () => {
      engine = await launchEngine(name)
      tab = await engine.tab({ beforeThePage: READ_SOONER })
      const url = `${site.origin}/admin/today/`
      await tab.open(url, 390, 844)
      await tab.evaluate((user) => localStorage.setItem("decap-cms-user", JSON.stringify(user)), site.user())
      await tab.open(url, 390, 844)
    })

    test.afterAll(async () => {
      await engine?.close()
    })

    test("a closure without its occasion is refused with nothing sent; then committed by the owner and followed to live", async () => {
      await until(tab, "the six actions", () => document.querySelectorAll(".actions button").length === 6)
      const relayed = site.github.requests.length
      await tab.click(".actions li:nth-child(1) button")
      day = freeDays(site.onMain(TODAY_FILES.business).specialHours ?? [], dayAfter(site.today(), 40))
      await fill(tab, "First day", day)
      await tab.click("button.primary")
      await until(tab, "the refusal", () => Boolean(document.querySelector(".problems li")))
      expect(await said(tab)).toContain("Occasion is empty: say why, e.g. Thanksgiving")
      expect(site.github.requests.length - relayed, "nothing reached GitHub").toBe(0)

      await fill(tab, "Occasion", occasion)
      await tab.click("button.primary")
      await until(tab, "Saved at", () => /Saved at \d/.test(document.body.textContent ?? ""))
      expect(site.github.commits("main")[0].author).toMatchObject(OWNER)
      expect(site.onMain(TODAY_FILES.business).specialHours).toContainEqual({ from: day, note: occasion })

      site.publish()
      await until(tab, "Live at", () => /Live at \d/.test(document.body.textContent ?? ""))
      expect(await said(tab)).toMatch(new RegExp(`Live at \\d{1,2}:\\d{2} (am|pm): Closed .* for ${occasion}`))
      expect(await problemsOf(tab), `${name} reported problems`).toEqual([])
    })

    test("the closure is undone from the list of what is to come, and followed to live", async () => {
      await tab.click(`button[aria-label^="Undo: Closed"][aria-label$="for ${occasion}"]`)
      await until(tab, "the undo saved", () => /Saved at \d.*Usual hours again/.test(document.body.textContent ?? ""))
      expect(site.onMain(TODAY_FILES.business).specialHours).not.toContainEqual({ from: day, note: occasion })
      site.publish()
      await until(tab, "the undo live", () => /Live at \d[^|]*Usual hours again/.test(document.body.textContent ?? ""))
      expect(await problemsOf(tab), `${name} reported problems`).toEqual([])
    })

    test("a coupon ended now is committed, followed until the live site no longer shows it, and put back", async () => {
      const offers = site.onMain(TODAY_FILES.coupons).offers as { title: string; expires?: string }[]
      const title = offers.find((coupon) => !coupon.expires)?.title ?? ""
      expect(title, "an offer with no end").not.toBe("")
      await until(tab, "the six actions", () => document.querySelectorAll(".actions button").length === 6)
      await tab.click(".actions li:nth-child(4) button")
      await until(tab, "Now chosen", () =>
        [...document.querySelectorAll("label.choice")].some(
          (label) => label.textContent === "Now: take it off the site" && label.querySelector("input")?.checked,
        ),
      )
      await tab.click(`input[name="coupon"][value="offers:${title}"]`)
      await tab.click("button.primary")
      await until(tab, "Saved at", () => /Saved at \d[^|]*taken off the site/.test(document.body.textContent ?? ""))
      expect(site.onMain(TODAY_FILES.coupons).offers).toContainEqual(
        expect.objectContaining({ title, expires: dayAfter(site.today(), -1) }),
      )
      site.publish()
      await until(tab, "Live at", () => /Live at \d[^|]*taken off the site/.test(document.body.textContent ?? ""))
      expect(await said(tab)).toContain(`: “${title}” taken off the site. Visitors see it now.`)
      const putBack = `button[aria-label="Put it back: “${title}”"]`
      await tab.click(putBack)
      await until(tab, "the coupon put back", () => /Saved at \d[^|]*shows again/.test(document.body.textContent ?? ""))
      expect(site.onMain(TODAY_FILES.coupons).offers).toEqual(offers)
      site.publish()
      await until(tab, "put back live", () => /Live at \d[^|]*shows again/.test(document.body.textContent ?? ""))
      expect(await problemsOf(tab), `${name} reported problems`).toEqual([])
    })

    test("a review without the customer's consent is refused with nothing sent; then committed by the owner, followed to live, and undone", async () => {
      const reviewer = `Test ${name} Customer`
      const given = dayAfter(site.today(), -2)
      await until(tab, "the six actions", () => document.querySelectorAll(".actions button").length === 6)
      await tab.click(".actions li:nth-child(6) button")
      await until(tab, "the towns to pick from", () => document.querySelectorAll("select option").length > 10)
      const relayed = site.github.requests.length
      await fill(tab, "The customer’s words", `Test review in ${name}: the oven heats evenly again.`)
      await fill(tab, "Name as agreed", reviewer)
      await fill(tab, "Day given", given)
      await tab.click('input[name="source"][value="In person"]')
      await tab.click("button.primary")
      await until(tab, "the refusal", () => Boolean(document.querySelector(".problems li")))
      expect(await said(tab)).toContain("Consent must be yes: the customer agreed that we show this on our site")
      expect(site.github.requests.length - relayed, "nothing reached GitHub").toBe(0)

      await tab.click('input[type="checkbox"]')
      await tab.click("button.primary")
      await until(tab, "Saved at", () => /Saved at \d[^|]*Review by/.test(document.body.textContent ?? ""))
      expect(site.github.commits("main")[0].author).toMatchObject(OWNER)
      expect(site.onMain(TODAY_FILES.reviews)[0]).toMatchObject({
        name: reviewer,
        given,
        source: "In person",
        consent: true,
      })
      site.publish()
      await until(tab, "Live at", () => /Live at \d[^|]*Review by/.test(document.body.textContent ?? ""))

      await tab.click(`button[aria-label="Undo: the review by ${reviewer} of ${given}"]`)
      await until(tab, "the undo saved", () => /Saved at \d[^|]*taken off/.test(document.body.textContent ?? ""))
      expect(site.onMain(TODAY_FILES.reviews)).not.toContainEqual(expect.objectContaining({ name: reviewer }))
      site.publish()
      await until(tab, "the undo live", () => /Live at \d[^|]*taken off/.test(document.body.textContent ?? ""))
      expect(await problemsOf(tab), `${name} reported problems`).toEqual([])
    })

    test("asking for a review shows a QR code that reads as the site's /review/, as the phone's screen shows it", async () => {
      site.publish({ reviewLink: `https://g.page/r/TEST-${name.toUpperCase()}-LINK/review` })
      await until(tab, "the six actions", () => document.querySelectorAll(".actions button").length === 6)
      await tab.click(".actions li:nth-child(5) button")
      await until(tab, "the code drawn", () => {
        const image = document.querySelector<HTMLImageElement>("img.qr")
        return Boolean(image?.complete && image.naturalWidth > 0)
      })
      const address = await tab.evaluate(() => document.querySelector(".link-in-words")?.textContent ?? "")
      expect(address).toMatch(/^https?:\/\/[^/]+\/review\/$/)
      // The code whole on the screen, as the owner holds it up: once the screen has taken the focus (its
      // heading, a frame after it opened, which scrolls the heading into view), brought to the middle
      // until it stays there: once, in WebKit with a core kept busy, the code in view did not read from
      // the screen, most likely scrolled away again to the focused heading, as WebKit does to a focused field.
      await until(tab, "the screen's heading focused", () => Boolean(document.activeElement?.matches(".screen-title")))
      await bringIntoView(tab, "img.qr")
      const file = path.join(os.tmpdir(), `today-qr-${name}-${process.pid}.png`)
      try {
        await tab.viewportScreenshot(file)
        expect(await decodeQr(fs.readFileSync(file)), "the code on the screen reads as the address in words").toBe(
          address,
        )
      } finally {
        fs.rmSync(file, { force: true })
      }
      await tab.click("button.secondary")
      expect(await problemsOf(tab), `${name} reported problems`).toEqual([])
    })
  })
}
