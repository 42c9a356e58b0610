import { countyPhrase, listPhrase, milesPhrase } from "../../src/lib/phrases"
import { growBox, round1, roundPoint, svgPath, toView, type Canvas, type Point } from "./geometry"
import {
  aroundPoint,
  ownFirst,
  lineBoxes,
  pointBox,
  textBox,
  textWidth,
  type LabelSpace,
  type PlacedLabel,
  type TextAnchor,
  type TextStyle,
} from "./labels"
import {
  countiesInView,
  countyLabels,
  drawnLines,
  scaleBar,
  spaceFor,
  toLabel,
  waterLabel,
  type Label,
  type ScaleBar,
} from "./layers"
import type { PlacedTown, ServiceArea } from "./service-area"
import { DOT_RADIUS as DOT, TEXT, TOWN_DOT_RADIUS, shopBox } from "../../src/lib/map-style"
import { LABEL_GAP, SHOP_LABEL_GAP } from "./labels"
import { fitView } from "./views"

/**
 * A town page's locator map, drawn inline: the town, the neighbours the page
 * lists (links to their pages), the shop, and the straight line from the shop
 * to the town labelled with the miles the page states; the counties around.
 * Its own view of the projected plane, so the work per town is moving and
 * clipping a few already projected county outlines.
 */

export const LOCATOR_CANVAS: Canvas = { width: 360, height: 270 }
/** Room around the marks for their labels, in canvas units. */
const PAD = { x: 64, y: 36 }
/** The locator never shows less than this many miles across. */
const MIN_MILES_ACROSS = 5

export interface LocatorPlace {
  x: number
  y: number
  label: Label | null
}

export interface LocatorNeighbour {
  name: string
  slug: string
  x: number
  y: number
  label: Label
  /** False when its name found no room: it shows only while the link has focus or the pointer. */
  labelShown: boolean
  /** True for the shop's own town: the shop's mark, at (x, y) where the shop is, stands for its dot and carries its link. */
  shop: boolean
}

export interface LocatorDrawing {
  width: number
  height: number
  title: string
  description: string
  land: Array<{ name: string; d: string }>
  stateLines: string
  countyNames: Label[]
  water: Label | null
  scale: ScaleBar
  shop: LocatorPlace
  /** Where the town is; on the shop's own town's map its dot is not drawn: the shop's mark stands for it. */
  town: LocatorPlace
  /** True on the map of the shop's own town. */
  shopTown: boolean
  /** From the shop (x1, y1) to the town (x2, y2); its label is always placed. */
  route: { x1: number; y1: number; x2: number; y2: number; label: Label }
  neighbours: LocatorNeighbour[]
}

/**
 * Places for the distance's label beside the line, on either side: at its
 * middle first, then towards either end, a little farther off each round.
 * Sideways of a steep line the label starts (or ends) beside it; above or below
 * a flat one it is centred on it.
 */
function alongLine(from: Point, to: Point, size: number) {
  const length = Math.hypot(to[0] - from[0], to[1] - from[1]) || 1
  const normal: Point = [-(to[1] - from[1]) / length, (to[0] - from[0]) / length]
  const places: Array<{ x: number; y: number; anchor: TextAnchor }> = []
  for (const away of [0.5, 1, 1.6]) {
    for (const t of [0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8]) {
      const x = from[0] + (to[0] - from[0]) * t
      const y = from[1] + (to[1] - from[1]) * t
      for (const side of [1, -1]) {
        const nx = normal[0] * side
        const ny = normal[1] * side
        const anchor: TextAnchor = Math.abs(nx) < 0.5 ? "middle" : nx > 0 ? "start" : "end"
        const offset = size * away + (anchor === "middle" ? size * 0.7 : 4)
        places.push({ x: x + nx * offset, y: y + ny * offset, anchor })
      }
    }
  }
  return places
}

/**
 * Places above and below a point for a long name near lines or the canvas's
 * side: still over the point, slid left or right in quarters of its width as
 * far as the canvas allows (3 units in from its edges), a little farther off
 * each round.
 */
function overAndUnder(at: Point, gap: number, text: string, style: TextStyle, canvas: Canvas) {
  const width = textWidth(text, style)
  const lefts = [0, 0.25, 0.5, 0.75, 1]
    .map((share) => Math.min(Math.max(3, at[0] - width * share), canvas.width - 3 - width))
    .filter((x, i, all) => all.indexOf(x) === i)
  return [gap, gap + 11, gap + 22, gap + 33].flatMap((away) => {
    const up = away + style.size * 0.6
    return [at[1] - up, at[1] + up].flatMap((y) => lefts.map((x) => ({ x, y, anchor: "start" as const })))
  })
}

