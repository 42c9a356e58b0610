import { spawn, type ChildProcess } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import readline from "node:readline"
import { TEMPLATES, UNKNOWN_PATH, scrollDownThePage, unloadedImagesBroughtIntoView } from "../../../scripts/browser.cjs"
import { launchEngine, type Engine, type EngineName, type Tab } from "../../../scripts/engines.cjs"
import { HYDRATED, settle, type RequestCount } from "../../../scripts/settle.cjs"
import { OWN_MAP_FRAME, bringMapPlaceholderIntoView, business } from "../fixtures"
import { TAB_STOPS, recordTabStops, tabStopAgain, tabStopBefore, tabStopsRead } from "../tab-round"
import {
  PHONES,
  SLIM_HEADER_MAX,
  scrollPastTheHeader,
  scrolledHeaderProblems,
  sidewaysOverflow,
  wrappedPhoneNumbers,
} from "../layout-probes"

/**
 * The engines' sweep (run by tests/e2e/engines.sweep.ts, judged by tests/e2e/engines.spec.ts).
 * What differs between the engines a visitor uses: Chromium (Android, desktop), WebKit (every
 * iPhone browser) and Firefox. Each engine opens every template and the 404 at a phone's width and
 * a desktop's, over HTTPS with Netlify's headers (scripts/serve-public.mjs, see WIDTHS), and each visit is
 * measured once; then one test per rule names every engine, page and width that breaks it. The
 * rest of the browser suite (axe, IBM, the editor, headers, no-JavaScript…) checks what the engine
 * does not change and runs in Chromium alone (CONTRIBUTING.md#engines).
 */

/**
 * Each width is served in one of the two readings of header rules that name one header twice
 * (scripts/netlify-headers.mjs: the later rule wins, or both values apply), so every page, its
 * maps included, is seen in both in every engine: the site's headers must not depend on which.
 */
export const WIDTHS = [
  { width: 390, height: 844, reading: "last" },
  { width: 1280, height: 900, reading: "joined" },
] as const
/**
 * Every template but the privacy note (plain text in the common layout, nothing of its own to run:
 * Chromium's checks see it), and the 404 page.
 */
export const PAGES = [
  ...TEMPLATES.filter((template) => template.name !== "privacy").map((template) => template.path),
  UNKNOWN_PATH,
]
/** The pages whose overview map's frame Tab goes through (its links are stops of the page): a Tab round each. */
export const TAB_PAGES = ["/", "/service-area/"]
/** The 404 page's own log line (docs/architecture.md#errors-and-bad-input), not a problem. */
const NOT_FOUND_LOG = "console.error: 404 Error: User attempted to access non-existent route:"
const INLINE_MAP = "main svg[role='group']"
const TEL_LINK = "a[href^='tel:']"
const TEL = `tel:${business.phone.e164}`
/**
 * The pages whose call buttons the sweep taps at a phone's width, each placement once (the header's
 * and the footer's on the first): between them, every placement of the closed list. The same pages
 * have their scrolled header measured on three phones: the header is one component on every page.
 */
export const TAP_PAGES = ["/", "/brands/"]

/** The placements of a built page's call buttons, read from its HTML in public/. */
function builtPlacements(page: string): string[] {
  const html = fs.readFileSync(path.resolve("public", `.${page}`, "index.html"), "utf8")
  return [...new Set(Array.from(html.matchAll(/data-call-placement="([^"]+)"/g), (match) => match[1]))]
}

/**
 * Each kind of call button is tapped once: on the first page of TAP_PAGES that has it (read from
 * the built pages, so each group knows what the others tap).
 */
function placementsToTap(page: string, placements: readonly string[]): string[] {
  const earlier = TAP_PAGES.slice(0, TAP_PAGES.indexOf(page)).flatMap(builtPlacements)
  return [...new Set(placements)].filter((placement) => !earlier.includes(placement))
}

export interface Visit {
  where: string
  hydrated: boolean
  problems: string[]
  failedRequests: string[]
  sideways: string | null
  wrappedPhones: string[]
  headerOnTop: string | null
  scrolledHeader: string[]
  maps: string[]
  /** How many of our maps (the overview's frame, a town page's inline map) the page showed. */
  mapsSeen: number
  calls: string[]
  menu: string | null
}

type Log = { problems: string[] }

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Reads until `done` or the time is up. A read that throws because the page is navigating (after a
 * tapped link) is read again; one still throwing at the end throws.
 */
async function poll<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      const value = await read()
      if (done(value) || Date.now() >= deadline) return value
    } catch (error) {
      if (Date.now() >= deadline) throw error
    }
    await pause(100)
  }
}

