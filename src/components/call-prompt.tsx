import * as React from "react"
import { CallButton } from "./call-button"
import * as styles from "./call-prompt.module.css"

interface CallPromptProps {
  title: string
  children: React.ReactNode
  phone: Queries.BusinessPhone
  label?: string
}

/** A closing box that asks the visitor to call. */
export function CallPrompt({ title, children, phone, label }: CallPromptProps) {
  return (
    <aside className={styles.prompt} aria-labelledby="call-prompt-heading">
      <h2 id="call-prompt-heading">{title}</h2>
      <div className={styles.text}>{children}</div>
      <CallButton phone={phone} placement="prompt" label={label} variant="light" />
    </aside>
  )
}
