/**
 * The Tab round, once, for the layout's rounds in Chromium (tests/e2e/keyboard.spec.ts) and the
 * engines' sweep in Chromium, Firefox and WebKit (tests/e2e/engines/sweep.ts): what a stop a reader
 * can Tab to is (TAB_STOPS, passed into the page), how each stop reached is judged, which stops the
 * round must reach, and when it has ended. Each side presses the keys its own way (the DevTools
 * protocol's bursts, an engine's own driver) and reads the record this module leaves in the page.
 * Functions run in the page are self-contained: their source is sent to the engine.
 */

/** Every element a reader may Tab to, before the filters of tabbable (shown, enabled, not inert, in the order). */
export const TAB_STOPS = "a[href], button, summary, input:not([type='hidden']), select, textarea, [tabindex]"

/** A Tab stop: which element (`id`, the same each time it is reached), its name, and its problem ("" when all is well). */
export interface TabStop {
  id: number
  name: string
  problem: string
}

/** What focus has done since recordTabStops(): the stops in order, whether the round ended, the stops not reached yet. */
export interface TabRecord {
  stops: TabStop[]
  /** Focus left the page (past its last stop) or came round to a stop before the last one in the round's direction. */
  ended: boolean
  unreached: string[]
}

/**
 * Where a Tab pressed again from the stop before one went: to that stop, judged again; to a frame of
 * ours whose own document took it, which a round with `frameDocumentsPassed` presses on from (WebKit's
 * Tab stops there on the way in); or to another stop.
 */
export type TabAgain = "judged" | "frame document passed" | "another stop"

interface TabRoundInPage {
  /** The record, the stop focus is on now read too; `reading`: a foreign frame's stop is read now as well. */
  read: (reading?: boolean) => TabRecord
  /** Focus on the stop before the one at `index` (from 1), once two rendering updates have shown it. */
  before: (index: number) => Promise<void>
  /** After a Tab from there: the stop at `index` judged again, or where the Tab went instead. */
  again: (index: number) => Promise<TabAgain>
  selector: string
}

declare global {
  interface Window {
    __tabRound?: TabRoundInPage
  }
}

/**
 * In the page: starts recording every Tab stop (afresh, when the page already records), each judged
 * once the browser has moved focus to it and scrolled, when a key goes up or the next goes down, or
 * the test reads the record, so the test presses many keys without a round trip each:
 * - a stop without a visible focus indicator (an outline or a box shadow), but a link in a frame of
 *   ours (a map shows focus with its own marks) and a frame of another origin (its own document
 *   shows it, which the page cannot see);
 * - a stop with any part under the sticky header (any of nine points of the overlap shows the
 *   header), or with no part in the viewport.
 * Focus inside a frame of ours is followed into it (the stop is the frame's focused element, its
 * box taken into the page's coordinates), or is the frame itself while its own document has focus
 * (unless `frameDocumentsPassed`, below). The round ends where focus leaves the page (past its last stop, to
 * the browser's own controls or to nothing) or comes round to a stop before the last one, going
 * `backward` (Shift+Tab) or not. Every stop a reader can Tab to when the round starts (TAB_STOPS
 * that are shown, not disabled, not inert, not taken out of the order; on the page and in our
 * frames) must be reached: the record names each one not reached yet.
 */
