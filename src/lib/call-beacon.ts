import { CALL_TAP_ENDPOINT, isCallPlacement, type CallPlacement } from "./call-tap"

/**
 * The browser's half of the tap count: a tap on a `tel:` link sends
 * one small beacon to our own origin with the page's path and the button's
 * placement, nothing else. The link dials as it always did: nothing here
 * prevents, delays or waits for anything, and a failure is swallowed. Without
 * JavaScript nothing is sent and the link still dials.
 */

/** The attribute every `tel:` link carries: where on the page it sits (CallButton, the footer's link). */
export const CALL_PLACEMENT_ATTRIBUTE = "data-call-placement"

/** Every telephone link of a page. */
export const TEL_LINK_SELECTOR = 'a[href^="tel:"]'

export interface CallTap {
  path: string
  placement: CallPlacement
}

/** The placement a telephone link declares, or undefined when it has none from the closed list. */
export function placementOf(link: Element): CallPlacement | undefined {
  const placement = link.getAttribute(CALL_PLACEMENT_ATTRIBUTE)
  return isCallPlacement(placement) ? placement : undefined
}

/**
 * What a click on this element reports: the telephone link it is in, the page's
 * path and the link's placement; undefined for any other click, or a link
 * without a known placement.
 */
export function tapOf(target: EventTarget | null, location: Pick<Location, "pathname">): CallTap | undefined {
  if (!(target instanceof Element)) return undefined
  const link = target.closest(TEL_LINK_SELECTOR)
  if (!link) return undefined
  const placement = placementOf(link)
  return placement ? { path: location.pathname, placement } : undefined
}

/** The beacon's body: `{"path":"/coupons/","placement":"header"}` (sent as text/plain). */
export const tapBody = (tap: CallTap): string => JSON.stringify({ path: tap.path, placement: tap.placement })

type Send = Pick<Navigator, "sendBeacon">

/**
 * Sends the body to the endpoint and returns at once: sendBeacon where the
 * browser has it and queues the body, else fetch with keepalive (which outlives
 * the page as the dialler takes over). Never throws.
 */
export function sendTap(body: string, navigator: Partial<Send> = window.navigator, post = window.fetch): void {
  try {
    if (typeof navigator.sendBeacon === "function" && navigator.sendBeacon(CALL_TAP_ENDPOINT, body)) return
    void post(CALL_TAP_ENDPOINT, { method: "POST", body, keepalive: true }).catch(() => undefined)
  } catch {
    // Counting never stands in the way of the call.
  }
}

/** The one click listener of the page: counts a tap on a telephone link, never touches the click itself. */
export function countCallTap(event: Event): void {
  try {
    const tap = tapOf(event.target, window.location)
    if (tap) sendTap(tapBody(tap))
  } catch {
    // Counting never stands in the way of the call.
  }
}

let listening = false

/** Listens for taps on telephone links, once per page load (delegated: links rendered later count too). */
export function listenForCallTaps(target: Pick<Document, "addEventListener"> = document): void {
  if (listening) return
  listening = true
  // Capture, passive: heard whatever a handler below does with the click, and the click is never held up.
  target.addEventListener("click", countCallTap, { capture: true, passive: true })
}
