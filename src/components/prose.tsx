import * as React from "react"
import { UnbrokenCompounds } from "./unbroken-compounds"
import * as styles from "./prose.module.css"

/** Paragraphs of content text at a readable measure. */
export function Prose({ paragraphs }: { paragraphs: readonly string[] }) {
  return (
    <div className={styles.prose}>
      {paragraphs.map((paragraph) => (
        <p key={paragraph}>
          <UnbrokenCompounds text={paragraph} />
        </p>
      ))}
    </div>
  )
}
