import { CALL_PLACEMENTS, CALL_TAP_ENDPOINT } from "../../src/lib/call-tap"
import { countCallTap, placementOf, sendTap, tapBody, tapOf } from "../../src/lib/call-beacon"

/** A telephone link as CallButton renders it: the number inside spans, the placement on the link. */
function callLink(placement: string | null, href = "tel:+18475550142"): { link: HTMLAnchorElement; inner: Element } {
  document.body.innerHTML = ""
  const link = document.createElement("a")
  link.href = href
  if (placement !== null) link.setAttribute("data-call-placement", placement)
  link.innerHTML = "<span>Call <span>(847) 555-0142</span></span>"
  document.body.append(link)
  return { link, inner: link.querySelector("span span") as Element }
}

describe("the tap beacon's payload", () => {
  it.each(CALL_PLACEMENTS)("a tap inside a %s link reports the page's path and that placement", (placement) => {
    const { inner } = callLink(placement)
    const tap = tapOf(inner, { pathname: "/coupons/" })
    expect(tap).toEqual({ path: "/coupons/", placement })
    expect(tap && tapBody(tap)).toBe(`{"path":"/coupons/","placement":"${placement}"}`)
  })

  it("carries the path and the placement and nothing else", () => {
    const { link } = callLink("footer")
    const tap = tapOf(link, { pathname: "/service-area/glencoe/" })
    expect(tap && Object.keys(JSON.parse(tapBody(tap)))).toEqual(["path", "placement"])
  })

  it("reports nothing for a link outside the closed list, without one, or a click elsewhere", () => {
    expect(placementOf(callLink("sidebar").link)).toBeUndefined()
    expect(tapOf(callLink(null).link, { pathname: "/" })).toBeUndefined()
    expect(tapOf(callLink("header", "/coupons/").link, { pathname: "/" })).toBeUndefined()
    expect(tapOf(document.body, { pathname: "/" })).toBeUndefined()
    expect(tapOf(null, { pathname: "/" })).toBeUndefined()
  })
})

describe("sending a tap", () => {
  const body = '{"path":"/","placement":"hero"}'

  it("uses sendBeacon to our own endpoint when the browser queues it", () => {
    const sendBeacon = jest.fn(() => true)
    const post = jest.fn()
    sendTap(body, { sendBeacon }, post)
    expect(sendBeacon).toHaveBeenCalledWith(CALL_TAP_ENDPOINT, body)
    expect(post).not.toHaveBeenCalled()
  })

  it.each([
    ["sendBeacon is missing", {}],
    ["sendBeacon refuses the body", { sendBeacon: () => false }],
  ])("falls back to a keepalive POST when %s", (_, navigator) => {
    const post = jest.fn(() => Promise.resolve(new Response(null, { status: 204 })))
    sendTap(body, navigator, post)
    expect(post).toHaveBeenCalledWith(CALL_TAP_ENDPOINT, { method: "POST", body, keepalive: true })
  })

  it("never throws, whether sending throws or the POST fails", async () => {
    const throwing = () => {
      throw new Error("blocked")
    }
    expect(() => sendTap(body, { sendBeacon: throwing }, throwing)).not.toThrow()
    const rejected = jest.fn(() => Promise.reject(new TypeError("offline")))
    expect(() => sendTap(body, {}, rejected)).not.toThrow()
    await Promise.resolve()
  })
})

describe("the click listener", () => {
  it("sends one beacon per tap and never prevents the click: the link still dials", () => {
    const { inner } = callLink("header")
    const sendBeacon = jest.fn(() => true)
    Object.defineProperty(window.navigator, "sendBeacon", { value: sendBeacon, configurable: true })
    const seen: boolean[] = []
    // Last to hear the click: whether it was prevented, then stop jsdom following tel: (it has no dialler).
    const last = (event: Event) => {
      seen.push(event.defaultPrevented)
      event.preventDefault()
    }
    document.addEventListener("click", countCallTap, { capture: true })
    window.addEventListener("click", last)
    try {
      inner.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }))
    } finally {
      document.removeEventListener("click", countCallTap, { capture: true })
      window.removeEventListener("click", last)
    }
    expect(sendBeacon.mock.calls).toEqual([[CALL_TAP_ENDPOINT, '{"path":"/","placement":"header"}']])
    expect(seen).toEqual([false])
  })
})