/** The page's problems as the recorder kept them; a page where the recorder did not run says so (it saw nothing). */
const readLog = (tab: Tab) =>
  tab.evaluate(
    () =>
      (window as unknown as { __engineProblems?: Log }).__engineProblems ?? {
        problems: ["the problem recorder did not run in this page, so its errors were not seen"],
      },
  )

/** Tab presses sent at once: a page of the site has fewer than 400 stops. */
const BURST = 20
const MAX_PRESSES = 400
/**
 * Presses Tab from the top of a freshly loaded page, as a reader does, until focus leaves the page
 * or wraps round to its top, and names every stop a reader would not see. Chromium's and Firefox's
 * presses go at once. WebKit's are spaced (scripts/engines.cjs) unless `quick` (its round, at
 * first): they go at once too, and a stop read as out of view or covered, which may be one it had
 * not scrolled to yet, is pressed again alone, from the stop before it, at the engine's own pace,
 * and read again. A stop read as in view is in view: scrolling to it would only bring it further
 * in. Where that Tab reaches another stop, the round is pressed again whole at the engine's pace,
 * and a stop read there as out of view or covered is pressed again alone the same way, where the
 * Tab from the stop before reaches it (at 50 ms a press, a run read a card of / at 390 px as below
 * the viewport there).
 * (WebKit read each of the 710 stops of / and /service-area/ at 390 and 1280 px at the same place
 * with its presses at once as 50 ms apart, none pressed again.) WebKit's round keeps the keyboard
 * when it ends (it wraps round to the top); headless Firefox's does not, so only WebKit's presses again.
 */
async function tabFromTheTop(
  tab: Tab,
  settled: () => Promise<void>,
  where: string,
  quick = tab.engine === "webkit",
): Promise<string[]> {
  const pace = quick ? 0 : undefined
  // Focus goes back before the first stop, as on a page just opened, the page at its top.
  const fromTheTop = () =>
    tab.evaluate(() => {
      const start = document.createElement("span")
      start.tabIndex = -1
      document.body.prepend(start)
      start.focus({ preventScroll: true })
      start.remove()
      window.scrollTo({ top: 0, behavior: "instant" })
    })
  const record = async () => {
    const read = await tab.evaluate(tabStopsRead)
    const problemAt = read.stops.flatMap(({ problem }, index) => (problem ? [index] : []))
    return { ...read, problemAt }
  }
  await fromTheTop()
  await settled()
  await tab.evaluate(recordTabStops, { selector: TAB_STOPS, frameDocumentsPassed: true })
  await tab.pressTabs(1)
  let read = await record()
  if (read.stops.length === 0) {
    // The first press reaches the skip link when the page has the keyboard. It may not, where the
    // engine kept it on a control of its own: a click on the headline gives it back, once.
    await tab.click("main h1")
    await fromTheTop()
    await tab.evaluate(recordTabStops, { selector: TAB_STOPS, frameDocumentsPassed: true })
    await tab.pressTabs(1)
    read = await record()
  }
  if (read.stops.length === 0) {
    const state = await tab.evaluate(() => ({
      keyboard: document.hasFocus(),
      focused: document.activeElement?.tagName.toLowerCase() ?? "nothing",
    }))
    // The round could not be read: a failure of the rule, not a page that passes unseen.
    return [
      `${where}: Tab reached no stop (the page ${state.keyboard ? "has" : "does not have"} the keyboard; focus is on ${state.focused})`,
    ]
  }
  for (let pressed = 1; pressed < MAX_PRESSES && !read.ended; pressed += BURST) {
    await tab.pressTabs(BURST, pace)
    read = await record()
  }
  if (read.ended && tab.engine === "webkit" && read.problemAt.length > 0) {
    for (const index of read.problemAt) {
      if (index === 0) {
        await fromTheTop()
        await settled()
      } else await tab.evaluate(tabStopBefore, index)
      await tab.pressTabs(1)
      let again = await tab.evaluate(tabStopAgain, index)
      // From the last link before a frame of ours, the Tab stops on the frame's own document first,
      // which the round passes (frameDocumentsPassed): the press the round made there, made again.
      for (let more = 0; again === "frame document passed" && more < 2; more += 1) {
        await tab.pressTabs(1)
        again = await tab.evaluate(tabStopAgain, index)
      }
      // At the engine's pace, a stop the Tab from the one before does not reach keeps its judgment.
      if (again !== "judged" && quick) return tabFromTheTop(tab, settled, where, false)
    }
    read = await record()
  }
  const seen = new Set<number>()
  const problems = read.stops.flatMap(({ id, name, problem }) => {
    const first = !seen.has(id)
    seen.add(id)
    return problem && first ? [`${name}, ${problem}`] : []
  })
  if (!read.ended) problems.push(`${where}: the round did not end within ${MAX_PRESSES} presses`)
  if (read.unreached.length > 0) {
    problems.push(`Tab never reached ${read.unreached.length} stops: ${read.unreached.join(", ")}`)
  }
  return problems
}

