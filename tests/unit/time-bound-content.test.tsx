import * as React from "react"
import { TextEncoder } from "util"
import { act, render, screen } from "@testing-library/react"
import { OpeningStatus } from "../../src/components/opening-status"
import { SiteNotice } from "../../src/components/site-notice"
import { DatedListItem } from "../../src/components/dated-list-item"
import { CouponCard } from "../../src/components/coupon-card"

// React's server renderer, as the build runs it, needs what jsdom leaves out of its window.
Object.assign(globalThis, { TextEncoder })
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { renderToString } = require("react-dom/server") as typeof import("react-dom/server")

/**
 * What the visitor sees of the time-bound content, in the components: the
 * server's HTML as built, then the browser's clock, minute by minute. Instants
 * are UTC; the shop's clock is America/Chicago (CST, UTC-6, after 2026-11-01).
 */
const timeZone = "America/Chicago"
const BUILT_AT = "2026-11-20T18:00:00.000Z" // Friday, November 20, noon in Chicago
const schedule = {
  timeZone,
  hours: [
    { days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "08:00", closes: "18:00" },
    { days: ["Saturday"], opens: "09:00", closes: "16:00" },
    { days: ["Sunday"], opens: "", closes: "" },
  ],
  specialHours: [{ from: "2026-11-26", note: "Thanksgiving" }],
}
const WEEK = "Mon–Fri 8 am–6 pm · Sat 9 am–4 pm"

const status = <OpeningStatus schedule={schedule} weekSummary={WEEK} builtAt={BUILT_AT} className="where-it-sits" />

/** The browser's clock at an instant, its timers under the test's hand. */
function clockAt(iso: string) {
  jest.useFakeTimers({ now: Date.parse(iso) })
}

afterEach(() => {
  jest.useRealTimers()
})

describe("the opening status", () => {
  it("is the week's hours in the server's HTML, whatever the time", () => {
    clockAt("2026-11-26T16:00:00Z")
    const html = renderToString(status)
    expect(html).toContain(WEEK)
    expect(html).not.toMatch(/Open|Closed/)
  })

  it("says open until closing time once the page runs, and closed from the minute of closing", () => {
    clockAt("2026-11-28T21:59:00Z") // Saturday 3:59 pm
    render(status)
    expect(screen.getByText("Open now · until 4 pm")).toHaveAttribute("data-open", "true")
    act(() => void jest.advanceTimersByTime(60_000))
    expect(screen.getByText("Closed · opens Monday 8 am")).toHaveAttribute("data-open", "false")
  })

  it("names the closure of the day, and the next opening after it", () => {
    clockAt("2026-11-26T16:00:00Z") // Thanksgiving, 10 am
    render(status)
    expect(screen.getByText("Closed today for Thanksgiving · opens Friday 8 am")).toBeInTheDocument()
  })

  it("keeps one line, in the place the week's hours held", () => {
    clockAt("2026-11-26T16:00:00Z")
    render(status)
    const line = screen.getByText(/Closed today/)
    expect(line.tagName).toBe("P")
    expect(line).toHaveClass("where-it-sits")
  })
})

describe("the notice at the top of every page", () => {
  const notices = [
    { text: "Closed Thursday, November 26, for Thanksgiving.", starts: "2026-11-19", ends: "2026-11-26" },
    { text: "Storm backlog: repairs are booked three days out.", starts: null, ends: "2026-11-21" },
  ]
  const notice = <SiteNotice notices={notices} timeZone={timeZone} builtAt={BUILT_AT} />

  it("is built with the notices current on the build's day", () => {
    clockAt("2026-12-01T12:00:00Z")
    const html = renderToString(notice)
    expect(html).toContain("Closed Thursday, November 26, for Thanksgiving.")
    expect(html).toContain("Storm backlog")
  })

  it("drops a notice at the end of its last day, and itself with the last one", () => {
    clockAt("2026-11-22T05:59:00Z") // Saturday 11:59 pm
    const { container } = render(notice)
    expect(screen.getByRole("complementary", { name: "Notice" })).toHaveTextContent("Storm backlog")
    act(() => void jest.advanceTimersByTime(60_000))
    expect(screen.getByRole("complementary", { name: "Notice" })).not.toHaveTextContent("Storm backlog")
    act(() => void jest.advanceTimersByTime(5 * 24 * 3600_000))
    expect(container).toBeEmptyDOMElement()
  })

  it("shows nothing when no notice is on", () => {
    const { container } = render(<SiteNotice notices={[]} timeZone={timeZone} builtAt={BUILT_AT} />)
    expect(container).toBeEmptyDOMElement()
  })
})

describe("a coupon that expires", () => {
  const coupon = (expires: string | null) => (
    <ul>
      <DatedListItem ends={expires} timeZone={timeZone} builtAt={BUILT_AT}>
        <CouponCard headingId="c" title="$25 OFF" description="Any repair." expires={expires} />
      </DatedListItem>
    </ul>
  )

  it("says its last day; one without an end says nothing of it", () => {
    render(coupon("2026-12-31"))
    expect(screen.getByText("Expires December 31, 2026")).toBeInTheDocument()
    render(coupon(null))
    expect(screen.getAllByText(/Expires/)).toHaveLength(1)
  })

  it("is hidden, its place given up, the minute its last day ends in the shop's time zone", () => {
    clockAt("2026-12-01T05:59:00Z") // November 30, 11:59 pm in Chicago
    render(coupon("2026-11-30"))
    const item = screen.getByRole("listitem")
    expect(item).toBeVisible()
    act(() => void jest.advanceTimersByTime(60_000))
    expect(item).not.toBeVisible()
    expect(item).toHaveAttribute("hidden")
  })
})
