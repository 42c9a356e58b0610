import { TextDecoder, TextEncoder } from "util"
import { webcrypto } from "crypto"
import fs from "fs"
import path from "path"
import { h, render } from "preact"
import { fireEvent, screen, waitFor, within } from "@testing-library/dom"
import userEvent from "@testing-library/user-event"
import { browserSupportsWebAuthn, startAuthentication } from "@simplewebauthn/browser"
import { liveFacts } from "../../internal/today/live-facts"
import { LIVE_FACTS_PATH } from "../../src/lib/live-facts"
import { shopToday } from "../../src/lib/today-actions"
import { TODAY_FILES } from "../../src/lib/today-edits"
import { TodayApp } from "../../src/today/today-app"
import { USER_KEY } from "../../src/today/sign-in"
import { expectNone } from "../offenders"

/**
 * The page for today signed out, and with a sign-in that ends mid-save (src/today/today-app.tsx,
 * sign-in-card.tsx): what the owner sees and presses, with the site's endpoints answered by a
 * stubbed fetch and the passkey dialog by a stub. The page is Preact: the test's and the page's
 * JSX use Preact's runtime (esbuild compiles the page's files with the automatic runtime).
 */

jest.mock("react/jsx-runtime", () => jest.requireActual("preact/jsx-runtime"))
jest.mock("@simplewebauthn/browser", () => ({
  browserSupportsWebAuthn: jest.fn(),
  startAuthentication: jest.fn(),
}))

// jsdom has neither Web Crypto's digest nor TextEncoder and TextDecoder: Node's, the same APIs the phone has.
Object.defineProperty(window, "crypto", { value: webcrypto, configurable: true })
Object.assign(globalThis, { TextEncoder, TextDecoder })

const ROOT = path.resolve(__dirname, "../..")
const FACTS = liveFacts(ROOT, new Date(), "head-commit", "main")
const NOTICE = fs.readFileSync(path.join(ROOT, TODAY_FILES.notice), "utf8")
const RESPONSE = { id: "cred", rawId: "cred", type: "public-key", response: {}, clientExtensionResults: {} }

/** A token of the site's form that has not ended (the page reads its `exp`; the gateway checks it). */
const tokenNamed = (name: string): string =>
  [
    btoa(JSON.stringify({ alg: "HS256" })),
    btoa(JSON.stringify({ sub: name, exp: Math.floor(Date.now() / 1000) + 3600 })),
    "c2ln",
  ].join(".")
const NEW_TOKEN = tokenNamed("signed-in-again")

interface Sent {
  method: string
  path: string
  authorization?: string
  body?: string
}

/**
 * The site: live.json, the sign-in's three endpoints (the code comes back with the request's own
 * state), and the gateway, which refuses every token but the one the sign-in gives.
 */
function stubSite(): Sent[] {
  const sent: Sent[] = []
  const json = (status: number, body: unknown) =>
    ({ ok: status < 300, status, json: async () => body, text: async () => JSON.stringify(body) }) as Response
  global.fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const where = new URL(String(url), window.location.origin)
    const headers = (init?.headers ?? {}) as Record<string, string>
    const body = typeof init?.body === "string" ? init.body : undefined
    const method = init?.method ?? "GET"
    sent.push({ method, path: where.pathname, authorization: headers.Authorization, body })
    if (where.pathname === LIVE_FACTS_PATH) return json(200, FACTS)
    if (where.pathname === "/api/auth/passkeys/sign-in-options")
      return json(200, { options: { challenge: "c2lnbg" }, challenge: "signed-challenge" })
    if (where.pathname === "/api/oauth/authorize") {
      const state = new URLSearchParams(JSON.parse(body ?? "{}").query).get("state") ?? ""
      return json(200, { redirect: `${window.location.origin}/admin/?${new URLSearchParams({ code: "c0de", state })}` })
    }
    if (where.pathname === "/api/oauth/token")
      return json(200, { access_token: NEW_TOKEN, email: "owner@example.com", name: "Pat Owner" })
    if (where.pathname.startsWith("/api/git/github/")) {
      if (headers.Authorization !== `Bearer ${NEW_TOKEN}`) return json(401, { message: "the sign-in has ended" })
      const call = where.pathname.slice("/api/git/github/".length)
      if (call.startsWith("git/refs/")) return json(200, { object: { sha: "head-commit" } })
      if (call.startsWith("git/commits/")) return json(200, { tree: { sha: "head-tree" } })
      if (call.startsWith("contents/")) return json(200, { content: btoa(NOTICE), encoding: "base64" })
      if (call === "git/blobs") return json(201, { sha: "new-blob" })
      if (call === "git/trees") return json(201, { sha: "new-tree" })
      if (call === "git/commits") return json(201, { sha: "new-commit" })
    }
    return json(404, { message: `not stubbed: ${method} ${where.pathname}` })
  }) as typeof fetch
  return sent
}

