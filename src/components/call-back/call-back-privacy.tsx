import * as React from "react"
import { CALL_BACK_PATH } from "../../lib/routes"
import { NOTE_MAX } from "../../lib/call-back-limits"
import { useSiteData } from "../../hooks/use-site-data"

/**
 * What the call-back request keeps, for how long, who reads it and how to have
 * it deleted (docs/architecture.md#privacy): every sentence a fact of
 * netlify/functions/call-back.mts, internal/call-backs/ and the sweep.
 */
export function CallBackPrivacy() {
  const { callBacks } = useSiteData()
  if (!callBacks) return null
  return (
    <>
      <h2>When you ask us to call you back</h2>
      <p>
        The form on <a href={CALL_BACK_PATH}>our call-back page</a> sends us what you type in it: your name, your phone
        number, your town, the appliance, a note of at most {NOTE_MAX} characters and the best time to call. We keep
        that, with the time it came, and nothing else: no IP address, no browser or device details, no cookie.
      </p>
      <ul>
        <li>
          <strong>Who reads it:</strong> only the people who edit this site, signed in; we also email it to the shop.
        </li>
        <li>
          <strong>How long we keep it:</strong> we delete it 30 days after we mark it called, and 60 days after it came
          if we never did. Our logs never hold your name, number or note.
        </li>
        <li>
          <strong>To have it deleted sooner:</strong> call us, at the number at the top of this page, and ask; we delete
          it that day.
        </li>
      </ul>
      <p>We use it only to call you back about your appliance.</p>
    </>
  )
}
