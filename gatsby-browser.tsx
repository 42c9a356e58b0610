import * as React from "react"
import { createRoot, hydrateRoot } from "react-dom/client"
import type { GatsbyBrowser } from "gatsby"
import { AppErrorBoundary } from "./src/components/app-error-boundary"
import { listenForCallTaps } from "./src/lib/call-beacon"
import { startWhereTheBrowserPuts } from "./src/lib/arrival-scroll"
import "./src/styles/global.css"

export const wrapPageElement: GatsbyBrowser["wrapPageElement"] = ({ element }) => (
  <AppErrorBoundary>{element}</AppErrorBoundary>
)

/**
 * Gatsby's app script evaluates its modules and then, in the microtasks of the
 * same task, starts its loader. Waiting here for a new task ends the script's
 * task first: two shorter tasks instead of one long one.
 */
export const onClientEntry: GatsbyBrowser["onClientEntry"] = () => {
  // The tap count's one listener: a tap on a tel: link sends a beacon and still dials.
  listenForCallTaps()
  // A page loaded anew starts at its top (or its #section), not where an earlier visit left it.
  startWhereTheBrowserPuts()
  return new Promise<void>((resolve) => {
    setTimeout(resolve, 0)
  })
}

/**
 * Hydration as a transition. Gatsby's own hydrateRoot call hydrates the whole
 * page in one task (React treats it as urgent), which on a slow phone blocks
 * the main thread for hundreds of milliseconds. Inside startTransition React
 * hydrates in slices of a few milliseconds and yields between them; a tap
 * that arrives meanwhile makes React finish hydrating at once and handle it.
 * A page with no server HTML (none today) is rendered, as Gatsby does.
 */
function hydrateInSlices(element: React.ReactElement, container: Element): void {
  const hasServerHtml = Boolean(document.getElementById("gatsby-focus-wrapper")?.children.length)
  React.startTransition(() => {
    if (hasServerHtml) hydrateRoot(container, element)
    else createRoot(container).render(element)
  })
}

// Gatsby types the hook's result as react-dom's legacy render() overloads; it calls it as (element, container).
export const replaceHydrateFunction: GatsbyBrowser["replaceHydrateFunction"] = () =>
  hydrateInSlices as unknown as ReturnType<NonNullable<GatsbyBrowser["replaceHydrateFunction"]>>
