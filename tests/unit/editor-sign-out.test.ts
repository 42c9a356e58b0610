import fs from "fs"
import path from "path"
import { DECAP_USER_KEY } from "../../src/components/admin/editor-session"

/**
 * Log Out in the editor ends the session on the site: static/admin/editor.js sends the token Decap
 * held to the sign-out endpoint when Decap's logout removes its user from localStorage (what
 * decap-cms-core's LocalStorageAuthStore.logout does), run here in jsdom as the page runs it.
 */
const SCRIPT = fs.readFileSync(path.resolve(__dirname, "../../static/admin/editor.js"), "utf8")

describe("Log Out in the editor", () => {
  const original = Storage.prototype.removeItem
  let sent: { url: string; init?: RequestInit }[] = []

  beforeAll(() => {
    global.fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      sent.push({ url: String(url), init })
      return new Response(null, { status: 204 })
    }) as typeof fetch
    // The page's script, as the browser runs it before Decap's bundle.
    new Function(SCRIPT)()
  })
  afterAll(() => {
    Storage.prototype.removeItem = original
  })
  beforeEach(() => {
    sent = []
    window.localStorage.clear()
    window.sessionStorage.clear()
  })

  it("sends the token Decap held to POST /api/auth/sign-out as Decap forgets its user, and the user is forgotten", () => {
    window.localStorage.setItem(DECAP_USER_KEY, JSON.stringify({ token: "the-access-token", email: "pat@example.com" }))
    window.localStorage.removeItem(DECAP_USER_KEY)
    expect(window.localStorage.getItem(DECAP_USER_KEY)).toBeNull()
    expect(sent).toEqual([
      {
        url: "/api/auth/sign-out",
        init: expect.objectContaining({
          method: "POST",
          headers: { Authorization: "Bearer the-access-token" },
          keepalive: true,
        }),
      },
    ])
  })

  it("sends nothing when another key goes, or there was no signed-in user, and still removes it", () => {
    window.localStorage.setItem("backup", "{}")
    window.sessionStorage.setItem(DECAP_USER_KEY, JSON.stringify({ token: "t" }))
    window.localStorage.removeItem("backup")
    window.sessionStorage.removeItem(DECAP_USER_KEY)
    window.localStorage.removeItem(DECAP_USER_KEY)
    window.localStorage.setItem(DECAP_USER_KEY, "not JSON")
    window.localStorage.removeItem(DECAP_USER_KEY)
    expect(sent).toEqual([])
    expect([window.localStorage.length, window.sessionStorage.length]).toEqual([0, 0])
  })
})
