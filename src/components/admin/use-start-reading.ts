import * as React from "react"

const subscribe = () => () => {}
const readings = new Map<string, unknown>()

/**
 * What a screen reads from the browser as the page starts (its address, whether
 * the browser has passkeys, the signed-in editor): null on the server and while
 * React hydrates the server's HTML, then the reading, taken once per page load
 * under its key and kept, as a store's snapshot must be.
 */
export function useStartReading<T>(key: string, read: () => T): T | null {
  return React.useSyncExternalStore(
    subscribe,
    () => {
      if (!readings.has(key)) readings.set(key, read())
      return readings.get(key) as T
    },
    () => null,
  )
}

/** Forgets every reading, as a new page load would (tests render a screen anew). */
export function forgetStartReadings(): void {
  readings.clear()
}
