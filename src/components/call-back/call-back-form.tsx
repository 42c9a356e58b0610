import * as React from "react"
import {
  BEST_TIMES,
  CALL_BACK_ENDPOINT,
  FIELD_DECLARATIONS,
  HONEYPOT_FIELD,
  MIN_FILL_MS,
  REQUEST_FIELDS,
  TOKEN_FIELD,
  checkCallBack,
  formatUsPhone,
  townChoices,
  usPhoneDigits,
  type CallBackChoices,
  type FieldProblems,
  type RequestField,
} from "../../lib/call-back-request"
import { capitalize } from "../../lib/phrases"
import { useHydrated } from "../../hooks/use-hydrated"
import { Field } from "./field"
import { formClasses as styles } from "./form-classes"

interface CallBackFormProps {
  choices: CallBackChoices
  phone: Queries.BusinessPhone
}

/** What the function answers a request sent with script (netlify/functions/call-back.mts). */
type Answer =
  | { sent: true; when: string; phone: string }
  | { problems: FieldProblems; token: string; timing: string }
  | { message: string }

/** The time the form was first used, signed by the server: "" when the site cannot say. */
async function readToken(): Promise<string> {
  try {
    const response = await fetch(CALL_BACK_ENDPOINT, { cache: "no-store" })
    return response.ok ? ((await response.json()) as { token: string }).token : ""
  } catch {
    return ""
  }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The signed time, and when it came (ms): the server signed it before it came, so a request sent
 * MIN_FILL_MS after it came is at least that old to the server, however slow the answer was.
 */
interface GivenToken {
  token: string
  came: number
}

const tokenGiven = async (): Promise<GivenToken> => {
  const token = await readToken()
  return { token, came: Date.now() }
}

/**
 * The call-back request. Without JavaScript: a plain POST to the function, which
 * answers with a page (the form again to check and send, then the thanks). With
 * it: the same fields checked here by the same declaration
 * (src/lib/call-back-request.ts), each problem said at its field, the request
 * sent in place, and the thanks said where the form was. The signed time is
 * asked for when a field is first focused (a page only looked at asks nothing),
 * and a request is sent no sooner than MIN_FILL_MS after it, as the function
 * wants: a person who fills the form from the browser's memory is never taken
 * for a bot.
 */
export function CallBackForm({ choices, phone }: CallBackFormProps) {
  const hydrated = useHydrated()
  const formRef = React.useRef<HTMLFormElement>(null)
  const thanksRef = React.useRef<HTMLHeadingElement>(null)
  const given = React.useRef<Promise<GivenToken>>()
  const [problems, setProblems] = React.useState<FieldProblems>({})
  const [notice, setNotice] = React.useState("")
  const [sending, setSending] = React.useState(false)
  const [sent, setSent] = React.useState<{ when: string; phone: string }>()

  const askForToken = (): Promise<GivenToken> => (given.current ??= tokenGiven())
  React.useEffect(() => {
    if (sent) thanksRef.current?.focus()
  }, [sent])

  const focusFirstProblem = (found: FieldProblems) => {
    const first = REQUEST_FIELDS.find((name) => found[name])
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
  }

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (sending) return
    const data = new FormData(event.currentTarget)
    const values = Object.fromEntries([...data].map(([name, value]) => [name, String(value)]))
    const checked = checkCallBack(values, choices)
    setNotice("")
    if ("problems" in checked) {
      setProblems(checked.problems)
      focusFirstProblem(checked.problems)
      return
    }
    setProblems({})
    setSending(true)
    try {
      const { token, came } = await askForToken()
      values[TOKEN_FIELD] = token
      await wait(came + MIN_FILL_MS + 250 - Date.now())
      const response = await fetch(CALL_BACK_ENDPOINT, {
        method: "POST",
        headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(values).toString(),
      })
      const answer = (await response.json()) as Answer
      if ("sent" in answer) setSent(answer)
      else if ("problems" in answer) {
        given.current = Promise.resolve({ token: answer.token, came: Date.now() })
        setProblems(answer.problems)
        if (Object.keys(answer.problems).length) focusFirstProblem(answer.problems)
        else setNotice("Nothing was sent yet: check your request, then send it again.")
      } else setNotice(`Your request was not sent. Please call us at ${phone.display}.`)
    } catch {
      setNotice(`Your request was not sent: the site could not be reached. Please call us at ${phone.display}.`)
    } finally {
      setSending(false)
    }
  }

  if (sent) {
    return (
      <div role="status">
        <h2 ref={thanksRef} tabIndex={-1}>
          Thank you: we will call you back
        </h2>
        <p>{sent.when}</p>
        <p>
          We will call <span className={styles.phone}>{sent.phone}</span>.
        </p>
      </div>
    )
  }

  const showPhone = (event: React.FocusEvent<HTMLInputElement>) => {
    const digits = usPhoneDigits(event.currentTarget.value)
    if (digits) event.currentTarget.value = formatUsPhone(digits)
  }
  const field = (name: RequestField, control: (props: ControlProps) => React.ReactNode) => (
    <Field name={name} declaration={FIELD_DECLARATIONS[name]} problem={problems[name]} control={control} />
  )

  return (
    <form
      ref={formRef}
      className={styles.form}
      method="post"
      action={CALL_BACK_ENDPOINT}
      noValidate={hydrated}
      onSubmit={onSubmit}
      onFocus={() => askForToken()}
    >
      <input type="hidden" name={TOKEN_FIELD} value="" />
      {field("name", (props) => (
        <input {...props} autoComplete="name" required />
      ))}
      {field("phone", (props) => (
        <input {...props} type="tel" inputMode="tel" autoComplete="tel" required onBlur={showPhone} />
      ))}
      {field("town", (props) => (
        <select {...props} required defaultValue="">
          <option value="">Choose your town</option>
          {townChoices(choices).map((town) => (
            <option key={town}>{town}</option>
          ))}
        </select>
      ))}
      {field("appliance", (props) => (
        <select {...props} required defaultValue="">
          <option value="">Choose the appliance</option>
          {choices.appliances.map((appliance) => (
            <option key={appliance}>{appliance}</option>
          ))}
        </select>
      ))}
      {field("note", (props) => (
        <textarea {...props} rows={4} maxLength={FIELD_DECLARATIONS.note.max} />
      ))}
      {/* A list, not three radio buttons: one stop for the keyboard, one target for a finger. */}
      {field("bestTime", (props) => (
        <select {...props} required defaultValue="">
          <option value="">Choose a time</option>
          {BEST_TIMES.map((time) => (
            <option key={time} value={time}>
              {capitalize(time)}
            </option>
          ))}
        </select>
      ))}
      {/* A bot fills every field it finds; a person never sees this one. */}
      <div hidden>
        <label>
          Leave this empty <input name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      {notice ? (
        <p className={styles.error} role="alert">
          {notice}
        </p>
      ) : null}
      <button type="submit" className={styles.submit} disabled={sending}>
        {sending ? "Sending…" : "Ask for a call back"}
      </button>
    </form>
  )
}

export interface ControlProps {
  id: string
  name: string
  "aria-describedby"?: string
  "aria-invalid"?: true
}
