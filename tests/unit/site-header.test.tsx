import * as React from "react"
import { render, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { SiteHeader } from "../../src/components/layout/site-header"

const phone = { display: "(847) 555-0142", e164: "+18475550142" }
const schedule = {
  timeZone: "America/Chicago",
  hours: [{ days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens: "08:00", closes: "18:00" }],
  specialHours: [],
}
const renderHeader = (isHome: boolean) =>
  render(
    <SiteHeader
      siteName="North Shore Appliance Repair"
      phone={phone}
      isHome={isHome}
      schedule={schedule}
      weekSummary="Mon–Fri 8 am–6 pm"
      builtAt="2026-11-20T18:00:00.000Z"
    />,
  )
const SECTIONS = ["coupons", "services", "brands", "service-area", "about", "contact"]

describe("site header", () => {
  it("links each section in-page on the home route", () => {
    renderHeader(true)
    const nav = screen.getByRole("navigation", { name: "Main" })
    const hrefs = within(nav)
      .getAllByRole("link")
      .map((link) => link.getAttribute("href"))
    expect(hrefs).toEqual(SECTIONS.map((id) => `#${id}`))
  })

  it("links each section to the home page from any other route", () => {
    renderHeader(false)
    const nav = screen.getByRole("navigation", { name: "Main" })
    const hrefs = within(nav)
      .getAllByRole("link")
      .map((link) => link.getAttribute("href"))
    expect(hrefs).toEqual(SECTIONS.map((id) => `/#${id}`))
  })

  it("has a phone button that names and dials the number", () => {
    renderHeader(false)
    const call = screen.getByRole("link", { name: "Call (847) 555-0142" })
    expect(call).toHaveAttribute("href", "tel:+18475550142")
  })

  it("opens the menu as a disclosure and closes it when a link is tapped", async () => {
    const user = userEvent.setup()
    renderHeader(true)
    const button = screen.getByRole("button", { name: "Menu" })
    const menu = document.getElementById(button.getAttribute("aria-controls") ?? "")
    expect(menu).not.toBeNull()
    expect(button).toHaveAttribute("aria-expanded", "false")
    expect(menu).toHaveAttribute("data-open", "false")

    await user.click(button)
    expect(button).toHaveAttribute("aria-expanded", "true")
    expect(menu).toHaveAttribute("data-open", "true")

    await user.click(screen.getByRole("link", { name: "Brands" }))
    expect(button).toHaveAttribute("aria-expanded", "false")
    expect(menu).toHaveAttribute("data-open", "false")
  })

  it("closes the menu on Escape and returns focus to the button", async () => {
    const user = userEvent.setup()
    renderHeader(false)
    const button = screen.getByRole("button", { name: "Menu" })
    await user.click(button)
    await user.tab()
    expect(screen.getByRole("link", { name: "Coupons" })).toHaveFocus()

    await user.keyboard("{Escape}")
    expect(button).toHaveAttribute("aria-expanded", "false")
    expect(button).toHaveFocus()
  })

  it("toggles the menu closed with its own button", async () => {
    const user = userEvent.setup()
    renderHeader(false)
    const button = screen.getByRole("button", { name: "Menu" })
    await user.click(button)
    await user.click(button)
    expect(button).toHaveAttribute("aria-expanded", "false")
  })

  it("dims the page behind the open menu, and a tap there closes it", async () => {
    const user = userEvent.setup()
    const { container } = renderHeader(false)
    const button = screen.getByRole("button", { name: "Menu" })
    await user.click(button)
    const backdrop = container.querySelector("header + [aria-hidden='true']")
    expect(backdrop).not.toBeNull()
    await user.click(backdrop as Element)
    expect(button).toHaveAttribute("aria-expanded", "false")
    expect(container.querySelector("header + [aria-hidden='true']")).toBeNull()
  })

  it("keeps the status beside the call link, not in its name", () => {
    renderHeader(false)
    const call = screen.getByRole("link", { name: "Call (847) 555-0142" })
    expect(call.parentElement?.querySelector("p")).not.toBeNull()
  })
})
