import * as React from "react"
import { Phone as PhoneIcon } from "lucide-react"
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
 * label wraps before the number; the number itself never breaks. Its placement
 * goes with the tap count's beacon (src/lib/call-beacon.ts).
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
      <PhoneIcon aria-hidden="true" focusable="false" size={20} />
      <span>
        {/* One text node before the number ("Call "), or the label's own span then a space. */}
        {labelClassName ? (
          <>
            <span className={labelClassName}>{label}</span>{" "}
          </>
        ) : (
          `${label} `
        )}
        <PhoneNumber phone={phone} />
      </span>
    </a>
  )
}
