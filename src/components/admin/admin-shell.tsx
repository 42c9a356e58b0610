import * as React from "react"
import { ArrowLeft, KeyRound } from "lucide-react"
import { DECORATIVE_ICON } from "../../lib/decorative-icon"
import { useHydrated } from "../../hooks/use-hydrated"
import { EDITOR_PATH } from "./admin-api"

interface AdminShellProps {
  title: string
  /** A link back to the editor in the band (for a page reached from the editor). */
  backToEditor?: boolean
  children: React.ReactNode
}

/** The frame of the editor's sign-in pages: a plain band naming the editor, then one narrow column. */
export function AdminShell({ title, backToEditor = false, children }: AdminShellProps) {
  // "true" once React runs the page: what scripts/settle.cjs waits for on these pages (ADMIN_HYDRATED).
  const hydrated = useHydrated()
  return (
    <div className="admin-shell__shell" data-hydrated={hydrated}>
      <header className="admin-shell__band">
        {backToEditor ? (
          <a href={EDITOR_PATH} className="admin-shell__back">
            <ArrowLeft {...DECORATIVE_ICON} size={20} />
            Back to the editor
          </a>
        ) : (
          <span className="admin-shell__name">
            <KeyRound {...DECORATIVE_ICON} size={20} />
            Content editor
          </span>
        )}
      </header>
      <main className="admin-shell__main">
        <h1 className="admin-shell__title">{title}</h1>
        {children}
      </main>
    </div>
  )
}