/** Our maps: the overview's frame shows its drawing, a town page's inline map is drawn. */
function mapsShown(frameSelector: string, inlineSelector: string): string[] {
  const problems: string[] = []
  for (const frame of Array.from(document.querySelectorAll<HTMLIFrameElement>(frameSelector))) {
    const drawing = frame.contentDocument?.documentElement
    const box = drawing?.getBoundingClientRect()
    if (!drawing || drawing.tagName.toLowerCase() !== "svg" || !box || box.width < 10 || box.height < 10) {
      const at = frame.getBoundingClientRect()
      problems.push(
        `the frame ${frame.getAttribute("src")} shows no drawing (its document ${frame.contentDocument?.URL ?? "unreadable"}, ${frame.contentDocument?.readyState ?? ""}, holding ${drawing?.tagName.toLowerCase() ?? "nothing"}; the frame at y ${Math.round(at.top)} to ${Math.round(at.bottom)} of a ${window.innerHeight} px window, scrolled to ${Math.round(window.scrollY)})`,
      )
    } else if (drawing.querySelectorAll("path").length === 0) {
      problems.push(`the frame ${frame.getAttribute("src")} has no outlines`)
    }
  }
  for (const map of Array.from(document.querySelectorAll<SVGSVGElement>(inlineSelector))) {
    const box = map.getBoundingClientRect()
    if (box.width < 10 || box.height < 10 || map.querySelectorAll("path").length === 0) {
      problems.push(`the town map is not drawn (${Math.round(box.width)}×${Math.round(box.height)} px)`)
    }
  }
  return problems
}

/** Calls: every visible element that shows the phone number is a tel: link to it. */
function callsNotDialling(display: string, tel: string): string[] {
  const holders = Array.from(document.querySelectorAll<HTMLElement>("a, button, p, li, dd, span, address"))
    .filter((element) => element.checkVisibility() && (element.textContent ?? "").includes(display))
    .filter((element) => !Array.from(element.children).some((child) => (child.textContent ?? "").includes(display)))
  return holders
    .filter((element) => element.closest("a")?.getAttribute("href") !== tel)
    .map((element) => `'${(element.textContent ?? "").trim().replace(/\s+/g, " ")}' is not a ${tel} link`)
}

/**
 * Scrolled down the page, the header still shows at the top (once scrolled, only its last row may
 * stay: the rows above it go up with the page) with its call button on screen, and a tap on that
 * button hits it.
 */
function headerStaysOnTop(): string | null {
  const header = document.querySelector("header")
  const call = header?.querySelector("a[href^='tel:']")
  if (!header || !call) return "no header or no call button in it"
  if (window.scrollY === 0) return "the page did not scroll"
  const box = header.getBoundingClientRect()
  if (box.top > 1 || box.bottom <= 0)
    return `the header is at y ${Math.round(box.top)}–${Math.round(box.bottom)} px after scrolling ${Math.round(window.scrollY)} px`
  const button = call.getBoundingClientRect()
  if (button.top < -0.5) return `the call button is at y ${Math.round(button.top)} px, above the screen`
  const hit = document.elementFromPoint(button.left + button.width / 2, button.top + button.height / 2)
  if (!hit || !call.contains(hit)) return `a tap on the call button hits ${hit?.tagName.toLowerCase() ?? "nothing"}`
  return null
}

