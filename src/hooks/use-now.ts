import * as React from "react"

const MINUTE = 60_000
const listeners = new Set<() => void>()
let now = 0
let timer: ReturnType<typeof setTimeout> | undefined

/** Reads the clock again at the start of each minute, and tells every component that uses it. */
function schedule() {
  timer = setTimeout(
    () => {
      now = Date.now()
      listeners.forEach((listener) => listener())
      schedule()
    },
    MINUTE - (Date.now() % MINUTE),
  )
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  if (listeners.size === 1) schedule()
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0) {
      clearTimeout(timer)
      now = 0
    }
  }
}

const read = () => (now ||= Date.now())

/**
 * The time, for what depends on today (the opening status, a coupon's expiry,
 * the notice), as epoch milliseconds. On the server and while React hydrates the
 * page: the instant the build took as now (`builtAt`), so the page hydrates as it
 * was built; then the browser's clock, read again at the start of each minute
 * (one timer for the whole page), so what ends at midnight or at closing time
 * changes at that minute.
 */
export const useNow = (builtAt: string): number =>
  React.useSyncExternalStore(subscribe, read, () => Date.parse(builtAt))
