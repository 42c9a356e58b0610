import { spawn, type ChildProcess } from "node:child_process"
import path from "node:path"
import readline from "node:readline"
import { TEMPLATES, UNKNOWN_PATH, scrollDownThePage, unloadedImages } from "../../../scripts/browser.cjs"
import { launchEngine, type EngineName, type Tab } from "../../../scripts/engines.cjs"
import { business } from "../fixtures"
import { sidewaysOverflow, wrappedPhoneNumbers } from "../layout-probes"

/**
 * The engines' sweep (run by tests/e2e/engines.sweep.ts, judged by tests/e2e/engines.spec.ts).
 * What differs between the engines a visitor uses: Chromium (Android, desktop), WebKit (every
 * iPhone browser) and Firefox. Each engine opens every template and the 404 at a phone's width and
 * a desktop's, over HTTPS with Netlify's headers (scripts/serve-public.mjs, see WIDTHS), and each visit is
 * measured once; then one test per rule names every engine, page and width that breaks it. The
 * rest of the browser suite (axe, IBM, the editor, headers, no-JavaScript…) checks what the engine
 * does not change and runs in Chromium alone (README, "Browser tests").
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
export const PAGES = [...TEMPLATES.map((template) => template.path), UNKNOWN_PATH]
/** The pages whose overview map's frame Tab goes through (its links are stops of the page). */
const TAB_PAGES = new Set(["/", "/service-area/"])
/** The spec's own log line of the 404 page (decisions.md), not a problem. */
const NOT_FOUND_LOG = "console.error: 404 Error: User attempted to access non-existent route:"
const HYDRATED = "header button[aria-controls='site-menu']"
const OWN_MAP_FRAME = "iframe[src^='/maps/']"
const INLINE_MAP = "main svg[role='group']"
const TEL = `tel:${business.phone.e164}`