/** At a phone's width: the menu opens from its button, and a tap on a link closes it and lands on the section. */
async function menuWorks(tab: Tab, settled: () => Promise<void>): Promise<string | null> {
  await tab.click(HYDRATED)
  await settled()
  const opened = await tab.evaluate((selector) => {
    const menu = document.getElementById("site-menu")
    return (
      document.querySelector(selector)?.getAttribute("aria-expanded") === "true" &&
      !!menu?.checkVisibility() &&
      menu.getBoundingClientRect().height > 0
    )
  }, HYDRATED)
  if (!opened) return "the menu button did not open the menu"
  await tab.click("#site-menu a[href$='#service-area']")
  // Where the link leads (from another page, / loads anew), then the page once it has settled there.
  const url = await poll(
    () => tab.evaluate(() => location.pathname + location.hash),
    (value) => value === "/#service-area",
    5000,
  )
  if (url !== "/#service-area") return `the Service Area link went to ${url}, not /#service-area`
  await settled()
  const landed = await tab.evaluate((selector) => {
    const section = document.getElementById("service-area")
    const header = document.querySelector("header")?.getBoundingClientRect()
    const box = section?.getBoundingClientRect()
    return {
      closed: document.querySelector(selector)?.getAttribute("aria-expanded") === "false",
      menuHidden: !document.getElementById("site-menu")?.checkVisibility(),
      below: !!box && !!header && box.top >= header.bottom - 1 && box.top < window.innerHeight / 2,
      at:
        box && header
          ? `the section at y ${Math.round(box.top)} px, the header's bottom at ${Math.round(header.bottom)} px`
          : "no section or no header",
    }
  }, HYDRATED)
  if (!landed.closed || !landed.menuHidden) return "the menu stayed open after its link was tapped"
  if (!landed.below) return `the Service Area section is not in view below the header (${landed.at})`
  return null
}

/**
 * Times the steps of a visit, and prints them when the whole took over `slowMs`: a wait that ran its
 * full course (each gives up after 10 s) shows there.
 */
function stepTimes(where: string, slowMs = 5_000) {
  const start = Date.now()
  let last = start
  const taken: string[] = []
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
  return {
    mark(step: string) {
      const now = Date.now()
      taken.push(`${step} ${seconds(now - last)}`)
      last = now
    },
    report() {
      if (last - start > slowMs) console.log(`${where}: a slow visit, ${seconds(last - start)}: ${taken.join(", ")}`)
    },
  }
}

