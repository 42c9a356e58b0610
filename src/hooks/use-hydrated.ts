import * as React from "react"

const subscribe = () => () => {}

/**
 * False while React hydrates the server's HTML, true once it runs in the
 * browser (and from the first render of a page reached by client-side
 * navigation). Lets a component render its no-JavaScript form on the server and
 * swap in the interactive one afterwards, without a hydration mismatch.
 */
export function useHydrated(): boolean {
  return React.useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
