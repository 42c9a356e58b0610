/** @jsx h */
import { h, type ComponentChildren } from "preact"
import type { FieldProblem } from "../lib/today-edits"

/** The problem the checks found with the field labelled `label`, if any. */
export const problemOf = (problems: readonly FieldProblem[], label: string): FieldProblem | undefined =>
  problems.find((problem) => problem.field === label)

const idOf = (label: string): string => `field-${label.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`

interface FieldProps {
  label: string
  /** What the field takes, said under its label. */
  hint?: string
  problems: readonly FieldProblem[]
  type?: "date" | "time" | "text"
  value: string
  onValue: (value: string) => void
  /** A multi-line box (the notice). */
  multiline?: boolean
  /** Shows "n of max characters" under the field. */
  max?: number
  min?: string
}

/**
 * One field of an action: its label, a hint, and what the checks found wrong with it, said under
 * it and tied to it (aria-invalid, aria-describedby), so a screen reader hears it on the field.
 */
export function Field({ label, hint, problems, type = "text", value, onValue, multiline, max, min }: FieldProps) {
  const id = idOf(label)
  const problem = problemOf(problems, label)
  const described = [hint && `${id}-hint`, max && `${id}-count`, problem && `${id}-problem`].filter(Boolean).join(" ")
  const common = {
    id,
    value,
    "aria-invalid": problem ? ("true" as const) : undefined,
    "aria-describedby": described || undefined,
    onInput: (event: Event) => onValue((event.currentTarget as HTMLInputElement).value),
  }
  return (
    <div className={problem ? "field has-problem" : "field"}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {multiline ? (
        <textarea rows={3} {...common} />
      ) : type === "text" ? (
        <input type="text" {...common} />
      ) : (
        <input type={type} min={min} {...common} />
      )}
      {max !== undefined && (
        <p className={value.trim().length > max ? "count over" : "count"} id={`${id}-count`}>
          {value.trim().length} of {max} characters
        </p>
      )}
      {problem && (
        <p className="problem" id={`${id}-problem`}>
          {label} {problem.message}
        </p>
      )}
    </div>
  )
}

/**
 * What stops the action, listed at the top of its form and read out at once (role="alert"):
 * each problem names its field, as the content model's rules say it.
 */
export function ProblemList({ title, problems }: { title: string; problems: readonly FieldProblem[] }) {
  if (!problems.length) return null
  return (
    <div className="problems" role="alert">
      <p>{title}</p>
      <ul>
        {problems.map((problem) => (
          <li key={`${problem.field}${problem.message}`}>
            {problem.field} {problem.message}
          </li>
        ))}
      </ul>
    </div>
  )
}

/** The action's screen: its heading (focused when it opens), its fields, Save at the bottom within the thumb's reach. */
export function ActionForm(props: {
  title: string
  saving: boolean
  onSave: () => void
  onBack: () => void
  saveLabel: string
  children: ComponentChildren
}) {
  return (
    <form
      className="action"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        props.onSave()
      }}
    >
      <h2 tabIndex={-1} className="screen-title">
        {props.title}
      </h2>
      {props.children}
      <div className="form-buttons">
        <button type="submit" className="primary" disabled={props.saving}>
          {props.saving ? "Saving…" : props.saveLabel}
        </button>
        <button type="button" className="secondary" onClick={props.onBack}>
          Back
        </button>
      </div>
    </form>
  )
}

/**
 * A group of choices (radio buttons, a checkbox) under its legend, with what the checks found wrong
 * with it said under the group and tied to it, as a field's is.
 */
export function Choices(props: { legend: string; problems: readonly FieldProblem[]; children: ComponentChildren }) {
  const problem = problemOf(props.problems, props.legend)
  const id = `${idOf(props.legend)}-problem`
  return (
    <fieldset className={problem ? "choices has-problem" : "choices"} aria-describedby={problem ? id : undefined}>
      <legend>{props.legend}</legend>
      {props.children}
      {problem && (
        <p className="problem" id={id}>
          {props.legend} {problem.message}
        </p>
      )}
    </fieldset>
  )
}
