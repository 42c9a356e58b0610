import { milesPhrase } from "../../src/lib/phrases"
import {
  canvasBox,
  ringsOf,
  round1,
  shapeContains,
  svgPath,
  visiblePart,
  boxesOverlap,
  toView,
  type Box,
  type Point,
  type View,
} from "./geometry"
import { LabelSpace, textBox, textWidth, type PlacedLabel, type TextAnchor, type TextStyle } from "./labels"
import type { ProjectedCounty, ServiceArea } from "./service-area"

/** What every map shows under its own marks: the counties, their names, the water and a scale in miles. */

/** A label as a drawing holds it: text, anchor point (rounded) and anchor. */
export interface Label {
  text: string
  x: number
  y: number
  anchor: TextAnchor
}

export const toLabel = ({ text, x, y, anchor }: PlacedLabel): Label => ({ text, x: round1(x), y: round1(y), anchor })

export interface CountyInView {
  county: ProjectedCounty
  /** SVG path data, clipped to the canvas. */
  d: string
}

/**
 * Named waters. us-atlas's coastal counties end at the shore, so on the maps
 * water is what no county covers; it is named when it lies within one of these
 * (longitude and latitude bounds).
 */
const NAMED_WATERS = [{ name: "Lake Michigan", west: -88.1, east: -84.7, south: 41.6, north: 46.2 }] as const

/** A view's point back on the projected plane. */
const toPlane = (view: View, [x, y]: Point): Point => [x / view.scale + view.x0, y / view.scale + view.y0]

/** The counties a view shows, in FIPS order. */
export function countiesInView(area: ServiceArea, view: View): CountyInView[] {
  const seen: Box = {
    x0: view.x0,
    y0: view.y0,
    x1: view.x0 + view.canvas.width / view.scale,
    y1: view.y0 + view.canvas.height / view.scale,
  }
  return area.counties
    .filter((county) => boxesOverlap(county.bounds, seen))
    .map((county) => ({ county, d: svgPath(view, county.shape) }))
    .filter((shown) => shown.d !== "")
}

/** The lines a view draws under its labels, as runs of canvas points: the county outlines and the state lines. */
export function drawnLines(area: ServiceArea, view: View, shown: readonly CountyInView[]): Point[][] {
  const at = (position: readonly number[]) => toView(view, [position[0], position[1]])
  return [
    ...shown.flatMap(({ county }) => ringsOf(county.shape).map((ring) => ring.map(at))),
    ...area.stateLines.coordinates.map((line) => line.map(at)),
  ]
}

const offsetsByStep = new Map<string, Point[]>()

/**
 * Points of a grid of `step` over the canvas, the one nearest `target` first,
 * then outwards (the grid's offsets are sorted once per step and canvas), at
 * most `limit` of them.
 */
function gridNear(view: View, step: number, target: Point, limit = Infinity): Point[] {
  const { width, height } = view.canvas
  const key = `${step} ${width} ${height}`
  let offsets = offsetsByStep.get(key)
  if (!offsets) {
    const across = Math.ceil(width / step)
    const down = Math.ceil(height / step)
    offsets = []
    for (let dy = -down; dy <= down; dy += 1) for (let dx = -across; dx <= across; dx += 1) offsets.push([dx, dy])
    offsets.sort((a, b) => a[0] ** 2 + a[1] ** 2 - (b[0] ** 2 + b[1] ** 2) || a[1] - b[1] || a[0] - b[0])
    offsetsByStep.set(key, offsets)
  }
  const column = Math.round((target[0] - step / 2) / step)
  const row = Math.round((target[1] - step / 2) / step)
  const points: Point[] = []
  for (const [dx, dy] of offsets) {
    const x = (column + dx) * step + step / 2
    const y = (row + dy) * step + step / 2
    if (x > 0 && x < width && y > 0 && y < height) points.push([x, y])
    if (points.length >= limit) break
  }
  return points
}

/** Nine points of a box: corners, edge middles and centre. */
const boxPoints = (box: Box): Point[] => {
  const xs = [box.x0, (box.x0 + box.x1) / 2, box.x1]
  const ys = [box.y0, (box.y0 + box.y1) / 2, box.y1]
  return xs.flatMap((x) => ys.map((y) => [x, y] as Point))
}

/** How many grid places a label may try before giving up (keeps the cost per map small and bounded). */
const MAX_TRIES = 40

/**
 * Each county's name, inside the county, as near the middle of its visible part
 * as the marks already there allow. A county that shows too little of itself
 * for its name goes unnamed.
 */
