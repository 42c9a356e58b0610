import * as React from "react"
import { browserSupportsWebAuthn, startRegistration } from "@simplewebauthn/browser"
import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser"
import { FingerprintPattern } from "lucide-react"
import { DECORATIVE_ICON } from "../../lib/decorative-icon"
import { API, EDITOR_PATH, requestJson } from "./admin-api"
import { AdminShell } from "./admin-shell"
import { forgetInvitationToken, takeInvitationToken } from "./invitation-token"
import { NO_INVITATION_PROBLEM, UNSUPPORTED_PROBLEM, invitationProblem, type Problem } from "./plain-errors"
import { ProblemAlert } from "./problem-alert"
import { useStartReading } from "./use-start-reading"

interface Editor {
  email: string
  name?: string | null
}

type State = { phase: "ready"; problem?: Problem } | { phase: "working" } | { phase: "saved"; editor: Editor }

/** The link's token (taken from the address: see invitation-token.ts) and whether the browser has passkeys. */
const readStart = () => ({ token: takeInvitationToken(), supported: browserSupportsWebAuthn() })

/** The invitation link's page: saves a passkey on this phone for the invited editor. */
export function InvitationScreen() {
  const start = useStartReading("invitation", readStart)
  const [state, setState] = React.useState<State>({ phase: "ready" })
  const editorLink = React.useRef<HTMLAnchorElement>(null)

  React.useEffect(() => {
    if (state.phase === "saved") editorLink.current?.focus()
  }, [state.phase])

  const blocked: Problem | null =
    start && !start.token
      ? { text: NO_INVITATION_PROBLEM }
      : start && !start.supported
        ? { text: UNSUPPORTED_PROBLEM }
        : null

  const save = async () => {
    if (!start || blocked || state.phase !== "ready") return
    setState({ phase: "working" })
    const invitation = start.token
    let step: "options" | "phone" | "registration" = "options"
    try {
      const { options, challenge } = await requestJson<{
        options: PublicKeyCredentialCreationOptionsJSON
        challenge: string
      }>(API.registrationOptions, { body: { invitation } })
      step = "phone"
      const response = await startRegistration({ optionsJSON: options })
      step = "registration"
      const editor = await requestJson<Editor>(API.registration, { body: { invitation, challenge, response } })
      forgetInvitationToken()
      setState({ phase: "saved", editor })
    } catch (error) {
      setState({ phase: "ready", problem: invitationProblem(error, step) })
    }
  }

  const busy = state.phase === "working" || !start
  return (
    <AdminShell title={state.phase === "saved" ? "Your passkey is saved" : "Save a passkey"}>
      {state.phase === "saved" ? null : (
        <p className="admin-screen__lead">
          Save a passkey on this phone: you will sign in to the website&rsquo;s editor with Face ID, a fingerprint or
          the screen lock. No password.
        </p>
      )}
      <div role="status" className="admin-screen__status">
        {state.phase === "working" ? "Follow the phone’s instructions to save the passkey…" : null}
        {state.phase === "saved" ? (
          <p className="admin-screen__success">Your passkey is saved, {state.editor.name || state.editor.email}.</p>
        ) : null}
      </div>
      {state.phase === "saved" ? (
        <>
          <p>Next time, open the editor on this phone and sign in with the passkey.</p>
          <a ref={editorLink} href={EDITOR_PATH} className="action-button__action">
            Open the editor
          </a>
        </>
      ) : null}
      {blocked ? <ProblemAlert problem={blocked} /> : null}
      {state.phase === "ready" && state.problem ? <ProblemAlert problem={state.problem} /> : null}
      {!blocked && state.phase !== "saved" ? (
        <button type="button" className="action-button__action" aria-disabled={busy} onClick={save}>
          <FingerprintPattern {...DECORATIVE_ICON} size={24} />
          Save a passkey
        </button>
      ) : null}
    </AdminShell>
  )
}