async function visit(tab: Tab, server: Server, page: string, width: number, height: number, failed: string[]) {
  const { origin, reading } = server
  const where = `${tab.engine} ${page} at ${width} (header rules ${reading})`
  /** Until the page has settled (scripts/settle.cjs), as every measurement here reads it. */
  const settled = (hydrated: string | null = HYDRATED) =>
    settle((fn, options) => tab.evaluate(fn, options), server.requests, { what: where, hydrated })
  failed.length = 0
  const steps = stepTimes(where)
  await tab.open(`${origin}${page}`, width, height)
  steps.mark("opened")
  let hydrated = true
  const unsettled: string[] = []
  try {
    await settled()
  } catch (error) {
    // Measured all the same, once still, so every other rule still reads the page.
    hydrated = await tab.evaluate((selector) => document.querySelector(selector) !== null, HYDRATED)
    unsettled.push((error as Error).message)
    await settled(null)
  }
  steps.mark("settled")
  // A pause of a rendered frame or so at each half screen; every image is then waited for, each
  // still unloaded brought into view in turn. Those that never load are named (failedRequests).
  await tab.evaluate(scrollDownThePage, 20)
  const unloaded = await poll(
    () => tab.evaluate(unloadedImagesBroughtIntoView),
    (missing) => missing.length === 0,
    10_000,
  )
  steps.mark("scrolled through, images loaded")
  // The overview's frame brought into view, and judged once it is there: WebKit now and then ends a
  // run of instant scrolls where the last one put it, after a scrollIntoView sent later, so it is
  // asked again until the frame is on screen (a page without the frame has nothing to bring).
  await poll(
    async () => {
      await tab.evaluate((selector) => document.querySelector(selector)?.scrollIntoView(), OWN_MAP_FRAME)
      await settled()
      return tab.evaluate((selector) => {
        const box = document.querySelector(selector)?.getBoundingClientRect()
        return !box || (box.bottom > 0 && box.top < window.innerHeight)
      }, OWN_MAP_FRAME)
    },
    Boolean,
    10_000,
  )
  steps.mark("the frame in view")
  const maps = await poll(
    () => tab.evaluate(mapsShown, OWN_MAP_FRAME, INLINE_MAP),
    (problems) => problems.length === 0,
    10_000,
  )
  steps.mark("maps drawn")
  const overflow = await tab.evaluate(sidewaysOverflow)
  const phones = await tab.evaluate(wrappedPhoneNumbers, business.phone.display)
  const calls = await tab.evaluate(callsNotDialling, business.phone.display, TEL)
  // A page shorter than the window (the 404 page on a desktop) is scrolled in a window half its height.
  const pageHeight = await tab.evaluate(() => document.documentElement.scrollHeight)
  const short = pageHeight <= height
  if (short) await tab.resize(width, Math.floor(pageHeight / 2))
  // Scrolled down, and asked again (up to three times) should the settled page be at its top: once,
  // with one core kept busy, WebKit's 404 page at 1280 px settled unscrolled after this scroll (its
  // cause was not seen). A page that stays at its top is reported: "the page did not scroll".
  for (let asked = 0; asked < 3; asked += 1) {
    await tab.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight * 0.6, behavior: "instant" }))
    await settled()
    if ((await tab.evaluate(() => window.scrollY)) > 0) break
  }
  steps.mark("measured, scrolled down")
  const onTop = await tab.evaluate(headerStaysOnTop)
  const headerOnTop = onTop && short ? `${onTop} (in a window ${Math.floor(pageHeight / 2)} px high)` : onTop
  if (short) await tab.resize(width, height)
  const { problems } = await readLog(tab)
  const result: Visit = {
    where,
    hydrated,
    problems: [
      ...unsettled,
      ...problems.filter((problem) => !(page === UNKNOWN_PATH && problem.startsWith(NOT_FOUND_LOG))),
    ],
    failedRequests: [],
    sideways:
      overflow.scrollWidth > overflow.viewport
        ? `scrollWidth ${overflow.scrollWidth} px > ${overflow.viewport} px: ${overflow.culprits.join("; ")}`
        : null,
    wrappedPhones: phones.wrapped,
    headerOnTop,
    scrolledHeader: [],
    maps,
    mapsSeen: await tab.evaluate(
      (frame, inline) => document.querySelectorAll(`${frame}, ${inline}`).length,
      OWN_MAP_FRAME,
      INLINE_MAP,
    ),
    calls: phones.shown === 0 ? ["no phone number shown"] : calls,
    menu: null,
  }
  steps.mark("the header read")
  // The 404 page's own address answers 404, as does Gatsby's look-up of its page data.
  const expected = [page, page.replace(/\/$/, ""), `/page-data${page}page-data.json`].map((one) => `${one} 404`)
  result.failedRequests = [
    ...failed.filter((request) => !(page === UNKNOWN_PATH && expected.includes(request))),
    // An image still not loaded once brought into view: the page would be measured without it.
    ...unloaded.map(
      (src) => `${new URL(src, origin).pathname} (an image) not loaded 10 s after it was brought into view`,
    ),
  ]
  if (width < 1024 && TAP_PAGES.includes(page)) {
    for (const phone of PHONES) {
      await tab.resize(phone.width, phone.height)
      await tab.evaluate(scrollPastTheHeader)
      await settled()
      const problems = await tab.evaluate(scrolledHeaderProblems, SLIM_HEADER_MAX)
      if (problems.length) result.scrolledHeader.push(`at ${phone.width} × ${phone.height}: ${problems.join(", ")}`)
    }
    await tab.resize(width, height)
  }
  steps.mark("the phones' header read")
  if (width < 1024 && hydrated) {
    await tab.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }))
    await settled()
    result.menu = await menuWorks(tab, () => settled())
  }
  steps.mark("the menu tried")
  steps.report()
  return result
}

/**
 * In the page: from now on, hears each click last (on the window, after the site's listener and
 * React's) and keeps whether it was default-prevented: a click that is not goes on to follow the
 * link, so a tel: link dials.
 */
function watchClicks(hold: boolean) {
  const state = window as unknown as { __clicks: boolean[]; __watching?: boolean }
  state.__clicks = []
  if (state.__watching) return
  state.__watching = true
  window.addEventListener("click", (event) => {
    state.__clicks.push(event.defaultPrevented)
    // Once heard, a tap the site let through may be held here, so the tab stays on the page for the next.
    if (hold && event.target instanceof Element && event.target.closest("a[href^='tel:']")) event.preventDefault()
  })
}

