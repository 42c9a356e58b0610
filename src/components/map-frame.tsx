import * as React from "react"
import { MapPin } from "lucide-react"
import { DECORATIVE_ICON } from "../lib/decorative-icon"
import { useHydrated } from "../hooks/use-hydrated"
import { bringFrameIntoView, useFrameFocus } from "../hooks/use-frame-focus"
import * as styles from "./map-frame.module.css"

interface MapFrameProps {
  /** The frame's embed address and the place's normal page on the map host, made at build time (MapLinks). */
  links: Pick<Queries.MapLinks, "embed" | "page">
  /** The frame's title, also shown on the placeholder: "Map of Buffalo Grove, IL". */
  title: string
  /** The place the button and the link name: "Show map of Buffalo Grove". */
  place: string
  /** The spec's maps are 400px high; the space is reserved before the frame loads. */
  height?: number
}

/**
 * An embedded map that asks nothing of the map host until the visitor wants it.
 * The page carries a placeholder naming the place, with a plain link that opens
 * the place on the map host's normal page in a new tab (all a visitor without
 * JavaScript needs; the embed address would open a bare frame). Once hydrated,
 * the frame replaces the placeholder when it scrolls into view or when the
 * visitor presses "Show map"; both take the same reserved height, so nothing shifts.
 */
export function MapFrame({ links, title, place, height = 400 }: MapFrameProps) {
  const hydrated = useHydrated()
  const [wanted, setWanted] = React.useState(false)
  const boxRef = React.useRef<HTMLDivElement>(null)
  const frameRef = React.useRef<HTMLIFrameElement>(null)
  /** Whether focus was in the placeholder when it gave way: it then moves to the frame. */
  const moveFocus = React.useRef(false)
  // Focus entering the map host's frame brings it into view: its process asks the page to scroll
  // only once it has a document to focus, which on a slow phone comes late, or never for a frame
  // that is still loading.
  useFrameFocus(frameRef, bringFrameIntoView)

  React.useEffect(() => {
    const box = boxRef.current
    if (!box || typeof IntersectionObserver === "undefined") return undefined
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return
      moveFocus.current = box.contains(document.activeElement)
      setWanted(true)
      observer.disconnect()
    })
    observer.observe(box)
    return () => observer.disconnect()
  }, [])

  React.useEffect(() => {
    if (wanted && moveFocus.current) frameRef.current?.focus()
  }, [wanted])

  const show = () => {
    moveFocus.current = true
    setWanted(true)
  }

  return (
    <div ref={boxRef} className={styles.box} style={{ height }}>
      {wanted ? (
        <iframe
          ref={frameRef}
          src={links.embed}
          title={title}
          height={height}
          referrerPolicy="no-referrer-when-downgrade"
          className={styles.frame}
        />
      ) : (
        <div className={styles.placeholder} data-hydrated={hydrated}>
          <MapPin {...DECORATIVE_ICON} size={32} className={styles.icon} />
          <p className={styles.title}>{title}</p>
          {/* Hidden, with its space kept, until React can answer it. */}
          <button type="button" className={styles.show} onClick={show}>
            Show map of {place}
          </button>
          <a href={links.page} target="_blank" rel="noopener noreferrer" className={styles.link}>
            Open the map of {place} in a new tab
          </a>
        </div>
      )}
    </div>
  )
}
