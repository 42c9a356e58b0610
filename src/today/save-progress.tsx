/** @jsx h */
import { h } from "preact"
import { LATE_AFTER_MS, clockTime, type Arrival, type PlannedChange } from "../lib/today-actions"
import type { SaveFailure } from "./gateway"

/** A change saved from this page, followed until the live site shows it. */
export interface TrackedChange {
  change: PlannedChange
  commit: string
  savedAt: number
  arrival: Arrival
  /** When the live site was first seen showing it. */
  liveAt?: number
  /** When the live site was last read without showing it yet. */
  checkedAt?: number
  /** What the failed build refused in data/ (empty: it failed for another reason). */
  problems?: string[]
}

function line(tracked: TrackedChange, timeZone: string): string {
  const saved = clockTime(tracked.savedAt, timeZone)
  const { summary } = tracked.change
  if (tracked.arrival === "live") {
    return `Live at ${clockTime(tracked.liveAt ?? tracked.savedAt, timeZone)}: ${summary}. Visitors see it now.`
  }
  if (tracked.arrival === "failed") {
    const why = tracked.problems?.length
      ? ` It refused: ${tracked.problems.join("; ")}.`
      : " Netlify's deploy log says why."
    return (
      `Not live: the site's build failed after your change (saved at ${saved}: ${summary}), so visitors still see the site as it was.${why} ` +
      "Your change is kept: undo it here or correct it in the editor, or ask whoever looks after the site."
    )
  }
  if (tracked.arrival === "late") {
    return (
      `Saved at ${saved}, but the site does not show it after ${LATE_AFTER_MS / 60_000} minutes: ${summary}. ` +
      "The site's build may have failed. The change is kept; ask whoever looks after the site to look at Netlify's deploys."
    )
  }
  const checked = tracked.checkedAt ? ` Last checked at ${clockTime(tracked.checkedAt, timeZone)}.` : ""
  return `Saved at ${saved}: ${summary}. The site is being rebuilt, which takes a few minutes; this page says when it is live.${checked}`
}

/**
 * Where each change saved from this page is: saved, building, live (with the time), or later than
 * a build takes; and why nothing was saved, when a save failed. A live region: a screen reader
 * hears each result without moving.
 */
export function SaveProgress(props: {
  saving?: string
  tracked: readonly TrackedChange[]
  failure?: SaveFailure
  /** Lists the problems of a refused change here (an undo); an action's screen lists its own. */
  listProblems: boolean
  timeZone: string
}) {
  const { failure } = props
  return (
    <div className="progress">
      <div role="status" aria-live="polite">
        {props.saving && <p className="saving">Saving: {props.saving}…</p>}
        {props.tracked.map((tracked) => (
          <p key={tracked.commit} className={`arrival ${tracked.arrival}`}>
            {line(tracked, props.timeZone)}
          </p>
        ))}
      </div>
      <div role="alert">
        {failure && (props.listProblems || !failure.problems.length) && (
          <p className="failure">
            {failure.text}
            {props.listProblems && failure.problems.map((problem) => ` ${problem.field} ${problem.message}.`)}
          </p>
        )}
      </div>
    </div>
  )
}
