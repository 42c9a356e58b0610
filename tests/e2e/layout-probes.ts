/**
 * Measurements that run inside the page (passed to page.evaluate), for the
 * width rules of tests/e2e/layout.spec.ts. Each is self-contained: Playwright
 * sends the function's source to the browser, so nothing outside it is in scope.
 * Each returns what a reader of the failure needs: the offenders, described.
 */

/**
 * Every visible occurrence of the phone number that is laid out on more than
 * one line, as its element's text split where the lines break:
 * "'Call for Same-Day Service (847) 555-' / '0142'". The number is found in the
 * text as rendered, across text nodes; each occurrence is a Range whose
 * character boxes must all sit on one line. `shown` counts the visible ones.
 */
export function wrappedPhoneNumbers(display: string): { shown: number; wrapped: string[] } {
  const nodes: Text[] = []
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text)
  const starts: number[] = []
  let text = ""
  for (const node of nodes) {
    starts.push(text.length)
    text += node.data
  }
  /** The text node holding a position of the concatenated text, and the offset in it (a start opens a node, an end closes one). */
  const locate = (position: number, edge: "start" | "end"): [Text, number] => {
    const index = nodes.findIndex((node, i) =>
      edge === "start"
        ? position >= starts[i] && position < starts[i] + node.length
        : position > starts[i] && position <= starts[i] + node.length,
    )
    return [nodes[index], position - starts[index]]
  }
  const rangeOf = (from: number, to: number) => {
    const range = document.createRange()
    range.setStart(...locate(from, "start"))
    range.setEnd(...locate(to, "end"))
    return range
  }
  /** Line tops of a range's boxes, one per line (boxes whose vertical centres share a line). */
  const lineTops = (range: Range) => {
    const tops: number[] = []
    for (const box of Array.from(range.getClientRects())) {
      if (box.width === 0 || box.height === 0) continue
      const middle = box.top + box.height / 2
      if (!tops.some((top) => Math.abs(top - middle) < box.height / 2)) tops.push(middle)
    }
    return tops
  }
  /** An element's text split at its line breaks, one character at a time. */
  const linesOf = (element: Element) => {
    const lines: Array<{ middle: number; text: string }> = []
    const inner = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
    for (let node = inner.nextNode() as Text | null; node; node = inner.nextNode() as Text | null) {
      for (let offset = 0; offset < node.data.length; offset += 1) {
        const range = document.createRange()
        range.setStart(node, offset)
        range.setEnd(node, offset + 1)
        const box = Array.from(range.getClientRects()).find((rect) => rect.height > 0)
        if (!box) continue
        const middle = box.top + box.height / 2
        let line = lines.find((candidate) => Math.abs(candidate.middle - middle) < box.height / 2)
        if (!line) {
          line = { middle, text: "" }
          lines.push(line)
        }
        line.text += node.data[offset]
      }
    }
    return lines.sort((a, b) => a.middle - b.middle).map((line) => `'${line.text.trim()}'`)
  }

  let shown = 0
  const wrapped: string[] = []
  for (let at = text.indexOf(display); at >= 0; at = text.indexOf(display, at + display.length)) {
    const range = rangeOf(at, at + display.length)
    const start = range.startContainer.parentElement
    const box = start?.getBoundingClientRect()
    // Not rendered (a closed menu) or visually hidden (a 1 px clipped box): not seen.
    if (!start || !box || box.width <= 1 || box.height <= 1 || !start.checkVisibility({ visibilityProperty: true }))
      continue
    if (lineTops(range).length === 0) continue
    shown += 1
    if (lineTops(range).length > 1) {
      const holder = start.closest("a, button, p, li, dd, address, h1, h2, h3") ?? start
      wrapped.push(linesOf(holder).join(" / "))
    }
  }
  return { shown, wrapped }
}

/**
 * The page's width against the viewport's, and what sticks out past the
 * viewport's right edge (the outermost such elements, so one wide box is named once).
 */
