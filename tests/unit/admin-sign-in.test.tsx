import * as React from "react"
import { render, screen } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { browserSupportsWebAuthn, startAuthentication } from "@simplewebauthn/browser"
import SignInPage from "../../src/pages/admin/sign-in"
import { goTo } from "../../src/components/admin/go-to"
import { forgetStartReadings } from "../../src/components/admin/use-start-reading"
import {
  NETWORK_PROBLEM,
  SERVER_PROBLEM,
  SIGN_IN_CANCELLED_PROBLEM,
  SIGN_IN_INCOMPLETE_PROBLEM,
  UNAVAILABLE_PROBLEM,
  UNSUPPORTED_PROBLEM,
} from "../../src/components/admin/plain-errors"
import { answerFetch, webAuthnError } from "../admin-screens"

jest.mock("@simplewebauthn/browser", () => ({
  browserSupportsWebAuthn: jest.fn(),
  startAuthentication: jest.fn(),
}))
jest.mock("../../src/components/admin/go-to", () => ({ goTo: jest.fn() }))

/** The editor's OAuth request as GET /api/oauth/authorize passes it on. */
const QUERY =
  "client_id=decap-cms&redirect_uri=https%3A%2F%2Fexample.test%2Fadmin%2F&response_type=code&scope=repo&state=st4te&code_challenge=abc&code_challenge_method=S256"
const OPTIONS = { challenge: "c2lnbg", allowCredentials: [], userVerification: "required" }
const RESPONSE = { id: "cred", rawId: "cred", type: "public-key", response: {} }
const optionsAnswer = { status: 200, body: { options: OPTIONS, challenge: "signed-challenge" } }
const REDIRECT = "https://example.test/admin/?code=c0de&state=st4te"

function openSignIn(search = `?${QUERY}`) {
  window.history.replaceState(null, "", `/admin/sign-in/${search}`)
  return render(<SignInPage />)
}

const signInButton = () => screen.getByRole("button", { name: "Sign in with a passkey" })

beforeEach(() => {
  forgetStartReadings()
  ;(browserSupportsWebAuthn as jest.Mock).mockReturnValue(true)
  ;(startAuthentication as jest.Mock).mockReset().mockResolvedValue(RESPONSE)
  ;(goTo as jest.Mock).mockReset()
})

describe("the sign-in page", () => {
  it("signs with the phone's passkey, hands the editor's request back intact and follows the redirect", async () => {
    const sent = answerFetch(optionsAnswer, { status: 200, body: { redirect: REDIRECT } })
    openSignIn()
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Sign in to the editor")

    await userEvent.click(signInButton())

    expect(sent.map(({ url, method, body }) => [method, url, body])).toEqual([
      ["POST", "/api/auth/passkeys/sign-in-options", {}],
      ["POST", "/api/oauth/authorize", { query: QUERY, challenge: "signed-challenge", response: RESPONSE }],
    ])
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: OPTIONS })
    expect(goTo).toHaveBeenCalledWith(REDIRECT)
    expect(screen.getByRole("status")).toHaveTextContent("Signed in. Opening the editor…")
    expect(screen.queryByRole("alert")).not.toBeInTheDocument()
  })

  it("opened without the editor's request, says to open the editor first and links to it", () => {
    openSignIn("")
    expect(screen.getByText(/open the editor first/)).toBeInTheDocument()
    expect(screen.getByRole("link", { name: "Open the editor" })).toHaveAttribute("href", "/admin/")
    expect(screen.queryByRole("button")).not.toBeInTheDocument()
  })

  it("says when the browser has no passkeys, and offers no button", () => {
    ;(browserSupportsWebAuthn as jest.Mock).mockReturnValue(false)
    openSignIn()
    expect(screen.getByRole("alert")).toHaveTextContent(UNSUPPORTED_PROBLEM)
    expect(screen.queryByRole("button")).not.toBeInTheDocument()
  })

  it("says the phone used no passkey (cancelled, or none for this site: ask for an invitation), and lets the owner try again", async () => {
    answerFetch(optionsAnswer, optionsAnswer, { status: 200, body: { redirect: REDIRECT } })
    ;(startAuthentication as jest.Mock).mockRejectedValueOnce(webAuthnError("NotAllowedError"))
    openSignIn()
    await userEvent.click(signInButton())
    expect(await screen.findByRole("alert")).toHaveTextContent(SIGN_IN_CANCELLED_PROBLEM)
    expect(SIGN_IN_CANCELLED_PROBLEM).toMatch(/ask an editor for an invitation/)
    expect(goTo).not.toHaveBeenCalled()

    await userEvent.click(signInButton())
    expect(goTo).toHaveBeenCalledWith(REDIRECT)
  })

  it("passes on the site's words when the passkey is not registered for this site", async () => {
    answerFetch(optionsAnswer, {
      status: 403,
      body: { message: "this passkey is not registered for this site: ask an editor for an invitation" },
    })
    openSignIn()
    await userEvent.click(signInButton())
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "This passkey is not registered for this site: ask an editor for an invitation.",
    )
  })

  it("says the sign-in request is incomplete, with the way back to the editor", async () => {
    answerFetch(optionsAnswer, {
      status: 400,
      body: { message: "the sign-in request is incomplete: open /admin/ again" },
    })
    openSignIn()
    await userEvent.click(signInButton())
    expect(await screen.findByRole("alert")).toHaveTextContent(SIGN_IN_INCOMPLETE_PROBLEM)
    expect(screen.getByRole("link", { name: "Go back to the editor" })).toHaveAttribute("href", "/admin/")
  })

  it.each([
    ["the network failed", new TypeError("Failed to fetch"), NETWORK_PROBLEM],
    ["sign-in is not set up", { status: 503, body: { message: "AUTH_SECRET is not set" } }, UNAVAILABLE_PROBLEM],
    ["the site failed", { status: 502 }, SERVER_PROBLEM],
  ])("says when %s", async (_, answer, problem) => {
    answerFetch(answer)
    openSignIn()
    await userEvent.click(signInButton())
    expect(await screen.findByRole("alert")).toHaveTextContent(problem)
    expect(startAuthentication).not.toHaveBeenCalled()
  })
})
