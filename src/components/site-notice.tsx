import * as React from "react"
import { isCurrent } from "../lib/business-time"
import { useNow } from "../hooks/use-now"
import * as styles from "./site-notice.module.css"

interface SiteNoticeProps {
  notices: readonly Queries.SiteNoticeLine[]
  timeZone: string
  builtAt: string
}

/**
 * The owner's notice and the coming closures' ("Closed Thursday, November 26,
 * for Thanksgiving."), at the top of every page, under the header, each from its first day through
 * its last in the shop's time zone: built as they stand on the build's day, then
 * shown or hidden by the browser's clock (a page built before a notice starts or
 * after it ends does not wait for the next build). Nothing when none is current.
 */
export function SiteNotice({ notices, timeZone, builtAt }: SiteNoticeProps) {
  const now = useNow(builtAt)
  const current = notices.filter((notice) => isCurrent(notice, now, timeZone))
  if (current.length === 0) return null
  return (
    <aside className={styles.notice} aria-label="Notice">
      {current.map((notice) => (
        <p key={notice.text} className={styles.line}>
          {notice.text}
        </p>
      ))}
    </aside>
  )
}
