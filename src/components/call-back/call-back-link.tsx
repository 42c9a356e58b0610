import * as React from "react"
import { CALL_BACK_PATH } from "../../lib/routes"
import { useSiteData } from "../../hooks/use-site-data"
import * as styles from "./call-back-link.module.css"

interface CallBackLinkProps {
  tone?: "plain" | "light"
}

/**
 * "Call me back", beside a call button: for when no one can answer. While the
 * shop is open, as the opening status every page shows says once the browser
 * has read the hour (src/components/opening-status.tsx, `data-open`), it is
 * hidden but keeps its place (CSS alone, no script of its own), so nothing
 * moves when the status changes; in the server's HTML and without JavaScript it
 * shows, since the page cannot know the hour (`/call-back/` is there at any
 * hour). CALL_BACKS=off: nothing.
 */
export function CallBackLink({ tone = "plain" }: CallBackLinkProps) {
  const { callBacks } = useSiteData()
  if (!callBacks) return null
  return (
    <a href={CALL_BACK_PATH} className={`${styles.link} ${styles[tone]}`}>
      Call me back
    </a>
  )
}
