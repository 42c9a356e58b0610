import * as React from "react"
import { browserSupportsWebAuthn, startAuthentication } from "@simplewebauthn/browser"
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser"
import { LogIn } from "lucide-react"
import { DECORATIVE_ICON } from "../../lib/decorative-icon"
import { API, EDITOR_PATH, requestJson } from "./admin-api"
import { AdminShell } from "./admin-shell"
import { goTo } from "./go-to"
import { UNSUPPORTED_PROBLEM, signInProblem, type Problem } from "./plain-errors"
import { ProblemAlert } from "./problem-alert"
import { useStartReading } from "./use-start-reading"

type State = { phase: "ready"; problem?: Problem } | { phase: "working" } | { phase: "leaving" }

/** The editor's OAuth request (the query, without "?") and whether the browser has passkeys. */
const readStart = () => ({ query: window.location.search.replace(/^\?/, ""), supported: browserSupportsWebAuthn() })

/**
 * Where the editor's "sign in" sends the owner (GET /api/oauth/authorize redirects here with
 * its OAuth request in the query): the phone signs with its passkey, the site checks it and
 * answers with the address back into the editor.
 */
export function SignInScreen() {
  const start = useStartReading("sign-in", readStart)
  const [state, setState] = React.useState<State>({ phase: "ready" })

  const signIn = async () => {
    if (!start?.query || !start.supported || state.phase !== "ready") return
    setState({ phase: "working" })
    let step: "options" | "phone" | "authorize" = "options"
    try {
      const { options, challenge } = await requestJson<{
        options: PublicKeyCredentialRequestOptionsJSON
        challenge: string
      }>(API.signInOptions, { body: {} })
      step = "phone"
      const response = await startAuthentication({ optionsJSON: options })
      step = "authorize"
      const { redirect } = await requestJson<{ redirect: string }>(API.authorize, {
        body: { query: start.query, challenge, response },
      })
      setState({ phase: "leaving" })
      goTo(redirect)
    } catch (error) {
      setState({ phase: "ready", problem: signInProblem(error, step) })
    }
  }

  if (start && !start.query) {
    return (
      <AdminShell title="Sign in to the editor">
        <p className="admin-screen__lead">
          To sign in, open the editor first and choose to sign in there: it brings you back to this page.
        </p>
        <a href={EDITOR_PATH} className="action-button__action">
          Open the editor
        </a>
      </AdminShell>
    )
  }

  const busy = !start || state.phase !== "ready"
  const blocked: Problem | null = start && !start.supported ? { text: UNSUPPORTED_PROBLEM } : null
  return (
    <AdminShell title="Sign in to the editor">
      <p className="admin-screen__lead">
        Use the passkey saved on this phone: Face ID, a fingerprint or the screen lock.
      </p>
      <div role="status" className="admin-screen__status">
        {state.phase === "working" ? "Follow the phone’s instructions to use your passkey…" : null}
        {state.phase === "leaving" ? "Signed in. Opening the editor…" : null}
      </div>
      {blocked ? <ProblemAlert problem={blocked} /> : null}
      {state.phase === "ready" && state.problem ? <ProblemAlert problem={state.problem} /> : null}
      {blocked ? null : (
        <button type="button" className="action-button__action" aria-disabled={busy} onClick={signIn}>
          <LogIn {...DECORATIVE_ICON} size={24} />
          Sign in with a passkey
        </button>
      )}
      <p className="admin-screen__note">
        No passkey on this phone yet? Ask an editor to invite you: the invitation link saves one.
      </p>
    </AdminShell>
  )
}
