import * as React from "react"
import type { HeadFC } from "gatsby"
import { AdminHead } from "../../components/admin/admin-head"
import { EditorsScreen } from "../../components/admin/editors-screen"

/** /admin/editors/: who can sign in to the editor, their passkeys, and invitations. */
export default function EditorsPage() {
  return <EditorsScreen />
}

export const Head: HeadFC = () => <AdminHead title="Editors" />