/**
 * Taps each call button of the page. Chromium taps each in a tab of its own (once it has handed a
 * tel: link to the system, it takes no more input in that tab). Firefox and WebKit tap them all on
 * the page opened once, each tap held back by the test once the site has let it through (the
 * click's default not prevented is what dials): Firefox in a tab of its own, WebKit in the visit's
 * tab (WebKitGTK's driver holds one session at a time). WebKitGTK has no dialler: a tap let through
 * loads an error page in place of ours, as no phone's browser does, and that load now and then
 * cancelled the beacon the tap had just sent. It names each tap that did not send exactly one beacon
 * with the page's path and the button's placement, or whose click the site held back (then the
 * link does not dial).
 */
async function tapEveryCall(
  engine: Engine,
  visitTab: Tab,
  placements: readonly string[],
  server: Server,
  url: string,
  page: string,
  size: { width: number; height: number },
): Promise<string[]> {
  const problems: string[] = []
  if (placements.length === 0) return ["no call button to tap"]
  const settled = (tab: Tab) =>
    settle((fn, options) => tab.evaluate(fn, options), server.requests, { what: `${engine.name} ${page}` })
  const hold = engine.name !== "chromium"
  const shared = engine.name === "firefox" ? await engine.tab() : engine.name === "webkit" ? visitTab : undefined
  let opened = false
  for (const placement of placements) {
    const tab = shared ?? (await engine.tab())
    try {
      if (!opened) {
        await tab.open(url, size.width, size.height)
        try {
          await settled(tab)
        } catch (error) {
          problems.push(`${placement}: ${(error as Error).message}`)
          continue
        }
        opened = hold
      }
      await tab.evaluate(watchClicks, hold)
      server.beacons.length = 0
      const link = `${TEL_LINK}[data-call-placement="${placement}"]`
      // In the middle of the window, as a reader taps it: clear of the sticky header.
      await tab.evaluate((selector) => document.querySelector(selector)?.scrollIntoView({ block: "center" }), link)
      await settled(tab)
      try {
        await tab.click(link)
      } catch (error) {
        problems.push(`${placement}: could not be tapped (${(error as Error).message.split("\n")[0]})`)
        continue
      }
      const expected = JSON.stringify({ path: page, placement })
      await poll(
        async () => server.beacons.length,
        (count) => count > 0,
        5000,
      )
      // A second beacon of the same tap would be in by now.
      await pause(300)
      // Where the tab is now: still on the page, with the clicks it heard; or, where the engine follows
      // the tel: link to a page of its own, on that.
      const after = await poll(
        () =>
          tab.evaluate(() => ({
            href: location.href,
            clicks: (window as unknown as { __clicks?: boolean[] }).__clicks ?? null,
          })),
        (value) => value.href !== url || value.clicks !== null,
        2000,
      ).catch(() => null)
      const beacons = [...server.beacons]
      if (beacons.length !== 1 || beacons[0] !== expected) {
        problems.push(`${placement}: sent ${beacons.length ? beacons.join(", ") : "no beacon"}, not one ${expected}`)
      }
      if (after === null) problems.push(`${placement}: the tab could not be read after the tap`)
      else if (after.clicks === null) {
        // A new document: only following the link leaves the page (a prevented click stays on it).
        if (after.href.startsWith(new URL(url).origin)) problems.push(`${placement}: the page reloaded on the tap`)
      } else if (after.clicks.length !== 1 || after.clicks[0]) {
        problems.push(
          `${placement}: the click was ${after.clicks[0] ? "default-prevented: the link does not dial" : `heard ${after.clicks.length} times`}`,
        )
      }
    } finally {
      if (tab !== visitTab && tab !== shared) await tab.close()
    }
  }
  if (shared !== visitTab) await shared?.close()
  return problems
}

/** The width an engine's sweep visits every page at, and the reading of header rules its server serves. */
export type SweepWidth = (typeof WIDTHS)[number]

/** A page's part of a file name: "/" -> "home", "/service-area/" -> "service-area". */
const stem = (page: string) => page.replace(/\W+/g, "-").replace(/^-|-$/g, "") || "home"

/** A Tab round (every stop a reader would not see) or a page's taps (each that sent no right beacon or did not dial). */
export interface Round {
  where: string
  problems: string[]
}

