export declare const ENGINES: readonly ["chromium", "firefox", "webkit"]
export type EngineName = (typeof ENGINES)[number]

/** A function run in the page: its source is sent, so it must be self-contained. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the page function's arguments are whatever it declares
type PageFunction<A extends any[], R> = (...args: A) => R | Promise<R>

/** One tab of an engine; every document in it first runs the problem recorder (window.__engineProblems). */
export interface Tab {
  readonly engine: EngineName
  /** Sizes the viewport (CSS px) and loads the page, resolving after its load event. */
  open(url: string, width: number, height: number): Promise<void>
  /** Sizes the viewport (CSS px) of the page open now, resolving once the page has that size. */
  resize(width: number, height: number): Promise<void>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as PageFunction
  evaluate<A extends any[], R>(fn: PageFunction<A, R>, ...args: A): Promise<R>
  /** A real click (pointer events from the engine's input, not element.click()). */
  click(selector: string): Promise<void>
  /**
   * Presses Tab `count` times, sent as one batch (the page handles each press before the next):
   * WebKit's `paceMs` apart (50 unless given, see engines.cjs), Chromium's and Firefox's at once.
   */
  pressTabs(count: number, paceMs?: number): Promise<void>
  /** A PNG of the whole page. */
  screenshot(file: string): Promise<void>
  /** The window as it is now (the viewport), not the whole page. */
  viewportScreenshot(file: string): Promise<void>
  /** Closes the tab (WebKit: its WebDriver session and window). */
  close(): Promise<void>
}

export interface Engine {
  readonly name: EngineName
  /**
   * A new tab. `beforeThePage`: a script (its source) that every document of the tab runs after the
   * recorder and before the page's own scripts.
   */
  tab(options?: { beforeThePage?: string }): Promise<Tab>
  close(): Promise<void>
}

/** Starts an engine: its browser (and for WebKit, Xvfb and the driver). */
export declare function launchEngine(name: EngineName): Promise<Engine>
