import * as React from "react"
import { render, screen } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { browserSupportsWebAuthn, startRegistration } from "@simplewebauthn/browser"
import InvitationPage from "../../src/pages/admin/invitation"
import { forgetStartReadings } from "../../src/components/admin/use-start-reading"
import {
  ALREADY_EDITOR_PROBLEM,
  ALREADY_SAVED_PROBLEM,
  INVITATION_USED_PROBLEM,
  NETWORK_PROBLEM,
  NO_INVITATION_PROBLEM,
  REGISTRATION_CANCELLED_PROBLEM,
  SERVER_PROBLEM,
  UNAVAILABLE_PROBLEM,
  UNSUPPORTED_PROBLEM,
} from "../../src/components/admin/plain-errors"
import { answerFetch, webAuthnError } from "../admin-screens"

jest.mock("@simplewebauthn/browser", () => ({
  browserSupportsWebAuthn: jest.fn(),
  startRegistration: jest.fn(),
}))

const OPTIONS = { challenge: "c2lnbg", rp: { name: "Site" }, user: { id: "dQ", name: "pat", displayName: "Pat" } }
const RESPONSE = { id: "cred", rawId: "cred", type: "public-key", response: {} }
const optionsAnswer = { status: 200, body: { options: OPTIONS, challenge: "signed-challenge" } }

/** Opens the invitation link (#token) or the page without one, and renders it. */
function openInvitation(hash = "#invitation-token") {
  window.history.replaceState(null, "", `/admin/invitation/${hash}`)
  return render(<InvitationPage />)
}

const saveButton = () => screen.getByRole("button", { name: "Save a passkey" })

beforeEach(() => {
  forgetStartReadings()
  window.sessionStorage.clear()
  ;(browserSupportsWebAuthn as jest.Mock).mockReturnValue(true)
  ;(startRegistration as jest.Mock).mockReset().mockResolvedValue(RESPONSE)
})

