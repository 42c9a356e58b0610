/**
 * @jest-environment node
 */
import callTap, { config, SWITCH_ENV } from "../../netlify/functions/call-tap.mts"
import { CALL_TAP_ENDPOINT } from "../../src/lib/call-tap"
import { CALL_TAPS_STORE, MAX_TAP_BYTES, parseTapKey, tapDay } from "../../internal/call-taps"
import { CALL_TAPS_SITE_ENV } from "../../internal/call-taps-file"
import { keysOf, localBlobs } from "../blobs-server"
import { NOT_POST, GOOD_TAP, badTapBodies, foreignOrigins, paddedTap } from "../call-tap-cases"
import { expectEvery } from "../offenders"
import { quietConsole } from "../stand-in-server"

const blobs = localBlobs()
quietConsole()
const taps = () => blobs.store(CALL_TAPS_STORE)

const SITE = "https://northshore.example"
const ENDPOINT = `${SITE}${CALL_TAP_ENDPOINT}`

/** A tap as a browser's sendBeacon sends it: POST, text/plain, the page's own Origin. */
const beacon = (body: BodyInit | null = GOOD_TAP, headers: Record<string, string> = {}, url = ENDPOINT) =>
  new Request(url, {
    method: "POST",
    body,
    headers: { "Content-Type": "text/plain;charset=UTF-8", Origin: SITE, ...headers },
  })

beforeEach(() => blobs.empty(CALL_TAPS_STORE))
afterEach(() => {
  for (const name of [SWITCH_ENV, "URL", "SITE_URL", "DEPLOY_PRIME_URL", "DEPLOY_URL"]) delete process.env[name]
})

describe("a tap on the phone number", () => {
  it("is answered 204 and stored once: its day in Chicago, its placement and its page, nothing else", async () => {
    const before = tapDay(Date.now())
    const response = await callTap(beacon())
    expect(response.status).toBe(204)
    expect(await response.text()).toBe("")
    const keys = await keysOf(taps())
    expect(keys).toHaveLength(1)
    const [key] = keys
    expect([before, tapDay(Date.now())]).toContain(parseTapKey(key)?.day)
    expect(parseTapKey(key)).toEqual({ day: expect.any(String), placement: "header", path: "/coupons/" })
    // The key is the whole record: the blob holds nothing, and has no metadata.
    expect(await taps().get(key)).toBe("")
    expect((await taps().getMetadata(key))?.metadata).toEqual({})
  })

  it("keeps every one of 200 taps sent at once", async () => {
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        callTap(beacon(JSON.stringify({ path: "/", placement: index % 2 ? "hero" : "footer" }))),
      ),
    )
    expect(responses.map(({ status }) => status).filter((status) => status !== 204)).toEqual([])
    const keys = await keysOf(taps())
    expect(keys).toHaveLength(200)
    expect(keys.filter((key) => parseTapKey(key)?.placement === "hero")).toHaveLength(100)
  })

  it("is counted from a deploy preview's own address, and from the site's address Netlify gives (URL)", async () => {
    const preview = "https://deploy-preview-12--northshore.netlify.app"
    expect((await callTap(beacon(GOOD_TAP, { Origin: preview }, `${preview}${CALL_TAP_ENDPOINT}`))).status).toBe(204)
    process.env.URL = "https://www.northshore.example"
    const behindProxy = "https://northshore.netlify.app/api/call-tap"
    expect((await callTap(beacon(GOOD_TAP, { Origin: process.env.URL }, behindProxy))).status).toBe(204)
    expect(await keysOf(taps())).toHaveLength(2)
  })

  it("takes the body of a tap sent as JSON, or a chunked one without Content-Length", async () => {
    expect((await callTap(beacon(GOOD_TAP, { "Content-Type": "application/json" }))).status).toBe(204)
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(GOOD_TAP.slice(0, 10)))
        controller.enqueue(new TextEncoder().encode(GOOD_TAP.slice(10)))
        controller.close()
      },
    })
    const request = new Request(ENDPOINT, {
      method: "POST",
      body: chunked,
      headers: { Origin: SITE },
      duplex: "half",
    } as RequestInit)
    expect((await callTap(request)).status).toBe(204)
    expect(await keysOf(taps())).toHaveLength(2)
  })
})

