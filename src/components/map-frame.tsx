import * as React from "react"
import * as styles from "./map-frame.module.css"

interface MapFrameProps {
  src: string
  title: string
  /** The spec's city maps are 400px high. */
  height?: number
}

/** An embedded map; the frame loads only when it nears the viewport. */
export function MapFrame({ src, title, height = 400 }: MapFrameProps) {
  return (
    <iframe
      src={src}
      title={title}
      height={height}
      loading="lazy"
      referrerPolicy="no-referrer-when-downgrade"
      className={styles.frame}
      style={{ height }}
    />
  )
}