describe("the invitation page", () => {
  it("takes the token from the link, saves a passkey and opens the editor from there", async () => {
    const sent = answerFetch(optionsAnswer, { status: 201, body: { email: "pat@example.com", name: "Pat Owner" } })
    openInvitation()
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Save a passkey")
    expect(screen.getByText(/Face ID, a fingerprint or the screen lock\. No password\./)).toBeInTheDocument()
    expect(window.location.hash).toBe("") // the token left the address bar
    expect(window.location.pathname).toBe("/admin/invitation/")

    await userEvent.click(saveButton())

    expect(sent.map(({ url, method, body }) => [method, url, body])).toEqual([
      ["POST", "/api/auth/passkeys/registration-options", { invitation: "invitation-token" }],
      [
        "POST",
        "/api/auth/passkeys/registration",
        { invitation: "invitation-token", challenge: "signed-challenge", response: RESPONSE },
      ],
    ])
    expect(startRegistration).toHaveBeenCalledWith({ optionsJSON: OPTIONS })
    expect(await screen.findByRole("status")).toHaveTextContent("Your passkey is saved, Pat Owner.")
    const editor = screen.getByRole("link", { name: "Open the editor" })
    expect(editor).toHaveAttribute("href", "/admin/")
    expect(editor).toHaveFocus()
    expect(screen.queryByRole("button", { name: "Save a passkey" })).not.toBeInTheDocument()
    expect(window.sessionStorage.length).toBe(0) // the used-up token is forgotten
  })

  it("names the editor by email when the invitation had no name", async () => {
    answerFetch(optionsAnswer, { status: 201, body: { email: "pat@example.com", name: "" } })
    openInvitation()
    await userEvent.click(saveButton())
    expect(await screen.findByText("Your passkey is saved, pat@example.com.")).toBeInTheDocument()
  })

  it("still has the token after a reload of the page (the address no longer shows it)", async () => {
    answerFetch(optionsAnswer, { status: 201, body: { email: "pat@example.com", name: "Pat" } })
    openInvitation().unmount()
    forgetStartReadings() // a new load of the page, at the address without the token
    render(<InvitationPage />)
    await userEvent.click(saveButton())
    expect(await screen.findByText("Your passkey is saved, Pat.")).toBeInTheDocument()
  })

  it("says the link is incomplete when it carries no token, and offers no button", () => {
    openInvitation("")
    expect(screen.getByRole("alert")).toHaveTextContent(NO_INVITATION_PROBLEM)
    expect(screen.queryByRole("button")).not.toBeInTheDocument()
  })

  it("says when the browser has no passkeys, and offers no button", () => {
    ;(browserSupportsWebAuthn as jest.Mock).mockReturnValue(false)
    openInvitation()
    expect(screen.getByRole("alert")).toHaveTextContent(UNSUPPORTED_PROBLEM)
    expect(screen.queryByRole("button")).not.toBeInTheDocument()
  })

  it.each([
    ["refused as expired", { status: 403, body: { message: "the invitation expired: ask for a new invitation" } }],
    [
      "refused as used",
      { status: 403, body: { message: "the invitation was already used: ask for a new invitation" } },
    ],
  ])("says an invitation %s has expired or was used, and whom to ask", async (_, answer) => {
    answerFetch(answer)
    openInvitation()
    await userEvent.click(saveButton())
    expect(await screen.findByRole("alert")).toHaveTextContent(INVITATION_USED_PROBLEM)
    expect(startRegistration).not.toHaveBeenCalled()
  })

  it("says so when the invitation was used up while the phone saved the passkey", async () => {
    answerFetch(optionsAnswer, {
      status: 403,
      body: { message: "the invitation was already used: ask for a new invitation" },
    })
    openInvitation()
    await userEvent.click(saveButton())
    expect(await screen.findByRole("alert")).toHaveTextContent(INVITATION_USED_PROBLEM)
  })

  it("passes on the site's own words for any other refusal", async () => {
    answerFetch(optionsAnswer, { status: 403, body: { message: "the passkey request expired: try again" } })
    openInvitation()
    await userEvent.click(saveButton())
    expect(await screen.findByRole("alert")).toHaveTextContent("The passkey request expired: try again.")
  })

  it("says the phone cancelled, and lets the owner try again", async () => {
    answerFetch(optionsAnswer, optionsAnswer, { status: 201, body: { email: "pat@example.com", name: "Pat" } })
    ;(startRegistration as jest.Mock).mockRejectedValueOnce(webAuthnError("NotAllowedError"))
    openInvitation()
    await userEvent.click(saveButton())
    expect(await screen.findByRole("alert")).toHaveTextContent(REGISTRATION_CANCELLED_PROBLEM)

    await userEvent.click(saveButton())
    expect(await screen.findByText("Your passkey is saved, Pat.")).toBeInTheDocument()
    expect(screen.queryByRole("alert")).not.toBeInTheDocument()
  })

  it.each([
    ["the phone", () => (startRegistration as jest.Mock).mockRejectedValueOnce(webAuthnError("InvalidStateError"))],
    ["the site", () => undefined],
  ])("says when %s already has this passkey, with the editor's link", async (who, arrange) => {
    answerFetch(
      optionsAnswer,
      ...(who === "the site" ? [{ status: 409, body: { message: "this passkey is already registered" } }] : []),
    )
    arrange()
    openInvitation()
    await userEvent.click(saveButton())
    expect(await screen.findByRole("alert")).toHaveTextContent(ALREADY_SAVED_PROBLEM)
    expect(screen.getByRole("link", { name: "Open the editor" })).toHaveAttribute("href", "/admin/")
  })

  it.each([
    [
      "asking for the passkey's options",
      [{ status: 409, body: { message: "this email address can already sign in" } }],
    ],
    [
      "saving it",
      [optionsAnswer, { status: 409, body: { message: "this email address can already sign in: add this phone" } }],
    ],
  ])("says an invitation cannot add a phone to someone who can already sign in, when %s", async (_, answers) => {
    answerFetch(...answers)
    openInvitation()
    await userEvent.click(saveButton())
    expect(await screen.findByRole("alert")).toHaveTextContent(ALREADY_EDITOR_PROBLEM)
  })

  it.each([
    ["the network failed", new TypeError("Failed to fetch"), NETWORK_PROBLEM],
    ["sign-in is not set up", { status: 503, body: { message: "AUTH_SECRET is not set" } }, UNAVAILABLE_PROBLEM],
    ["the site failed", { status: 500 }, SERVER_PROBLEM],
  ])("says when %s", async (_, answer, problem) => {
    answerFetch(answer)
    openInvitation()
    await userEvent.click(saveButton())
    expect(await screen.findByRole("alert")).toHaveTextContent(problem)
  })
})
