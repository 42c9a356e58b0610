/** @jsx h */
import { h, type ComponentChildren } from "preact"
import { useEffect, useRef, useState } from "preact/hooks"
import { QUOTE_LENGTH, REVIEW_SOURCES, type ReviewEntry } from "../lib/review-rules"
import {
  REVIEW_CHOICES_PATH,
  REVIEW_LABELS,
  REVIEW_QR_PATH,
  checkReview,
  planAddReview,
  planRemoveReview,
  type ReviewChoices,
} from "../lib/today-reviews"
import type { PlannedChange } from "../lib/today-actions"
import { CHECKED, useChecked, type ActionProps } from "./action-forms"
import { Choices, Field, ProblemList, problemOf } from "./fields"

/** What the build wrote for the two review actions; undefined while it is read, null when it could not be. */
function useReviewChoices(): ReviewChoices | null | undefined {
  const [choices, setChoices] = useState<ReviewChoices | null>()
  useEffect(() => {
    fetch(REVIEW_CHOICES_PATH, { cache: "no-store" })
      .then((response) => (response.ok ? (response.json() as Promise<ReviewChoices>) : null))
      .then(setChoices, () => setChoices(null))
  }, [])
  return choices
}

function Reading({ choices }: { choices: ReviewChoices | null | undefined }) {
  return choices === null ? (
    <p role="alert" className="failure">
      The site&apos;s review details could not be read. Go back and try again.
    </p>
  ) : (
    <p role="status">Reading…</p>
  )
}

function Screen(props: { title: string; onBack: () => void; children: ComponentChildren }) {
  return (
    <section className="action" aria-labelledby="screen-title">
      <h2 tabIndex={-1} className="screen-title" id="screen-title">
        {props.title}
      </h2>
      {props.children}
      <div className="form-buttons">
        <button type="button" className="secondary" onClick={props.onBack}>
          Back
        </button>
      </div>
    </section>
  )
}

/** Shares the address through the phone's own share sheet; where there is none, copies it. */
function ShareButton({ url }: { url: string }) {
  const [said, setSaid] = useState("")
  const share = async () => {
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title: "Leave us a review", url })
        setSaid("")
      } catch {
        // The owner closed the share sheet: nothing to say.
      }
      return
    }
    try {
      await navigator.clipboard.writeText(url)
      setSaid("Link copied: paste it into a text message or an email.")
    } catch {
      setSaid("This browser can neither share nor copy: press and hold the link below to copy it.")
    }
  }
  return (
    <div>
      <button type="button" className="primary" onClick={share}>
        Share the link
      </button>
      <p role="status" className="hint">
        {said}
      </p>
    </div>
  )
}

/**
 * "Ask for a review": the site's /review/ address as a large QR code made at build time, a Share
 * button and the address in words, for a customer at the door or in a text. Without the review
 * link, the one field to fill and where the link is found.
 */
export function AskForReview({ onBack }: ActionProps) {
  const choices = useReviewChoices()
  return (
    <Screen title="Ask for a review" onBack={onBack}>
      {!choices ? (
        <Reading choices={choices} />
      ) : choices.linkSet ? (
        <div className="ask">
          <p>Hold the phone up to the customer: their camera opens your Google review form.</p>
          <img className="qr" src={REVIEW_QR_PATH} alt={`QR code of ${choices.askUrl}`} width={320} height={320} />
          <ShareButton url={choices.askUrl} />
          <p>
            Or text them the link: <span className="link-in-words">{choices.askUrl}</span>
          </p>
        </div>
      ) : (
        <div className="not-set">
          <p>
            <strong>The review link is not set yet.</strong> Fill in one field: <strong>Review link</strong>, in the
            editor&apos;s <strong>Business details</strong>.
          </p>
          <p>
            Where to find it: on Google, open your Business Profile (search your business&apos;s name while signed in,
            or open Google Maps › your business), choose <strong>Ask for reviews</strong> (or{" "}
            <strong>Get more reviews</strong>) and copy the link it shows, which starts with https://g.page/.
          </p>
          <p>Once the site is rebuilt with it, this screen shows the code to hold up and the link to send.</p>
          <p>
            <a href="/admin/#/collections/business/entries/business">Open Business details in the editor</a>
          </p>
        </div>
      )}
    </Screen>
  )
}

function Select(props: {
  label: string
  hint?: string
  value: string
  options: ReadonlyArray<{ value: string; text: string }>
  onValue: (value: string) => void
  problems: ActionProps["refused"]
}) {
  const id = `field-${props.label.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`
  const problem = problemOf(props.problems, props.label)
  const described = [props.hint && `${id}-hint`, problem && `${id}-problem`].filter(Boolean).join(" ")
  return (
    <div className={problem ? "field has-problem" : "field"}>
      <label htmlFor={id}>{props.label}</label>
      {props.hint && (
        <p className="hint" id={`${id}-hint`}>
          {props.hint}
        </p>
      )}
      <select
        id={id}
        value={props.value}
        aria-invalid={problem ? "true" : undefined}
        aria-describedby={described || undefined}
        onChange={(event) => props.onValue((event.currentTarget as HTMLSelectElement).value)}
      >
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.text}
          </option>
        ))}
      </select>
      {problem && (
        <p className="problem" id={`${id}-problem`}>
          {props.label} {problem.message}
        </p>
      )}
    </div>
  )
}

