import * as React from "react"
import { API, requestJson } from "./admin-api"
import { AdminShell } from "./admin-shell"
// Before the list and the form: every page gets its stylesheets in one order (the alert's, then the buttons').
import { ProblemAlert } from "./problem-alert"
import { AddPhone } from "./add-phone"
import { EditorList, savedOn, type Editor, type Passkey, type Role, type You } from "./editor-list"
import { readEditorSession } from "./editor-session"
import { InviteForm } from "./invite-form"
import { PendingInvitations, type PendingInvitation } from "./pending-invitations"
import { NOT_SIGNED_IN_PROBLEM, editorsProblem, type Problem } from "./plain-errors"
import { useStartReading } from "./use-start-reading"

/** What the site lists for the signed-in editor. */
interface Listing {
  you: You
  editors: Editor[]
  /** The invitations not yet used: for an owner only (a helper gets none). */
  invitations: PendingInvitation[]
}

type State = {
  /** null until the list has come (or failed). */
  list: Listing | null
  problem?: Problem
  /** What the last step did, said in the live region. */
  said?: string
  /** The passkey being removed, the editor whose role changes, or the invitation taken back. */
  busy?: string
}

/** The list of editors, or what kept it away; `said` is what the last step did. */
async function listEditors(token: string, said?: string): Promise<State> {
  try {
    return { list: await requestJson<Listing>(API.editors, { method: "GET", token }), said }
  } catch (error) {
    return { list: null, problem: editorsProblem(error) }
  }
}

/** The editor signed in to Decap in this browser, if any. */
const readStart = () => ({ session: readEditorSession() })

const nameOf = (editor: Pick<Editor, "name" | "email">) => editor.name || editor.email

/** Asks before a passkey goes: whoever uses it can no longer sign in with it. */
function confirmRemoval(editor: Editor, passkey: Passkey, you: You): boolean {
  const who = nameOf(editor)
  const own = editor.id === you.id
  const last = editor.passkeys.length === 1
  return window.confirm(
    [
      `Remove the passkey of ${who} on ${passkey.device || "a device"}, saved ${savedOn(passkey.created)}?`,
      own
        ? "It is one of your own passkeys: if it is the one on this phone, you will be signed out."
        : `${who} can no longer sign in with it.`,
      last ? "It is their only passkey: to sign in again they need a new invitation." : "",
    ]
      .filter(Boolean)
      .join("\n\n"),
  )
}

/** Asks before a role changes: an owner decides who can sign in, a helper only edits. */
const confirmRole = (editor: Editor, role: Role): boolean =>
  window.confirm(
    role === "owner"
      ? `Make ${nameOf(editor)} an owner? They can then invite, remove passkeys and change roles, as you can.`
      : `Make ${nameOf(editor)} a helper? They keep editing, but can no longer invite, remove other people's passkeys or change roles; their invitations not yet used stop working.`,
  )

/** For a signed-in editor: who can sign in and their roles; for an owner, inviting, taking back, roles and removals. */
export function EditorsScreen() {
  const start = useStartReading("editors", readStart)
  const session = start?.session ?? null
  const [state, setState] = React.useState<State>({ list: null })

  React.useEffect(() => {
    if (!session) return
    let current = true
    void listEditors(session.token).then((next) => {
      if (current) setState(next)
    })
    return () => {
      current = false
    }
  }, [session])

  /** Runs one change (its request, then the list again with what it did), one at a time. */
  const change = async (busy: string, request: () => Promise<unknown>, said: string) => {
    if (!session || state.busy) return
    setState({ ...state, problem: undefined, said: undefined, busy })
    try {
      await request()
      setState(await listEditors(session.token, said))
    } catch (error) {
      setState({ ...state, busy: undefined, said: undefined, problem: editorsProblem(error) })
    }
  }

  const remove = (editor: Editor, passkey: Passkey) => {
    if (!session || !state.list || !confirmRemoval(editor, passkey, state.list.you)) return
    void change(
      passkey.id,
      () => requestJson(API.passkey(editor.id, passkey.id), { method: "DELETE", token: session.token }),
      `The passkey of ${nameOf(editor)} on ${passkey.device || "a device"} is removed.`,
    )
  }

  const giveRole = (editor: Editor, role: Role) => {
    if (!session || !confirmRole(editor, role)) return
    void change(
      editor.id,
      () => requestJson(API.editor(editor.id), { method: "PATCH", body: { role }, token: session.token }),
      `${nameOf(editor)} is now ${role === "owner" ? "an owner" : "a helper"}.`,
    )
  }

  const revoke = (invitation: PendingInvitation) => {
    if (!session || !window.confirm(`Take back the invitation for ${invitation.email}? Its link stops working.`)) return
    void change(
      invitation.id,
      () => requestJson(API.invitation(invitation.id), { method: "DELETE", token: session.token }),
      `The invitation for ${invitation.email} is taken back.`,
    )
  }

  /** Lists again after a step of a form of its own; a failure says why but keeps the list shown. */
  const relist = (said?: string) => {
    if (!session) return
    void listEditors(session.token, said).then((next) =>
      setState((previous) => (next.list ? next : { ...previous, problem: next.problem })),
    )
  }

  if (start && !session) {
    return (
      <AdminShell title="Editors" backToEditor>
        <ProblemAlert problem={{ text: NOT_SIGNED_IN_PROBLEM, toEditor: "Sign in to the editor" }} />
      </AdminShell>
    )
  }

  const loading = !state.list && !state.problem
  const owner = state.list?.you.role === "owner"
  return (
    <AdminShell title="Editors" backToEditor>
      <p className="admin-screen__lead">
        Who can sign in to the editor, and the passkeys they saved.{" "}
        {state.list ? (owner ? "You are an owner." : "You are a helper: an owner invites and removes editors.") : null}
      </p>
      <div role="status" className="admin-screen__status">
        {loading ? "Loading the editors…" : null}
        {state.said ? <p className="admin-screen__success">{state.said}</p> : null}
      </div>
      {state.problem ? <ProblemAlert problem={state.problem} /> : null}
      {state.list ? (
        <EditorList
          editors={state.list.editors}
          you={state.list.you}
          onRemove={remove}
          onRole={giveRole}
          busy={state.busy}
        />
      ) : null}
      {session && state.list ? <AddPhone token={session.token} onAdded={relist} /> : null}
      {session && owner ? (
        <>
          <InviteForm token={session.token} onInvited={() => relist()} />
          <PendingInvitations invitations={state.list?.invitations ?? []} onRevoke={revoke} busy={state.busy} />
        </>
      ) : null}
    </AdminShell>
  )
}
