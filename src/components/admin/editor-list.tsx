import * as React from "react"
import { Trash2, UserCog } from "lucide-react"
import { DECORATIVE_ICON } from "../../lib/decorative-icon"

export interface Passkey {
  id: string
  /** When it was saved (ISO 8601). */
  created: string
  /** The kind of device it was saved on, in words ("iPhone"). */
  device: string
}

export type Role = "owner" | "helper"

export interface Editor {
  id: string
  email: string
  name?: string | null
  role: Role
  passkeys: Passkey[]
}

/** The signed-in editor, as the site says: who they are and what they may do. */
export interface You {
  id: string
  role: Role
}

export const ROLE_NAMES: Record<Role, string> = { owner: "Owner", helper: "Helper" }

/** What each role may do, in a line: said beside each editor and in the invitation's choice. */
export const ROLE_HINTS: Record<Role, string> = {
  owner: "edits, and decides who can sign in",
  helper: "edits, and manages their own passkeys",
}

const DAY = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric" })

/** "March 4, 2026", or the text as given when it is no date. */
export function savedOn(created: string): string {
  const instant = Date.parse(created)
  return Number.isNaN(instant) ? created : DAY.format(instant)
}

interface EditorListProps {
  editors: readonly Editor[]
  you: You
  /** Asked to remove one passkey (the caller confirms and removes). */
  onRemove: (editor: Editor, passkey: Passkey) => void
  /** Asked to give an editor the other role (the caller confirms and changes it). */
  onRole: (editor: Editor, role: Role) => void
  /** The passkey being removed, or the editor whose role is changing: its button waits. */
  busy?: string
}

/**
 * Who can sign in, each with their role and the passkeys they saved. An owner gets a button to
 * remove each passkey and one to change each role; a helper only the buttons of their own
 * passkeys (the site refuses the rest too). An editor always has a passkey: removing the last
 * removes the editor (internal/auth/editors.ts).
 */
export function EditorList({ editors, you, onRemove, onRole, busy }: EditorListProps) {
  if (editors.length === 0) return <p>Nobody can sign in yet.</p>
  return (
    <ul className="editor-list__editors">
      {editors.map((editor) => (
        <li key={editor.id} className="editor-list__editor">
          <p className="editor-list__who">
            {editor.name ? <strong>{editor.name}</strong> : null}
            <span className="editor-list__email">{editor.email}</span>
            <span className="editor-list__role">
              {ROLE_NAMES[editor.role]}
              {editor.id === you.id ? " (you)" : ""}: {ROLE_HINTS[editor.role]}
            </span>
          </p>
          {you.role === "owner" ? <RoleButton editor={editor} onRole={onRole} busy={busy === editor.id} /> : null}
          <ul className="editor-list__passkeys" aria-label={`Passkeys of ${editor.name || editor.email}`}>
            {editor.passkeys.map((passkey) => (
              <li key={passkey.id} className="editor-list__passkey">
                <span>
                  {passkey.device || "A device"}, saved{" "}
                  <span className="editor-list__date">{savedOn(passkey.created)}</span>
                </span>
                {you.role === "owner" || editor.id === you.id ? (
                  <button
                    type="button"
                    className="action-button__small action-button__danger"
                    aria-disabled={busy === passkey.id}
                    aria-label={`Remove the passkey on ${passkey.device || "a device"} of ${editor.name || editor.email}, saved ${savedOn(passkey.created)}`}
                    onClick={() => onRemove(editor, passkey)}
                  >
                    <Trash2 {...DECORATIVE_ICON} size={18} />
                    Remove
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  )
}

/** An owner's button giving an editor the other role. */
function RoleButton({ editor, onRole, busy }: { editor: Editor; onRole: EditorListProps["onRole"]; busy: boolean }) {
  const next: Role = editor.role === "owner" ? "helper" : "owner"
  const label = next === "owner" ? "Make an owner" : "Make a helper"
  return (
    <button
      type="button"
      className="action-button__small editor-list__roleButton"
      aria-disabled={busy}
      aria-label={`${label}: ${editor.name || editor.email}`}
      onClick={() => onRole(editor, next)}
    >
      <UserCog {...DECORATIVE_ICON} size={18} />
      {label}
    </button>
  )
}