/**
 * Places around a point in sixteen directions, each `gaps` away (the near
 * side of the text's box that far from the point, about): for a name that
 * found no room nearer.
 */
function ringAround([x, y]: Point, gaps: readonly number[], style: TextStyle) {
  const half = style.size * 0.6
  return gaps.flatMap((gap) =>
    Array.from({ length: 16 }, (_, i) => {
      const angle = (i * Math.PI) / 8
      const [cos, sin] = [Math.cos(angle), Math.sin(angle)]
      const anchor: TextAnchor = cos > 0.3 ? "start" : cos < -0.3 ? "end" : "middle"
      return { x: round1(x + gap * cos), y: round1(y + (gap + half) * sin), anchor }
    }),
  )
}

/** Places for a text, the nearest its box comes to a point first (a stable sort: ties keep their order). */
function nearestFirst(
  at: Point,
  text: string,
  style: TextStyle,
  places: ReadonlyArray<{ x: number; y: number; anchor: TextAnchor }>,
) {
  const away = ({ x, y, anchor }: { x: number; y: number; anchor: TextAnchor }) => {
    const box = textBox(text, style, x, y, anchor)
    return Math.round(
      Math.hypot(Math.max(box.x0 - at[0], 0, at[0] - box.x1), Math.max(box.y0 - at[1], 0, at[1] - box.y1)),
    )
  }
  return places
    .map((place) => ({ place, away: away(place) }))
    .sort((a, b) => a.away - b.away)
    .map(({ place }) => place)
}

/** A label that must show: at its first free place, else at the place where it clashes least. */
function essential(
  space: LabelSpace,
  text: string,
  style: TextStyle,
  places: ReadonlyArray<{ x: number; y: number; anchor: TextAnchor }>,
): PlacedLabel {
  const placed = space.place(text, style, places)
  if (placed) return placed
  // Where it clashes least (the first such place on a tie; the first place when all are off the canvas).
  const boxes = places.map(({ x, y, anchor }) => ({ x, y, anchor, box: textBox(text, style, x, y, anchor) }))
  const scores = boxes.map(({ box }) => space.clashes(box))
  const best = scores.indexOf(Math.min(...scores))
  const { x, y, anchor, box } = boxes[Math.max(0, best)]
  space.block(box)
  return { text, x, y, anchor, box }
}

/**
 * The locator of one town. `miles` is the distance the page states
 * (City.milesFromShop), `neighbours` the towns it lists (City.nearby).
 */
