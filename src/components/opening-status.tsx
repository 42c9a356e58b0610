import * as React from "react"
import { openingStatus, type Schedule } from "../lib/business-time"
import { useHydrated } from "../hooks/use-hydrated"
import { useNow } from "../hooks/use-now"
import * as styles from "./opening-status.module.css"

interface OpeningStatusProps {
  schedule: Schedule
  /** The week's hours on one line (Business.weekSummary): the server's and the no-JavaScript text. */
  weekSummary: string
  builtAt: string
  className?: string
}

/**
 * Whether the shop answers now, on one line: "Open now · until 6 pm", "Closed ·
 * opens Monday 8 am", "Closed today for Thanksgiving · opens Friday 8 am",
 * computed in the visitor's browser from the shop's time zone (never the
 * device's) and kept true minute by minute. In the server's HTML and without
 * JavaScript, the week's hours ("Mon–Fri 8 am–6 pm · Sat 9 am–4 pm"). The line
 * never wraps, so the status takes the place of the hours without moving anything.
 */
export function OpeningStatus({ schedule, weekSummary, builtAt, className }: OpeningStatusProps) {
  const hydrated = useHydrated()
  const now = useNow(builtAt)
  const status = hydrated ? openingStatus(now, schedule) : null
  // A new line in place of the old at each change, not the old line's text changed: text that
  // moves inside a box counts as a layout shift, a box put in the place of one of its size does not.
  return (
    <p
      key={status ? status.text : "week"}
      className={`${styles.status} ${className ?? ""}`}
      data-open={status ? status.open : undefined}
    >
      {status ? status.text : weekSummary}
    </p>
  )
}
