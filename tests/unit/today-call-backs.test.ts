import { h, render } from "preact"
import { screen, waitFor, within } from "@testing-library/dom"
import userEvent from "@testing-library/user-event"
import { CALL_BACKS_PATH, callBackPath, type ListedRequest } from "../../src/lib/call-back-list"
import { CallBackRequests } from "../../src/today/call-back-requests"

/**
 * The call-back requests on the page for today (src/today/call-back-requests.tsx), a Preact
 * component: what the owner sees and presses, the site's function answered by a stubbed fetch
 * that keeps the requests as the store would.
 */
jest.mock("react/jsx-runtime", () => jest.requireActual("preact/jsx-runtime"))

const TOKEN = "the-editors-token"
const request = (id: string, fields: Partial<ListedRequest> = {}): ListedRequest => ({
  id,
  name: "Pat Homeowner",
  phone: "8475550123",
  town: "Glencoe",
  appliance: "Refrigerator Repair",
  note: "Stopped cooling tonight.",
  bestTime: "evening",
  arrived: "2026-11-29T01:50:00Z",
  called: null,
  ...fields,
})

let kept: ListedRequest[]
const sent: string[] = []

beforeEach(() => {
  kept = [
    request("a"),
    request("b", { name: "Lee Example", note: "", called: "2026-11-28T16:00:00Z" }),
    request("c", { name: "Spam Bot" }),
  ]
  sent.length = 0
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input)
    const method = init?.method ?? "GET"
    sent.push(`${method} ${url} ${(init?.headers as Record<string, string>).Authorization}`)
    /** An answer as the page reads it: its status and its JSON. */
    const answer = (status: number, body: unknown) => ({ ok: status < 300, status, json: async () => body })
    if (url === CALL_BACKS_PATH) return answer(200, { requests: kept })
    const id = url.split("/").pop()!
    if (method === "PATCH")
      kept = kept.map((one) => (one.id === id ? { ...one, called: new Date().toISOString() } : one))
    if (method === "DELETE") kept = kept.filter((one) => one.id !== id)
    return method === "DELETE" ? answer(204, null) : answer(200, {})
  }) as unknown as typeof fetch
  window.confirm = jest.fn(() => true)
  document.body.innerHTML = '<div id="root"></div>'
  render(h(CallBackRequests, { token: TOKEN, timeZone: "America/Chicago" }), document.getElementById("root")!)
})

describe("the call-back requests on the page for today", () => {
  it("counts the new ones, and shows each with its time, name, number to tap, town, appliance, note and best time", async () => {
    await screen.findByRole("heading", { name: "Call-back requests: 2 new" })
    const [first] = screen.getAllByRole("listitem")
    expect(first).toHaveTextContent(/Saturday, November 28,? (at )?7:50 PM/)
    expect(first).toHaveTextContent("Pat Homeowner")
    expect(within(first).getByRole("link", { name: "(847) 555-0123" })).toHaveAttribute("href", "tel:+18475550123")
    expect(first).toHaveTextContent("Refrigerator Repair, Glencoe; best in the evening")
    expect(first).toHaveTextContent("“Stopped cooling tonight.”")
    expect(sent.every((line) => line.endsWith(`Bearer ${TOKEN}`))).toBe(true)
  })

  it("marks one called, and deletes one that is not a real request, then reads the list again", async () => {
    await screen.findByRole("heading", { name: "Call-back requests: 2 new" })
    await userEvent.click(screen.getByRole("button", { name: "Called: Pat Homeowner" }))
    await screen.findByRole("heading", { name: "Call-back requests: 1 new" })
    await userEvent.click(screen.getByRole("button", { name: "Not a real request: Spam Bot" }))
    await screen.findByRole("heading", { name: "Call-back requests: 0 new" })
    expect(kept.map(({ id }) => id)).toEqual(["a", "b"])
    expect(sent.filter((line) => !line.startsWith("GET"))).toEqual([
      `PATCH ${callBackPath("a")} Bearer ${TOKEN}`,
      `DELETE ${callBackPath("c")} Bearer ${TOKEN}`,
    ])
    await waitFor(() => expect(screen.queryByRole("button", { name: /Called/ })).toBeNull())
  })
})
