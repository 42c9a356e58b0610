import * as React from "react"
import { render, screen } from "@testing-library/react"
import type { PageProps } from "gatsby"
import NotFoundPage from "../../src/pages/404"
import { mockSiteData } from "../fixtures/site-data"

describe("404 page", () => {
  beforeEach(() => mockSiteData())

  it("shows 404, the message and a link home, and logs the missing path", () => {
    const error = jest.spyOn(console, "error").mockImplementation(() => undefined)
    const props = { location: { pathname: "/service-area/waukegan/" } } as unknown as PageProps
    render(<NotFoundPage {...props} />)

    expect(screen.getByText("404")).toBeInTheDocument()
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Oops! Page not found")
    expect(screen.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/")
    expect(error).toHaveBeenCalledWith(
      "404 Error: User attempted to access non-existent route:",
      "/service-area/waukegan/",
    )
    error.mockRestore()
  })
})
