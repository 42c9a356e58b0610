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
 * Brings the whole frame into view when focus enters it. Its box skips
 * rendering while off screen, so a Tab from above lands in a frame that is
 * neither laid out nor loaded: the browser focuses its blank document (or a
 * link placed from stale geometry) without scrolling the page to it. No focus
 * event reaches the frame's element when a Tab enters it; the page's window
 * loses focus, and the frame is then the page's active element (in Firefox
 * only after the blur event's task: then it is looked at once more). The drawing
 * always fits the screen below the sticky header (the page's scroll-padding
 * keeps it clear), so every link in it is in view too.
 */
function useShownWhenFocused(frame: React.RefObject<HTMLIFrameElement | null>) {
  React.useEffect(() => {
    const shown = () => document.activeElement === frame.current && frame.current?.scrollIntoView({ block: "nearest" })
    const show = () => {
      shown()
      setTimeout(shown)
    }
    addEventListener("blur", show)
    return () => removeEventListener("blur", show)
  }, [frame])
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
  useShownWhenFocused(frame)
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
