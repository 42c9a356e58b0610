import https from "https"
import type { AddressInfo } from "net"
import { expect, test } from "@playwright/test"
import { launchEngine, type Engine, type EngineName, type Tab } from "../../scripts/engines.cjs"
import { CALL_BACKS_STORE } from "../../internal/call-backs/store"
import { CALL_BACK_PATH } from "../../src/lib/routes"
import { startNetlifyDev, type NetlifyDevServer } from "../netlify-dev"
import { readCities, readServices } from "../fixtures/content"
import { liveFactsProxy } from "./today-site"
import { bringIntoView } from "./engines/in-view"

/**
 * The call-back request in WebKit (every iPhone browser) and Firefox, at 390 and 1280 px, driven
 * as scripts/engines.cjs drives each engine from Debian's packages, against the site and its
 * function as Netlify's emulation serves them, behind HTTPS as deployed (the pages' policy upgrades
 * every request to https, so WebKit loads no script from http://localhost): with script, the problems said at their fields,
 * then the request sent in place; without the page's script (its submit kept from React, so the
 * engine posts the form itself), the function's page to check, then its thanks. Each request sent
 * is kept. Accessibility and the rest are tests/e2e/call-back.spec.ts's, in Chromium.
 */
const ENGINES: EngineName[] = ["webkit", "firefox"]
const WIDTHS = [390, 1280] as const
const TOWN = readCities()[0].name
const APPLIANCE = readServices()[0].name

/** Before the page's scripts: a submit never reaches React, so the engine sends the form as without script. */
const WITHOUT_SCRIPT = `document.addEventListener("submit", (event) => event.stopImmediatePropagation(), true)`

let server: NetlifyDevServer
let proxy: https.Server
/** The address the engines open: the proxy's. */
let origin = ""

test.describe.configure({ mode: "serial" })

test.beforeAll(async () => {
  proxy = await liveFactsProxy(
    () => server.origin,
    () => new Map(),
  )
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve))
  origin = `https://127.0.0.1:${(proxy.address() as AddressInfo).port}`
  // The function takes a form from the site's own address: here the proxy's (SITE_URL, as a custom domain).
  server = await startNetlifyDev({
    env: { AUTH_SECRET: "an-engines-secret-of-at-least-32-characters", SITE_URL: origin },
  })
})
test.afterAll(async () => {
  proxy?.closeAllConnections()
  await new Promise((resolve) => (proxy ? proxy.close(resolve) : resolve(undefined)))
  await server?.stop()
})

const requestCount = async () => (await server.store(CALL_BACKS_STORE).list()).blobs.length

/** Waits until `check` (run in the page) is true; fails naming `what`, the engine, the page's text and its problems. */
async function until(tab: Tab, what: string, check: () => boolean, timeout = 20_000): Promise<void> {
  const end = Date.now() + timeout
  while (!(await tab.evaluate(check).catch(() => false))) {
    if (Date.now() > end) {
      const text = await tab.evaluate(() => document.body.innerText)
      throw new Error(`${tab.engine}: ${what} did not happen within ${timeout / 1000} s. The page said:\n${text}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/**
 * Sends the form as a person would: the button in view, then tapped once the page is still. After a
 * refused send the focus is on the first field with a problem, and the form is then filled: WebKit
 * scrolls back to that field a moment later, so the driver's own click, which scrolls to the button
 * and clicks at once, met a page scrolling away and sent nothing (at 1280 px), or found the button
 * out of view again (at 390 px, on a bare run). The focus leaves the field first, as a tap on the
 * button takes it, and the button is brought into view until it stays there.
 */
async function send(tab: Tab): Promise<void> {
  await tab.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  await bringIntoView(tab, 'button[type="submit"]')
  await tab.click('button[type="submit"]')
}

/** Fills the form as a person would: each value set, then the input or change event React and the engine read. */
const fillRight = (tab: Tab, town: string, appliance: string) =>
  tab.evaluate(
    (values: Record<string, string>) => {
      for (const [name, value] of Object.entries(values)) {
        const field = document.querySelector<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
          `[name="${name}"]`,
        )
        if (!field) throw new Error(`no field ${name}`)
        Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set?.call(field, value)
        field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }))
      }
    },
    {
      name: "Pat Homeowner",
      phone: "847 555 0123",
      town,
      appliance,
      note: "Stopped cooling tonight.",
      bestTime: "evening",
    },
  )

const problemsOf = (tab: Tab) =>
  tab.evaluate(
    () => (window as unknown as { __engineProblems?: { problems: string[] } }).__engineProblems?.problems ?? [],
  )

for (const name of ENGINES) {
  test.describe(name, () => {
    let engine: Engine | undefined

    test.beforeAll(async () => {
      engine = await launchEngine(name)
    })
    test.afterAll(async () => {
      await engine?.close()
    })

    for (const width of WIDTHS) {
      test(`with script at ${width} px: the problems said at their fields, then the request sent in place and kept`, async () => {
        const tab = await engine!.tab()
        try {
          await tab.open(`${origin}${CALL_BACK_PATH}`, width, 844)
          await until(tab, "the page hydrated", () => Boolean(document.querySelector("form[novalidate]")))
          const before = await requestCount()
          await send(tab)
          await until(
            tab,
            "the problems at their fields",
            () => document.querySelectorAll('[id$="-error"]').length >= 5,
          )
          const described = await tab.evaluate(() =>
            ["name", "phone", "town", "appliance"].filter(
              (field) =>
                !document
                  .querySelector(`[name="${field}"]`)
                  ?.getAttribute("aria-describedby")
                  ?.includes(`${field}-error`),
            ),
          )
          expect(described, "fields not described by their problem").toEqual([])
          await fillRight(tab, TOWN, APPLIANCE)
          await send(tab)
          await until(tab, "the thanks in place", () =>
            /Thank you: we will call you back/.test(document.body.innerText),
          )
          expect(await tab.evaluate(() => location.pathname)).toBe(CALL_BACK_PATH)
          expect(await requestCount()).toBe(before + 1)
          expect(await problemsOf(tab), `${name} reported problems`).toEqual([])
        } finally {
          await tab.close()
        }
      })

      test(`without script at ${width} px: the engine's own POST, the function's page to check, then its thanks; kept`, async () => {
        const tab = await engine!.tab({ beforeThePage: WITHOUT_SCRIPT })
        try {
          await tab.open(`${origin}${CALL_BACK_PATH}`, width, 844)
          await until(tab, "the page hydrated", () => Boolean(document.querySelector("form[novalidate]")))
          const before = await requestCount()
          await fillRight(tab, TOWN, APPLIANCE)
          await send(tab)
          await until(tab, "the function's page to check", () =>
            /Check your call-back request/.test(document.body.innerText),
          )
          expect(await tab.evaluate(() => document.querySelector<HTMLInputElement>('[name="phone"]')?.value)).toBe(
            "(847) 555-0123",
          )
          expect(await tab.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
          expect(await requestCount()).toBe(before)
          await new Promise((resolve) => setTimeout(resolve, 3500))
          await send(tab)
          await until(tab, "the function's thanks", () =>
            /Thank you: we will call you back/.test(document.body.innerText),
          )
          expect(await requestCount()).toBe(before + 1)
        } finally {
          await tab.close()
        }
      })
    }
  })
}
