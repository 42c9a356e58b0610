import * as React from "react"
import * as styles from "./common-problems.module.css"

interface Problem {
  title: string
  description: string
}

/** The service's common problems, each a symptom and what causes it. */
export function CommonProblems({ problems }: { problems: readonly Problem[] }) {
  return (
    <ol className={styles.list}>
      {problems.map((problem) => (
        <li key={problem.title} className={styles.item}>
          <h3 className={styles.title}>{problem.title}</h3>
          <p className={styles.description}>{problem.description}</p>
        </li>
      ))}
    </ol>
  )
}