/** The page as the owner opens it. */
async function openPage() {
  const root = document.createElement("div")
  document.body.replaceChildren(root)
  render(h(TodayApp, null), root)
  await screen.findByRole("heading", { name: "What a visitor sees now" })
}

beforeEach(() => {
  localStorage.clear()
  ;(browserSupportsWebAuthn as jest.Mock).mockReturnValue(true)
  ;(startAuthentication as jest.Mock).mockReset().mockResolvedValue(RESPONSE)
})

afterEach(() => render(null, document.body.firstElementChild as HTMLElement))

describe("the page for today, signed out", () => {
  it("shows one Sign in button, no way round by the editor; pressing it signs in here with the passkey and offers the actions", async () => {
    const sent = stubSite()
    await openPage()

    const signIn = screen.getAllByRole("button", { name: "Sign in" })
    expect(signIn).toHaveLength(1)
    expect(screen.queryByRole("link", { name: /sign in/i })).toBeNull()
    expect(screen.queryByRole("button", { name: "Close a day or several" })).toBeNull()

    await userEvent.click(signIn[0])

    await screen.findByRole("button", { name: "Close a day or several" })
    expect(screen.queryByRole("button", { name: "Sign in" })).toBeNull()
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: { challenge: "c2lnbg" } })
    expect(sent.map(({ method, path: called }) => `${method} ${called}`)).toEqual([
      `GET ${LIVE_FACTS_PATH}`,
      "POST /api/auth/passkeys/sign-in-options",
      "POST /api/oauth/authorize",
      "POST /api/oauth/token",
    ])
    expect(JSON.parse(localStorage.getItem(USER_KEY) ?? "null")).toMatchObject({
      backendName: "git-gateway",
      token: NEW_TOKEN,
      email: "owner@example.com",
    })
    expect(window.location.pathname).toBe("/")
  })

  it("a cancelled passkey says so beside the button, which stays to try again", async () => {
    stubSite()
    const cancelled = Object.assign(new Error("The operation either timed out or was not allowed."), {
      name: "NotAllowedError",
    })
    ;(startAuthentication as jest.Mock).mockRejectedValue(cancelled)
    await openPage()
    await userEvent.click(screen.getByRole("button", { name: "Sign in" }))
    expect(await screen.findByText(/^No passkey was used: the request was cancelled/)).toHaveAttribute("role", "alert")
    expect(screen.getByRole("button", { name: "Sign in" })).toBeVisible()
  })

  it("an ended sign-in mid-save keeps what was typed, signs in again, then sends the change once, with the new token", async () => {
    const sent = stubSite()
    localStorage.setItem(USER_KEY, JSON.stringify({ backendName: "git-gateway", token: tokenNamed("ended") }))
    await openPage()
    await userEvent.click(screen.getByRole("button", { name: "A notice until a date" }))
    const typed = "Closed for the afternoon: back at 8 am."
    await userEvent.type(screen.getByLabelText("Notice"), typed)
    // A date field takes its value whole, as from the phone's picker.
    fireEvent.input(screen.getByLabelText("Last day"), {
      target: { value: shopToday(Date.now(), FACTS.schedule.timeZone) },
    })
    await userEvent.click(screen.getByRole("button", { name: "Show this notice" }))

    expect(await screen.findByText(/Nothing was saved: your sign-in has ended/)).toBeVisible()
    const refused = sent.filter(({ path: called }) => called.startsWith("/api/git/"))
    expect(refused.map(({ method, path: called }) => `${method} ${called}`)).toEqual([
      "GET /api/git/github/git/refs/heads/main",
    ])
    expect(screen.getByLabelText("Notice")).toHaveValue(typed)

    const signIn = within(screen.getByRole("region", { name: "Sign in" }))
    expect(signIn.getByText("Your change is kept: it is sent as soon as you have signed in.")).toBeVisible()
    await userEvent.click(signIn.getByRole("button", { name: "Sign in" }))

    await waitFor(() => expect(screen.getByText(/^Saved at .*: Notice on every page/)).toBeVisible(), {
      onTimeout: (error) => new Error(`${error.message}\n${sent.map((one) => `${one.method} ${one.path}`).join("\n")}`),
    })
    const afterSignIn = sent.slice(sent.findIndex(({ path: called }) => called === "/api/oauth/token") + 1)
    const blobs = afterSignIn.filter(({ method, path: called }) => method === "POST" && called.endsWith("/git/blobs"))
    expect(blobs).toHaveLength(1)
    expect(JSON.parse(JSON.parse(blobs[0].body ?? "{}").content)).toMatchObject({ show: true, text: typed })
    expectNone(
      afterSignIn
        .filter(({ authorization }) => authorization !== `Bearer ${NEW_TOKEN}`)
        .map(({ method, path: called, authorization }) => `${method} ${called} with ${authorization ?? "no token"}`),
      "requests after signing in again without the new token",
    )
    expect(screen.queryByRole("button", { name: "Sign in" })).toBeNull()
  })
})
