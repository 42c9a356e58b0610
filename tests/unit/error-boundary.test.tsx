import * as React from "react"
import { render, screen } from "@testing-library/react"
import { AppErrorBoundary } from "../../src/components/app-error-boundary"

function Broken(): React.ReactElement {
  throw new Error("City record has no name")
}

describe("error boundary", () => {
  it("shows the fallback with the error's message and a link home", () => {
    // React logs the caught error; keep the test output readable.
    const error = jest.spyOn(console, "error").mockImplementation(() => undefined)
    render(
      <AppErrorBoundary>
        <Broken />
      </AppErrorBoundary>,
    )
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Unexpected Application Error!")
    expect(screen.getByText("City record has no name")).toBeInTheDocument()
    expect(screen.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/")
    error.mockRestore()
  })

  it("renders the page itself when nothing throws", () => {
    render(
      <AppErrorBoundary>
        <p>Refrigerator repair</p>
      </AppErrorBoundary>,
    )
    expect(screen.getByText("Refrigerator repair")).toBeInTheDocument()
    expect(screen.queryByText("Unexpected Application Error!")).toBeNull()
  })
})
