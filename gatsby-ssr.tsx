import * as React from "react"
import type { GatsbySSR } from "gatsby"
import { AppErrorBoundary } from "./src/components/app-error-boundary"

export const wrapPageElement: GatsbySSR["wrapPageElement"] = ({ element }) => (
  <AppErrorBoundary>{element}</AppErrorBoundary>
)

export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHtmlAttributes }) => {
  setHtmlAttributes({ lang: "en" })
}
