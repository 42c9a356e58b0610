/**
 * @jest-environment node
 */
import dailyRebuild, { config, HOOK_ENV } from "../../netlify/functions/daily-rebuild.mts"
import { freePort } from "../../scripts/browser.cjs"
import { quietConsole, standInServer } from "../stand-in-server"

/** A local stand-in for Netlify's build hook: records each request, answers `status`. */
const HOOK_PATH = "/build_hooks/0123456789abcdef"
let status = 200
let received: Array<{ method?: string; url?: string }> = []
const hook = standInServer((req, res) => {
  received.push({ method: req.method, url: req.url })
  req.resume()
  res.writeHead(status).end()
})
quietConsole()

beforeEach(() => {
  status = 200
  received = []
  process.env[HOOK_ENV] = `${hook.origin()}${HOOK_PATH}`
})
afterEach(() => {
  delete process.env[HOOK_ENV]
})

const run = () => dailyRebuild(new Request("http://localhost/.netlify/functions/daily-rebuild", { method: "POST" }))

describe("daily rebuild function", () => {
  it("POSTs once to the build hook and answers OK", async () => {
    const response = await run()
    expect(response.ok).toBe(true)
    expect(received).toEqual([{ method: "POST", url: HOOK_PATH }])
  })

  it("reads the hook from Netlify.env when the Netlify global exists", async () => {
    delete process.env[HOOK_ENV]
    const get = jest.fn((name: string) => (name === HOOK_ENV ? `${hook.origin()}${HOOK_PATH}` : undefined))
    Object.assign(globalThis, { Netlify: { env: { get } } })
    try {
      expect((await run()).ok).toBe(true)
    } finally {
      delete (globalThis as { Netlify?: unknown }).Netlify
    }
    expect(get).toHaveBeenCalledWith(HOOK_ENV)
    expect(received).toHaveLength(1)
  })

  it("without the variable, calls nothing, says why and answers an error", async () => {
    delete process.env[HOOK_ENV]
    const response = await run()
    expect(response.status).toBeGreaterThanOrEqual(500)
    expect(received).toHaveLength(0)
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining(HOOK_ENV))
  })

  it.each([404, 500])("reports a hook answering %i", async (code) => {
    status = code
    const response = await run()
    expect(response.ok).toBe(false)
    expect(received).toHaveLength(1)
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining(String(code)))
  })

  it("reports a hook that cannot be reached", async () => {
    // A port nothing listens on.
    const port = await freePort()
    process.env[HOOK_ENV] = `http://127.0.0.1:${port}${HOOK_PATH}`
    expect((await run()).ok).toBe(false)
  })
})

describe("daily rebuild schedule", () => {
  // Netlify reads the cron in UTC; the site's day is Chicago's.
  const [minute, hour, ...rest] = config.schedule!.trim().split(/\s+/)
  const chicagoTime = new Intl.DateTimeFormat("en-US", {
    timeZone: "America/Chicago",
    hour: "numeric",
    minute: "numeric",
    hourCycle: "h23",
  })

  it("runs once a day at one fixed time", () => {
    expect(rest).toEqual(["*", "*", "*"])
    expect(minute).toMatch(/^\d{1,2}$/)
    expect(hour).toMatch(/^\d{1,2}$/)
  })

  it.each([
    ["winter (CST)", 0],
    ["summer (CDT)", 6],
  ])("runs between 00:00 and 02:00 in Chicago in %s", (_season, month) => {
    const run = new Date(Date.UTC(2026, month, 15, Number(hour), Number(minute)))
    const parts = Object.fromEntries(chicagoTime.formatToParts(run).map((part) => [part.type, part.value]))
    const localMinutes = Number(parts.hour) * 60 + Number(parts.minute)
    expect(localMinutes).toBeGreaterThanOrEqual(0)
    expect(localMinutes).toBeLessThan(120)
  })
})
