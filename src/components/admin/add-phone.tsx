import * as React from "react"
import { browserSupportsWebAuthn, startRegistration } from "@simplewebauthn/browser"
import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser"
import { Smartphone } from "lucide-react"
import { DECORATIVE_ICON } from "../../lib/decorative-icon"
import { API, requestJson } from "./admin-api"
import { addPhoneProblem, type Problem } from "./plain-errors"
import { ProblemAlert } from "./problem-alert"
import { useStartReading } from "./use-start-reading"

interface AddPhoneProps {
  token: string
  /** Called once the passkey is saved, with what to say. */
  onAdded: (said: string) => void
}

const readSupport = () => browserSupportsWebAuthn()

/**
 * "Add this phone": the signed-in editor saves another passkey of their own on the device in
 * hand, as the invitation page does for a new editor, but from their own session (an invitation
 * never adds a passkey to an existing editor). Not shown where the browser has no passkeys.
 */
export function AddPhone({ token, onAdded }: AddPhoneProps) {
  const supported = useStartReading("add-phone", readSupport)
  const [busy, setBusy] = React.useState(false)
  const [problem, setProblem] = React.useState<Problem | null>(null)
  if (!supported) return null

  const add = async () => {
    if (busy) return
    setBusy(true)
    setProblem(null)
    let step: "options" | "phone" | "registration" = "options"
    try {
      const { options, challenge } = await requestJson<{
        options: PublicKeyCredentialCreationOptionsJSON
        challenge: string
      }>(API.ownRegistrationOptions, { body: {}, token })
      step = "phone"
      const response = await startRegistration({ optionsJSON: options })
      step = "registration"
      await requestJson(API.ownRegistration, { body: { challenge, response }, token })
      onAdded("A passkey of yours is saved on this device: you can sign in with it too.")
    } catch (error) {
      setProblem(addPhoneProblem(error, step))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section aria-labelledby="add-phone-heading" className="invite-form__invite">
      <h2 id="add-phone-heading" className="invite-form__heading">
        Another phone of yours
      </h2>
      <p>
        On a new phone or computer, sign in with the phone you have (the new one offers to use a passkey from another
        device: scan its code with your phone), open Editors there and press “Add this phone”: it then signs in on its
        own.
      </p>
      <div role="status" className="invite-form__status">
        {busy ? "Follow the phone’s instructions to save the passkey…" : null}
      </div>
      {problem ? <ProblemAlert problem={problem} /> : null}
      <button type="button" className="action-button__action" aria-disabled={busy} onClick={add}>
        <Smartphone {...DECORATIVE_ICON} size={22} />
        Add this phone
      </button>
    </section>
  )
}
