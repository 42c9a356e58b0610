/** @jsx h */
import { h } from "preact"
import { useState } from "preact/hooks"
import { addDays, couponShowsOn, NOTE_MAX, NOTICE_MAX } from "../lib/day-rules"
import type { LiveFacts } from "../lib/live-facts"
import {
  planCloseDays,
  planEndCoupon,
  planNotice,
  planOtherHours,
  planTakeCouponOff,
  refusedOnTheLiveSite,
  type PlannedChange,
} from "../lib/today-actions"
import {
  checkCloseDays,
  checkEndCoupon,
  checkNoticeUntil,
  checkOtherHours,
  type CouponList,
  type FieldProblem,
} from "../lib/today-edits"
import { ActionForm, Field, ProblemList, problemOf } from "./fields"

/** What every action's screen is given: the day in the shop, what the site shows, and where to send the change. */
export interface ActionProps {
  today: string
  facts: LiveFacts
  saving: boolean
  /** Problems the file as it is on the live branch found (another phone changed it meanwhile). */
  refused: readonly FieldProblem[]
  onSave: (change: PlannedChange) => void
  onBack: () => void
}

export const CHECKED = "Nothing was sent. Please correct:"

/**
 * Checks the fields, then the change on the site as it shows now; sends the change only when
 * nothing is wrong, else shows what is and sends nothing.
 */
export function useChecked({ refused, facts, onSave }: Pick<ActionProps, "refused" | "facts" | "onSave">) {
  const [problems, setProblems] = useState<readonly FieldProblem[]>([])
  const shown = problems.length ? problems : refused
  const submit = (found: FieldProblem[], plan: () => PlannedChange) => {
    const change = found.length ? undefined : plan()
    const all = change ? refusedOnTheLiveSite(change, facts) : found
    setProblems(all)
    if (change && !all.length) {
      onSave(change)
      return
    }
    // The list is read out (role="alert"); the first field with a problem takes the focus.
    requestAnimationFrame(() =>
      document.querySelector<HTMLElement>('[aria-invalid="true"], .has-problem input')?.focus(),
    )
  }
  return { shown, submit }
}

export function CloseDaysForm({ today, facts, saving, refused, onSave, onBack }: ActionProps) {
  const [from, setFrom] = useState(addDays(today, 1))
  const [to, setTo] = useState("")
  const [occasion, setOccasion] = useState("")
  const { shown, submit } = useChecked({ refused, facts, onSave })
  const input = { from, to: to || undefined, occasion }
  return (
    <ActionForm
      title="Close a day or several"
      saveLabel="Close these days"
      saving={saving}
      onBack={onBack}
      onSave={() => submit(checkCloseDays(input, today), () => planCloseDays(input, today))}
    >
      <ProblemList title={CHECKED} problems={shown} />
      <Field label="First day" type="date" min={today} value={from} onValue={setFrom} problems={shown} />
      <Field
        label="Last day"
        hint="Leave it empty to close one day only."
        type="date"
        min={from || today}
        value={to}
        onValue={setTo}
        problems={shown}
      />
      <Field
        label="Occasion"
        hint="Shown as “Closed … for Thanksgiving”."
        value={occasion}
        onValue={setOccasion}
        problems={shown}
        max={NOTE_MAX}
      />
    </ActionForm>
  )
}

export function OtherHoursForm({ today, facts, saving, refused, onSave, onBack }: ActionProps) {
  const [day, setDay] = useState(addDays(today, 1))
  const [opens, setOpens] = useState("")
  const [closes, setCloses] = useState("")
  const [occasion, setOccasion] = useState("")
  const { shown, submit } = useChecked({ refused, facts, onSave })
  const input = { day, opens, closes, occasion }
  return (
    <ActionForm
      title="Other hours on a day"
      saveLabel="Save these hours"
      saving={saving}
      onBack={onBack}
      onSave={() => submit(checkOtherHours(input, today), () => planOtherHours(input, today))}
    >
      <ProblemList title={CHECKED} problems={shown} />
      <Field label="Day" type="date" min={today} value={day} onValue={setDay} problems={shown} />
      <div className="side-by-side">
        <Field label="Opens at" type="time" value={opens} onValue={setOpens} problems={shown} />
        <Field label="Closes at" type="time" value={closes} onValue={setCloses} problems={shown} />
      </div>
      <Field
        label="Occasion"
        hint="Optional, e.g. Christmas Eve."
        value={occasion}
        onValue={setOccasion}
        problems={shown}
        max={NOTE_MAX}
      />
    </ActionForm>
  )
}

