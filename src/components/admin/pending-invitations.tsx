import * as React from "react"
import { Undo2 } from "lucide-react"
import { DECORATIVE_ICON } from "../../lib/decorative-icon"
import type { Role } from "./editor-list"

/** An invitation not yet used, as the site lists it for an owner. */
export interface PendingInvitation {
  id: string
  email: string
  name?: string | null
  role: Role
  /** Who made it, in words ("Pat Owner", "the set-up command"). */
  by: string
  /** When it stops working (ISO 8601). */
  expires: string
}

const WHEN = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short" })

/** "March 4, 2026 at 3:00 PM", or the text as given when it is no date. */
export function until(expires: string): string {
  const instant = Date.parse(expires)
  return Number.isNaN(instant) ? expires : WHEN.format(instant)
}

interface PendingInvitationsProps {
  invitations: readonly PendingInvitation[]
  /** Asked to take one back (the caller confirms and revokes). */
  onRevoke: (invitation: PendingInvitation) => void
  /** The invitation being taken back, whose button waits. */
  busy?: string
}

/** For an owner: the invitations not yet used, each with a button that takes it back (its link then fails). */
export function PendingInvitations({ invitations, onRevoke, busy }: PendingInvitationsProps) {
  return (
    <section aria-labelledby="pending-heading" className="pending-invitations__pending">
      <h2 id="pending-heading" className="invite-form__heading">
        Invitations not yet used
      </h2>
      {invitations.length === 0 ? (
        <p>None: every invitation was used, taken back or has expired.</p>
      ) : (
        <ul className="pending-invitations__list">
          {invitations.map((invitation) => (
            <li key={invitation.id} className="pending-invitations__invitation">
              <span>
                <strong>{invitation.name || invitation.email}</strong>
                {invitation.name ? <span className="editor-list__email"> {invitation.email}</span> : null}, as{" "}
                {invitation.role === "owner" ? "an owner" : "a helper"}, by {invitation.by}; works until{" "}
                {until(invitation.expires)}
              </span>
              <button
                type="button"
                className="action-button__small action-button__danger"
                aria-disabled={busy === invitation.id}
                aria-label={`Take back the invitation for ${invitation.email}`}
                onClick={() => onRevoke(invitation)}
              >
                <Undo2 {...DECORATIVE_ICON} size={18} />
                Take back
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