export function countyLabels(
  view: View,
  shown: readonly CountyInView[],
  space: LabelSpace,
  style: TextStyle,
): Array<{ county: ProjectedCounty; label: PlacedLabel }> {
  const labels: Array<{ county: ProjectedCounty; label: PlacedLabel }> = []
  for (const { county } of shown) {
    const text = county.name
    const width = textWidth(text, style)
    const { area, centroid } = visiblePart(view, county.shape)
    if (area < width * style.size * 4) continue
    const inside = (box: Box) =>
      shapeContains(county.shape, toPlane(view, [(box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2])) &&
      boxPoints(box).every((p) => shapeContains(county.shape, toPlane(view, p)))
    const candidates = gridNear(view, style.size, centroid, MAX_TRIES * 4)
    let tries = 0
    for (const [x, y] of candidates) {
      const box = textBox(text, style, x, y, "middle")
      if (!space.fits(box)) continue
      if (!inside(box)) {
        tries += 1
        if (tries > MAX_TRIES) break
        continue
      }
      space.block(box)
      labels.push({ county, label: { text, x, y, anchor: "middle", box } })
      break
    }
  }
  return labels
}

/** Spacing of the coarse water grid over the projected plane, in its units. */
const WATER_GRID = 4

interface WaterGrid {
  x0: number
  y0: number
  columns: number
  rows: number
  /** 1 where no county covers the cell's corner point. */
  wet: Uint8Array
}

const waterGrids = new WeakMap<ServiceArea, WaterGrid>()

/**
 * A coarse grid over the projected plane (and the surroundings the counties
 * cover) of where no county is, found once per service area: a view that holds
 * none of its wet points shows no water worth naming and skips the search
 * (most town maps are inland).
 */
function waterGrid(area: ServiceArea): WaterGrid {
  let grid = waterGrids.get(area)
  if (!grid) {
    const { width, height } = area.canvas
    const x0 = -width / 2
    const y0 = -height / 2
    const columns = Math.ceil((width * 2) / WATER_GRID) + 1
    const rows = Math.ceil((height * 2) / WATER_GRID) + 1
    const wet = new Uint8Array(columns * rows)
    for (let row = 0; row < rows; row += 1) {
      for (let column = 0; column < columns; column += 1) {
        const x = x0 + column * WATER_GRID
        const y = y0 + row * WATER_GRID
        const covered = area.counties.some(
          ({ bounds, shape }) =>
            x >= bounds.x0 && x <= bounds.x1 && y >= bounds.y0 && y <= bounds.y1 && shapeContains(shape, [x, y]),
        )
        wet[row * columns + column] = covered ? 0 : 1
      }
    }
    grid = { x0, y0, columns, rows, wet }
    waterGrids.set(area, grid)
  }
  return grid
}

/** Whether any wet point of the water grid lies in a box of the projected plane. */
function anyWaterIn(area: ServiceArea, box: Box): boolean {
  const grid = waterGrid(area)
  const first = (v: number, origin: number) => Math.max(0, Math.ceil((v - origin) / WATER_GRID))
  const last = (v: number, origin: number, count: number) => Math.min(count - 1, Math.floor((v - origin) / WATER_GRID))
  for (let row = first(box.y0, grid.y0); row <= last(box.y1, grid.y0, grid.rows); row += 1) {
    for (let column = first(box.x0, grid.x0); column <= last(box.x1, grid.x0, grid.columns); column += 1) {
      if (grid.wet[row * grid.columns + column]) return true
    }
  }
  return false
}

/** A water's name as placed: the whole (its centre, for the description) and its lines as drawn. */
export type WaterLabel = PlacedLabel & { lines: PlacedLabel[] }

/**
 * The name of the water a view shows, placed in open water; null when it
 * shows no named water. With `split`, a name of two words or more that finds
 * no room on one line is tried on two ("Lake" over "Michigan"), as a narrow
 * strip of water between the shore and the service circle allows.
 */
export function waterLabel(
  area: ServiceArea,
  view: View,
  shown: readonly CountyInView[],
  space: LabelSpace,
  style: TextStyle,
  split = false,
): WaterLabel | null {
  const isWater = (p: Point) => {
    const [x, y] = toPlane(view, p)
    return !shown.some(
      ({ county: { bounds, shape } }) =>
        x >= bounds.x0 && x <= bounds.x1 && y >= bounds.y0 && y <= bounds.y1 && shapeContains(shape, [x, y]),
    )
  }
  const seen = {
    x0: view.x0,
    y0: view.y0,
    x1: view.x0 + view.canvas.width / view.scale,
    y1: view.y0 + view.canvas.height / view.scale,
  }
  if (!anyWaterIn(area, seen)) return null
  const step = style.size * 1.5
  const water = gridNear(view, step, [0, 0]).filter(isWater)
  if (water.length === 0) return null
  const middle: Point = [
    water.reduce((sum, p) => sum + p[0], 0) / water.length,
    water.reduce((sum, p) => sum + p[1], 0) / water.length,
  ]
  const { lng, lat } = area.invert(toPlane(view, middle))
  const named = NAMED_WATERS.find((w) => lng >= w.west && lng <= w.east && lat >= w.south && lat <= w.north)
  if (!named) return null
  // A place is open water when the grid's points around it are water too.
  const wet = new Set(water.map(([x, y]) => `${x} ${y}`))
  const isWet = ([x, y]: Point) => {
    const snap = (v: number) => Math.floor(v / step) * step + step / 2
    return wet.has(`${snap(x)} ${snap(y)}`)
  }
  const near = (p: Point) => (p[0] - middle[0]) ** 2 + (p[1] - middle[1]) ** 2
  const places = [...water].sort((a, b) => near(a) - near(b) || a[1] - b[1] || a[0] - b[0])
  const open = (box: Box) => space.fits(box) && boxPoints(box).every(isWet) && boxPoints(box).every(isWater)
  const text = named.name
  for (const [x, y] of places) {
    const box = textBox(text, style, x, y, "middle")
    if (!open(box)) continue
    space.block(box)
    return { text, x, y, anchor: "middle", box, lines: [{ text, x, y, anchor: "middle", box }] }
  }
  const words = text.split(" ")
  if (!split || words.length < 2) return null
  // Two lines, split where their widths differ least; a line apart, centred on the place.
  const cuts = words.slice(1).map((_, i) => [words.slice(0, i + 1).join(" "), words.slice(i + 1).join(" ")])
  const [upper, lower] = cuts.sort(
    (a, b) =>
      Math.abs(textWidth(a[0], style) - textWidth(a[1], style)) -
      Math.abs(textWidth(b[0], style) - textWidth(b[1], style)),
  )[0]
  const apart = style.size * 1.2
  for (const [x, y] of places) {
    const lines = [
      { text: upper, x, y: round1(y - apart / 2), anchor: "middle" as const },
      { text: lower, x, y: round1(y + apart / 2), anchor: "middle" as const },
    ].map((line) => ({ ...line, box: textBox(line.text, style, line.x, line.y, "middle") }))
    if (!lines.every(({ box }) => open(box))) continue
    space.block(...lines.map(({ box }) => box))
    const box = {
      x0: Math.min(lines[0].box.x0, lines[1].box.x0),
      y0: lines[0].box.y0,
      x1: Math.max(lines[0].box.x1, lines[1].box.x1),
      y1: lines[1].box.y1,
    }
    return { text, x, y, anchor: "middle", box, lines }
  }
  return null
}

export interface ScaleBar {
  /** The bar's left end, on the canvas. */
  x: number
  y: number
  /** Its length in canvas units: `miles` miles. */
  width: number
  miles: number
  label: Label
}

const NICE_MILES = [0.5, 1, 2, 5, 10, 20, 50, 100]

/** Room between the scale bar and the canvas's edges. */
const SCALE_INSET = 10
/** The step of the places tried for the scale bar along an edge. */
const SCALE_STEP = 8

/**
 * A scale bar along the bottom or top edge, its label above it: the longest
 * round number of miles that takes at most a quarter of the canvas's width.
 * Tried from the bottom corners inwards, then the top's, with the label over
 * either end: the first place where the bar and its label cross no line and
 * cover no mark already taken; else where the label alone does; else the
 * bottom left corner.
 */
export function scaleBar(area: ServiceArea, view: View, space: LabelSpace, style: TextStyle): ScaleBar {
  const unitsPerMile = area.unitsPerMile * view.scale
  const fitting = NICE_MILES.filter((miles) => miles * unitsPerMile <= view.canvas.width / 4)
  const miles = fitting.at(-1) ?? NICE_MILES[0]
  const width = round1(miles * unitsPerMile)
  const text = milesPhrase(miles)
  const { width: across, height: down } = view.canvas
  const lineHeight = style.size * 1.2
  // Along the bottom edge, then the top, from the corners inwards; the label over the bar's left end or its right.
  const right = across - SCALE_INSET - width
  const xs = Array.from({ length: Math.floor(right / SCALE_STEP) + 1 }, (_, i) => [
    SCALE_INSET + i * SCALE_STEP,
    right - i * SCALE_STEP,
  ])
    .flat()
    .filter((x, i, all) => x >= SCALE_INSET && x <= right && all.indexOf(x) === i)
  const rows = [down - SCALE_INSET, SCALE_INSET + 6 + 4 + lineHeight]
  const places = rows.flatMap((y) =>
    xs.flatMap((x) =>
      (["start", "end"] as const).map((anchor) => {
        const labelY = y - 4 - style.size * 0.6
        const labelX = anchor === "start" ? x : x + width
        return {
          x: round1(x),
          y: round1(y),
          labelX: round1(labelX),
          labelY,
          anchor,
          bar: { x0: x - 2, y0: y - 6, x1: x + width + 2, y1: y + 2 },
          box: textBox(text, style, labelX, labelY, anchor),
        }
      }),
    ),
  )
  const chosen =
    places.find(({ bar, box }) => space.fits(bar) && space.fits(box)) ??
    places.find(({ box }) => space.fits(box)) ??
    places[0]
  space.block(chosen.bar, chosen.box)
  return {
    x: chosen.x,
    y: chosen.y,
    width,
    miles,
    label: { text, x: chosen.labelX, y: round1(chosen.labelY), anchor: chosen.anchor },
  }
}

/** A label space over a view's canvas, kept 2 units in from its edges. */
export const spaceFor = (view: View): LabelSpace => new LabelSpace(canvasBox(view.canvas, 2))
