import * as React from "react"
import { Trash2 } from "lucide-react"
import { DECORATIVE_ICON } from "../../lib/decorative-icon"

export interface Passkey {
  id: string
  /** When it was saved (ISO 8601). */
  created: string
  /** The kind of device it was saved on, in words ("iPhone"). */
  device: string
}

export interface Editor {
  id: string
  email: string
  name?: string | null
  passkeys: Passkey[]
}

const DAY = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric" })

/** "March 4, 2026", or the text as given when it is no date. */
export function savedOn(created: string): string {
  const instant = Date.parse(created)
  return Number.isNaN(instant) ? created : DAY.format(instant)
}

interface EditorListProps {
  editors: readonly Editor[]
  /** Asked to remove one passkey (the caller confirms and removes). */
  onRemove: (editor: Editor, passkey: Passkey) => void
  /** The passkey being removed, whose button waits. */
  removing?: string
}

/**
 * Who can sign in, each with the passkeys they saved and a button to remove each. An editor
 * always has one: removing the last removes the editor (internal/auth/editors.ts).
 */
export function EditorList({ editors, onRemove, removing }: EditorListProps) {
  if (editors.length === 0) return <p>Nobody can sign in yet.</p>
  return (
    <ul className="editor-list__editors">
      {editors.map((editor) => (
        <li key={editor.id} className="editor-list__editor">
          <p className="editor-list__who">
            {editor.name ? <strong>{editor.name}</strong> : null}
            <span className="editor-list__email">{editor.email}</span>
          </p>
          <ul className="editor-list__passkeys" aria-label={`Passkeys of ${editor.name || editor.email}`}>
            {editor.passkeys.map((passkey) => (
              <li key={passkey.id} className="editor-list__passkey">
                <span>
                  {passkey.device || "A device"}, saved{" "}
                  <span className="editor-list__date">{savedOn(passkey.created)}</span>
                </span>
                <button
                  type="button"
                  className="action-button__small action-button__danger"
                  aria-disabled={removing === passkey.id}
                  aria-label={`Remove the passkey on ${passkey.device || "a device"} of ${editor.name || editor.email}, saved ${savedOn(passkey.created)}`}
                  onClick={() => onRemove(editor, passkey)}
                >
                  <Trash2 {...DECORATIVE_ICON} size={18} />
                  Remove
                </button>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  )
}
