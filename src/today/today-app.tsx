/** @jsx h */
import { h } from "preact"
import { useEffect, useRef, useState } from "preact/hooks"
import { commitToBranch } from "../lib/commit-to-branch"
import { LIVE_FACTS_PATH, type LiveFacts } from "../lib/live-facts"
import {
  BUILD_FAILURE_PATH,
  READ_EVERY_MS,
  arrival,
  shopToday,
  type FailedBuild,
  type PlannedChange,
} from "../lib/today-actions"
import type { FieldProblem } from "../lib/today-edits"
import { CloseDaysForm, EndCouponForm, NoticeForm, OtherHoursForm, type ActionProps } from "./action-forms"
import { gatewayRelay, saveFailure, signedInToken, type SaveFailure } from "./gateway"
import { SaveProgress, type TrackedChange } from "./save-progress"
import type { DecapUser } from "./sign-in"
import { SignInCard } from "./sign-in-card"
import { VisitorView } from "./visitor-view"
import { AddReviewForm, AskForReview, ReviewsOnTheSite } from "./review-forms"
import { CallBackRequests } from "./call-back-requests"

/** The actions, each a screen of its own. */
const ACTIONS = {
  close: { label: "Close a day or several", Form: CloseDaysForm },
  hours: { label: "Other hours on a day", Form: OtherHoursForm },
  notice: { label: "A notice until a date", Form: NoticeForm },
  coupon: { label: "End a coupon", Form: EndCouponForm },
  ask: { label: "Ask for a review", Form: AskForReview },
  review: { label: "Add a review a customer gave", Form: AddReviewForm },
} as const
type ActionName = keyof typeof ACTIONS

/** The last failed production build, when the site can say (a refusal or an error: undefined). */
async function readFailedBuild(token: string): Promise<FailedBuild | null | undefined> {
  try {
    const response = await fetch(BUILD_FAILURE_PATH, {
      headers: { Authorization: `Bearer ${token}` },
      cache: "no-store",
    })
    if (!response.ok) return undefined
    return ((await response.json()) as { failure: FailedBuild | null }).failure
  } catch {
    return undefined
  }
}

async function readLiveFacts(): Promise<LiveFacts> {
  const response = await fetch(`${LIVE_FACTS_PATH}?at=${Date.now()}`, { cache: "no-store" })
  if (!response.ok) throw new Error(`${LIVE_FACTS_PATH}: ${response.status}`)
  return (await response.json()) as LiveFacts
}

/** Moves the focus to the screen's heading when the screen changes, so a screen reader starts there. */
const focusHeading = () =>
  requestAnimationFrame(() => document.querySelector<HTMLElement>("#today .screen-title")?.focus())

