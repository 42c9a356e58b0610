import * as React from "react"
import { compoundSegments } from "../lib/phrases"
import * as styles from "./unbroken-compounds.module.css"

/** Text from the content, its number compounds ("1-year", "18-inch") each kept on one line. */
export function UnbrokenCompounds({ text }: { text: string }) {
  const segments = compoundSegments(text)
  if (!segments.some((segment) => segment.compound)) return <>{text}</>
  return (
    <>
      {segments.map((segment, index) =>
        segment.compound ? (
          <span key={index} className={styles.compound}>
            {segment.text}
          </span>
        ) : (
          segment.text
        ),
      )}
    </>
  )
}
