import * as React from "react"
import { graphql } from "gatsby"
import { bringFrameIntoView, useFrameFocus } from "../../hooks/use-frame-focus"
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
 * not fetched and drawn during the page's load (see the stylesheet); focus
 * entering it brings it on screen.
 */
export function EmbeddedMap({ map }: { map: MapFileData }) {
  const frame = React.useRef<HTMLIFrameElement>(null)
  // Its box skips rendering while off screen, so a Tab from above lands in a frame that is neither
  // laid out nor loaded: the browser focuses its blank document without scrolling the page to it.
  useFrameFocus(frame, bringFrameIntoView)
  return (
    <div className={styles.box} style={{ aspectRatio: `${map.width} / ${map.height}` }}>
      <iframe ref={frame} src={map.src} title={map.title} loading="lazy" className={styles.frame} />
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
