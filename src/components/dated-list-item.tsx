import * as React from "react"
import { isCurrent } from "../lib/business-time"
import { useNow } from "../hooks/use-now"

interface DatedListItemProps {
  /** The last day it holds (YYYY-MM-DD, the shop's time zone); none: for good. */
  ends: string | null | undefined
  timeZone: string
  builtAt: string
  children: React.ReactNode
}

/**
 * A list item that holds until the end of a day, a coupon's: built only while
 * current (the build leaves out what has expired), and hidden by the browser
 * the minute the day ends in the shop's time zone if the page was built before.
 * Hidden, not emptied: the grid closes up, leaving no gap.
 */
export function DatedListItem({ ends, timeZone, builtAt, children }: DatedListItemProps) {
  const now = useNow(builtAt)
  return <li hidden={!isCurrent({ ends }, now, timeZone)}>{children}</li>
}
