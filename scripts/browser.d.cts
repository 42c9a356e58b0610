export declare const CHROMIUM_PATH: string
export declare const HEADLESS_CHROMIUM_PATH: string
export declare const CHROMIUM_FLAGS: readonly string[]
export declare const TEMPLATES: ReadonlyArray<{ readonly name: string; readonly path: string }>
export declare const LIGHTHOUSE_PAGES: readonly string[]
export declare const UNKNOWN_PATH: string
export declare const PHONE: {
  readonly viewport: { readonly width: number; readonly height: number }
  readonly deviceScaleFactor: number
  readonly isMobile: boolean
  readonly hasTouch: boolean
}
/** In the page: scrolls to the bottom half a screen at a time, pausing `pauseMs` at each step. */
export declare function scrollDownThePage(pauseMs: number): Promise<void>
/** In the page: the addresses of the images not loaded (yet). */
export declare function unloadedImages(): string[]
/** In the page: the addresses of the images not loaded yet, the first of them brought into view. */
export declare function unloadedImagesBroughtIntoView(): string[]
/** Waits up to `timeoutMs` for every image of a Playwright page to load; returns the addresses of those that did not. */
export declare function waitForImages(page: import("@playwright/test").Page, timeoutMs: number): Promise<string[]>
/** A free TCP port on the loopback, so that two servers or drivers started at once never share one. */
export declare function freePort(): Promise<number>
