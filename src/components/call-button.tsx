import * as React from "react"
import { Phone as PhoneIcon } from "lucide-react"
import { DECORATIVE_ICON } from "../lib/decorative-icon"
import { PhoneNumber } from "./phone-number"
import type { CallPlacement } from "../lib/call-tap"
import * as styles from "./call-button.module.css"

interface CallButtonProps {
  phone: Queries.BusinessPhone
  /** Where on the page the button sits, from the closed list the tap count names (src/lib/call-tap.ts). */
  placement: CallPlacement
  /** The action, shown before the number: "Call", "Call for Same-Day Service". */
  label?: string
  variant?: "primary" | "light"
  className?: string
  /** A class for the label alone, e.g. to hide it visually where the number must stand alone (the name keeps it). */
  labelClassName?: string
}

/**
 * A telephone link that says what it does and which number it dials. A long
 * label wraps before the number, as a whole; the number itself never breaks. Its
 * placement goes with the tap count's beacon (src/lib/call-beacon.ts).
 */
export function CallButton({
  phone,
  placement,
  label = "Call",
  variant = "primary",
  className,
  labelClassName,
}: CallButtonProps) {
  return (
    <a
      href={`tel:${phone.e164}`}
      data-call-placement={placement}
      className={[styles.button, styles[variant], className].filter(Boolean).join(" ")}
    >
      <PhoneIcon {...DECORATIVE_ICON} size={20} />
      <span>
        {/* The label on one line, the number on one line: a button of two lines at most. */}
        <span className={[styles.label, labelClassName].filter(Boolean).join(" ")}>{label}</span>{" "}
        <PhoneNumber phone={phone} />
      </span>
    </a>
  )
}