export function TodayApp() {
  const [facts, setFacts] = useState<LiveFacts>()
  const [unread, setUnread] = useState(false)
  const [now, setNow] = useState(() => Date.now())
  const [token, setToken] = useState(() => signedInToken(localStorage, Date.now()))
  /** The change the gateway refused because the sign-in had ended: sent once the owner signs in again. */
  const [kept, setKept] = useState<PlannedChange>()
  const [screen, setScreen] = useState<ActionName>()
  const [saving, setSaving] = useState<string>()
  const [failure, setFailure] = useState<SaveFailure>()
  const [tracked, setTracked] = useState<TrackedChange[]>([])
  /** A read of the live site under way: the next waits for it (on a slow network reads never pile up). */
  const reading = useRef(false)

  useEffect(() => {
    readLiveFacts().then(setFacts, () => setUnread(true))
  }, [])

  // While a change is on its way: read the live site every few seconds until it shows each change
  // (a late one too: a build that took long may still come).
  const waiting = tracked.some((item) => item.arrival !== "live")
  useEffect(() => {
    if (!waiting) return undefined
    const timer = setInterval(async () => {
      if (reading.current) return
      reading.current = true
      let read: LiveFacts | undefined
      let failed: FailedBuild | null | undefined
      try {
        read = await readLiveFacts().catch(() => undefined)
        failed = token ? await readFailedBuild(token) : undefined
      } finally {
        reading.current = false
      }
      // What was read is as of now: the time the answers came.
      const at = Date.now()
      setNow(at)
      if (read) setFacts(read)
      setTracked((current) =>
        current.map((item) => {
          if (item.arrival === "live") return item
          const next = arrival(item.change, read, item.savedAt, at, failed)
          if (next === "live") return { ...item, arrival: next, liveAt: at }
          const problems = next === "failed" ? (failed?.problems ?? []) : undefined
          return { ...item, arrival: next, checkedAt: read ? at : item.checkedAt, problems }
        }),
      )
    }, READ_EVERY_MS)
    return () => clearInterval(timer)
  }, [waiting, token])

  if (unread) {
    return (
      <p role="alert" className="failure">
        The site&apos;s facts for today could not be read. Reload the page; if it stays, the site itself may be down.
      </p>
    )
  }
  if (!facts) return <p role="status">Reading what the site shows now…</p>

  const timeZone = facts.schedule.timeZone
  const today = shopToday(now, timeZone)
  const refused: readonly FieldProblem[] = failure?.problems ?? []

  const save = async (change: PlannedChange, as = token) => {
    if (saving) return
    if (!as) {
      // Signed out after a refusal: the change waits for the Sign in beside it.
      setKept(change)
      return
    }
    setSaving(change.summary)
    setFailure(undefined)
    try {
      const done = await commitToBranch(gatewayRelay(as), {
        branch: facts.branch,
        path: change.file,
        message: change.message,
        change: change.change,
      })
      const savedAt = Date.now()
      setTracked((current) => [{ change, commit: done.commit, savedAt, arrival: "building" }, ...current])
      setScreen(undefined)
    } catch (error) {
      const failed = saveFailure(error)
      setFailure(failed)
      // The sign-in ended: the screen stays as typed, the Sign in button shows, and the change waits for it.
      if (failed.signedOut) {
        setToken(undefined)
        setKept(change)
      }
    } finally {
      setSaving(undefined)
    }
  }

  const signedIn = (user: DecapUser) => {
    setToken(user.token)
    setFailure(undefined)
    if (kept) {
      setKept(undefined)
      save(kept, user.token)
    }
  }
  const signInCard = !token && <SignInCard kept={Boolean(kept)} onSignedIn={signedIn} />

  const open = (name: ActionName | undefined) => {
    setFailure(undefined)
    // Leaving a screen gives up its change: it is no longer sent on signing in.
    setKept(undefined)
    setScreen(name)
    if (name) focusHeading()
  }

  const progress = (
    <SaveProgress saving={saving} tracked={tracked} failure={failure} listProblems={!screen} timeZone={timeZone} />
  )

  if (screen) {
    const { Form } = ACTIONS[screen]
    const props: ActionProps = {
      today,
      facts,
      saving: Boolean(saving),
      refused,
      onSave: save,
      onBack: () => open(undefined),
    }
    return (
      <div>
        {progress}
        {signInCard}
        <Form {...props} />
      </div>
    )
  }

  return (
    <div>
      {progress}
      {signInCard}
      <VisitorView
        facts={facts}
        today={today}
        now={now}
        busy={Boolean(saving)}
        signedIn={Boolean(token)}
        onUndo={save}
      />
      {token && (
        <section aria-labelledby="change-title" className="card">
          <h2 id="change-title">Change it</h2>
          <ul className="actions">
            {(Object.keys(ACTIONS) as ActionName[]).map((name) => (
              <li key={name}>
                <button type="button" className="action-button" onClick={() => open(name)}>
                  {ACTIONS[name].label}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {token && <ReviewsOnTheSite reviews={facts.reviews ?? []} off={Boolean(saving)} onUndo={save} />}
      {token && <CallBackRequests token={token} timeZone={timeZone} />}
    </div>
  )
}
