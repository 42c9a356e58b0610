/**
 * Where a page loaded anew starts: where the browser puts it, not where an earlier visit left it.
 *
 * Gatsby's router keeps each page's scroll position in sessionStorage under
 * `@@scroll|{path}|{history key}` and scrolls back to it when the page mounts. A page loaded
 * anew (a plain link, a typed address) has no history key of its own: it gets the key "initial",
 * shared by every earlier load of that path in the tab. So a reader who scrolled down a town
 * page, went elsewhere and then followed a link to that town again landed, a moment after the
 * page had painted at its top, half-way down it (smoothly scrolled there, at whatever width the
 * earlier visit had), with its links sliding under the sticky header. A link's page starts at its
 * top, or at its #section, as the browser puts it. Only a reload and Back or Forward return to a
 * place, and there the browser restores it itself; Gatsby's copy of it does no harm.
 */

/** Gatsby's key for a path's scroll position when its page was loaded anew (gatsby-react-router-scroll). */
export const arrivalScrollKey = (pathname: string) => `@@scroll|${pathname}|initial`

/** The navigation types (PerformanceNavigationTiming.type) that return to a place in the page. */
const RETURNS = new Set(["reload", "back_forward"])

/**
 * Forgets the scroll position an earlier load of this path left, unless this load returns to it
 * (a reload, Back or Forward). True when it was forgotten.
 */
export function forgetEarlierScroll(
  storage: Pick<Storage, "removeItem">,
  pathname: string,
  navigationType: string | undefined,
): boolean {
  if (navigationType !== undefined && RETURNS.has(navigationType)) return false
  storage.removeItem(arrivalScrollKey(pathname))
  return true
}

/** In the browser, before Gatsby mounts: this load's type read from Navigation Timing. */
export function startWhereTheBrowserPuts(): void {
  try {
    const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[]
    forgetEarlierScroll(window.sessionStorage, window.location.pathname, navigation?.type)
  } catch {
    // Storage refused (a private mode, a policy): Gatsby then keeps no position either.
  }
}