export function NoticeForm({ today, facts, saving, refused, onSave, onBack }: ActionProps) {
  const [text, setText] = useState(facts.notice.show ? facts.notice.text : "")
  const [ends, setEnds] = useState(facts.notice.show && facts.notice.ends ? facts.notice.ends : "")
  const { shown, submit } = useChecked({ refused, facts, onSave })
  const input = { text, ends }
  return (
    <ActionForm
      title="A notice until a date"
      saveLabel="Show this notice"
      saving={saving}
      onBack={onBack}
      onSave={() => submit(checkNoticeUntil(input, today), () => planNotice(input, today))}
    >
      <ProblemList title={CHECKED} problems={shown} />
      <Field
        label="Notice"
        hint="At the top of every page, from today."
        multiline
        value={text}
        onValue={setText}
        problems={shown}
        max={NOTICE_MAX}
      />
      <Field
        label="Last day"
        hint="The last day it shows."
        type="date"
        min={today}
        value={ends}
        onValue={setEnds}
        problems={shown}
      />
    </ActionForm>
  )
}

const LISTS: Record<CouponList, string> = { homeCoupons: "Home page", offers: "Coupons page" }

export function EndCouponForm({ today, facts, saving, refused, onSave, onBack }: ActionProps) {
  const choices = (Object.keys(LISTS) as CouponList[]).flatMap((list) =>
    facts.coupons[list]
      .filter((coupon) => couponShowsOn(coupon.expires, today))
      .map((coupon) => ({ list, title: coupon.title, key: `${list}:${coupon.title}` })),
  )
  const [chosen, setChosen] = useState("")
  // "Now" first and chosen: an owner who says "stop the coupon today" usually means at once.
  const [when, setWhen] = useState<"now" | "day">("now")
  const [on, setOn] = useState(today)
  const { shown, submit } = useChecked({ refused, facts, onSave })
  const choice = choices.find((item) => item.key === chosen)
  const couponProblem = problemOf(shown, "Coupon")
  return (
    <ActionForm
      title="End a coupon"
      saveLabel="End this coupon"
      saving={saving}
      onBack={onBack}
      onSave={() => {
        const missing: FieldProblem[] = choice ? [] : [{ field: "Coupon", message: "is not chosen: pick one" }]
        const coupon = { list: choice?.list ?? "offers", title: choice?.title ?? "" }
        if (when === "now") {
          submit(missing, () => planTakeCouponOff(coupon, today))
          return
        }
        const input = { ...coupon, on }
        submit([...missing, ...checkEndCoupon(input, today)], () => planEndCoupon(input, today))
      }}
    >
      <ProblemList title={CHECKED} problems={shown} />
      <fieldset
        className={couponProblem ? "choices has-problem" : "choices"}
        aria-describedby={couponProblem ? "coupon-problem" : undefined}
      >
        <legend>Coupon</legend>
        {choices.map((item) => (
          <label key={item.key} className="choice">
            <input
              type="radio"
              name="coupon"
              value={item.key}
              checked={chosen === item.key}
              onChange={() => setChosen(item.key)}
            />
            <span>
              {item.title} <small>{LISTS[item.list]}</small>
            </span>
          </label>
        ))}
        {couponProblem && (
          <p className="problem" id="coupon-problem">
            Coupon {couponProblem.message}
          </p>
        )}
      </fieldset>
      <fieldset className="choices">
        <legend>It ends</legend>
        <label className="choice">
          <input type="radio" name="when" checked={when === "now"} onChange={() => setWhen("now")} />
          <span>Now: take it off the site</span>
        </label>
        <label className="choice">
          <input type="radio" name="when" checked={when === "day"} onChange={() => setWhen("day")} />
          <span>At the end of a day</span>
        </label>
      </fieldset>
      {when === "day" && (
        <Field
          label="Last day"
          hint="Today or a later day: it shows until that day ends."
          type="date"
          min={today}
          value={on}
          onValue={setOn}
          problems={shown}
        />
      )}
    </ActionForm>
  )
}
