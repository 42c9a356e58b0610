import fs from "fs"
import path from "path"
import zlib from "zlib"
import { PUBLIC_DIR, builtRoutes, page } from "./built-site"
import { expectEvery } from "../offenders"
import { headersForPath, loadHeaderRules } from "../../scripts/netlify-headers.mjs"
import { FIRST_ROUND_TRIP, HTML_BUDGET } from "../../scripts/first-round-trip.mjs"

/**
 * The home page as a new connection receives it, as the test server sends it
 * (scripts/serve-public.mjs, which the size budget measures in a browser): the
 * status line and headers (Netlify's rules for / and the server's own), and
 * the HTML gzip. Run on the site's build and on the edited copy's, whose owner
 * has added a closure (its notice and its structured data) and a town: the
 * week the page is largest.
 */
async function homeAsSent(): Promise<{ headerBytes: number; bodyBytes: number }> {
  const html = fs.readFileSync(path.join(PUBLIC_DIR, "index.html"))
  const bodyBytes = zlib.gzipSync(html, { level: 9 }).length
  const headers = {
    "content-type": "text/html; charset=utf-8",
    ...headersForPath(await loadHeaderRules(path.resolve(PUBLIC_DIR, "..")), "/"),
    vary: "Accept-Encoding",
    "content-encoding": "gzip",
    "content-length": String(bodyBytes),
    date: new Date().toUTCString(),
    connection: "keep-alive",
    "keep-alive": "timeout=5",
  }
  const head = ["HTTP/1.1 200 OK", ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)]
  return { headerBytes: Buffer.byteLength(`${head.join("\r\n")}\r\n\r\n`), bodyBytes }
}

describe("the home page's first round trip", () => {
  it("its HTML, gzip, with its headers leaves 1 KB of a new connection's first round trip free", async () => {
    const { headerBytes, bodyBytes } = await homeAsSent()
    const total = headerBytes + bodyBytes
    console.log(
      `/: ${bodyBytes} bytes of HTML gzip + ${headerBytes} of headers = ${total} of the first round trip's ${FIRST_ROUND_TRIP} (budget ${HTML_BUDGET})`,
    )
    expect(total).toBeLessThanOrEqual(HTML_BUDGET)
  })
})

/** The template a built page was made from, as its page data names it ("component---src-pages-index-tsx"). */
function templateOf(route: string): string {
  const file = path.join(PUBLIC_DIR, "page-data", route === "/" ? "index" : route.slice(1, -1), "page-data.json")
  return (JSON.parse(fs.readFileSync(file, "utf8")) as { componentChunkName: string }).componentChunkName
}

describe("the styles each page inlines", () => {
  it("are the app's, then its own template's: no page carries another template's rules", () => {
    expectEvery(builtRoutes(), "pages inline other styles, or the app's after their template's", (route) => {
      const inlined = page(route)("head style[data-href]")
        .map((_, style) => page(route)(style).attr("data-href") ?? "")
        .get()
      const expected = [/^\/app\.[0-9a-f]+\.css$/, new RegExp(`^/${templateOf(route)}\\.[0-9a-f]+\\.css$`)]
      const wrong = inlined.length !== 2 || inlined.some((href, index) => !expected[index].test(href))
      return wrong ? `inlines ${inlined.join(", ") || "nothing"}` : undefined
    })
  })
})
