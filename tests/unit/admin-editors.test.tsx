import * as React from "react"
import { render, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import EditorsPage from "../../src/pages/admin/editors"
import { forgetStartReadings } from "../../src/components/admin/use-start-reading"
import { NETWORK_PROBLEM, NOT_SIGNED_IN_PROBLEM } from "../../src/components/admin/plain-errors"
import { answerFetch } from "../admin-screens"

const TOKEN = "access-token"
const PAT = {
  id: "e1",
  email: "pat@example.com",
  name: "Pat Owner",
  passkeys: [
    { id: "p1", created: "2026-03-04T15:00:00.000Z", device: "iPhone" },
    { id: "p2", created: "2026-05-20T15:00:00.000Z", device: "Mac" },
  ],
}
const SAM = {
  id: "e2",
  email: "sam@example.com",
  name: "",
  passkeys: [{ id: "p3", created: "2026-06-01T15:00:00.000Z", device: "Android phone" }],
}
const listAnswer = (editors = [PAT, SAM]) => ({ status: 200, body: editors })

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
})

describe("the editors page", () => {
  it("lists who can sign in with each passkey's device and date, asking with the editor's token", async () => {
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
    const sent = answerFetch(listAnswer(), { status: 204 }, listAnswer([afterwards, SAM]))
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

  it("invites someone: shows the link with a Copy button and says it was emailed", async () => {
    const sent = answerFetch(listAnswer(), {
      status: 201,
      body: {
        link: "https://example.test/admin/invitation/#t0ken",
        expires: "2026-03-11T15:00:00.000Z",
        emailed: true,
      },
    })
    const user = userEvent.setup()
    signIn()
    openEditors()
    await screen.findByRole("list", { name: "Passkeys of Pat Owner" })

    await user.type(screen.getByLabelText("Email address"), "new@example.com")
    await user.type(screen.getByLabelText(/^Name/), "New Editor")
    await user.click(screen.getByRole("button", { name: "Make an invitation" }))

    expect(sent[1]).toEqual({
      method: "POST",
      url: "/api/auth/invitations",
      headers: expect.objectContaining({ authorization: `Bearer ${TOKEN}` }),
      body: { email: "new@example.com", name: "New Editor" },
    })
    expect(await screen.findByText(/The invitation for new@example.com is ready/)).toHaveTextContent(
      "It was emailed to new@example.com.",
    )
    expect(screen.getByLabelText("Invitation link")).toHaveValue("https://example.test/admin/invitation/#t0ken")
    expect(screen.getByText(/^It works once, until March 11, 2026/)).toBeInTheDocument()

    await user.click(screen.getByRole("button", { name: "Copy" }))
    expect(await navigator.clipboard.readText()).toBe("https://example.test/admin/invitation/#t0ken")
    expect(screen.getByText(/The link is copied/)).toBeInTheDocument()
  })

  it("says when the invitation was not emailed, and selects the link when the phone refuses to copy", async () => {
    answerFetch(listAnswer(), {
      status: 201,
      body: {
        link: "https://example.test/admin/invitation/#t0ken",
        expires: "2026-03-11T15:00:00.000Z",
        emailed: false,
      },
    })
    const user = userEvent.setup()
    jest.spyOn(navigator.clipboard, "writeText").mockRejectedValue(new Error("denied"))
    signIn()
    openEditors()
    await user.type(screen.getByLabelText("Email address"), "new@example.com")
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
    await user.type(screen.getByLabelText("Email address"), "new@example.com")
    await user.click(screen.getByRole("button", { name: "Make an invitation" }))
    expect(await screen.findByRole("alert")).toHaveTextContent(problem)
  })
})
