import * as React from "react"
import { CALL_BACK_PATH } from "../../lib/routes"
import { useSiteData } from "../../hooks/use-site-data"
import * as styles from "./call-back-line.module.css"

/** The line under a town or service page's call section: the request, for when no one can answer. */
export function CallBackLine() {
  const { callBacks } = useSiteData()
  if (!callBacks) return null
  return (
    <p className={styles.line}>
      No one to answer, or the shop is closed? <a href={CALL_BACK_PATH}>Ask us to call you back</a>.
    </p>
  )
}