export function recordTabStops({
  selector,
  backward = false,
  frameDocumentsPassed = false,
}: {
  selector: string
  backward?: boolean
  frameDocumentsPassed?: boolean
}) {
  type Entry = { element: Element; frame: HTMLIFrameElement | null }
  const ids = new WeakMap<Element, number>()
  let lastId = 0
  const idOf = (element: Element) => {
    if (!ids.has(element)) ids.set(element, (lastId += 1))
    return ids.get(element) ?? 0
  }
  const describe = (element: Element) =>
    `${element.tagName.toLowerCase()} '${((element instanceof HTMLElement ? element.innerText : element.textContent) || element.getAttribute("aria-label") || element.getAttribute("title") || "").trim().replace(/\s+/g, " ").slice(0, 40)}'`
  const nameOf = ({ element, frame }: Entry) =>
    frame ? `${describe(element)} in frame '${frame.title}'` : describe(element)
  /** Every element of a document a reader can Tab to now. */
  const tabbable = (root: Document) =>
    Array.from(root.querySelectorAll<HTMLElement>(selector)).filter(
      (element) =>
        element.tabIndex >= 0 &&
        !element.matches(":disabled") &&
        !element.closest("[inert]") &&
        element.checkVisibility({ visibilityProperty: true }),
    )
  /** The focused element, followed into frames of ours, with the offset of its document's viewport in the page's. */
  const focused = () => {
    let element = document.activeElement
    let frame: HTMLIFrameElement | null = null
    let dx = 0
    let dy = 0
    while (element instanceof HTMLIFrameElement) {
      let inside: Document | null = null
      try {
        inside = element.contentDocument
      } catch {
        // Another origin's frame.
      }
      const inner = inside?.activeElement
      if (!inside || !inner || inner === inside.body || inner === inside.documentElement) break
      const box = element.getBoundingClientRect()
      dx += box.left + element.clientLeft
      dy += box.top + element.clientTop
      frame = element
      element = inner
    }
    return { element, frame, dx, dy }
  }
  /** A frame of ours whose own document has focus, where the round counts no stop (`frameDocumentsPassed`). */
  const passedFrameDocument = (element: Element | null) =>
    frameDocumentsPassed && element instanceof HTMLIFrameElement && element.contentDocument !== null
  /** What is wrong with the focused stop as a reader sees it now, or "". */
  const judge = (): string => {
    const { element, frame, dx, dy } = focused()
    if (!element) return "nothing focused"
    const inner = element.getBoundingClientRect()
    const box = new DOMRect(inner.x + dx, inner.y + dy, inner.width, inner.height)
    const foreignFrame = element instanceof HTMLIFrameElement && !element.contentDocument
    if (!frame && element instanceof HTMLElement && !foreignFrame) {
      const style = getComputedStyle(element)
      const indicated =
        (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== "none"
      if (!indicated) return "no visible focus indicator"
    }
    const top = frame ?? element
    const header = document.querySelector("header")
    if (header && !header.contains(top)) {
      // Where the two overlap, is the header what shows? (A skip link drawn over the header is not under it.)
      const bar = header.getBoundingClientRect()
      const over = Math.max(box.top, bar.top)
      const under = Math.min(box.bottom, bar.bottom)
      const left = Math.max(box.left, 0)
      const right = Math.min(box.right, window.innerWidth)
      const covered =
        under - over > 1 &&
        [0.1, 0.5, 0.9].some((x) =>
          [0.1, 0.5, 0.9].some((y) => {
            const hit = document.elementFromPoint(left + (right - left) * x, over + (under - over) * y)
            return hit !== null && header.contains(hit) && !top.contains(hit)
          }),
        )
      if (covered) return `${Math.round(under - over)} px of it under the sticky header`
    }
    const visible = {
      top: Math.max(box.top, 0),
      bottom: Math.min(box.bottom, window.innerHeight),
      left: Math.max(box.left, 0),
      right: Math.min(box.right, window.innerWidth),
    }
    if (visible.bottom <= visible.top || visible.right <= visible.left)
      return `out of the viewport (${Math.round(box.top)} to ${Math.round(box.bottom)} px in a ${window.innerHeight} px viewport)`
    return ""
  }

  const state = {
    entries: [] as Entry[],
    stops: [] as TabStop[],
    ended: false,
    expected: new Map<number, { name: string; element: Element }>(),
    /** The element that took focus last, on the page or in a frame of ours, recorded or not. */
    lastFocused: null as Element | null,
  }
  /**
   * Records the focused element, when it is not the stop recorded last, unless the round has ended.
   * A frame of another origin is scrolled into view a moment after focus enters it (its process asks
   * the page's): it is recorded only when the test reads the record (`reading`), once scrolling has stopped.
   */
  const flush = (reading = false) => {
    if (state.ended) return
    const { element, frame } = focused()
    if (!reading && element instanceof HTMLIFrameElement && !element.contentDocument) return
    // Focus has left the page (past its last stop, to the browser's own controls, or to nothing), unless
    // the page removed the stop it was on (a map's placeholder, replaced by its map once in view), and
    // focus waits on the body until the page moves it on (src/hooks/use-frame-focus.ts) or the next Tab.
    // The stop removed may not be recorded yet: the page can replace it between a key's down and up.
    if (!document.hasFocus() || !element || element === document.body || element.tagName.toLowerCase() === "svg") {
      const last = state.entries.at(-1)
      const removed =
        (last !== undefined && !(last.frame ?? last.element).isConnected) || state.lastFocused?.isConnected === false
      if (state.stops.length > 0 && !removed) state.ended = true
      return
    }
    // A frame of ours whose own document has focus: a stop judged as one (the layout's rounds, where
    // a frame may not have loaded), or, with `frameDocumentsPassed`, not a stop: the next press goes
    // on into the frame (the engines' rounds, which load the frame first; WebKit's Tab stops on its
    // document on the way in, and paints no focus ring on the frame there).
    if (passedFrameDocument(element)) return
    const entry = { element, frame }
    const previous = state.entries.at(-1)
    if (previous?.element === element) return
    const outer = (one: Entry) => one.frame ?? one.element
    if (previous && outer(previous) !== outer(entry)) {
      // Focus came round: to a stop before the last one, in the round's direction.
      const relation = outer(entry).compareDocumentPosition(outer(previous))
      if (relation & (backward ? Node.DOCUMENT_POSITION_PRECEDING : Node.DOCUMENT_POSITION_FOLLOWING)) {
        state.ended = true
        return
      }
    }
    state.entries.push(entry)
    state.stops.push({ id: idOf(element), name: nameOf(entry), problem: judge() })
  }
  /** Every stop the round must reach, by id: the page's, then those in our frames as loaded now. */
  const survey = () => {
    const expected = new Map<number, { name: string; element: Element }>()
    for (const element of tabbable(document)) expected.set(idOf(element), { name: describe(element), element })
    document.querySelectorAll("iframe").forEach((frame) => {
      let inside: Document | null = null
      try {
        inside = frame.contentDocument
      } catch {
        // Another origin's frame: its stops are its own.
      }
      if (inside?.readyState === "complete" && inside.URL !== "about:blank")
        for (const element of tabbable(inside))
          expected.set(idOf(element), { name: nameOf({ element, frame }), element })
      listenIn(frame)
    })
    state.expected = expected
  }
  // By document: a frame's window (proxy) stays the same object when its document loads, its listeners do not.
  const heard = new WeakSet<Document>()
  function listen(target: Window) {
    if (heard.has(target.document)) return
    heard.add(target.document)
    target.addEventListener("keydown", () => flush(), true)
    target.addEventListener("keyup", () => flush(), true)
    target.addEventListener("focusin", (event) => (state.lastFocused = event.target as Element), true)
  }
  function listenIn(frame: HTMLIFrameElement) {
    try {
      // Only a frame of our own can be read.
      if (frame.contentWindow && frame.contentDocument) listen(frame.contentWindow)
    } catch {
      // Another origin's frame: its focus is its own.
    }
  }
  const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve))
  const round: TabRoundInPage = {
    selector,
    read(reading = true) {
      document.querySelectorAll("iframe").forEach(listenIn)
      flush(reading)
      const reached = new Set(state.stops.map((stop) => stop.id))
      // A stop the page has since removed (a map's placeholder, replaced by its map once in view) cannot be reached.
      const unreached = Array.from(state.expected)
        .filter(([id, { element }]) => !reached.has(id) && element.isConnected)
        .map(([, { name }]) => name)
      return { stops: state.stops.map((stop) => ({ ...stop })), ended: state.ended, unreached }
    },
    async before(index) {
      ;(state.entries[index - 1].element as HTMLElement).focus()
      await nextFrame()
      await nextFrame()
    },
    async again(index) {
      // Judged once the page has stopped scrolling: an engine scrolls to the stop after the key,
      // smoothly where the page asks for it, and on a busy machine later still (WebKit had not begun
      // within two frames; once, with the machine at half its speed, not within a quarter of a second
      // either). A stop found in view after a quarter of a second at one place is in view; one that
      // is not yet is judged after a second and a half at one place (five seconds at most). Focus on
      // a frame's own document that the round passes is said after a quarter of a second at one place.
      const start = performance.now()
      let last = window.scrollY
      let stillSince = start
      for (;;) {
        await nextFrame()
        const now = performance.now()
        if (window.scrollY !== last) stillSince = now
        last = window.scrollY
        const still = now - stillSince
        if (now - start >= 5000 || still >= 1500) break
        if (still >= 250 && focused().element === state.entries[index].element && !judge()) break
        if (still >= 250 && passedFrameDocument(focused().element)) return "frame document passed"
      }
      if (passedFrameDocument(focused().element)) return "frame document passed"
      if (focused().element !== state.entries[index].element) return "another stop"
      state.stops[index].problem = judge()
      return "judged"
    },
  }
  listen(window)
  document.addEventListener(
    "load",
    (event) => {
      if (event.target instanceof HTMLIFrameElement) listenIn(event.target)
    },
    true,
  )
  window.__tabRound = round
  survey()
}