/** A stream of the bytes of `text` that says no length: the function must count what it reads. */
const streamOf = (text: string) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      const bytes = new TextEncoder().encode(text)
      for (let start = 0; start < bytes.length; start += 256) controller.enqueue(bytes.slice(start, start + 256))
      controller.close()
    },
  })

const BAD: Array<[string, () => Request]> = [
  ...badTapBodies(SITE).map(([name, body]): [string, () => Request] => [name, () => beacon(body)]),
  ["a Content-Length over 1 KB", () => beacon(GOOD_TAP, { "Content-Length": String(MAX_TAP_BYTES + 1) })],
  ["a Content-Length that is not a number", () => beacon(GOOD_TAP, { "Content-Length": "ten" })],
  [
    "a body over 1 KB that says no length",
    () =>
      new Request(ENDPOINT, {
        method: "POST",
        body: streamOf(paddedTap(4 * MAX_TAP_BYTES)),
        headers: { Origin: SITE },
        duplex: "half",
      } as RequestInit),
  ],
  ...foreignOrigins(SITE).map(([name, origin]): [string, () => Request] => [
    name,
    () => beacon(GOOD_TAP, { Origin: origin }),
  ]),
  ["no Origin", () => new Request(ENDPOINT, { method: "POST", body: GOOD_TAP })],
]

describe("a request that is not a tap", () => {
  it("is refused with a 400 and stores nothing, for each kind of bad input", async () => {
    // Each request in turn, the store listed after each: expectEvery then names every one that failed.
    const results = []
    for (const [name, request] of BAD) {
      const status = (await callTap(request())).status
      const stored = (await keysOf(taps())).length
      results.push({ name, status, stored })
      await blobs.empty(CALL_TAPS_STORE)
    }
    expectEvery(
      results,
      "bad requests answered other than 400, or stored",
      ({ status, stored }) =>
        [status !== 400 && `answered ${status}`, stored > 0 && `stored ${stored}`].filter(
          (problem): problem is string => Boolean(problem),
        ),
      ({ name }) => name,
    )
  })

  it("with a method other than POST is answered 405, saying POST, and stores nothing", async () => {
    const results = []
    for (const method of NOT_POST) {
      const withBody = method !== "GET" && method !== "HEAD"
      const response = await callTap(
        new Request(ENDPOINT, { method, headers: { Origin: SITE }, body: withBody ? GOOD_TAP : null }),
      )
      results.push({ method, status: response.status, allow: response.headers.get("Allow") })
    }
    expectEvery(
      results,
      "methods not refused with 405 and Allow: POST",
      ({ status, allow }) => (status === 405 && allow === "POST" ? undefined : `answered ${status}, Allow ${allow}`),
      ({ method }) => method,
    )
    expect(await keysOf(taps())).toEqual([])
  })

  it("is refused with a 500 and stores nothing when the build's list of pages cannot be found", async () => {
    const saved = process.env[CALL_TAPS_SITE_ENV]
    process.env[CALL_TAPS_SITE_ENV] = "/nonexistent/call-taps/site.json"
    try {
      expect((await callTap(beacon())).status).toBe(500)
    } finally {
      process.env[CALL_TAPS_SITE_ENV] = saved
    }
    expect(await keysOf(taps())).toEqual([])
  })
})

describe("switching the counting off", () => {
  it(`with ${SWITCH_ENV}=off answers every tap 204 and stores nothing`, async () => {
    process.env[SWITCH_ENV] = "off"
    const response = await callTap(beacon())
    expect(response.status).toBe(204)
    expect(await keysOf(taps())).toEqual([])
    delete process.env[SWITCH_ENV]
    expect((await callTap(beacon())).status).toBe(204)
    expect(await keysOf(taps())).toHaveLength(1)
  })
})

describe("the function's Netlify config", () => {
  it("serves the beacon's endpoint, for POST only, with a per-client rate limit", () => {
    expect(config.path).toBe(CALL_TAP_ENDPOINT)
    expect(config.method).toBe("POST")
    expect(config.rateLimit).toEqual({ windowLimit: expect.any(Number), windowSize: 60, aggregateBy: ["ip", "domain"] })
    expect(config.rateLimit?.windowLimit).toBeGreaterThanOrEqual(5)
    expect(config.rateLimit?.windowLimit).toBeLessThanOrEqual(60)
  })

  // That Netlify reaches the function at this path (its parser reads `config` from the source without running
  // it), for POST only: tests/build/netlify-emulation.test.ts, through Netlify's own emulation.
})
