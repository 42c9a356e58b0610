import { DOT_RADIUS, type TextStyle } from "../../src/lib/map-style"
import {
  boundsOf,
  boxInside,
  boxesOverlap,
  growBox,
  ringTouchesBox,
  segmentTouchesBox,
  type Box,
  type Point,
} from "./geometry"

/**
 * Where the maps' labels go: each one tried at a few places around what it
 * names, and put at the first where it covers no other label, dot or line and
 * stays on the canvas. Lines are the lines the map draws (county outlines,
 * state lines, the service circle), tested as the segments and ring they are. Text is measured by an estimate of the width of each
 * character in a sans-serif font at the label's size, a little generously.
 */

export type TextAnchor = "start" | "middle" | "end"

export type { TextStyle }

/** Room between a dot and its label. */
export const LABEL_GAP = DOT_RADIUS.narrow + 2.5

/**
 * Room between the shop's mark (shopBox, its point 6.75 units from its sides
 * and 7.75 from its top) and a label, as LABEL_GAP is a dot's: the mark and
 * the 2 units kept around it, and a quarter of a unit.
 */
export const SHOP_LABEL_GAP = 10

export interface PlacedLabel {
  text: string
  /** The anchor point: x by `anchor`, y the middle of the line of text. */
  x: number
  y: number
  anchor: TextAnchor
  box: Box
}

/**
 * Advance widths in ems of DejaVu Sans, the widest of the sans-serif fonts a
 * visitor's system-ui may fall back to: estimates with it err on the roomy side.
 */
const WIDTHS: Record<string, number> = {
  " ": 0.32,
  ".": 0.32,
  ",": 0.32,
  "-": 0.36,
  "'": 0.27,
  "(": 0.39,
  ")": 0.39,
  a: 0.61,
  b: 0.63,
  c: 0.55,
  d: 0.63,
  e: 0.62,
  f: 0.35,
  g: 0.63,
  h: 0.63,
  i: 0.28,
  j: 0.28,
  k: 0.58,
  l: 0.28,
  m: 0.97,
  n: 0.63,
  o: 0.61,
  p: 0.63,
  q: 0.63,
  r: 0.41,
  s: 0.52,
  t: 0.39,
  u: 0.63,
  v: 0.59,
  w: 0.82,
  x: 0.59,
  y: 0.59,
  z: 0.52,
  A: 0.68,
  B: 0.69,
  C: 0.7,
  D: 0.77,
  E: 0.63,
  F: 0.58,
  G: 0.78,
  H: 0.75,
  I: 0.3,
  J: 0.3,
  K: 0.66,
  L: 0.56,
  M: 0.86,
  N: 0.75,
  O: 0.79,
  P: 0.6,
  Q: 0.79,
  R: 0.7,
  S: 0.63,
  T: 0.61,
  U: 0.73,
  V: 0.68,
  W: 0.99,
  X: 0.69,
  Y: 0.61,
  Z: 0.69,
}
const DIGIT = 0.64
const OTHER = 0.7

/** Estimated width of a text in canvas units. */
export function textWidth(text: string, style: TextStyle): number {
  const shown = style.capitals ? text.toUpperCase() : text
  let ems = 0
  for (const char of shown) ems += WIDTHS[char] ?? (char >= "0" && char <= "9" ? DIGIT : OTHER)
  ems += (style.spacing ?? 0) * shown.length
  return ems * style.size * (style.bold ? 1.1 : 1)
}

/** The box of a text placed at (x, y) with an anchor; y is the middle of the line. */
export function textBox(text: string, style: TextStyle, x: number, y: number, anchor: TextAnchor): Box {
  const width = textWidth(text, style)
  const x0 = anchor === "start" ? x : anchor === "end" ? x - width : x - width / 2
  const half = style.size * 0.6
  return { x0, y0: y - half, x1: x0 + width, y1: y + half }
}

/** A square box around a point. */
export const pointBox = ([x, y]: Point, half: number): Box => ({
  x0: x - half,
  y0: y - half,
  x1: x + half,
  y1: y + half,
})

/** Small boxes along a straight line, so labels keep off it. */
export function lineBoxes(from: Point, to: Point, half: number): Box[] {
  const length = Math.hypot(to[0] - from[0], to[1] - from[1])
  const steps = Math.max(1, Math.ceil(length / half))
  return Array.from({ length: steps + 1 }, (_, i) =>
    pointBox([from[0] + ((to[0] - from[0]) * i) / steps, from[1] + ((to[1] - from[1]) * i) / steps], half),
  )
}

/** The places a point's label is tried at, in order: right, left, above, below, then the corners. */
export function aroundPoint([x, y]: Point, gap: number, style: TextStyle) {
  // Above or below, the near edge of the text's box (textBox: half a line is 0.6 of the size) is `gap` away.
  const up = gap + style.size * 0.6
  const diagonal = gap * 0.75
  return [
    { x: x + gap, y, anchor: "start" as const },
    { x: x - gap, y, anchor: "end" as const },
    { x, y: y - up, anchor: "middle" as const },
    { x, y: y + up, anchor: "middle" as const },
    { x: x + diagonal, y: y - up, anchor: "start" as const },
    { x: x - diagonal, y: y - up, anchor: "end" as const },
    { x: x + diagonal, y: y + up, anchor: "start" as const },
    { x: x - diagonal, y: y + up, anchor: "end" as const },
  ]
}

