import * as React from "react"
import { API, requestJson } from "./admin-api"
import { AdminShell } from "./admin-shell"
// Before the list and the form: every page gets its stylesheets in one order (the alert's, then the buttons').
import { ProblemAlert } from "./problem-alert"
import { EditorList, savedOn, type Editor, type Passkey } from "./editor-list"
import { readEditorSession, type EditorSession } from "./editor-session"
import { InviteForm } from "./invite-form"
import { NOT_SIGNED_IN_PROBLEM, editorsProblem, type Problem } from "./plain-errors"
import { useStartReading } from "./use-start-reading"

type State = {
  /** null until the list has come (or failed). */
  editors: Editor[] | null
  problem?: Problem
  /** What the last removal did, said in the live region. */
  said?: string
  /** The passkey being removed. */
  removing?: string
}

/** The list of editors, or what kept it away; `said` is what the last step did. */
async function listEditors(token: string, said?: string): Promise<State> {
  try {
    return { editors: await requestJson<Editor[]>(API.editors, { method: "GET", token }), said }
  } catch (error) {
    return { editors: null, problem: editorsProblem(error) }
  }
}

/** The editor signed in to Decap in this browser, if any. */
const readStart = () => ({ session: readEditorSession() })

/** Asks before a passkey goes: whoever uses it can no longer sign in with it. */
function confirmRemoval(editor: Editor, passkey: Passkey, session: EditorSession): boolean {
  const who = editor.name || editor.email
  const own = session.email && session.email.toLowerCase() === editor.email.toLowerCase()
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

/** For a signed-in editor: who can sign in, removing a passkey, inviting someone. */
export function EditorsScreen() {
  const start = useStartReading("editors", readStart)
  const session = start?.session ?? null
  const [state, setState] = React.useState<State>({ editors: null })

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

  const remove = async (editor: Editor, passkey: Passkey) => {
    if (!session || state.removing) return
    if (!confirmRemoval(editor, passkey, session)) return
    setState({ ...state, problem: undefined, said: undefined, removing: passkey.id })
    try {
      await requestJson(API.passkey(editor.id, passkey.id), { method: "DELETE", token: session.token })
      const said = `The passkey of ${editor.name || editor.email} on ${passkey.device || "a device"} is removed.`
      setState(await listEditors(session.token, said))
    } catch (error) {
      setState({ ...state, removing: undefined, said: undefined, problem: editorsProblem(error) })
    }
  }

  if (start && !session) {
    return (
      <AdminShell title="Editors" backToEditor>
        <ProblemAlert problem={{ text: NOT_SIGNED_IN_PROBLEM, toEditor: "Sign in to the editor" }} />
      </AdminShell>
    )
  }

  const loading = !state.editors && !state.problem
  return (
    <AdminShell title="Editors" backToEditor>
      <p className="admin-screen__lead">Who can sign in to the editor, and the passkeys they saved.</p>
      <div role="status" className="admin-screen__status">
        {loading ? "Loading the editors…" : null}
        {state.said ? <p className="admin-screen__success">{state.said}</p> : null}
      </div>
      {state.problem ? <ProblemAlert problem={state.problem} /> : null}
      {state.editors ? <EditorList editors={state.editors} onRemove={remove} removing={state.removing} /> : null}
      {session ? <InviteForm token={session.token} /> : null}
    </AdminShell>
  )
}
