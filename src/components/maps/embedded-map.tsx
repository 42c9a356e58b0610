import * as React from "react"
import { graphql } from "gatsby"
import * as styles from "./embedded-map.module.css"

/** A map written as a file at build time (MapFile: the overview, a county's map). */
export interface MapFileData {
  readonly src: string
  readonly width: number
  readonly height: number
  readonly title: string
}

/**
 * A map drawn at build time, embedded from its own cached file: its links
 * (towns or counties) open their pages in this window. Its box keeps the
 * drawing's aspect ratio before it loads, so nothing moves when it does.
 */
export function EmbeddedMap({ map }: { map: MapFileData }) {
  return (
    <iframe
      src={map.src}
      title={map.title}
      loading="lazy"
      className={styles.frame}
      style={{ aspectRatio: `${map.width} / ${map.height}` }}
    />
  )
}

/** A fragment for the page queries: Gatsby reads it from this export. @public */
export const query = graphql`
  fragment MapFileFields on MapFile {
    src
    width
    height
    title
  }
`
