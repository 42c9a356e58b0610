import * as React from "react"
import type { GatsbySSR } from "gatsby"
import { AppErrorBoundary } from "./src/components/app-error-boundary"
import { DEFERRED_SCRIPTS_ID, DEFERRED_SCRIPTS_LOADER } from "./src/lib/deferred-scripts"
import { FIRST_SCREEN_END_ID } from "./src/lib/first-screen"
import { ADMIN_PATH } from "./src/lib/routes"

/**
 * What gatsby-plugin-image puts in every head (keys of its onRenderBody): a style,
 * a <noscript> style and an inline module script, all for its <GatsbyImage>
 * component. The site renders its images as plain <picture>s from the plugin's
 * data, so these would only be bytes and a script to run.
 */
const GATSBY_IMAGE_HEAD_KEYS = new Set([
  "gatsby-image-style",
  "gatsby-image-style-noscript",
  "gatsby-image-style-script",
])

/** The slice Gatsby 5 writes its scripts into (see src/lib/deferred-scripts.ts). */
const SCRIPTS_SLICE_ID = "_gatsby-scripts"

type Props = Record<string, unknown>
const propsOf = (component: React.ReactNode): Props | null =>
  React.isValidElement<Props>(component) ? component.props : null

const isGatsbyImageHead = (component: React.ReactNode) =>
  React.isValidElement(component) && GATSBY_IMAGE_HEAD_KEYS.has(String(component.key))

/** A <link rel="preload|prefetch" as="script">: it would fetch a script before the page has painted. */
const isScriptHint = (component: React.ReactNode) =>
  React.isValidElement(component) && component.type === "link" && propsOf(component)?.as === "script"

/** Gatsby's scripts slice, or (without slices) a <script src>. */
const isGatsbyScript = (component: React.ReactNode) =>
  propsOf(component)?.sliceId === SCRIPTS_SLICE_ID ||
  (React.isValidElement(component) && component.type === "script" && Boolean(propsOf(component)?.src))

/** gatsby-plugin-manifest's <link rel="manifest">: waits for the first paint too (see src/lib/deferred-scripts.ts). */
const isManifestLink = (component: React.ReactNode) =>
  React.isValidElement(component) && component.type === "link" && propsOf(component)?.rel === "manifest"

/** The stylesheet Gatsby inlines from its `app` chunk: src/styles/global.css (tokens, resets) and the app's own. */
const isAppStyle = (component: React.ReactNode) =>
  React.isValidElement(component) &&
  component.type === "style" &&
  String(propsOf(component)?.["data-href"] ?? "").startsWith("/app.")

/**
 * Each page inlines only its template's styles beside the app's (see
 * internal/gatsby/on-create-webpack-config.ts), and Gatsby writes the template's first. The app's
 * go first, as in the one stylesheet of before: a template's rule wins a tie with a global one.
 */
const appStylesFirst = (head: React.ReactNode[]) => [
  ...head.filter(isAppStyle),
  ...head.filter((one) => !isAppStyle(one)),
]

export const wrapPageElement: GatsbySSR["wrapPageElement"] = ({ element }) => (
  <AppErrorBoundary>{element}</AppErrorBoundary>
)

/**
 * Nothing is painted before the first screen is whole, and the rest is not waited for. A browser
 * may paint a page it has only begun to parse (a slow phone does, a second in), and what it laid
 * out with half its items moved when the rest arrived: the header's brand 12 px down once the
 * status's row came, the menu button to the left once the call button came after it, a row of
 * cards wider while it had fewer. Chromium holds its first paint until the element that closes the
 * first screen (after the header, the notice and the sections on the page's first screen:
 * `firstScreen` of <Layout>) is parsed (`rel=expect`, blocking=render). What follows it only adds
 * below what is painted. Waiting for the body's last element instead cost the parse of the rest of
 * the page, maps and footer included: on a throttled phone, the home page's first paint 0.74 →
 * 0.86 s. A page without the element waits for the whole body (the link's rule), never paints
 * early. Other browsers ignore the link.
 */
export const onRenderBody: GatsbySSR["onRenderBody"] = ({ pathname, setHtmlAttributes, setHeadComponents }) => {
  setHtmlAttributes({ lang: "en" })
  // The owner's pages have no <Layout>, so no first screen to wait for (Chromium warns of a missing element).
  if (pathname.startsWith(ADMIN_PATH)) return
  setHeadComponents([
    <link key="expect-first-screen" rel="expect" href={`#${FIRST_SCREEN_END_ID}`} blocking="render" />,
  ])
}

/**
 * No script stands between the visitor and the first paint: Gatsby's scripts
 * (and the manifest link) wait in an inert <template> that a small inline
 * loader empties once the page has loaded and painted.
 */
export const onPreRenderHTML: GatsbySSR["onPreRenderHTML"] = ({
  getHeadComponents,
  replaceHeadComponents,
  getPostBodyComponents,
  replacePostBodyComponents,
}) => {
  const head = getHeadComponents() as React.ReactNode[]
  const manifest = head.filter(isManifestLink)
  replaceHeadComponents(
    appStylesFirst(
      head.filter(
        (component) => !isGatsbyImageHead(component) && !isScriptHint(component) && !isManifestLink(component),
      ),
    ),
  )

  const postBody = getPostBodyComponents() as React.ReactNode[]
  const deferred = [...manifest, ...postBody.filter(isGatsbyScript)]
  if (deferred.length === 0) return
  replacePostBodyComponents([
    ...postBody.filter((component) => !isGatsbyScript(component)),
    <template key="deferred-scripts" id={DEFERRED_SCRIPTS_ID}>
      {deferred.map((component, index) => (
        <React.Fragment key={index}>{component}</React.Fragment>
      ))}
    </template>,
    <script key="deferred-scripts-loader" dangerouslySetInnerHTML={{ __html: DEFERRED_SCRIPTS_LOADER }} />,
  ])
}