/**
 * More places for a point's label, after aroundPoint's, for a name among
 * lines and other marks: beside the point raised or lowered by half a line,
 * over and under it slid a quarter of its width either way, then all of
 * aroundPoint's and these a little farther off (each of `farther`, in units).
 */
export function nearPoint(at: Point, gap: number, text: string, style: TextStyle, farther: readonly number[] = [4]) {
  const width = textWidth(text, style)
  const half = style.size * 0.6
  const shifted = (g: number) => {
    const [x, y] = at
    const up = g + half
    return [
      ...[-half, half].flatMap((dy) => [
        { x: x + g, y: y + dy, anchor: "start" as const },
        { x: x - g, y: y + dy, anchor: "end" as const },
      ]),
      ...[y - up, y + up].flatMap((row) =>
        [width / 4, -width / 4].map((dx) => ({ x: x + dx, y: row, anchor: "middle" as const })),
      ),
    ]
  }
  return [0, ...farther].flatMap((more) => [...aroundPoint(at, gap + more, style), ...shifted(gap + more)])
}

/**
 * The places of a mark's name, those where it reads as that mark's first: no
 * other mark lies nearer the middle of its box (a name whose middle is over
 * another dot reads as that dot's). The rest keep their order after them, so
 * a name still shows where only they are free. `others` are the other marks.
 */
export function ownFirst<T extends { x: number; y: number; anchor: TextAnchor }>(
  places: readonly T[],
  text: string,
  style: TextStyle,
  own: Point,
  others: readonly Point[],
): T[] {
  const reads = places.map(({ x, y, anchor }) => {
    const box = textBox(text, style, x, y, anchor)
    const middle: Point = [(box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2]
    const away = (point: Point) => Math.hypot(point[0] - middle[0], point[1] - middle[1])
    return others.every((other) => away(other) >= away(own))
  })
  return [...places.filter((_, i) => reads[i]), ...places.filter((_, i) => !reads[i])]
}

/** Room kept between a label's box and a line: half the widest line under the labels (the service circle's, 2 units). */
export const LINE_ROOM = 1

/** The labels and marks already on a canvas. */
export class LabelSpace {
  private readonly taken: Box[] = []
  private readonly segments: Array<{ a: Point; b: Point; bounds: Box }> = []
  private readonly rings: Array<{ centre: Point; r: number }> = []

  constructor(private readonly area: Box) {}

  /** Marks a box as taken (a dot, a line, a label placed elsewhere). */
  block(...boxes: Box[]): void {
    this.taken.push(...boxes)
  }

  /** Marks lines as taken (each a run of points, in canvas units): no label crosses them or comes within LINE_ROOM. */
  blockLines(lines: ReadonlyArray<readonly Point[]>): void {
    for (const line of lines) {
      for (let i = 1; i < line.length; i += 1) {
        this.segments.push({ a: line[i - 1], b: line[i], bounds: boundsOf([line[i - 1], line[i]], LINE_ROOM) })
      }
    }
  }

  /** Marks a circle's line as taken (the service circle): no label crosses it or comes within LINE_ROOM. */
  blockRing(centre: Point, r: number): void {
    this.rings.push({ centre, r })
  }

  fits(box: Box): boolean {
    if (!boxInside(box, this.area) || this.taken.some((other) => boxesOverlap(box, other))) return false
    const roomy = growBox(box, LINE_ROOM)
    return (
      !this.segments.some(({ a, b, bounds }) => boxesOverlap(bounds, box) && segmentTouchesBox(a, b, roomy)) &&
      !this.rings.some(({ centre, r }) => ringTouchesBox(centre, r, LINE_ROOM, box))
    )
  }

  /**
   * How badly a box that does not fit would sit: each mark or label it covers
   * counts 3, each line it crosses 1 (a line under a name hides less of it);
   * off the canvas, without end.
   */
  clashes(box: Box): number {
    if (!boxInside(box, this.area)) return Infinity
    const roomy = growBox(box, LINE_ROOM)
    return (
      3 * this.taken.filter((other) => boxesOverlap(box, other)).length +
      this.segments.filter(({ a, b, bounds }) => boxesOverlap(bounds, box) && segmentTouchesBox(a, b, roomy)).length +
      this.rings.filter(({ centre, r }) => ringTouchesBox(centre, r, LINE_ROOM, box)).length
    )
  }

  /** The first of the places where the text fits, taken; null when none fits. */
  place(
    text: string,
    style: TextStyle,
    places: ReadonlyArray<{ x: number; y: number; anchor: TextAnchor }>,
  ): PlacedLabel | null {
    for (const { x, y, anchor } of places) {
      const box = textBox(text, style, x, y, anchor)
      if (this.fits(box)) {
        this.taken.push(box)
        return { text, x, y, anchor, box }
      }
    }
    return null
  }
}
