import * as React from "react"
import { openingStatus } from "../../lib/business-time"
import { CALL_BACK_PATH } from "../../lib/routes"
import { useSiteData } from "../../hooks/use-site-data"
import { useHydrated } from "../../hooks/use-hydrated"
import { useNow } from "../../hooks/use-now"
import * as styles from "./call-back-link.module.css"

interface CallBackLinkProps {
  tone?: "plain" | "light"
}

/**
 * "Call me back", beside a call button: for when no one can answer. While the
 * shop is open (the status the header shows, computed in the browser), it is
 * hidden but keeps its place, so nothing moves when the status changes; in the
 * server's HTML and without JavaScript, it shows, since the page cannot know the
 * hour (`/call-back/` is there at any hour). CALL_BACKS=off: nothing.
 */
export function CallBackLink({ tone = "plain" }: CallBackLinkProps) {
  const { callBacks, schedule, business } = useSiteData()
  const hydrated = useHydrated()
  const now = useNow(business.builtAt)
  if (!callBacks) return null
  const open = hydrated && openingStatus(now, schedule).open
  return (
    <a href={CALL_BACK_PATH} className={`${styles.link} ${styles[tone]}`} data-open-now={open ? "" : undefined}>
      Call me back
    </a>
  )
}
