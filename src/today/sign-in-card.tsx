/** @jsx h */
import { h } from "preact"
import { useState } from "preact/hooks"
import { browserSupportsWebAuthn, startAuthentication } from "@simplewebauthn/browser"
import { UNSUPPORTED_PROBLEM } from "../components/admin/plain-errors"
import { keepUser, passkeySignIn, signInProblem, type DecapUser } from "./sign-in"

type State = { working: boolean; problem?: string }

/**
 * Signed out (or the sign-in ended mid-save): one large button that signs in with the phone's
 * passkey here, without leaving the page (./sign-in.ts). `kept`: a change waits to be sent once
 * signed in, and the card says so.
 */
export function SignInCard({ kept, onSignedIn }: { kept: boolean; onSignedIn: (user: DecapUser) => void }) {
  const [state, setState] = useState<State>({ working: false })
  const supported = browserSupportsWebAuthn()

  const signIn = async () => {
    if (state.working) return
    setState({ working: true })
    try {
      const user = await passkeySignIn({
        origin: window.location.origin,
        authenticate: (optionsJSON) => startAuthentication({ optionsJSON }),
      })
      keepUser(localStorage, user)
      setState({ working: false })
      onSignedIn(user)
    } catch (error) {
      setState({ working: false, problem: signInProblem(error) })
    }
  }

  return (
    <section className="sign-in card" aria-label="Sign in">
      <p>
        {kept
          ? "Your change is kept: it is sent as soon as you have signed in."
          : "To change anything here, sign in with the passkey saved on this phone: Face ID, a fingerprint or the screen lock."}
      </p>
      <div role="status">{state.working ? "Follow the phone’s instructions to use your passkey…" : null}</div>
      {state.problem && (
        <p role="alert" className="failure">
          {state.problem}
        </p>
      )}
      {supported ? (
        <button type="button" className="primary" aria-disabled={state.working} onClick={signIn}>
          Sign in
        </button>
      ) : (
        <p role="alert" className="failure">
          {UNSUPPORTED_PROBLEM}
        </p>
      )}
    </section>
  )
}
