/** Looks running, a frame apart, that must find the page as it was. */
export declare const SETTLE_LOOKS: number
/** How long a page may take to settle. */
export declare const SETTLE_LIMIT_MS: number
/** React has hydrated the page: the header's menu button. */
export declare const HYDRATED: string
/** What says that React has hydrated the page at this path: the editor's own pages have no site header. */
export declare function hydratedMarker(urlPath: string): string

export interface Look {
  /** What keeps the page from being settled now; empty when nothing does. */
  waiting: string[]
  /** The layout as a number: every element's box, the scroll position and the viewport. */
  layout: number
  /** What moved since the look before, in words, or null. */
  moved: string | null
}
/** In the page: one look (fonts ready and images on screen decoded first). `hydrated`: a selector, or null. */
export declare function lookAtThePage(hydrated: string | null): Promise<Look>

/** The requests of a page as whoever sees them counts them. */
export interface RequestCount {
  /** The requests not answered yet, named. */
  open(): string[]
  /** Every request begun or ended so far. */
  seen(): number
}
export interface SettleOptions {
  /** The page and width, for the message when it does not settle. */
  what: string
  /** A selector present once React has hydrated the page, or null for a page with no header of ours or no JavaScript. */
  hydrated?: string | null
  looks?: number
  limitMs?: number
}
/** Waits until the page has settled; throws naming `what` and what it waited for when it has not within the limit. */
export declare function settle(
  evaluate: (fn: typeof lookAtThePage, hydrated: string | null) => Promise<Look>,
  requests: RequestCount,
  options: SettleOptions,
): Promise<void>
