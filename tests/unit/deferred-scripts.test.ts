import { DEFERRED_SCRIPTS_ID, DEFERRED_SCRIPTS_LOADER } from "../../src/lib/deferred-scripts"

declare global {
  interface Window {
    __ran?: string[]
  }
}

/** The end of a built page's body: Gatsby's scripts held in the template, then the loader. */
function renderPageEnd() {
  document.body.innerHTML = `
    <div id="___gatsby"></div>
    <template id="${DEFERRED_SCRIPTS_ID}">
      <link rel="manifest" href="/manifest.webmanifest" crossorigin="anonymous">
      <script id="gatsby-chunk-mapping">window.__ran = (window.__ran || []).concat("chunk map")</script>
      <script>window.__ran = (window.__ran || []).concat("hash")</script>
      <script src="/webpack-runtime.js" async></script>
      <script src="/framework.js" async></script>
      <script src="/app.js" async></script>
    </template>`
}

const runLoader = () => new Function(DEFERRED_SCRIPTS_LOADER)()
/** Lets the loader's zero-delay timer run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 10))

/** The animation frames the loader asked for, drawn only when a test says so. */
let frames: FrameRequestCallback[] = []
/** Draws `count` frames, each running the callbacks asked for before it. */
function drawFrames(count: number) {
  for (let drawn = 0; drawn < count; drawn += 1) {
    const due = frames
    frames = []
    for (const callback of due) callback(performance.now())
  }
}
/** Frames drawn since load after which the loader takes the page as painted, reported or not. */
const FRAMES_TO_PAINT = 10
const originalFrame = window.requestAnimationFrame

beforeEach(() => {
  frames = []
  window.requestAnimationFrame = (callback) => frames.push(callback)
})

afterEach(() => {
  window.requestAnimationFrame = originalFrame
})

describe("the deferred scripts loader", () => {
  beforeEach(() => {
    window.__ran = []
    document.head.innerHTML = ""
    Object.defineProperty(document, "readyState", { configurable: true, get: () => "interactive" })
  })

  it("runs nothing and fetches nothing before the window's load event", async () => {
    renderPageEnd()
    runLoader()
    drawFrames(FRAMES_TO_PAINT)
    await settle()
    expect(window.__ran).toEqual([])
    expect(document.body.querySelectorAll(":scope > script")).toHaveLength(0)
    expect(document.head.querySelector("link[rel='manifest']")).toBeNull()
  })

  it("after load and ten frames drawn since, adds Gatsby's scripts in their order (inline ones run, files load in order) and the manifest link to the head", async () => {
    renderPageEnd()
    runLoader()
    window.dispatchEvent(new Event("load"))
    await settle()
    expect(window.__ran).toEqual([])
    drawFrames(FRAMES_TO_PAINT)
    await settle()
    expect(window.__ran).toEqual(["chunk map", "hash"])
    const files = Array.from(document.body.querySelectorAll<HTMLScriptElement>(":scope > script[src]"))
    expect(files.map((script) => script.getAttribute("src"))).toEqual([
      "/webpack-runtime.js",
      "/framework.js",
      "/app.js",
    ])
    for (const script of files) expect(script.async).toBe(false)
    expect(document.head.querySelector("link[rel='manifest']")?.getAttribute("href")).toBe("/manifest.webmanifest")
    expect(document.getElementById(DEFERRED_SCRIPTS_ID)).toBeNull()
  })

  it("runs them once ten frames are drawn when the page has already loaded", async () => {
    Object.defineProperty(document, "readyState", { configurable: true, get: () => "complete" })
    renderPageEnd()
    runLoader()
    drawFrames(FRAMES_TO_PAINT)
    await settle()
    expect(window.__ran).toEqual(["chunk map", "hash"])
  })
})

describe("the deferred scripts loader, where the browser reports paint timing", () => {
  let reportPaint: (() => void) | undefined
  const original = window.PerformanceObserver

  beforeEach(() => {
    window.__ran = []
    reportPaint = undefined
    Object.defineProperty(document, "readyState", { configurable: true, get: () => "interactive" })
    class FakeObserver {
      static supportedEntryTypes = ["paint"]
      constructor(
        private callback: (list: { getEntriesByName: (name: string) => unknown[] }, observer: FakeObserver) => void,
      ) {}
      observe() {
        reportPaint = () =>
          this.callback({ getEntriesByName: (name) => (name === "first-contentful-paint" ? [{}] : []) }, this)
      }
      disconnect() {}
    }
    Object.defineProperty(window, "PerformanceObserver", { configurable: true, writable: true, value: FakeObserver })
  })

  afterEach(() => {
    Object.defineProperty(window, "PerformanceObserver", { configurable: true, writable: true, value: original })
  })

  it("when the load event comes first, runs them at the first contentful paint", async () => {
    renderPageEnd()
    runLoader()
    window.dispatchEvent(new Event("load"))
    await settle()
    expect(window.__ran).toEqual([])
    reportPaint?.()
    await settle()
    expect(window.__ran).toEqual(["chunk map", "hash"])
  })

  it("when the paint comes first, runs them at load, with no frame to wait for", async () => {
    renderPageEnd()
    runLoader()
    reportPaint?.()
    await settle()
    expect(window.__ran).toEqual([])
    window.dispatchEvent(new Event("load"))
    await settle()
    expect(window.__ran).toEqual(["chunk map", "hash"])
  })

  it("when no paint is reported (Firefox, a page opened at /#contact), runs them once ten frames are drawn after load", async () => {
    renderPageEnd()
    runLoader()
    window.dispatchEvent(new Event("load"))
    drawFrames(FRAMES_TO_PAINT - 1)
    await settle()
    expect(window.__ran).toEqual([])
    drawFrames(1)
    await settle()
    expect(window.__ran).toEqual(["chunk map", "hash"])
  })
})
