import { geoIdentity, geoPath } from "d3-geo"
import type { Geometry, MultiLineString, MultiPolygon, Polygon, Position } from "geojson"

/**
 * Planar geometry of the maps: points and shapes already projected onto a
 * canvas (x to the right, y down, in the canvas's units).
 */

export type Point = readonly [x: number, y: number]

export interface Box {
  x0: number
  y0: number
  x1: number
  y1: number
}

export interface Canvas {
  width: number
  height: number
}

/**
 * A map's view of the projected plane: `scale` canvas units per projected unit,
 * after moving (x0, y0) of the projected plane to the canvas's top left corner.
 */
export interface View {
  x0: number
  y0: number
  scale: number
  canvas: Canvas
}

/** Coordinates of a drawing: one decimal at most (a tenth of a canvas unit), no "-0". */
export const round1 = (value: number): number => Math.round(value * 10) / 10 + 0

export const toView = (view: View, [x, y]: Point): Point => [(x - view.x0) * view.scale, (y - view.y0) * view.scale]

export const roundPoint = ([x, y]: Point): Point => [round1(x), round1(y)]

export const distance = (a: Point, b: Point): number => Math.hypot(b[0] - a[0], b[1] - a[1])

export const boxesOverlap = (a: Box, b: Box): boolean => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1

export const boxInside = (inner: Box, outer: Box): boolean =>
  inner.x0 >= outer.x0 && inner.y0 >= outer.y0 && inner.x1 <= outer.x1 && inner.y1 <= outer.y1

export const canvasBox = ({ width, height }: Canvas, inset = 0): Box => ({
  x0: inset,
  y0: inset,
  x1: width - inset,
  y1: height - inset,
})

/** The bounding box of some points, grown by `pad` on every side. */
export function boundsOf(points: readonly Point[], pad = 0): Box {
  const xs = points.map((p) => p[0])
  const ys = points.map((p) => p[1])
  return {
    x0: Math.min(...xs) - pad,
    y0: Math.min(...ys) - pad,
    x1: Math.max(...xs) + pad,
    y1: Math.max(...ys) + pad,
  }
}

/** The rings of a polygon or multipolygon. */
export function ringsOf(geometry: Polygon | MultiPolygon): Position[][] {
  return geometry.type === "Polygon" ? geometry.coordinates : geometry.coordinates.flat()
}

/** Whether a point lies inside a shape (even-odd rule over all its rings, so holes count). */
export function shapeContains(geometry: Polygon | MultiPolygon, [x, y]: Point): boolean {
  let inside = false
  for (const ring of ringsOf(geometry)) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
      const [xi, yi] = ring[i]
      const [xj, yj] = ring[j]
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside
    }
  }
  return inside
}

/** The bounding box of a shape's rings. */
export function shapeBounds(geometry: Polygon | MultiPolygon): Box {
  return boundsOf(ringsOf(geometry).flat() as unknown as Point[])
}

/** Applies a function to every position of a polygon, multipolygon or multilinestring. */
export function mapPositions<T extends Polygon | MultiPolygon | MultiLineString>(
  geometry: T,
  move: (position: Position) => Position,
): T {
  const coordinates =
    geometry.type === "MultiPolygon"
      ? (geometry as MultiPolygon).coordinates.map((polygon) => polygon.map((ring) => ring.map(move)))
      : (geometry as Polygon | MultiLineString).coordinates.map((line) => line.map(move))
  return { ...geometry, coordinates } as T
}

/** d3's planar transform of a view: moves and scales, clips to the canvas. */
const viewTransform = (view: View) =>
  geoIdentity()
    .scale(view.scale)
    .translate([-view.x0 * view.scale, -view.y0 * view.scale])
    .clipExtent([
      [0, 0],
      [view.canvas.width, view.canvas.height],
    ])

/** SVG path data of a shape as the view shows it, clipped to its canvas and rounded; "" when none of it shows. */
export function svgPath(view: View, geometry: Geometry): string {
  return geoPath(viewTransform(view)).digits(1)(geometry) ?? ""
}

/** The area (in canvas units²) and centroid of the part of a shape the view shows. */
export function visiblePart(view: View, geometry: Geometry): { area: number; centroid: Point } {
  const path = geoPath(viewTransform(view))
  const [x, y] = path.centroid(geometry)
  return { area: path.area(geometry), centroid: [x, y] }
}

/** A box grown by `by` on every side. */
export const growBox = ({ x0, y0, x1, y1 }: Box, by: number): Box => ({
  x0: x0 - by,
  y0: y0 - by,
  x1: x1 + by,
  y1: y1 + by,
})

/** Whether the straight segment from `a` to `b` has a point in a box, its edges included (Liang–Barsky clipping). */
export function segmentTouchesBox(a: Point, b: Point, box: Box): boolean {
  const dx = b[0] - a[0]
  const dy = b[1] - a[1]
  let enter = 0
  let leave = 1
  // For each edge: p * t <= q keeps the part of the segment on the box's side.
  const edges: Array<[p: number, q: number]> = [
    [-dx, a[0] - box.x0],
    [dx, box.x1 - a[0]],
    [-dy, a[1] - box.y0],
    [dy, box.y1 - a[1]],
  ]
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return false
    } else if (p < 0) enter = Math.max(enter, q / p)
    else leave = Math.min(leave, q / p)
    if (enter > leave) return false
  }
  return true
}

/** Whether a circle (its disc) and a box share a point. */
export function circleTouchesBox([cx, cy]: Point, r: number, box: Box): boolean {
  const dx = Math.max(box.x0 - cx, 0, cx - box.x1)
  const dy = Math.max(box.y0 - cy, 0, cy - box.y1)
  return dx * dx + dy * dy <= r * r
}

/** Whether the line of a circle (a ring of radius `r`, `half` its half width) passes through a box. */
export function ringTouchesBox(centre: Point, r: number, half: number, box: Box): boolean {
  const [cx, cy] = centre
  const farthest = Math.hypot(Math.max(cx - box.x0, box.x1 - cx), Math.max(cy - box.y0, box.y1 - cy))
  return circleTouchesBox(centre, r + half, box) && farthest >= r - half
}
