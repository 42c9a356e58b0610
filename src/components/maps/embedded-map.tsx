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
 * The box is left unrendered while it is far from the screen, so the frame is
 * not fetched and drawn during the page's load (see the stylesheet).
 */
export function EmbeddedMap({ map }: { map: MapFileData }) {
  return (
    <div className={styles.box} style={{ aspectRatio: `${map.width} / ${map.height}` }}>
      <iframe src={map.src} title={map.title} loading="lazy" className={styles.frame} />
    </div>
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