export function locatorDrawing(
  area: ServiceArea,
  town: PlacedTown,
  neighbours: readonly PlacedTown[],
  miles: number,
): LocatorDrawing {
  const view = fitView(
    area,
    [town.at, area.shop.at, ...neighbours.map((n) => n.at)],
    LOCATOR_CANVAS,
    PAD,
    MIN_MILES_ACROSS,
  )
  const at = (point: Point) => toView(view, point)
  const shopAt = at(area.shop.at)
  // The shop's own town (when we serve it) has no dot of its own: the shop's mark, where the shop is, stands for it.
  const isShops = (place: PlacedTown) => place.slug === area.shop.served?.slug
  const townAt = at(town.at)
  const townMark = isShops(town) ? shopAt : townAt
  const neighbourAt = (neighbour: PlacedTown) => (isShops(neighbour) ? shopAt : at(neighbour.at))
  const space = spaceFor(view)

  space.block(growBox(shopBox(...shopAt), 0.5))
  if (!isShops(town)) space.block(pointBox(townAt, TOWN_DOT_RADIUS + 1))
  for (const neighbour of neighbours) {
    if (!isShops(neighbour)) space.block(pointBox(at(neighbour.at), DOT.narrow + 1))
  }
  // No label crosses a line: the county outlines and the state lines.
  const shown = countiesInView(area, view)
  space.blockLines(drawnLines(area, view, shown))

  // Every mark but the town's own: the shop's (unless it stands for the town) and the nearby towns'.
  const marks = [...(isShops(town) ? [] : [shopAt]), ...neighbours.map(neighbourAt)]
  const otherMarks = (own: Point) => marks.filter((mark) => mark !== own)
  // Around the town's dot, or the shop's mark when that stands for the town (it reaches about as far): where
  // the name reads as the town's (no other mark nearer its middle) first, then the nearest free place first;
  // on a tie, right, left, above, below.
  const townGap = isShops(town) ? SHOP_LABEL_GAP : TOWN_DOT_RADIUS + 3
  const townAround = nearestFirst(townMark, town.name, TEXT.place.narrow, [
    ...[0, 11, 22, 33].flatMap((farther) => aroundPoint(townMark, townGap + farther, TEXT.place.narrow)),
    ...overAndUnder(townMark, townGap, town.name, TEXT.place.narrow, view.canvas),
    ...ringAround(
      townMark,
      [6, 17, 28, 39, 50].map((farther) => townGap + farther),
      TEXT.place.narrow,
    ),
  ])
  const townPlaces = ownFirst(townAround, town.name, TEXT.place.narrow, townMark, marks)
  space.block(...lineBoxes(shopAt, townAt, 3))
  const townLabel = essential(space, town.name, TEXT.place.narrow, townPlaces)
  // The shop's name is the only key to its mark: it always shows.
  const shopLabel = essential(space, "Our shop", TEXT.place.narrow, [
    // The shop's mark reaches a little farther from its point than a dot does.
    ...aroundPoint(shopAt, LABEL_GAP + 1, TEXT.place.narrow),
    ...aroundPoint(shopAt, LABEL_GAP + 12, TEXT.place.narrow),
  ])
  const routeLabel = essential(space, milesPhrase(miles), TEXT.place.narrow, [
    ...alongLine(shopAt, townAt, TEXT.place.narrow.size),
    ...townPlaces,
  ])
  // The scale after the names that must show: it has room to move along an edge.
  const scale = scaleBar(area, view, space, TEXT.scale.narrow)
  const neighbourLabels = neighbours.map((neighbour, i) => {
    const gap = isShops(neighbour) ? SHOP_LABEL_GAP : LABEL_GAP
    const own = marks[marks.length - neighbours.length + i]
    const places = [...aroundPoint(own, gap, TEXT.town.narrow), ...aroundPoint(own, gap + 6, TEXT.town.narrow)]
    return space.place(
      neighbour.name,
      TEXT.town.narrow,
      ownFirst(places, neighbour.name, TEXT.town.narrow, own, [townMark, ...otherMarks(own)]),
    )
  })

  const named = countyLabels(view, shown, space, TEXT.county.narrow)
  const water = waterLabel(area, view, shown, space, TEXT.water.narrow)

  const [townX, townY] = roundPoint(townAt)
  const [shopX, shopY] = roundPoint(shopAt)
  const names = neighbours.map((neighbour) => neighbour.name)
  return {
    width: LOCATOR_CANVAS.width,
    height: LOCATOR_CANVAS.height,
    title: `Map of ${town.name} and our ${area.shop.town} shop`,
    description:
      `${town.name}, in ${countyPhrase(town.county)}, is ${milesPhrase(miles)} from our shop in ${area.shop.town}: ` +
      `the straight line between them on the map.` +
      (names.length ? ` Nearby towns on the map: ${listPhrase(names)}.` : ""),
    land: shown.map(({ county, d }) => ({ name: county.name, d })),
    stateLines: svgPath(view, area.stateLines),
    countyNames: named.map(({ label }) => toLabel(label)),
    water: water ? toLabel(water) : null,
    scale,
    shop: { x: shopX, y: shopY, label: toLabel(shopLabel) },
    town: { x: townX, y: townY, label: toLabel(townLabel) },
    shopTown: isShops(town),
    route: { x1: shopX, y1: shopY, x2: townX, y2: townY, label: toLabel(routeLabel) },
    neighbours: neighbours.map((neighbour, i) => {
      const [x, y] = roundPoint(neighbourAt(neighbour))
      const placed = neighbourLabels[i]
      const gap = isShops(neighbour) ? SHOP_LABEL_GAP : LABEL_GAP
      return {
        name: neighbour.name,
        slug: neighbour.slug,
        x,
        y,
        label: placed ? toLabel(placed) : { text: neighbour.name, x: round1(x + gap), y, anchor: "start" },
        labelShown: placed !== null,
        shop: isShops(neighbour),
      }
    }),
  }
}
