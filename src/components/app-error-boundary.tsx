import * as React from "react"
import { ErrorBoundary } from "react-error-boundary"
import { ErrorFallback } from "./error-fallback"

/** Wraps every page (gatsby-browser and gatsby-ssr) so a render error shows the fallback. */
export function AppErrorBoundary({ children }: { children: React.ReactNode }) {
  return <ErrorBoundary FallbackComponent={ErrorFallback}>{children}</ErrorBoundary>
}
