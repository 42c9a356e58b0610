/**
 * @jest-environment node
 */
import { readCapped, readCappedText } from "../../internal/capped-body"
import { readJson } from "../../internal/auth/http"
import callTap from "../../netlify/functions/call-tap.mts"
import oauthToken from "../../netlify/functions/oauth-token.mts"
import { expectEvery } from "../offenders"
import { quietConsole } from "../stand-in-server"

quietConsole()

const encoder = new TextEncoder()

/**
 * A request whose body arrives in `chunks` of text, as a chunked upload does (no Content-Length of its
 * own), with the headers given: `pulled` counts the chunks the reader asked for.
 */
function streamed(
  chunks: readonly string[],
  headers: Record<string, string> = {},
  url = "https://northshore.example/api/x",
) {
  let pulled = 0
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled === chunks.length) return controller.close()
      controller.enqueue(encoder.encode(chunks[pulled]))
      pulled += 1
    },
  })
  const request = new Request(url, {
    method: "POST",
    body,
    headers,
    duplex: "half",
  } as RequestInit)
  return { request, pulled: () => pulled }
}

const KB = "x".repeat(1024)

describe("reading a body with a cap (internal/capped-body.ts)", () => {
  it("reads a body under the cap whole, with or without a Content-Length", async () => {
    const { request } = streamed(['{"a":', '"b"}'])
    expect(await readCappedText(request, 64)).toBe('{"a":"b"}')
    const declared = new Request("https://northshore.example/", { method: "POST", body: "héllo" })
    expect(await readCappedText(declared, 6)).toBe("héllo")
    expect(await readCapped(new Request("https://northshore.example/"), 10)).toEqual(new Uint8Array())
  })

  it("stops at the first chunk past the cap when no Content-Length says the size: the rest is never read", async () => {
    const { request, pulled } = streamed(Array.from({ length: 100 }, () => KB))
    expect(request.headers.get("Content-Length")).toBeNull()
    expect(await readCapped(request, 4 * 1024)).toBeUndefined()
    expect(pulled()).toBeLessThanOrEqual(6)
  })

  it("stops the same way when a Content-Length lies, saying less than the body holds", async () => {
    const { request, pulled } = streamed(
      Array.from({ length: 100 }, () => KB),
      { "Content-Length": "10" },
    )
    expect(await readCapped(request, 4 * 1024)).toBeUndefined()
    expect(pulled()).toBeLessThanOrEqual(6)
  })

  it("refuses a body whose Content-Length is over the cap before reading any of it", async () => {
    const { request, pulled } = streamed([KB], { "Content-Length": String(64 * 1024) })
    expect(await readCapped(request, 1024)).toBeUndefined()
    expect(pulled()).toBe(0)
  })

  it("counts bytes, not characters, and refuses text that is not UTF-8", async () => {
    expect(await readCappedText(streamed(["ééé"]).request, 5)).toBeUndefined()
    expect(await readCappedText(streamed(["ééé"]).request, 6)).toBe("ééé")
    const latin1 = new Request("https://northshore.example/", { method: "POST", body: new Uint8Array([0x68, 0xe9]) })
    expect(await readCappedText(latin1, 10)).toBeUndefined()
  })

  it("is how the sign-in endpoints read JSON: a lying or missing Content-Length gets no further than the cap", async () => {
    const over = [`{"name":"`, ...Array.from({ length: 100 }, () => KB), `"}`]
    const lying = streamed(over, { "Content-Length": "12" })
    expect(await readJson(lying.request, 8 * 1024)).toBeUndefined()
    expect(lying.pulled()).toBeLessThanOrEqual(10)
    const unsaid = streamed(over)
    expect(await readJson(unsaid.request, 8 * 1024)).toBeUndefined()
    expect(unsaid.pulled()).toBeLessThanOrEqual(10)
    expect(await readJson(streamed(['{"name":', '"Pat"}']).request)).toEqual({ name: "Pat" })
  })
})

describe("the functions that read a body", () => {
  const SITE = "https://northshore.example"
  const saved = { secret: process.env.AUTH_SECRET, url: process.env.URL }
  beforeAll(() => {
    process.env.AUTH_SECRET = "a-test-secret-of-at-least-32-characters"
    process.env.URL = SITE
  })
  afterAll(() => {
    for (const [name, value] of [
      ["AUTH_SECRET", saved.secret],
      ["URL", saved.url],
    ] as const) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
  })

  /** A megabyte, in chunks of a kilobyte, from the site's own origin: with no Content-Length, and with a false one. */
  const FUNCTIONS = [
    { name: "oauth-token", handler: oauthToken, path: "/api/oauth/token", type: "application/x-www-form-urlencoded" },
    { name: "call-tap", handler: callTap, path: "/api/call-tap", type: "text/plain;charset=UTF-8" },
  ].flatMap((one) => [
    { ...one, length: undefined },
    { ...one, length: "64" },
  ])

  it("refuse a megabyte without reading it, whatever its Content-Length says", async () => {
    const answers = await Promise.all(
      FUNCTIONS.map(async ({ name, handler, path, type, length }) => {
        const headers: Record<string, string> = { Origin: SITE, "Content-Type": type }
        if (length) headers["Content-Length"] = length
        const { request, pulled } = streamed(
          Array.from({ length: 1024 }, () => KB),
          headers,
          `${SITE}${path}`,
        )
        const response = await handler(request)
        return { name, length, status: response.status, pulled: pulled() }
      }),
    )
    expectEvery(
      answers,
      "functions that read a body past their cap",
      ({ status, pulled }) => (status === 400 && pulled <= 16 ? undefined : `answered ${status} after ${pulled} KB`),
      ({ name, length }) => `${name} (Content-Length ${length ?? "none"})`,
    )
  })
})
