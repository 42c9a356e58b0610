import * as React from "react"
import type { FallbackProps } from "react-error-boundary"
import * as styles from "./error-fallback.module.css"

/** Shown in place of a page that threw while rendering. */
export function ErrorFallback({ error }: FallbackProps) {
  const message = error instanceof Error ? error.message : String(error)
  return (
    <main className={styles.fallback} role="alert">
      {/* On purpose: the spec's error catalogue names this exact fallback title. */}
      <h1>Unexpected Application Error!</h1>
      <pre className={styles.message}>{message}</pre>
      <a href="/" className={styles.home}>
        Return to Home
      </a>
    </main>
  )
}
