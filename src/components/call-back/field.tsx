import * as React from "react"
import type { FieldDeclaration, RequestField } from "../../lib/call-back-request"
import type { ControlProps } from "./call-back-form"
import { formClasses as styles } from "./form-classes"

interface FieldProps {
  name: RequestField
  declaration: FieldDeclaration
  problem?: string
  control: (props: ControlProps) => React.ReactNode
}

/** One field of the form: its label, its hint, its problem said at it, and its control described by both. */
export function Field({ name, declaration, problem, control }: FieldProps) {
  const hintId = declaration.hint ? `${name}-hint` : undefined
  const errorId = problem ? `${name}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined
  return (
    <div className={styles.field}>
      <label htmlFor={name}>{declaration.label}</label>
      {declaration.hint ? (
        <p className={styles.hint} id={hintId}>
          {declaration.hint}
        </p>
      ) : null}
      {problem ? (
        <p className={styles.error} id={errorId}>
          {problem}
        </p>
      ) : null}
      {control({ id: name, name, "aria-describedby": describedBy, "aria-invalid": problem ? true : undefined })}
    </div>
  )
}
