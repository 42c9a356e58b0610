import * as React from "react"
import { slugify } from "../lib/slug"
import type { SectionId } from "./layout/nav-items"
import * as styles from "./section.module.css"

export interface SectionProps {
  id?: string
  title: string
  /** Heading level: 2 on pages with their own h1, 1 when the section is the page. */
  level?: 1 | 2
  intro?: React.ReactNode
  tone?: "plain" | "alt"
  children: React.ReactNode
}

/** A titled page section; the heading labels the region for assistive technology. */
export function Section({ id, title, level = 2, intro, tone = "plain", children }: SectionProps) {
  const headingId = `${id ?? slugify(title)}-heading`
  const Heading = level === 1 ? "h1" : "h2"
  return (
    <section id={id} aria-labelledby={headingId} className={`${styles.section} ${styles[tone]}`}>
      <div className={styles.inner}>
        <Heading id={headingId}>{title}</Heading>
        {intro ? <div className={styles.intro}>{intro}</div> : null}
        {children}
      </div>
    </section>
  )
}

/** A section of the home page the header's links go to: its id is one of the header's (a typo fails the type check). */
export function HomeSection(props: SectionProps & { id: SectionId }) {
  return <Section {...props} />
}
