import { builtRoutes, page } from "./built-site"
import { CALL_PLACEMENTS, type CallPlacement } from "../../src/lib/call-tap"
import { CALL_PLACEMENT_ATTRIBUTE, TEL_LINK_SELECTOR } from "../../src/lib/call-beacon"
import { expectEvery } from "../offenders"

/**
 * The tap count names the button a tap came from: every telephone
 * link of every built page carries its placement from the closed list
 * (src/lib/call-tap.ts), and the placement says where the link is.
 */
const routes = builtRoutes()

interface Call {
  text: string
  placement: string | undefined
  landmark: string
}

function callsOf(route: string): Call[] {
  const $ = page(route)
  return $(TEL_LINK_SELECTOR)
    .map((_, link) => {
      const $link = $(link)
      const landmark = $link.closest("header").length ? "header" : $link.closest("footer").length ? "footer" : "main"
      return {
        text: $link.text().replace(/\s+/g, " ").trim(),
        placement: $link.attr(CALL_PLACEMENT_ATTRIBUTE),
        landmark: $link.closest("main").length ? "main" : landmark,
      }
    })
    .get()
}

/** Where a link of each placement sits: the header's and the footer's in theirs, every other in the page's main. */
const LANDMARK: Record<CallPlacement, string> = {
  header: "header",
  hero: "main",
  section: "main",
  prompt: "main",
  contact: "main",
  footer: "footer",
}

describe("call placements", () => {
  it("every tel: link of every page names its placement from the closed list", () => {
    expectEvery(routes, "pages have a tel: link without a known placement", (route) => {
      const calls = callsOf(route)
      if (calls.length === 0) return "has no tel: link"
      return calls
        .filter((call) => !(CALL_PLACEMENTS as readonly string[]).includes(call.placement ?? ""))
        .map((call) => `"${call.text}" has ${CALL_PLACEMENT_ATTRIBUTE}=${JSON.stringify(call.placement ?? null)}`)
    })
  })

  it("every tel: link's placement says where it is: header and footer in theirs, the others in the page's main", () => {
    expectEvery(routes, "pages have a tel: link whose placement is not where it sits", (route) =>
      callsOf(route)
        .filter((call) => (CALL_PLACEMENTS as readonly string[]).includes(call.placement ?? ""))
        .filter((call) => LANDMARK[call.placement as CallPlacement] !== call.landmark)
        .map((call) => `"${call.text}" (${call.placement}) is in the ${call.landmark}`),
    )
  })
})