/** In the page: the record of recordTabStops(), the stop focus is on now read too. */
export function tabStopsRead(): TabRecord {
  const round = window.__tabRound
  if (!round) return { stops: [], ended: false, unreached: ["the Tab round's recorder did not run in this page"] }
  return round.read(true)
}

/**
 * In the page: the record, read once the page has stopped scrolling with a frame that has focus in
 * clear view (or after three seconds): the browser scrolls a frame of another origin into view a
 * moment after focus enters it (the frame's process asks the page's), so a reading taken at once
 * could see the frame before it has come into view.
 */
export async function tabStopsSettled(): Promise<TabRecord> {
  const holder = document.activeElement
  if (holder instanceof HTMLIFrameElement) {
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve))
    const inClearView = () => {
      const box = holder.getBoundingClientRect()
      const header = document.querySelector("header")?.getBoundingClientRect()
      const below = Math.max(0, header?.bottom ?? 0)
      return (
        box.bottom > 0 &&
        box.top < window.innerHeight &&
        (box.top >= below - 1 || box.height > window.innerHeight - below)
      )
    }
    const start = performance.now()
    let last = window.scrollY
    for (let still = 0; performance.now() - start < 3000 && !(still >= 2 && inClearView());) {
      await nextFrame()
      still = window.scrollY === last ? still + 1 : 0
      last = window.scrollY
    }
  }
  const round = window.__tabRound
  if (!round) return { stops: [], ended: false, unreached: ["the Tab round's recorder did not run in this page"] }
  return round.read(true)
}

