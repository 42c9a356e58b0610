import http from "node:http"
import type { AddressInfo } from "node:net"

/**
 * A local HTTP server standing in for a host a Netlify function calls (its build hook, IndexNow, a
 * deploy), on a free loopback port: started before the test file's tests, closed after them.
 * `origin()` is its address once started.
 */
export function standInServer(handler: http.RequestListener): { origin: () => string } {
  const server = http.createServer(handler)
  let origin = ""
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })
  return { origin: () => origin }
}

/** Keeps each test's console.log and console.error (a function's log) from the output, and gives them to read. */
export function quietConsole(): { spies: () => jest.SpyInstance[] } {
  let spies: jest.SpyInstance[] = []
  beforeEach(() => {
    spies = [jest.spyOn(console, "log").mockImplementation(), jest.spyOn(console, "error").mockImplementation()]
  })
  afterEach(() => spies.forEach((spy) => spy.mockRestore()))
  return { spies: () => spies }
}
