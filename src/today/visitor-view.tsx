/** @jsx h */
import { h, type ComponentChildren } from "preact"
import { formatDate, formatTime, openingStatus, type SpecialHours } from "../lib/business-time"
import { addDays, couponShowsOn } from "../lib/day-rules"
import type { LiveFacts } from "../lib/live-facts"
import { planCouponWithoutEnd, planNoticeOff, planRemoveSpecialDays, type PlannedChange } from "../lib/today-actions"
import type { CouponList } from "../lib/today-edits"

interface VisitorViewProps {
  facts: LiveFacts
  today: string
  now: number
  /** Undo buttons are off while a change is being saved. */
  busy: boolean
  /** Undo buttons are off until the owner is signed in. */
  signedIn: boolean
  onUndo: (change: PlannedChange) => void
}

/** "Undo" with the thing undone said to a screen reader, as the list shows it. */
function UndoButton(props: { what: string; label?: string; disabled: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      className="undo"
      aria-label={`${props.label ?? "Undo"}: ${props.what}`}
      disabled={props.disabled}
      onClick={props.onClick}
    >
      {props.label ?? "Undo"}
    </button>
  )
}

function Row({ children, action }: { children: ComponentChildren; action?: ComponentChildren }) {
  return (
    <li className="row">
      <span className="row-text">{children}</span>
      {action}
    </li>
  )
}

const days = (entry: SpecialHours): string =>
  entry.to && entry.to !== entry.from ? `${formatDate(entry.from)} to ${formatDate(entry.to)}` : formatDate(entry.from)

const entryText = (entry: SpecialHours): string =>
  `${entry.opens && entry.closes ? `Open ${formatTime(entry.opens)} to ${formatTime(entry.closes)}` : "Closed"} ${days(entry)}${entry.note ? ` for ${entry.note}` : ""}`

const LISTS: [CouponList, string][] = [
  ["homeCoupons", "Home page"],
  ["offers", "Coupons page"],
]

/**
 * The coupons on show, each with its last day, then those whose last day was yesterday (taken off
 * the site now, or ended last night), each with its undo; folded into one line while there is
 * nothing to undo, so the actions stay within a phone's first screen.
 */
function CouponsOnShow({
  facts,
  today,
  off,
  onUndo,
}: Pick<VisitorViewProps, "facts" | "today" | "onUndo"> & { off: boolean }) {
  const shown = LISTS.map(([list, name]) => ({
    list,
    name,
    coupons: facts.coupons[list].filter((coupon) => couponShowsOn(coupon.expires, today)),
  }))
  const all = shown.flatMap(({ coupons }) => coupons)
  const ending = all.filter((coupon) => coupon.expires).length
  // Yesterday's ends only: one ended earlier is past, and its undo with it.
  const yesterday = addDays(today, -1)
  const takenOff = LISTS.flatMap(([list, name]) =>
    facts.coupons[list].filter((coupon) => coupon.expires === yesterday).map((coupon) => ({ list, name, coupon })),
  )
  return (
    <details className="coupons" open={ending + takenOff.length > 0}>
      <summary>
        <strong className="summary-title">Coupons on show</strong>{" "}
        <small>
          {all.length} {all.length === 1 ? "coupon" : "coupons"}
          {ending ? `, ${ending} with a last day` : ", none with a last day"}
        </small>
      </summary>
      {shown.map(({ list, name, coupons }) => (
        <div key={list}>
          <h4>{name}</h4>
          <ul className="rows">
            {coupons.map((coupon) => (
              <Row
                key={coupon.title}
                action={
                  coupon.expires ? (
                    <UndoButton
                      what={`the end of “${coupon.title}”`}
                      label="Keep it on"
                      disabled={off}
                      onClick={() => onUndo(planCouponWithoutEnd(list, coupon.title))}
                    />
                  ) : undefined
                }
              >
                {coupon.title}{" "}
                <small>
                  {coupon.expires
                    ? coupon.expires === today
                      ? "last day today"
                      : `until ${formatDate(coupon.expires)}`
                    : "no end"}
                </small>
              </Row>
            ))}
          </ul>
        </div>
      ))}
      {takenOff.length > 0 && (
        <div>
          <h4>Taken off the site</h4>
          <ul className="rows">
            {takenOff.map(({ list, name, coupon }) => (
              <Row
                key={`${list}:${coupon.title}`}
                action={
                  <UndoButton
                    what={`“${coupon.title}”`}
                    label="Put it back"
                    disabled={off}
                    onClick={() => onUndo(planCouponWithoutEnd(list, coupon.title))}
                  />
                }
              >
                {coupon.title} <small>{name}, off since today</small>
              </Row>
            ))}
          </ul>
        </div>
      )}
    </details>
  )
}

/**
 * What a visitor sees now, read from the live site: open or closed and until when, the notice,
 * the closures and special hours to come, the coupons on show and when each ends; each change
 * not yet past has its undo.
 */
export function VisitorView({ facts, today, now, busy, signedIn, onUndo }: VisitorViewProps) {
  const status = openingStatus(now, facts.schedule)
  const { notice } = facts
  const noticeShown = notice.show && (!notice.ends || notice.ends >= today)
  const coming = facts.schedule.specialHours
    .filter((entry) => (entry.to || entry.from) >= today)
    .sort((a, b) => (a.from < b.from ? -1 : 1))
  const off = busy || !signedIn
  return (
    <section aria-labelledby="now-title" className="card">
      <h2 id="now-title">What a visitor sees now</h2>
      <p className={status.open ? "status open" : "status closed"}>{status.text}</p>

      <h3>Notice on every page</h3>
      <ul className="rows">
        {noticeShown ? (
          <Row
            action={
              <UndoButton
                what={`the notice “${notice.text}”`}
                label="Take it down"
                disabled={off}
                onClick={() => onUndo(planNoticeOff())}
              />
            }
          >
            “{notice.text}”{" "}
            <small>
              {notice.starts && notice.starts > today ? `from ${formatDate(notice.starts)} ` : ""}
              {notice.ends ? `until ${formatDate(notice.ends)}` : "with no end"}
            </small>
          </Row>
        ) : (
          <Row>None.</Row>
        )}
      </ul>

      <h3>Closures and other hours to come</h3>
      <ul className="rows">
        {coming.length ? (
          coming.map((entry) => {
            const text = entryText(entry)
            return (
              <Row
                key={entry.from}
                action={
                  <UndoButton
                    what={text}
                    disabled={off}
                    onClick={() => onUndo(planRemoveSpecialDays(entry.from, entry.to))}
                  />
                }
              >
                {text}
              </Row>
            )
          })
        ) : (
          <Row>None: the usual hours.</Row>
        )}
      </ul>

      <CouponsOnShow facts={facts} today={today} off={off} onUndo={onUndo} />
    </section>
  )
}
