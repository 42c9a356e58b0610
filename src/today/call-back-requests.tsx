/** @jsx h */
import { h } from "preact"
import { useEffect, useState } from "preact/hooks"
import { formatUsPhone } from "../lib/call-back-request"
import { CALL_BACKS_PATH, callBackPath, newRequests, type ListedRequest } from "../lib/call-back-list"

interface CallBackRequestsProps {
  token: string
  timeZone: string
}

/** "Saturday, November 28, 7:50 PM", in the shop's time zone. */
const arrivedText = (iso: string, timeZone: string): string =>
  new Date(iso).toLocaleString("en-US", {
    timeZone,
    weekday: "long",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  })

/** One call to the requests' function with the editor's token: its answer, or the sentence that says why not. */
async function requestsCall(token: string, path: string, init: RequestInit = {}): Promise<Response | string> {
  try {
    const response = await fetch(path, {
      ...init,
      cache: "no-store",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    })
    if (response.ok) return response
    return response.status === 401
      ? "Your sign-in has ended: sign in again to see the requests."
      : `The requests could not be read (${response.status}). Try again in a moment.`
  } catch {
    return "The site could not be reached. Try again in a moment."
  }
}

/**
 * The call-back requests, for the signed-in editor: "Call-back requests: N new",
 * each with its time, name, number (a tap calls it), town, appliance, note and
 * best time; "Called" marks it done (deleted 30 days later), "Not a real request"
 * deletes it now. Read from netlify/functions/call-back-requests.mts with the
 * editor's token; a refusal or a network error is said in place.
 */
export function CallBackRequests({ token, timeZone }: CallBackRequestsProps) {
  const [requests, setRequests] = useState<ListedRequest[]>()
  const [problem, setProblem] = useState("")
  const [busy, setBusy] = useState<string>()

  /** Read again after each change: the list as the store now holds it. */
  const [reads, setReads] = useState(0)

  useEffect(() => {
    let current = true
    requestsCall(token, CALL_BACKS_PATH).then(async (answer) => {
      if (!current) return
      if (typeof answer === "string") setProblem(answer)
      else {
        setProblem("")
        setRequests(((await answer.json()) as { requests: ListedRequest[] }).requests)
      }
    })
    return () => {
      current = false
    }
  }, [token, reads])

  const act = async (request: ListedRequest, how: "called" | "delete") => {
    if (how === "delete" && !window.confirm(`Delete the request from ${request.name}? It cannot be undone.`)) return
    setBusy(request.id)
    const answer = await requestsCall(
      token,
      callBackPath(request.id),
      how === "called" ? { method: "PATCH", body: JSON.stringify({ called: true }) } : { method: "DELETE" },
    )
    setBusy(undefined)
    if (typeof answer === "string") setProblem(answer)
    else setReads((count) => count + 1)
  }

  const fresh = requests ? newRequests(requests) : 0
  return (
    <section aria-labelledby="call-backs-title" className="card">
      <h2 id="call-backs-title">Call-back requests{requests ? `: ${fresh} new` : ""}</h2>
      {problem ? (
        <p role="alert" className="failure">
          {problem}
        </p>
      ) : null}
      {!requests && !problem ? <p role="status">Reading the requests…</p> : null}
      {requests && requests.length === 0 ? <p>None: when someone asks us to call back, they show here.</p> : null}
      {requests && requests.length > 0 ? (
        <ul className="rows">
          {requests.map((request) => (
            <li key={request.id} className="row call-back">
              <span className="row-text">
                <small>{arrivedText(request.arrived, timeZone)}</small>
                <br />
                <strong>{request.name}</strong>,{" "}
                <a className="phone" href={`tel:+1${request.phone}`}>
                  {formatUsPhone(request.phone)}
                </a>
                <br />
                {request.appliance}, {request.town}; best in the {request.bestTime}
                {request.note ? (
                  <span className="note">
                    <br />“{request.note}”
                  </span>
                ) : null}
                {request.called ? (
                  <span>
                    <br />
                    <small>Called {arrivedText(request.called, timeZone)}: deleted 30 days after.</small>
                  </span>
                ) : null}
              </span>
              {request.called ? null : (
                <span className="call-back-buttons">
                  <button
                    type="button"
                    className="secondary"
                    disabled={busy === request.id}
                    aria-label={`Called: ${request.name}`}
                    onClick={() => act(request, "called")}
                  >
                    Called
                  </button>
                  <button
                    type="button"
                    className="undo"
                    disabled={busy === request.id}
                    aria-label={`Not a real request: ${request.name}`}
                    onClick={() => act(request, "delete")}
                  >
                    Not a real request
                  </button>
                </span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