export interface Visit {
  where: string
  hydrated: boolean
  problems: string[]
  failedRequests: string[]
  sideways: string | null
  wrappedPhones: string[]
  headerOnTop: string | null
  maps: string[]
  calls: string[]
  focus: string[]
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

const readLog = (tab: Tab) =>
  tab.evaluate(() => (window as unknown as { __engineProblems?: Log }).__engineProblems ?? { problems: [] })

/**
 * The focused element (inside a frame of ours, the frame's own) once any smooth scroll it started
 * has come to rest, and whether a reader sees it: some of its box inside the viewport, and what is
 * there is the element, not the sticky header or anything else over it (WCAG 2.2 2.4.11). Null
 * when focus is on no element.
 */
async function focusedStop(): Promise<{ wrapped: boolean; problem: string | null } | null> {
  /** The focused element, through our frames, with the frames it is in. */
  const focused = () => {
    const frames: HTMLIFrameElement[] = []
    let element = document.activeElement
    while (element instanceof HTMLIFrameElement && element.contentDocument) {
      frames.push(element)
      element = element.contentDocument.activeElement
    }
    return { element, frames }
  }
  // The engines ask for reduced motion, so the page scrolls at once to what has focus; a scroll still
  // under way (a frame loading, the page moving) is waited for until it stops, as a reader sees it.
  const positions = () => [window.scrollY, ...focused().frames.map((frame) => frame.contentWindow?.scrollY ?? 0)].join()
  let last = positions()
  for (let still = 0, waited = 0; still < 1 && waited < 2000; waited += 30) {
    await new Promise((resolve) => setTimeout(resolve, 30))
    const now = positions()
    still = now === last ? still + 1 : 0
    last = now
  }
  const { element, frames } = focused()
  // Focus has left the page (past its last stop, to the browser's own controls).
  if (!document.hasFocus() || !element || element.tagName === "BODY" || element.tagName.toLowerCase() === "svg")
    return null
  let { top, bottom, left, right } = element.getBoundingClientRect()
  for (const frame of frames) {
    const frameBox = frame.getBoundingClientRect()
    top += frameBox.top
    bottom += frameBox.top
    left += frameBox.left
    right += frameBox.left
  }
  const label = (element.getAttribute("aria-label") || element.textContent || element.tagName)
    .trim()
    .replace(/\s+/g, " ")
  const name = `${element.tagName.toLowerCase()} '${label.slice(0, 40)}'${frames.length ? " (in the map frame)" : ""}`
  // The round ends where focus goes back up the page (it wrapped round past the last stop).
  const holder = window as unknown as { __previousStop?: Element }
  const stop = frames[0] ?? element
  const previous = holder.__previousStop
  holder.__previousStop = stop
  if (previous && previous !== stop && stop.compareDocumentPosition(previous) & Node.DOCUMENT_POSITION_FOLLOWING) {
    return { wrapped: true, problem: null }
  }
  const where = `at y ${Math.round(top)}–${Math.round(bottom)} px of a ${window.innerHeight} px viewport`
  const visible = {
    top: Math.max(top, 0),
    bottom: Math.min(bottom, window.innerHeight),
    left: Math.max(left, 0),
    right: Math.min(right, window.innerWidth),
  }
  if (visible.bottom <= visible.top || visible.right <= visible.left) {
    return { wrapped: false, problem: `${name} ${where}` }
  }
  // What a tap at the middle of its visible part would hit: the element (or, in a frame, the frame).
  const hit = document.elementFromPoint((visible.left + visible.right) / 2, (visible.top + visible.bottom) / 2)
  const shown = frames.length ? hit === frames[0] : !!hit && element.contains(hit)
  if (shown) return { wrapped: false, problem: null }
  const cover = hit?.closest("header") ? "the sticky header" : (hit?.tagName.toLowerCase() ?? "nothing")
  return { wrapped: false, problem: `${name} ${where}, under ${cover}` }
}

/**
 * Presses Tab from the top of a freshly loaded page, as a reader does, until focus leaves the page
 * or wraps round to its top, and names every stop a reader would not see.
 */
async function tabFromTheTop(tab: Tab): Promise<string[]> {
  // At the top, as a page opened from a search is (Gatsby may restore an earlier visit's scroll).
  await tab.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }))
  const problems: string[] = []
  let reachedAny = false
  for (let press = 0; press < 400; press += 1) {
    await tab.pressTab()
    const stop = await tab.evaluate(focusedStop)
    if (!stop) {
      // Before the first stop, the engine's window may not have focus yet.
      if (reachedAny) break
      continue
    }
    if (stop.wrapped) break
    reachedAny = true
    if (stop.problem) problems.push(stop.problem)
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
      problems.push(`the frame ${frame.getAttribute("src")} shows no drawing`)
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

/** Scrolled down the page, the header still sits at the top and is what a tap there hits. */
function headerStaysOnTop(): string | null {
  window.scrollTo({ top: document.documentElement.scrollHeight * 0.6, behavior: "instant" })
  const header = document.querySelector("header")
  if (!header) return "no header"
  const box = header.getBoundingClientRect()
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
  if (window.scrollY === 0) return null
  if (Math.abs(box.top) > 1)
    return `the header is at y ${Math.round(box.top)} px after scrolling ${Math.round(window.scrollY)} px`
  if (!hit || !header.contains(hit)) return `a tap on the header hits ${hit?.tagName.toLowerCase() ?? "nothing"}`
  return null
}

/** At a phone's width: the menu opens from its button, and a tap on a link closes it and lands on the section. */
async function menuWorks(tab: Tab): Promise<string | null> {
  await tab.click(HYDRATED)
  const opened = await poll(
    () =>
      tab.evaluate((selector) => {
        const menu = document.getElementById("site-menu")
        return (
          document.querySelector(selector)?.getAttribute("aria-expanded") === "true" &&
          !!menu?.checkVisibility() &&
          menu.getBoundingClientRect().height > 0
        )
      }, HYDRATED),
    Boolean,
    3000,
  )
  if (!opened) return "the menu button did not open the menu"
  await tab.click("#site-menu a[href$='#service-area']")
  const landed = await poll(
    () =>
      tab.evaluate((selector) => {
        const section = document.getElementById("service-area")
        const header = document.querySelector("header")?.getBoundingClientRect()
        const box = section?.getBoundingClientRect()
        return {
          url: location.pathname + location.hash,
          closed: document.querySelector(selector)?.getAttribute("aria-expanded") === "false",
          menuHidden: !document.getElementById("site-menu")?.checkVisibility(),
          below: !!box && !!header && box.top >= header.bottom - 1 && box.top < window.innerHeight / 2,
        }
      }, HYDRATED),
    (state) => state.url === "/#service-area" && state.closed && state.menuHidden && state.below,
    5000,
  )
  if (landed.url !== "/#service-area") return `the Service Area link went to ${landed.url}, not /#service-area`
  if (!landed.closed || !landed.menuHidden) return "the menu stayed open after its link was tapped"
  if (!landed.below) return "the Service Area section is not in view below the header"
  return null
}

async function visit(
  tab: Tab,
  { origin, reading }: Server,
  page: string,
  width: number,
  height: number,
  failed: string[],
) {
  const where = `${tab.engine} ${page} at ${width} (header rules ${reading})`
  failed.length = 0
  await tab.open(`${origin}${page}`, width, height)
  const hydrated = await poll(
    () => tab.evaluate((selector) => document.querySelector(selector) !== null, HYDRATED),
    Boolean,
    15_000,
  )
  const focus = hydrated && TAB_PAGES.has(page) ? await tabFromTheTop(tab) : []
  if (focus.length) await tab.open(`${origin}${page}`, width, height)
  await tab.evaluate(scrollDownThePage, 40)
  await poll(
    () => tab.evaluate(unloadedImages),
    (missing) => missing.length === 0,
    10_000,
  )
  await tab.evaluate((selector) => document.querySelector(selector)?.scrollIntoView(), OWN_MAP_FRAME)
  const maps = await poll(
    () => tab.evaluate(mapsShown, OWN_MAP_FRAME, INLINE_MAP),
    (problems) => problems.length === 0,
    10_000,
  )
  const overflow = await tab.evaluate(sidewaysOverflow)
  const phones = await tab.evaluate(wrappedPhoneNumbers, business.phone.display)
  const calls = await tab.evaluate(callsNotDialling, business.phone.display, TEL)
  const headerOnTop = await tab.evaluate(headerStaysOnTop)
  const { problems } = await readLog(tab)
  const result: Visit = {
    where,
    hydrated,
    problems: problems.filter((problem) => !(page === UNKNOWN_PATH && problem.startsWith(NOT_FOUND_LOG))),
    failedRequests: [],
    sideways:
      overflow.scrollWidth > overflow.viewport
        ? `scrollWidth ${overflow.scrollWidth} px > ${overflow.viewport} px: ${overflow.culprits.join("; ")}`
        : null,
    wrappedPhones: phones.wrapped,
    headerOnTop,
    maps,
    calls: phones.shown === 0 ? ["no phone number shown"] : calls,
    focus,
    menu: null,
  }
  // The 404 page's own address answers 404, as does Gatsby's look-up of its page data.
  const expected = [page, page.replace(/\/$/, ""), `/page-data${page}page-data.json`].map((one) => `${one} 404`)
  result.failedRequests = failed.filter((request) => !(page === UNKNOWN_PATH && expected.includes(request)))
  if (width < 1024 && hydrated) result.menu = await menuWorks(tab)
  return result
}

/** Where an engine's visits are written for the rules to read. */
export const visitsFile = (engine: EngineName) => path.resolve("reports", "engines", `${engine}.json`)

/**
 * Opens every page at each width in one engine, over HTTPS from a test server of its own (on a free
 * port, so the engines' sweeps run side by side), and measures each visit once.
 */
interface Server {
  origin: string
  reading: string
  process: ChildProcess
}

/** The test server on a free port, with header rules read one way; every failed request goes into `failed`. */
function startServer(reading: string, failed: string[]): Promise<Server> {
  const child = spawn(
    process.execPath,
    ["scripts/serve-public.mjs", "--port", "0", "--https", "--print-failures", "--header-reading", reading],
    { stdio: ["ignore", "pipe", "inherit"] },
  )
  return new Promise<Server>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the test server exited (${code})`)))
    readline.createInterface({ input: child.stdout }).on("line", (line) => {
      const served = /^serving public\/ at (\S+)/.exec(line)
      if (served) resolve({ origin: served[1], reading, process: child })
      const failure = /^failed: (.*)$/.exec(line)
      if (failure) failed.push(failure[1])
    })
  })
}

/**
 * Opens every page at each width in one engine, over HTTPS from test servers of its own (on free
 * ports, so the engines' sweeps run side by side), and measures each visit once.
 */
export async function sweepEngine(engineName: EngineName): Promise<Visit[]> {
  const failed: string[] = []
  const servers = await Promise.allSettled(WIDTHS.map(({ reading }) => startServer(reading, failed)))
  const stopServers = () => servers.forEach((one) => one.status === "fulfilled" && one.value.process.kill())
  const engine = await (async () => {
    const down = servers.find((one) => one.status === "rejected")
    if (down) throw down.reason
    return launchEngine(engineName)
  })().catch((error) => {
    stopServers()
    throw error
  })
  try {
    const tab = await engine.tab()
    const visits: Visit[] = []
    for (const [index, { width, height }] of WIDTHS.entries()) {
      const server = (servers[index] as PromiseFulfilledResult<Server>).value
      for (const page of PAGES) visits.push(await visit(tab, server, page, width, height, failed))
    }
    return visits
  } finally {
    await engine.close()
    stopServers()
  }
}
