/**
 * @jest-environment node
 */
import * as React from "react"
import { PassThrough } from "stream"
import { renderToPipeableStream, renderToString } from "react-dom/server"
import { hasReplacementCharacter, withoutNulBytes } from "../../internal/clean-html"

const VIEW_SIZE = 2048 // React's server write buffer

/** What Gatsby's static renderer does: stream the page and collect the bytes. */
function renderToBytes(element: React.ReactElement): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    const sink = new PassThrough()
    sink.on("data", (chunk: Buffer) => chunks.push(chunk))
    sink.on("end", () => resolve(Buffer.concat(chunks)))
    const { pipe } = renderToPipeableStream(element, {
      onAllReady: () => pipe(sink),
      onError: reject,
    })
  })
}

/**
 * A page of short text chunks, as React writes a footer or a list, with one
 * item "Monday–Friday" ("–" is 3 bytes in UTF-8). `pad` shifts the dash.
 */
const pageWithPad = (pad: number): React.ReactElement => (
  <ul>
    {Array.from({ length: 110 }, (_, i) => (
      <li key={i}>{`item ${i}`}</li>
    ))}
    <li>{"p".repeat(pad)}</li>
    <li>Monday–Friday 8am–6pm</li>
  </ul>
)

/** The page whose first "–" starts at byte `offset` of its HTML. */
function pageWithDashAt(offset: number): { element: React.ReactElement; html: string } {
  for (let pad = 1; pad < 600; pad += 1) {
    const element = pageWithPad(pad)
    const html = renderToString(element)
    if (Buffer.from(html).indexOf(Buffer.from("–")) === offset) return { element, html }
  }
  throw new Error(`no padding puts the dash at byte ${offset}`)
}

describe("HTML written by the streaming renderer", () => {
  it.each([VIEW_SIZE - 1, VIEW_SIZE - 2])(
    "keeps a multi-byte character that straddles the 2 KB edge (dash from byte %i), with no NUL",
    async (dashAt) => {
      const { element, html: expected } = pageWithDashAt(dashAt)
      expect(dashAt + 3).toBeGreaterThan(VIEW_SIZE) // the character crosses the edge

      const raw = await renderToBytes(element)
      // React 18.3 slips NUL bytes in right here (react#31134). When an upgrade stops
      // doing so, this line fails: drop it and the clean-up in post-build together.
      expect(raw.includes(0)).toBe(true)
      const clean = withoutNulBytes(raw)
      expect(clean.includes(0)).toBe(false)
      expect(hasReplacementCharacter(clean)).toBe(false)
      expect(clean.toString("utf8")).toBe(expected)
    },
  )

  it("leaves HTML without NUL bytes as it is", () => {
    const html = Buffer.from("<p>Monday–Friday</p>")
    expect(withoutNulBytes(html)).toBe(html)
  })

  it("spots a replacement character", () => {
    expect(hasReplacementCharacter(Buffer.from("<p>Monday\uFFFDFriday</p>"))).toBe(true)
    expect(hasReplacementCharacter(Buffer.from("<p>Monday–Friday</p>"))).toBe(false)
  })
})