export function sidewaysOverflow(): { scrollWidth: number; viewport: number; culprits: string[] } {
  const viewport = document.documentElement.clientWidth
  const culprits: string[] = []
  const outside = new Set<Element>()
  for (const element of Array.from(document.body.querySelectorAll("*"))) {
    const box = element.getBoundingClientRect()
    if (box.width === 0 || box.right <= viewport + 0.5) continue
    outside.add(element)
    if (element.parentElement && outside.has(element.parentElement)) continue
    const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}`
    const words = (element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40)
    culprits.push(`${name} '${words}' reaches ${Math.round(box.right)} px`)
  }
  return { scrollWidth: document.documentElement.scrollWidth, viewport, culprits: culprits.slice(0, 5) }
}

/** Phones: once scrolled, the sticky header is one row of at most SLIM_HEADER_MAX px on each. */
export const PHONES = [
  { width: 320, height: 568 },
  { width: 375, height: 667 },
  { width: 390, height: 844 },
] as const
export const SLIM_HEADER_MAX = 64

/**
 * In the page: scrolls as a reader does, a screen and a half down (or to the bottom of a shorter
 * page), focus taken from wherever it was (a keyboard's focus in the header brings the whole
 * header back). Then the page is left to settle before scrolledHeaderProblems measures it.
 */
export function scrollPastTheHeader() {
  if (document.activeElement instanceof HTMLElement) document.activeElement.blur()
  const root = document.documentElement
  window.scrollTo({
    top: Math.min(window.innerHeight * 1.5, root.scrollHeight - window.innerHeight),
    behavior: "instant",
  })
}

/**
 * The sticky header as it stays once the reader has scrolled (scrollPastTheHeader, then the page
 * settled): what is wrong with it, or nothing. It must be at most `maxHeight` px of the screen (its
 * visible part), with the call button and the opening status wholly in that part.
 */
export function scrolledHeaderProblems(maxHeight: number): string[] {
  const header = document.querySelector("header")
  if (!header) return ["no header"]
  if (window.scrollY === 0) return ["the page did not scroll"]
  const bar = header.getBoundingClientRect()
  const top = Math.max(bar.top, 0)
  const shown = Math.min(bar.bottom, window.innerHeight) - top
  const problems: string[] = []
  if (shown > maxHeight + 0.5) problems.push(`${Math.round(shown * 10) / 10} px of the screen`)
  const onScreen = (element: Element | null) => {
    if (!element?.checkVisibility({ visibilityProperty: true })) return false
    const box = element.getBoundingClientRect()
    return box.width > 0 && box.top >= top - 0.5 && box.bottom <= bar.bottom + 0.5
  }
  if (!onScreen(header.querySelector("a[href^='tel:']"))) problems.push("the call button is off screen")
  if (!onScreen(header.querySelector("p"))) problems.push("the opening status is off screen")
  return problems
}

/**
 * The header's opening status against its call button: the status's text
 * either sits on the button (between its edges) or ends where it ends (right
 * edges within a pixel). Describes the misfit, or returns nothing.
 */
export function statusOffTheCallButton(): string | null {
  const header = document.querySelector("header")
  const call = header?.querySelector("a[href^='tel:']")
  const status = header?.querySelector("p")
  if (!call || !status?.checkVisibility()) return "no call button or no status in the header"
  const range = document.createRange()
  range.selectNodeContents(status)
  const text = range.getBoundingClientRect()
  const button = call.getBoundingClientRect()
  const onIt = text.left >= button.left - 0.5 && text.right <= button.right + 0.5
  if (onIt || Math.abs(text.right - button.right) <= 1) return null
  return `the status runs x ${Math.round(text.left)}–${Math.round(text.right)}, the call button x ${Math.round(button.left)}–${Math.round(button.right)}`
}

/**
 * Every visible call button (a tel: link) whose text takes more than two
 * lines, e.g. "'Call to Use a Coupon: (847) 555-0142' on 3 lines".
 */
export function callButtonsOverTwoLines(): { measured: number; offenders: string[] } {
  /** Lines of text (not the icon beside them): the boxes of its text nodes, by their vertical middles. */
  const lines = (element: Element): number => {
    const middles: number[] = []
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange()
      range.selectNodeContents(node)
      for (const box of Array.from(range.getClientRects())) {
        if (box.width === 0 || box.height === 0) continue
        const middle = box.top + box.height / 2
        if (!middles.some((seen) => Math.abs(seen - middle) < box.height / 2)) middles.push(middle)
      }
    }
    return middles.length
  }
  const shown = Array.from(document.querySelectorAll("a[href^='tel:']")).filter((link) =>
    link.checkVisibility({ visibilityProperty: true }),
  )
  const offenders = shown
    .map((link) => ({ link, count: lines(link) }))
    .filter(({ count }) => count > 2)
    .map(({ link, count }) => `'${(link.textContent ?? "").trim().replace(/\s+/g, " ")}' on ${count} lines`)
  return { measured: shown.length, offenders }
}

/**
 * Every number compound of the text on screen ("1-year", "18-inch", "5.4-mile")
 * that a line break splits, with its sentence's start: "'1-year' in 'Includes
 * the service call, labor and…'". A compound is a Range whose boxes must share a line.
 */
export function brokenCompounds(): { measured: number; offenders: string[] } {
  const found: string[] = []
  let measured = 0
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    const parent = node.parentElement
    if (!parent?.checkVisibility({ visibilityProperty: true }) || parent.closest("script, style, template")) continue
    // A compound may span text nodes only if split by markup; the site keeps each in one node.
    for (const match of node.data.matchAll(/\d[\d.,]*-\p{L}+/gu)) {
      measured += 1
      const range = document.createRange()
      range.setStart(node, match.index)
      range.setEnd(node, match.index + match[0].length)
      const middles: number[] = []
      for (const box of Array.from(range.getClientRects())) {
        if (box.width === 0 || box.height === 0) continue
        const middle = box.top + box.height / 2
        if (!middles.some((seen) => Math.abs(seen - middle) < box.height / 2)) middles.push(middle)
      }
      if (middles.length > 1) {
        const context = (parent.closest("p, li, h1, h2, h3, dd, td") ?? parent).textContent ?? ""
        found.push(`'${match[0]}' in '${context.trim().replace(/\s+/g, " ").slice(0, 48)}…'`)
      }
    }
  }
  return { measured, offenders: found }
}

/**
 * Every grid of cards (a list whose items each have a heading) with a row that
 * does not reach across it: an empty slot at the row's end (or start), e.g.
 * "the list of 'Refrigerator Repair', … : row 2 of 2 ends 276 px short of the right edge".
 */
export function cardRowsNotFilled(): { measured: number; offenders: string[] } {
  const found: string[] = []
  let measured = 0
  for (const list of Array.from(document.querySelectorAll("main ul, main ol"))) {
    const items = Array.from(list.children).filter((item) => item.checkVisibility())
    if (items.length < 2 || !items.every((item) => item.querySelector("h2, h3, h4"))) continue
    measured += 1
    const style = getComputedStyle(list)
    const box = list.getBoundingClientRect()
    const left = box.left + parseFloat(style.paddingLeft)
    const right = box.right - parseFloat(style.paddingRight)
    const rows: DOMRect[][] = []
    for (const item of items) {
      const itemBox = item.getBoundingClientRect()
      const row = rows.find((one) => Math.abs(one[0].top - itemBox.top) < 1)
      if (row) row.push(itemBox)
      else rows.push([itemBox])
    }
    const first = items[0].querySelector("h2, h3, h4")?.textContent?.trim() ?? ""
    rows.forEach((row, index) => {
      const start = Math.min(...row.map((one) => one.left))
      const end = Math.max(...row.map((one) => one.right))
      const gaps = [
        start - left > 1 ? `starts ${Math.round(start - left)} px from the left edge` : "",
        right - end > 1 ? `ends ${Math.round(right - end)} px short of the right edge` : "",
      ].filter(Boolean)
      if (gaps.length)
        found.push(
          `the list of '${first}', … (${items.length} cards): row ${index + 1} of ${rows.length} ${gaps.join(", ")}`,
        )
    })
  }
  return { measured, offenders: found }
}

/**
 * The breadcrumb's first link against the page's headline: their left edges (within a pixel).
 * `measured` is false on a page without a breadcrumb.
 */
export function breadcrumbOffTheContentEdge(): { measured: boolean; offender: string | null } {
  const crumb = document.querySelector("nav[aria-label='Breadcrumb'] a, nav[aria-label='Breadcrumb'] li")
  const headline = document.querySelector("main h1")
  if (!crumb || !headline) return { measured: false, offender: null }
  const range = document.createRange()
  range.selectNodeContents(headline)
  const crumbLeft = crumb.getBoundingClientRect().left
  const headlineLeft = range.getBoundingClientRect().left
  const offender =
    Math.abs(crumbLeft - headlineLeft) > 1
      ? `the breadcrumb starts at x ${Math.round(crumbLeft)}, the headline at x ${Math.round(headlineLeft)}`
      : null
  return { measured: true, offender }
}

/**
 * The first screen of a page opened at its top: the share of it below the
 * sticky header (and a notice), and what of the headline and the first call
 * button is not wholly on it (the headline below the header). The first call
 * button is the page's own where the page opens with one (in main, before its
 * first section heading: a hero's), else the header's.
 */
export function firstScreen(): { contentShare: number; problems: string[] } {
  window.scrollTo({ top: 0, behavior: "instant" })
  const header = document.querySelector("header")?.getBoundingClientRect()
  const notice = document.querySelector("aside[aria-label='Notice']")?.getBoundingClientRect()
  const above = Math.max(header?.bottom ?? 0, notice?.bottom ?? 0)
  const problems: string[] = []
  const headline = document.querySelector("main h1")
  if (!headline) problems.push("no headline")
  else {
    const box = headline.getBoundingClientRect()
    if (box.top < (header?.bottom ?? 0) - 0.5 || box.bottom > window.innerHeight + 0.5)
      problems.push(`the headline at y ${Math.round(box.top)}–${Math.round(box.bottom)} of ${window.innerHeight} px`)
  }
  const own = document.querySelector("main a[href^='tel:']")
  const firstSection = document.querySelector("main h2")
  const opensWithCall =
    own && (!firstSection || own.compareDocumentPosition(firstSection) & Node.DOCUMENT_POSITION_FOLLOWING)
  const call = opensWithCall ? own : document.querySelector("header a[href^='tel:']")
  if (!call) problems.push("no call button")
  else {
    const box = call.getBoundingClientRect()
    if (box.top < -0.5 || box.bottom > window.innerHeight + 0.5)
      problems.push(
        `the first call button at y ${Math.round(box.top)}–${Math.round(box.bottom)} of ${window.innerHeight} px`,
      )
  }
  return { contentShare: (window.innerHeight - above) / window.innerHeight, problems }
}

/**
 * Every visible icon (an <svg> with its own width and height, as lucide draws them) drawn at another
 * size than its own: "the icon before 'Satisfaction Guaranteed' drawn 21 × 26 px, not 28 × 28".
 * `icons` counts the icons measured.
 */
export function iconsNotAtTheirSize(): { icons: number; offenders: string[] } {
  const offenders: string[] = []
  const icons = Array.from(document.querySelectorAll<SVGSVGElement>("svg[width][height]")).filter(
    (icon) =>
      icon.checkVisibility({ visibilityProperty: true }) && !icon.closest("iframe, [role='img'], [role='group']"),
  )
  for (const icon of icons) {
    const want = { width: Number(icon.getAttribute("width")), height: Number(icon.getAttribute("height")) }
    const box = icon.getBoundingClientRect()
    if (Math.abs(box.width - want.width) > 0.5 || Math.abs(box.height - want.height) > 0.5) {
      const beside = (icon.parentElement?.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40)
      offenders.push(
        `the icon before '${beside}' drawn ${Math.round(box.width * 10) / 10} × ${Math.round(box.height * 10) / 10} px, not ${want.width} × ${want.height}`,
      )
    }
  }
  return { icons: icons.length, offenders }
}
