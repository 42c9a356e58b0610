import * as React from "react"

/**
 * Once the reader scrolls, the sticky header keeps only its last row (the menu
 * and the call button, the opening status on it): the rows above it (the
 * name, where it takes a row of its own) scroll away with the page, because
 * the header sticks at a negative `top` as tall as they are. Nothing runs on
 * scroll and nothing on the page moves: the header keeps its place in the
 * page, and only how much of it stays on screen changes.
 *
 * This measures those rows whenever the header's size changes (a width where
 * the name wraps, a font that loads) and sets `--header-hidden` on the header;
 * and sets `--header-stuck`, the height left on screen, on the root for
 * `scroll-padding-top`, so a focused element or an anchor lands below it.
 * Without JavaScript neither is set and the whole header sticks.
 */
export function useSlimHeader(
  header: React.RefObject<HTMLElement | null>,
  callRow: React.RefObject<HTMLElement | null>,
) {
  React.useEffect(() => {
    const bar = header.current
    const row = callRow.current
    // The name is the first item of the call row's own container (the header's one flex line).
    const name = row?.parentElement?.firstElementChild
    if (!bar || !name || !row || typeof ResizeObserver === "undefined") return undefined
    const measure = () => {
      const inner = row.parentElement ?? bar
      const style = getComputedStyle(inner)
      const top = bar.getBoundingClientRect().top
      const call = row.getBoundingClientRect()
      const named = name.getBoundingClientRect()
      const padding = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom)
      // The call button on a row below the name's: that much of the header scrolls away.
      const ownRow = call.top >= named.bottom
      const hidden = ownRow ? Math.max(0, call.top - top - parseFloat(style.paddingTop)) : 0
      // The row that stays, without the menu's links below it when it is open; a header laid
      // out without the call row's box (wide screens: no menu) stays whole.
      const rowHeight = ownRow ? call.height : Math.max(call.height, named.height)
      const stuck = call.height > 0 ? rowHeight + padding + bar.offsetHeight - bar.clientHeight : bar.offsetHeight
      bar.style.setProperty("--header-hidden", `${hidden}px`)
      document.documentElement.style.setProperty("--header-stuck", `${stuck}px`)
    }
    const observer = new ResizeObserver(measure)
    observer.observe(bar)
    observer.observe(name)
    return () => {
      observer.disconnect()
      bar.style.removeProperty("--header-hidden")
      document.documentElement.style.removeProperty("--header-stuck")
    }
  }, [header, callRow])
}
