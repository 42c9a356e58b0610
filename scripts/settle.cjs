// What "settled" means for a page under test, defined once for every check that measures layout,
// runs axe or IBM Equal Access, reads positions or takes a screenshot, in every engine (the
// Playwright specs, the engines' sweep, the screenshots). A page has settled when, as a reader
// sees it once it has stopped moving:
//   - it has loaded (document complete) and, where it has a header of ours and runs scripts,
//     React has hydrated it (the header's menu button is React's);
//   - its fonts are ready;
//   - every image on screen has loaded and is decoded;
//   - no request of it is open, and none began or ended while
//   - nothing on it moved and it did not scroll, over SETTLE_LOOKS looks a frame apart.
// The page is looked at from outside, a frame's time apart, rather than from a loop of its own
// frames: a page without JavaScript runs no timer and no animation frame, and is judged the same.
// The requests are counted by whoever sees them (Playwright's request events, or the test server).
// CommonJS, so the .ts specs and the .mjs scripts share it (types in settle.d.cts).

/**
 * Looks running, a frame apart, that must find the page as it was: nothing moved, no scroll. Once
 * loaded, hydrated, its fonts and images ready and no request open, a page that had stood still
 * for one look moved again twice in 763 settles (the browser stage and the engines' sweep, with one
 * core kept busy by a loop beside them), and never after two looks. Counted again the same way over
 * 765 settles: one moved after one look (Firefox, a scroll of 1 px), one after two (WebKit, the
 * sticky header 52 px up after a scroll), none after three. Five keep a margin over what was seen.
 */
const SETTLE_LOOKS = 5

/** A frame at 60 Hz: the time between two looks. */
const FRAME_MS = 16

/** How long a page may take to settle: one that has not by then keeps moving, a fault of its own. */
const SETTLE_LIMIT_MS = 30_000

/** React has hydrated the page: the header's menu button replaces the no-JavaScript disclosure. */
const HYDRATED = "header button[aria-controls='site-menu']"

/** The editor's own pages (/admin/invitation/, sign-in, editors) have no site header: their frame says it. */
const ADMIN_HYDRATED = ".admin-shell__shell[data-hydrated='true']"

/** What says that React has hydrated the page at this path. */
const hydratedMarker = (urlPath) => (urlPath.startsWith("/admin/") ? ADMIN_HYDRATED : HYDRATED)

/**
 * In the page: one look. Waits for its fonts and for every loaded image on screen to be decoded
 * (promises only: a page without JavaScript runs no timer), then returns what keeps it from being
 * settled now (`waiting`, empty when nothing does) and its layout as a number: every element's box
 * (an <svg>'s own, not each of its shapes'), the scroll position and the viewport. `moved` says
 * what differs from the look before, when something does.
 */
async function lookAtThePage(hydrated) {
  await document.fonts.ready
  const onScreen = (element) => {
    const box = element.getBoundingClientRect()
    return (
      box.width > 0 &&
      box.height > 0 &&
      box.bottom > 0 &&
      box.top < innerHeight &&
      box.right > 0 &&
      box.left < innerWidth
    )
  }
  const shown = Array.from(document.images).filter(onScreen)
  // A broken image has nothing to decode; the checks that look for broken images say so.
  await Promise.all(shown.filter((image) => image.complete).map((image) => image.decode().catch(() => undefined)))
  const waiting = []
  if (document.readyState !== "complete") waiting.push("it has not finished loading")
  if (hydrated && !document.querySelector(hydrated)) waiting.push(`it has not hydrated (no ${hydrated})`)
  const loading = shown.filter((image) => !image.complete).map((image) => image.currentSrc || image.src)
  if (loading.length) waiting.push(`images on screen still loading: ${loading.join(", ")}`)

  const boxes = [`scroll ${scrollX},${scrollY} viewport ${innerWidth}×${innerHeight}`]
  const elements = [document.documentElement]
  for (const element of document.body.querySelectorAll("*")) {
    if (element.parentElement?.closest("svg")) continue
    const box = element.getBoundingClientRect()
    elements.push(element)
    boxes.push(
      `${Math.round(box.x * 10)},${Math.round(box.y * 10)},${Math.round(box.width * 10)},${Math.round(box.height * 10)}`,
    )
  }
  let layout = 2166136261
  for (const text of boxes) {
    for (let i = 0; i < text.length; i += 1) layout = Math.imul(layout ^ text.charCodeAt(i), 16777619)
    layout = Math.imul(layout ^ 124, 16777619)
  }
  // What moved since the last look: kept in the page, described here, so only a number travels.
  const last = window.__settleLook
  window.__settleLook = { boxes, elements }
  let moved = null
  if (last && last.boxes.join("|") !== boxes.join("|")) {
    const describe = (element) => {
      const words = (element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 30)
      return `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}${words ? ` '${words}'` : ""}`
    }
    const box = (text) =>
      (text ?? "")
        .split(",")
        .map((value) => Number(value) / 10)
        .join(", ")
    const index = boxes.findIndex((one, i) => one !== last.boxes[i])
    moved =
      index === 0
        ? `${last.boxes[0]} became ${boxes[0]}`
        : index < 0 || last.elements[index] !== elements[index]
          ? `its elements changed (${last.elements.length} to ${elements.length})`
          : `${describe(elements[index])} moved from (${box(last.boxes[index])}) to (${box(boxes[index])})`
  }
  return { waiting, layout: layout >>> 0, moved }
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Waits until a page has settled. `evaluate(fn, arg)` runs a function in the page; `requests`
 * counts the page's requests: `open()` lists those not answered yet, `seen()` counts every request
 * begun or ended so far. Throws, naming `what` and what it waited for, when the page has not
 * settled within `limitMs`.
 */
async function settle(
  evaluate,
  requests,
  { what, hydrated = HYDRATED, looks = SETTLE_LOOKS, limitMs = SETTLE_LIMIT_MS },
) {
  const deadline = Date.now() + limitMs
  let still = 0
  let layout = null
  let seen = -1
  let reason = "it was not looked at"
  for (;;) {
    const look = await evaluate(lookAtThePage, hydrated)
    const open = requests.open()
    const same = look.layout === layout && requests.seen() === seen
    still = look.waiting.length === 0 && open.length === 0 && same ? still + 1 : 0
    if (still >= looks) return
    if (look.waiting.length) reason = look.waiting.join("; ")
    else if (open.length) reason = `requests still open: ${open.join(", ")}`
    else if (look.moved) reason = `it kept moving: ${look.moved}`
    else if (!same && layout !== null) reason = "a request began or ended"
    layout = look.layout
    seen = requests.seen()
    if (Date.now() >= deadline) throw new Error(`${what} did not settle within ${limitMs / 1000} s: ${reason}`)
    await pause(FRAME_MS)
  }
}

module.exports = { HYDRATED, hydratedMarker, SETTLE_LOOKS, SETTLE_LIMIT_MS, lookAtThePage, settle }