/** In the page: focus on the stop before the one at `index`, as recorded (see recordTabStops). */
export const tabStopBefore = (index: number) => window.__tabRound?.before(index)

/** In the page: after a Tab from tabStopBefore(index), the stop at `index` judged again, or where the Tab went. */
export const tabStopAgain = (index: number): Promise<TabAgain> =>
  window.__tabRound?.again(index) ?? Promise.resolve("another stop")

/**
 * In the page, with recordTabStops() running: how many presses of Tab (`direction` 1) or
 * Shift+Tab (-1) from the focused element reach the next frame of another origin, at the least:
 * the page's Tab stops and frames in document order (the site sets no positive tabindex), a frame
 * of ours counted as one stop though its links are more, so the count never passes the frame.
 * One when focus is on such a frame, Infinity when no such frame lies ahead.
 */
export function pressesToForeignFrame(direction: number): number {
  const selector = `${window.__tabRound?.selector ?? "a[href]"}, iframe`
  const foreign = (element: Element) => {
    if (!(element instanceof HTMLIFrameElement)) return false
    try {
      return !element.contentDocument
    } catch {
      return true
    }
  }
  const order = Array.from(document.querySelectorAll<HTMLElement>(selector)).filter(
    (element) =>
      (element.tabIndex >= 0 || element instanceof HTMLIFrameElement) &&
      !element.matches(":disabled") &&
      !element.closest("[inert]") &&
      element.checkVisibility({ visibilityProperty: true }),
  )
  if (direction < 0) order.reverse()
  const at = order.indexOf(document.activeElement as HTMLElement)
  // Focus in a frame of another origin leaves it a moment after the key (the frame's process hands it
  // back to the page's): one press, read once settled. Keys pressed on in that moment went astray,
  // and a round going back from the map host's frame ended early once.
  if (at >= 0 && foreign(order[at])) return 1
  const next = order.findIndex((element, index) => index > at && foreign(element))
  return next < 0 ? Infinity : next - at
}
