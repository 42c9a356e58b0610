import * as React from "react"
import type { GatsbyBrowser } from "gatsby"
import { AppErrorBoundary } from "./src/components/app-error-boundary"
import "./src/styles/global.css"

export const wrapPageElement: GatsbyBrowser["wrapPageElement"] = ({ element }) => (
  <AppErrorBoundary>{element}</AppErrorBoundary>
)
