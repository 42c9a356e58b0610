import * as React from "react"
import { render, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { browserSupportsWebAuthn, startRegistration } from "@simplewebauthn/browser"
import EditorsPage from "../../src/pages/admin/editors"
import { forgetStartReadings } from "../../src/components/admin/use-start-reading"
import {
  ADD_PHONE_CANCELLED_PROBLEM,
  NETWORK_PROBLEM,
  NOT_SIGNED_IN_PROBLEM,
} from "../../src/components/admin/plain-errors"
import { answerFetch, webAuthnError } from "../admin-screens"

jest.mock("@simplewebauthn/browser", () => ({
  browserSupportsWebAuthn: jest.fn(),
  startRegistration: jest.fn(),
}))

const TOKEN = "access-token"
const PAT = {
  id: "e1",
  email: "pat@example.com",
  name: "Pat Owner",
  role: "owner",
  passkeys: [
    { id: "p1", created: "2026-03-04T15:00:00.000Z", device: "iPhone" },
    { id: "p2", created: "2026-05-20T15:00:00.000Z", device: "Mac" },
  ],
}
const SAM = {
  id: "e2",
  email: "sam@example.com",
  name: "",
  role: "helper",
  passkeys: [{ id: "p3", created: "2026-06-01T15:00:00.000Z", device: "Android phone" }],
}
const PENDING = {
  id: "i1",
  email: "lee@example.com",
  name: "Lee",
  role: "helper",
  by: "Pat Owner",
  created: "2026-03-10T15:00:00.000Z",
  expires: "2026-03-11T15:00:00.000Z",
}
/** The site's list as the signed-in editor (Pat, an owner, unless `you` says) sees it. */
const listAnswer = (editors = [PAT, SAM], you = { id: "e1", role: "owner" }, invitations = [PENDING]) => ({
  status: 200,
  body: { you, editors, invitations: you.role === "owner" ? invitations : [] },
})
const asHelper = () => listAnswer([PAT, SAM], { id: "e2", role: "helper" })

function signIn(user: Record<string, unknown> = { token: TOKEN, email: "pat@example.com" }) {
  window.localStorage.setItem("decap-cms-user", JSON.stringify(user))
}

function openEditors() {
  window.history.replaceState(null, "", "/admin/editors/")
  return render(<EditorsPage />)
}

beforeEach(() => {
  forgetStartReadings()
  window.localStorage.clear()
  jest.restoreAllMocks()
  ;(browserSupportsWebAuthn as jest.Mock).mockReturnValue(false)
  ;(startRegistration as jest.Mock).mockReset()
})

describe("the editors page", () => {
  it("lists who can sign in with each role, and each passkey's device and date, asking with the editor's token", async () => {
    const sent = answerFetch(listAnswer())
    signIn()
    openEditors()
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Editors")
    expect(screen.getByRole("link", { name: "Back to the editor" })).toHaveAttribute("href", "/admin/")

    const pat = await screen.findByRole("list", { name: "Passkeys of Pat Owner" })
    expect(
      within(pat)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["iPhone, saved March 4, 2026Remove", "Mac, saved May 20, 2026Remove"])
    expect(screen.getByText("sam@example.com")).toBeInTheDocument()
    expect(within(pat.closest("li")!).getByText("Owner (you): edits, and decides who can sign in")).toBeInTheDocument()
    expect(
      within(screen.getByRole("list", { name: "Passkeys of sam@example.com" }).closest("li")!).getByText(
        "Helper: edits, and manages their own passkeys",
      ),
    ).toBeInTheDocument()
    // Without a name, the editor is named by their address.
    const sam = screen.getByRole("list", { name: "Passkeys of sam@example.com" })
    expect(within(sam).getByRole("listitem")).toHaveTextContent("Android phone, saved June 1, 2026Remove")
    expect(sent).toEqual([
      expect.objectContaining({
        method: "GET",
        url: "/api/auth/editors",
        headers: expect.objectContaining({ authorization: `Bearer ${TOKEN}` }),
      }),
    ])
  })

  it("without a signed-in editor, says to sign in and links to the editor", () => {
    const sent = answerFetch()
    openEditors()
    expect(screen.getByRole("alert")).toHaveTextContent(NOT_SIGNED_IN_PROBLEM)
    expect(screen.getByRole("link", { name: "Sign in to the editor" })).toHaveAttribute("href", "/admin/")
    expect(sent).toEqual([])
  })

  it("says to sign in again when the token is refused (401)", async () => {
    answerFetch({ status: 401, body: { message: "the access token expired: sign in again" } })
    signIn()
    openEditors()
    expect(await screen.findByRole("alert")).toHaveTextContent(NOT_SIGNED_IN_PROBLEM)
    expect(screen.getByRole("link", { name: "Sign in to the editor" })).toHaveAttribute("href", "/admin/")
  })

  it("says when the network failed", async () => {
    answerFetch(new TypeError("Failed to fetch"))
    signIn()
    openEditors()
    expect(await screen.findByRole("alert")).toHaveTextContent(NETWORK_PROBLEM)
  })

  it("removes a passkey once confirmed, then lists again and says so", async () => {
    const afterwards = { ...PAT, passkeys: PAT.passkeys.slice(1) }
    const samAsOwner = { id: "e2", role: "owner" }
    const sent = answerFetch(
      listAnswer([PAT, SAM], samAsOwner),
      { status: 204 },
      listAnswer([afterwards, SAM], samAsOwner),
    )
    const confirm = jest.spyOn(window, "confirm").mockReturnValue(true)
    signIn({ token: TOKEN, email: "sam@example.com" })
    openEditors()

    await userEvent.click(
      await screen.findByRole("button", { name: "Remove the passkey on iPhone of Pat Owner, saved March 4, 2026" }),
    )

    expect(confirm).toHaveBeenCalledWith(expect.stringContaining("Pat Owner can no longer sign in with it."))
    expect(await screen.findByText("The passkey of Pat Owner on iPhone is removed.")).toBeInTheDocument()
    expect(sent.map(({ method, url, headers }) => [method, url, headers.authorization])).toEqual([
      ["GET", "/api/auth/editors", `Bearer ${TOKEN}`],
      ["DELETE", "/api/auth/editors/e1/passkeys/p1", `Bearer ${TOKEN}`],
      ["GET", "/api/auth/editors", `Bearer ${TOKEN}`],
    ])
    expect(screen.getAllByRole("button", { name: /^Remove the passkey/ })).toHaveLength(2)
  })

  it("warns before removing one of the signed-in editor's own passkeys", async () => {
    answerFetch(listAnswer())
    const confirm = jest.spyOn(window, "confirm").mockReturnValue(false)
    signIn()
    openEditors()
    await userEvent.click(await screen.findByRole("button", { name: /^Remove the passkey on Mac/ }))
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining("It is one of your own passkeys"))
  })

  it("removes nothing when the removal is not confirmed", async () => {
    const sent = answerFetch(listAnswer())
    jest.spyOn(window, "confirm").mockReturnValue(false)
    signIn()
    openEditors()
    await userEvent.click(await screen.findByRole("button", { name: /^Remove the passkey on iPhone/ }))
    expect(sent).toHaveLength(1)
    expect(screen.getAllByRole("button", { name: /^Remove the passkey/ })).toHaveLength(3)
  })

  it("says why a removal failed, in the site's words", async () => {
    answerFetch(listAnswer(), { status: 404, body: { message: "no such passkey" } })
    jest.spyOn(window, "confirm").mockReturnValue(true)
    signIn()
    openEditors()
    await userEvent.click(await screen.findByRole("button", { name: /^Remove the passkey on iPhone/ }))
    expect(await screen.findByRole("alert")).toHaveTextContent("No such passkey.")
  })

  it("invites someone: shows the link with a Copy button, says it was emailed, and lists it as not yet used", async () => {
    const made = { ...PENDING, id: "i2", email: "new@example.com", name: "New Editor" }
    const sent = answerFetch(
      listAnswer(),
      {
        status: 201,
        body: {
          link: "https://example.test/admin/invitation/#t0ken",
          expires: "2026-03-11T15:00:00.000Z",
          emailed: true,
        },
      },
      listAnswer([PAT, SAM], undefined, [PENDING, made]),
    )
    const user = userEvent.setup()
    signIn()
    openEditors()
    await screen.findByRole("list", { name: "Passkeys of Pat Owner" })

    await user.type(await screen.findByLabelText("Email address"), "new@example.com")
    await user.type(screen.getByLabelText(/^Name/), "New Editor")
    await user.click(screen.getByRole("button", { name: "Make an invitation" }))

    expect(sent[1]).toEqual({
      method: "POST",
      url: "/api/auth/invitations",
      headers: expect.objectContaining({ authorization: `Bearer ${TOKEN}` }),
      body: { email: "new@example.com", name: "New Editor", role: "helper" },
    })
    expect(await screen.findByText(/The invitation for new@example.com is ready/)).toHaveTextContent(
      "It was emailed to new@example.com.",
    )
    expect(screen.getByLabelText("Invitation link")).toHaveValue("https://example.test/admin/invitation/#t0ken")
    expect(screen.getByText(/^It works once, until March 11, 2026/)).toBeInTheDocument()
    expect(
      await screen.findByRole("button", { name: "Take back the invitation for new@example.com" }),
    ).toBeInTheDocument()

    await user.click(screen.getByRole("button", { name: "Copy" }))
    expect(await navigator.clipboard.readText()).toBe("https://example.test/admin/invitation/#t0ken")
    expect(screen.getByText(/The link is copied/)).toBeInTheDocument()
  })

  it("says when the invitation was not emailed, and selects the link when the phone refuses to copy", async () => {
    answerFetch(
      listAnswer(),
      {
        status: 201,
        body: {
          link: "https://example.test/admin/invitation/#t0ken",
          expires: "2026-03-11T15:00:00.000Z",
          emailed: false,
        },
      },
      listAnswer(),
    )
    const user = userEvent.setup()
    jest.spyOn(navigator.clipboard, "writeText").mockRejectedValue(new Error("denied"))
    signIn()
    openEditors()
    await user.type(await screen.findByLabelText("Email address"), "new@example.com")
    await user.click(screen.getByRole("button", { name: "Make an invitation" }))

    expect(await screen.findByText(/It was not emailed: send the link yourself/)).toBeInTheDocument()
    await user.click(screen.getByRole("button", { name: "Copy" }))
    expect(await screen.findByText(/the link is selected, copy it from the field/)).toBeInTheDocument()
  })

  it.each([
    [
      "in the site's words",
      { status: 400, body: { message: "the email address is not one" } },
      "The email address is not one.",
    ],
    ["to sign in again on a 401", { status: 401, body: { message: "expired" } }, NOT_SIGNED_IN_PROBLEM],
    ["when the network failed", new TypeError("Failed to fetch"), NETWORK_PROBLEM],
  ])("says why an invitation failed %s", async (_, answer, problem) => {
    answerFetch(listAnswer(), answer)
    const user = userEvent.setup()
    signIn()
    openEditors()
    await user.type(await screen.findByLabelText("Email address"), "new@example.com")
    await user.click(screen.getByRole("button", { name: "Make an invitation" }))
    expect(await screen.findByRole("alert")).toHaveTextContent(problem)
  })

  it("offers a helper only what a helper may do: Remove on their own passkeys, no role change, no invitation", async () => {
    answerFetch(asHelper())
    signIn({ token: TOKEN, email: "sam@example.com" })
    openEditors()
    const sam = await screen.findByRole("list", { name: "Passkeys of sam@example.com" })
    expect(screen.getByText(/You are a helper: an owner invites and removes editors\./)).toBeInTheDocument()
    expect(screen.getByText("Helper (you): edits, and manages their own passkeys")).toBeInTheDocument()
    expect(
      within(sam)
        .getAllByRole("button")
        .map((button) => button.getAttribute("aria-label")),
    ).toEqual(["Remove the passkey on Android phone of sam@example.com, saved June 1, 2026"])
    expect(within(screen.getByRole("list", { name: "Passkeys of Pat Owner" })).queryAllByRole("button")).toEqual([])
    expect(screen.queryByRole("button", { name: /^Make an? (owner|helper)/ })).toBeNull()
    expect(screen.queryByRole("heading", { name: "Invite someone" })).toBeNull()
    expect(screen.queryByLabelText("Email address")).toBeNull()
    expect(screen.queryByRole("heading", { name: "Invitations not yet used" })).toBeNull()
  })

  it("an owner makes a helper an owner once confirmed, then lists again and says so", async () => {
    const sent = answerFetch(
      listAnswer(),
      { status: 200, body: { ...SAM, role: "owner" } },
      listAnswer([PAT, { ...SAM, role: "owner" }]),
    )
    const confirm = jest.spyOn(window, "confirm").mockReturnValue(true)
    signIn()
    openEditors()
    await userEvent.click(await screen.findByRole("button", { name: "Make an owner: sam@example.com" }))
    expect(confirm).toHaveBeenCalledWith(
      expect.stringContaining("They can then invite, remove passkeys and change roles"),
    )
    expect(await screen.findByText("sam@example.com is now an owner.")).toBeInTheDocument()
    expect(sent[1]).toEqual({
      method: "PATCH",
      url: "/api/auth/editors/e2",
      headers: expect.objectContaining({ authorization: `Bearer ${TOKEN}` }),
      body: { role: "owner" },
    })
    expect(screen.getByRole("button", { name: "Make a helper: sam@example.com" })).toBeInTheDocument()
  })

  it("says, in the site's words, why the last owner cannot become a helper", async () => {
    answerFetch(listAnswer(), {
      status: 409,
      body: { message: "Pat Owner is the site's last owner: make another editor an owner first" },
    })
    jest.spyOn(window, "confirm").mockReturnValue(true)
    signIn()
    openEditors()
    await userEvent.click(await screen.findByRole("button", { name: "Make a helper: Pat Owner" }))
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Pat Owner is the site's last owner: make another editor an owner first.",
    )
  })

  it("lists an owner's invitations not yet used, and takes one back once confirmed", async () => {
    const sent = answerFetch(listAnswer(), { status: 204 }, listAnswer([PAT, SAM], undefined, []))
    const confirm = jest.spyOn(window, "confirm").mockReturnValue(true)
    signIn()
    openEditors()
    const pending = await screen.findByRole("heading", { name: "Invitations not yet used" })
    const section = pending.closest("section")!
    expect(within(section).getByRole("listitem")).toHaveTextContent(
      "Lee lee@example.com, as a helper, by Pat Owner; works until March 11, 2026",
    )
    await userEvent.click(within(section).getByRole("button", { name: "Take back the invitation for lee@example.com" }))
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining("Its link stops working."))
    expect(await screen.findByText("The invitation for lee@example.com is taken back.")).toBeInTheDocument()
    expect(sent[1]).toEqual(expect.objectContaining({ method: "DELETE", url: "/api/auth/invitations/i1" }))
    expect(within(section).getByText(/^None: every invitation was used/)).toBeInTheDocument()
  })

  it("Add this phone saves a passkey of the signed-in editor's own, with their token, and lists again", async () => {
    ;(browserSupportsWebAuthn as jest.Mock).mockReturnValue(true)
    const options = { challenge: "c2lnbg", rp: { name: "Site" }, user: { id: "dQ", name: "sam", displayName: "Sam" } }
    const response = { id: "cred", rawId: "cred", type: "public-key", response: {} }
    ;(startRegistration as jest.Mock).mockResolvedValue(response)
    const withPhone = {
      ...SAM,
      passkeys: [...SAM.passkeys, { id: "p4", created: "2026-06-02T15:00:00.000Z", device: "iPhone" }],
    }
    const sent = answerFetch(
      asHelper(),
      { status: 200, body: { options, challenge: "signed-challenge" } },
      { status: 201, body: { email: "sam@example.com", name: "" } },
      listAnswer([PAT, withPhone], { id: "e2", role: "helper" }),
    )
    signIn({ token: TOKEN, email: "sam@example.com" })
    openEditors()
    await userEvent.click(await screen.findByRole("button", { name: "Add this phone" }))
    expect(await screen.findByText(/A passkey of yours is saved on this device/)).toBeInTheDocument()
    expect(sent.slice(1).map(({ method, url, body, headers }) => [method, url, body, headers.authorization])).toEqual([
      ["POST", "/api/auth/passkeys/own-registration-options", {}, `Bearer ${TOKEN}`],
      ["POST", "/api/auth/passkeys/own-registration", { challenge: "signed-challenge", response }, `Bearer ${TOKEN}`],
      ["GET", "/api/auth/editors", undefined, `Bearer ${TOKEN}`],
    ])
    expect(startRegistration).toHaveBeenCalledWith({ optionsJSON: options })
    expect(
      within(screen.getByRole("list", { name: "Passkeys of sam@example.com" })).getAllByRole("listitem"),
    ).toHaveLength(2)
  })

  it("says the passkey was not saved when the phone's request is cancelled", async () => {
    ;(browserSupportsWebAuthn as jest.Mock).mockReturnValue(true)
    ;(startRegistration as jest.Mock).mockRejectedValue(webAuthnError("NotAllowedError"))
    answerFetch(asHelper(), { status: 200, body: { options: {}, challenge: "c" } })
    signIn({ token: TOKEN, email: "sam@example.com" })
    openEditors()
    await userEvent.click(await screen.findByRole("button", { name: "Add this phone" }))
    expect(await screen.findByRole("alert")).toHaveTextContent(ADD_PHONE_CANCELLED_PROBLEM)
  })
})
