import { MAX_TAP_BYTES } from "../internal/call-taps"

/** A good tap's body, as the page's beacon sends it: a page the site built and a known placement. */
export const GOOD_TAP = JSON.stringify({ path: "/coupons/", placement: "header" })

/** A body of `size` bytes that is otherwise a good tap: the path padded with spaces JSON ignores. */
export const paddedTap = (size: number): string => {
  return GOOD_TAP.slice(0, -1) + " ".repeat(size - GOOD_TAP.length) + "}"
}

/**
 * Bodies the call-tap function refuses with a 400, storing nothing: what any client can send, so
 * the same cases run on the handler (tests/unit/call-tap-function.test.ts) and through Netlify's
 * emulation (tests/build/netlify-emulation.test.ts). `site` is the site's own origin.
 */
export const badTapBodies = (site: string): Array<[string, BodyInit | null]> => [
  ["not JSON", "path=/coupons/&placement=header"],
  ["JSON but not an object", JSON.stringify(["/coupons/", "header"])],
  ["null", "null"],
  ["an empty body", ""],
  ["no body at all", null],
  ["an extra field", JSON.stringify({ path: "/coupons/", placement: "header", visitor: "abc" })],
  ["no placement", JSON.stringify({ path: "/coupons/" })],
  ["no path", JSON.stringify({ placement: "header" })],
  ["an unknown placement", JSON.stringify({ path: "/coupons/", placement: "sidebar" })],
  ["a placement of another type", JSON.stringify({ path: "/coupons/", placement: 1 })],
  ["a page the site did not build", JSON.stringify({ path: "/nowhere/", placement: "header" })],
  ["a page without its trailing slash", JSON.stringify({ path: "/coupons", placement: "header" })],
  ["a full address for a path", JSON.stringify({ path: `${site}/coupons/`, placement: "header" })],
  ["a path with a query", JSON.stringify({ path: "/coupons/?a=1", placement: "header" })],
  ["a body over 1 KB", paddedTap(MAX_TAP_BYTES + 1)],
  ["bytes that are not UTF-8", new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])],
]

/** Origins that are not the site's own (`site`: its origin), each refused with a 400. */
export const foreignOrigins = (site: string): Array<[string, string]> => {
  const url = new URL(site)
  const otherScheme = url.protocol === "https:" ? "http:" : "https:"
  return [
    ["another site's Origin", "https://elsewhere.example"],
    ["another scheme of the site's Origin", `${otherScheme}//${url.host}`],
    ["another port of the site's Origin", `${url.protocol}//${url.hostname}:${Number(url.port || 443) + 1}`],
    ["a subdomain of the site as Origin", `${url.protocol}//evil.${url.host}`],
    ["Origin null (a sandboxed frame, a file)", "null"],
  ]
}

/** The methods other than POST, each answered 405 with Allow: POST. */
export const NOT_POST = ["GET", "HEAD", "PUT", "DELETE", "OPTIONS", "PATCH"]