/** Where an engine's Tab round ("tab") or taps ("taps") of a page at one width are written for the rules to read. */
export const roundFile = (engine: EngineName, { width }: SweepWidth, kind: "tab" | "taps", page: string) =>
  path.resolve("reports", "engines", `${engine}-${width}-${kind}-${stem(page)}.json`)

/** Where an engine's visit of a page at one width is written for the rules to read. */
export const visitFile = (engine: EngineName, { width }: SweepWidth, page: string) =>
  path.resolve("reports", "engines", `${engine}-${width}-visit-${stem(page)}.json`)

interface Server {
  origin: string
  reading: string
  process: ChildProcess
  /** The bodies of the beacons the server's stand-in for the tap count took, as they come. */
  beacons: string[]
  /** The requests it has not answered yet, and how many began or ended (the engine's tab is its only client). */
  requests: RequestCount
}

/** The test server on a free port, with header rules read one way; every failed request goes into `failed`. */
function startServer(reading: string, failed: string[]): Promise<Server> {
  const child = spawn(
    process.execPath,
    [
      "scripts/serve-public.mjs",
      "--port",
      "0",
      "--https",
      "--print-failures",
      "--print-beacons",
      "--print-requests",
      "--header-reading",
      reading,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  )
  const beacons: string[] = []
  const open = new Map<string, number>()
  let seen = 0
  const requests: RequestCount = {
    open: () => [...open.keys()],
    seen: () => seen,
  }
  return new Promise<Server>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the test server exited (${code})`)))
    readline.createInterface({ input: child.stdout }).on("line", (line) => {
      const served = /^serving public\/ at (\S+)/.exec(line)
      if (served) resolve({ origin: served[1], reading, process: child, beacons, requests })
      const exchange = /^(open|done): (.*)$/.exec(line)
      if (exchange) {
        const [, event, urlPath] = exchange
        const count = (open.get(urlPath) ?? 0) + (event === "open" ? 1 : -1)
        if (count > 0) open.set(urlPath, count)
        else open.delete(urlPath)
        seen += 1
      }
      const beacon = /^beacon: (.*)$/.exec(line)
      if (beacon) beacons.push(beacon[1])
      const failure = /^failed: (.*)$/.exec(line)
      if (failure) failed.push(failure[1])
    })
  })
}

/** An engine with its test server, kept for every group of pages the worker sweeps at one width. */
interface Sweeper {
  engine: Engine
  tab: Tab
  server: Server
  failed: string[]
}
const sweepers = new Map<string, Promise<Sweeper>>()

async function startSweeper(engineName: EngineName, reading: string): Promise<Sweeper> {
  const failed: string[] = []
  const server = await startServer(reading, failed)
  try {
    const engine = await launchEngine(engineName)
    return { engine, tab: await engine.tab(), server, failed }
  } catch (error) {
    server.process.kill()
    throw error
  }
}

/** The worker's engine and test server for one engine and width, started on first use. */
function sweeperFor(engineName: EngineName, width: number, reading: string): Promise<Sweeper> {
  const key = `${engineName} ${width}`
  let sweeper = sweepers.get(key)
  if (!sweeper) {
    sweeper = startSweeper(engineName, reading)
    sweepers.set(key, sweeper)
  }
  return sweeper
}

/** Closes every engine and test server this worker started. */
export async function closeSweepers() {
  for (const sweeper of sweepers.values()) {
    const { engine, server } = await sweeper.catch(() => ({ engine: null, server: null }))
    await engine?.close().catch(() => undefined)
    server?.process.kill()
  }
  sweepers.clear()
}

/**
 * What loads as it comes near the viewport: our map's frame (a lazy frame) and a town map's
 * placeholder, which gives way to the map host's frame once in view. A reader's next Tab comes
 * long after either, but a round's presses come quicker: Tab went through our empty frame without
 * a stop in it (on / in every engine, now and then on /service-area/), and reached a placeholder's
 * button as it gave way, focus then going on into the map host's frame, where the round lost its
 * way (WebKit at 1280 px left 13 stops of / unread). So each is brought into view, as it would be
 * on the way, until our frame has its page and no placeholder is left; the round then starts from
 * the top. What is wrong, or null.
 */
async function lazyMapsLoaded(tab: Tab, settled: () => Promise<void>): Promise<string | null> {
  const deadline = Date.now() + 10_000
  // Our frame: brought into view, and the page let settle, until the frame has its page.
  const frame = await poll(
    async () => {
      const now = await tab.evaluate((selector) => {
        const element = document.querySelector<HTMLIFrameElement>(selector)
        if (!element) return "absent"
        const inner = element.contentDocument
        if (inner && inner.URL !== "about:blank" && inner.readyState === "complete") return "loaded"
        element.scrollIntoView({ block: "center" })
        return "waiting"
      }, OWN_MAP_FRAME)
      if (now === "waiting") await settled()
      return now
    },
    (now) => now !== "waiting",
    deadline - Date.now(),
  )
  if (frame === "absent") return "the page has no map frame to go through"
  if (frame === "waiting") return "the map frame did not load within 10 s of being brought into view"
  // A town map's placeholder, if the page has one: brought into view, and the page let settle, until it has given way.
  const placeholder = await poll(
    async () => {
      const there = await tab.evaluate(bringMapPlaceholderIntoView)
      if (there) await settled()
      return there
    },
    (there) => !there,
    Math.max(0, deadline - Date.now()),
  )
  return placeholder ? "a map's placeholder did not give way within 10 s of being brought into view" : null
}

/**
 * The Tab round of a page at one width, in a tab opened for it as a reader arrives (Chromium and
 * Firefox): a round ends where focus leaves the page for the browser's own controls, and headless
 * Firefox then keeps the keyboard there for every later page of that tab (document.hasFocus() stays
 * false, a click does not give it back). WebKit's driver holds one window, whose round ends by
 * wrapping round to the top: its round runs in the sweeper's tab.
 */
export async function tabRound(
  engineName: EngineName,
  { width, height, reading }: SweepWidth,
  page: string,
): Promise<Round> {
  const { engine, tab: sweeperTab, server } = await sweeperFor(engineName, width, reading)
  const where = `${engineName} ${page} at ${width} (header rules ${reading})`
  const own = engine.name !== "webkit"
  const tab = own ? await engine.tab() : sweeperTab
  const settled = () => settle((fn, options) => tab.evaluate(fn, options), server.requests, { what: where })
  try {
    await tab.open(`${server.origin}${page}`, width, height)
    await settled()
    const notLoaded = await lazyMapsLoaded(tab, settled)
    if (notLoaded) return { where, problems: [notLoaded] }
    return { where, problems: await tabFromTheTop(tab, settled, where) }
  } finally {
    if (own) await tab.close()
  }
}

/**
 * Taps each call button of a page at a phone's width that no earlier page of TAP_PAGES has (read
 * from the built pages): between them, every placement of the closed list once.
 */
export async function tapTheCalls(
  engineName: EngineName,
  { width, height, reading }: SweepWidth,
  page: string,
): Promise<Round> {
  const { engine, tab, server } = await sweeperFor(engineName, width, reading)
  const where = `${engineName} ${page} at ${width} (header rules ${reading})`
  const placements = builtPlacements(page)
  if (placements.length === 0) return { where, problems: ["no call button to tap"] }
  const untapped = placementsToTap(page, placements)
  if (untapped.length === 0)
    return { where, problems: [`every placement here (${placements.join(", ")}) is tapped on an earlier page`] }
  const problems = await tapEveryCall(engine, tab, untapped, server, `${server.origin}${page}`, page, { width, height })
  return { where: `${where}: ${untapped.join(", ")}`, problems }
}

/**
 * Starts an engine and its test server for one width, as the worker's first step with them (a
 * browser's start, some seconds, then counts in no page's test), and opens the site's robots.txt
 * over HTTPS: the name the engine gives itself there (its user agent).
 */
export async function startEngine(engineName: EngineName, { width, height, reading }: SweepWidth): Promise<string> {
  const { tab, server } = await sweeperFor(engineName, width, reading)
  await tab.open(`${server.origin}/robots.txt`, width, height)
  return tab.evaluate(() => `${navigator.userAgent} ${document.contentType}`)
}

/**
 * Opens a page at one width in one engine, over HTTPS from a test server of its own (on a free
 * port, so sweeps can run side by side), and measures the visit once. The engine and its server
 * stay open for the worker's next page.
 */
export async function sweepPage(
  engineName: EngineName,
  { width, height, reading }: SweepWidth,
  page: string,
): Promise<Visit> {
  const { tab, server, failed } = await sweeperFor(engineName, width, reading)
  return visit(tab, server, page, width, height, failed)
}
