import * as React from "react"
import * as styles from "./phone-number.module.css"

/**
 * The business's number as it is shown, one unbreakable unit: a line never
 * ends at "(847) 555-" with "0142" on the next. Every place that shows the
 * number renders it through this; the text around it may wrap, the number not.
 */
export function PhoneNumber({ phone }: { phone: Pick<Queries.BusinessPhone, "display"> }) {
  return <span className={styles.number}>{phone.display}</span>
}
