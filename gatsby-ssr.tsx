import * as React from "react"
import type { GatsbySSR } from "gatsby"
import { AppErrorBoundary } from "./src/components/app-error-boundary"

/**
 * What gatsby-plugin-image puts in every head (keys of its onRenderBody): a style,
 * a <noscript> style and an inline module script, all for its <GatsbyImage>
 * component. The site renders its images as plain <picture>s from the plugin's
 * data, so these would only be bytes and a script to run.
 */
const GATSBY_IMAGE_HEAD_KEYS = new Set(["gatsby-image-style", "gatsby-image-style-noscript", "gatsby-image-style-script"])

const keyOf = (component: React.ReactNode): string | null =>
  React.isValidElement(component) && component.key !== null ? String(component.key) : null

export const wrapPageElement: GatsbySSR["wrapPageElement"] = ({ element }) => (
  <AppErrorBoundary>{element}</AppErrorBoundary>
)

export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHtmlAttributes }) => {
  setHtmlAttributes({ lang: "en" })
}

export const onPreRenderHTML: GatsbySSR["onPreRenderHTML"] = ({ getHeadComponents, replaceHeadComponents }) => {
  const head = getHeadComponents() as React.ReactNode[]
  replaceHeadComponents(head.filter((component) => !GATSBY_IMAGE_HEAD_KEYS.has(keyOf(component) ?? "")))
}
