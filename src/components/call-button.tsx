import * as React from "react"
import { Phone as PhoneIcon } from "lucide-react"
import * as styles from "./call-button.module.css"

interface CallButtonProps {
  phone: Queries.BusinessPhone
  /** The action, shown before the number: "Call", "Call for Same-Day Service". */
  label?: string
  variant?: "primary" | "light"
  className?: string
}

/** A telephone link that says what it does and which number it dials. */
export function CallButton({ phone, label = "Call", variant = "primary", className }: CallButtonProps) {
  return (
    <a href={`tel:${phone.e164}`} className={[styles.button, styles[variant], className].filter(Boolean).join(" ")}>
      <PhoneIcon aria-hidden="true" focusable="false" size={20} />
      <span>
        {label} {phone.display}
      </span>
    </a>
  )
}
