import * as React from "react"
import { Copy, UserPlus } from "lucide-react"
import { DECORATIVE_ICON } from "../../lib/decorative-icon"
import { API, requestJson } from "./admin-api"
import { ROLE_HINTS, ROLE_NAMES, type Role } from "./editor-list"
import { until } from "./pending-invitations"
import { editorsProblem, type Problem } from "./plain-errors"
import { ProblemAlert } from "./problem-alert"

export interface Invitation {
  link: string
  /** When the link stops working (ISO 8601). */
  expires: string
  emailed: boolean
}

interface InviteFormProps {
  token: string
  /** Called once an invitation is made (the caller lists the pending ones again). */
  onInvited?: () => void
}

/**
 * "Invite someone", for an owner: makes an invitation link for a helper (or an owner), shows
 * it with a Copy button and says whether it was emailed.
 */
export function InviteForm({ token, onInvited }: InviteFormProps) {
  const emailId = React.useId()
  const nameId = React.useId()
  const linkId = React.useId()
  const [busy, setBusy] = React.useState(false)
  const [problem, setProblem] = React.useState<Problem | null>(null)
  const [made, setMade] = React.useState<{ email: string; invitation: Invitation } | null>(null)
  const [copied, setCopied] = React.useState("")
  const linkField = React.useRef<HTMLInputElement>(null)

  const invite = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    const form = new FormData(event.currentTarget)
    const email = String(form.get("email") ?? "").trim()
    const name = String(form.get("name") ?? "").trim()
    const role = (form.get("role") === "owner" ? "owner" : "helper") satisfies Role
    setBusy(true)
    setProblem(null)
    setMade(null)
    setCopied("")
    try {
      const invitation = await requestJson<Invitation>(API.invitations, {
        body: name ? { email, name, role } : { email, role },
        token,
      })
      setMade({ email, invitation })
      onInvited?.()
    } catch (error) {
      setProblem(editorsProblem(error))
    } finally {
      setBusy(false)
    }
  }

  const copy = async () => {
    if (!made) return
    try {
      await navigator.clipboard.writeText(made.invitation.link)
      setCopied("The link is copied: paste it into a text message or an email.")
    } catch {
      linkField.current?.select()
      setCopied("The phone did not let the page copy: the link is selected, copy it from the field.")
    }
  }

  return (
    <section aria-labelledby="invite-heading" className="invite-form__invite">
      <h2 id="invite-heading" className="invite-form__heading">
        Invite someone
      </h2>
      <p>They get a link that saves a passkey on their phone. It works once, for 24 hours.</p>
      <form onSubmit={invite} className="invite-form__form">
        <label htmlFor={emailId} className="invite-form__label">
          Email address
        </label>
        <input
          id={emailId}
          name="email"
          type="email"
          required
          autoComplete="off"
          inputMode="email"
          className="invite-form__field"
        />
        <label htmlFor={nameId} className="invite-form__label">
          Name <span className="invite-form__optional">(optional)</span>
        </label>
        <input id={nameId} name="name" type="text" autoComplete="off" className="invite-form__field" />
        <fieldset className="invite-form__roles">
          <legend className="invite-form__label">They will be</legend>
          {(["helper", "owner"] as const).map((role) => (
            <label key={role} className="invite-form__role">
              <input type="radio" name="role" value={role} defaultChecked={role === "helper"} />
              {ROLE_NAMES[role]}: {ROLE_HINTS[role]}
            </label>
          ))}
        </fieldset>
        <button type="submit" className="action-button__action" aria-disabled={busy}>
          <UserPlus {...DECORATIVE_ICON} size={22} />
          Make an invitation
        </button>
      </form>
      <div role="status" className="invite-form__status">
        {busy ? "Making the invitation…" : null}
        {made ? (
          <p className="invite-form__made">
            The invitation for {made.email} is ready.{" "}
            {made.invitation.emailed
              ? `It was emailed to ${made.email}.`
              : "It was not emailed: send the link yourself, by text message or email."}
          </p>
        ) : null}
      </div>
      {problem ? <ProblemAlert problem={problem} /> : null}
      {made ? (
        <div className="invite-form__result">
          <label htmlFor={linkId} className="invite-form__label">
            Invitation link
          </label>
          <div className="invite-form__copyRow">
            <input
              id={linkId}
              ref={linkField}
              type="text"
              readOnly
              value={made.invitation.link}
              className="invite-form__field"
              onFocus={(event) => event.currentTarget.select()}
            />
            <button type="button" className="action-button__small" onClick={copy}>
              <Copy {...DECORATIVE_ICON} size={18} />
              Copy
            </button>
          </div>
          <p className="invite-form__expires">It works once, until {until(made.invitation.expires)}.</p>
          <p role="status" className="invite-form__copied">
            {copied}
          </p>
        </div>
      ) : null}
    </section>
  )
}
