import * as React from "react"

/** A label as the maps' GraphQL types give it: y is the middle of the line of text. */
export interface MapLabelData {
  readonly text: string
  readonly x: number
  readonly y: number
  /** "start", "middle" or "end". */
  readonly anchor: string
}

const ANCHORS = ["middle", "end"] as const
type Anchor = (typeof ANCHORS)[number]
const isAnchor = (value: string): value is Anchor => (ANCHORS as readonly string[]).includes(value)

/** A text of a map drawing. */
export function MapLabel({ label, className }: { label: MapLabelData; className?: string }) {
  return (
    <text x={label.x} y={label.y} textAnchor={isAnchor(label.anchor) ? label.anchor : undefined} className={className}>
      {label.text}
    </text>
  )
}