const NONE = { value: "", text: "None" }

/** "Add a review a customer gave": one screen, checked with the content model's rules, one commit. */
export function AddReviewForm({ today, facts, saving, refused, onSave, onBack }: ActionProps) {
  const choices = useReviewChoices()
  const [quote, setQuote] = useState("")
  const [name, setName] = useState("")
  const [town, setTown] = useState("")
  const [service, setService] = useState("")
  const [given, setGiven] = useState(today)
  const [source, setSource] = useState<string>(REVIEW_SOURCES[0])
  const [link, setLink] = useState("")
  const [consent, setConsent] = useState(false)
  const { shown, submit } = useChecked({ refused, facts, onSave })
  const heading = useRef<HTMLHeadingElement>(null)
  // The form takes the place of the "Reading…" screen, heading and all: the focus the screen's
  // heading had (where the screen change put it) would be lost with it, so it moves to the form's.
  useEffect(() => {
    if (choices && document.activeElement === document.body) heading.current?.focus()
  }, [choices])
  if (!choices) {
    return (
      <Screen title="Add a review a customer gave" onBack={onBack}>
        <Reading choices={choices} />
      </Screen>
    )
  }
  const input: ReviewEntry = { quote, name, town, service, given, source, link, consent }
  const consentProblem = problemOf(shown, REVIEW_LABELS.consent)
  const online = source !== "In person" && source !== "By letter"
  return (
    <form
      className="action"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        submit(checkReview(input, today, choices), () => planAddReview(input, today, choices))
      }}
    >
      <h2 tabIndex={-1} className="screen-title" ref={heading}>
        Add a review a customer gave
      </h2>
      <ProblemList title={CHECKED} problems={shown} />
      <Field
        label={REVIEW_LABELS.quote}
        hint={`As they gave them, ${QUOTE_LENGTH.min} to ${QUOTE_LENGTH.max} characters; cut only with “…”.`}
        multiline
        value={quote}
        onValue={setQuote}
        problems={shown}
        max={QUOTE_LENGTH.max}
      />
      <Field
        label={REVIEW_LABELS.name}
        hint="As the customer agreed to show it, e.g. Maria G."
        value={name}
        onValue={setName}
        problems={shown}
      />
      <Select
        label={REVIEW_LABELS.town}
        value={town}
        options={[NONE, ...choices.towns.map((each) => ({ value: each, text: each }))]}
        onValue={setTown}
        problems={shown}
      />
      <Select
        label={REVIEW_LABELS.service}
        value={service}
        options={[NONE, ...choices.services.map((each) => ({ value: each.slug, text: each.name }))]}
        onValue={setService}
        problems={shown}
      />
      <Field
        label={REVIEW_LABELS.given}
        hint="Today or an earlier day."
        type="date"
        value={given}
        onValue={setGiven}
        problems={shown}
      />
      <Choices legend={REVIEW_LABELS.source} problems={shown}>
        {REVIEW_SOURCES.map((each) => (
          <label key={each} className="choice">
            <input type="radio" name="source" value={each} checked={source === each} onChange={() => setSource(each)} />
            <span>{each}</span>
          </label>
        ))}
      </Choices>
      {(online || link) && (
        <Field
          label={REVIEW_LABELS.link}
          hint={`Optional: its https address on ${source}.`}
          value={link}
          onValue={setLink}
          problems={shown}
        />
      )}
      <Choices legend={REVIEW_LABELS.consent} problems={shown}>
        <label className="choice">
          <input
            type="checkbox"
            checked={consent}
            aria-invalid={consentProblem ? "true" : undefined}
            onChange={(event) => setConsent((event.currentTarget as HTMLInputElement).checked)}
          />
          <span>The customer agreed that we show this on our site</span>
        </label>
      </Choices>
      <div className="form-buttons">
        <button type="submit" className="primary" disabled={saving}>
          {saving ? "Saving…" : "Add this review"}
        </button>
        <button type="button" className="secondary" onClick={onBack}>
          Back
        </button>
      </div>
    </form>
  )
}

/** "2026-10-02 Maria G." -> its day and name. */
const fromKey = (key: string) => ({ given: key.slice(0, 10), name: key.slice(11) })

/** The newest reviews the live site shows, each with its undo: taking it off the site. */
export function ReviewsOnTheSite(props: {
  reviews: readonly string[]
  off: boolean
  onUndo: (change: PlannedChange) => void
}) {
  const newest = props.reviews.slice(0, 3)
  return (
    <section aria-labelledby="reviews-title" className="card">
      <h2 id="reviews-title">Newest reviews on the site</h2>
      <ul className="rows">
        {newest.length ? (
          newest.map((key) => {
            const review = fromKey(key)
            const what = `the review by ${review.name} of ${review.given}`
            return (
              <li key={key} className="row">
                <span className="row-text">
                  {review.name} <small>{review.given}</small>
                </span>
                <button
                  type="button"
                  className="undo"
                  aria-label={`Undo: ${what}`}
                  disabled={props.off}
                  onClick={() => props.onUndo(planRemoveReview(review))}
                >
                  Undo
                </button>
              </li>
            )
          })
        ) : (
          <li className="row">None yet.</li>
        )}
      </ul>
    </section>
  )
}
