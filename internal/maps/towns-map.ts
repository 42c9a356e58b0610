import { cityPath, countyPath } from "../../src/lib/routes"
import { countyNames, countiesPhrase, countPhrase, listPhrase, milesPhrase } from "../../src/lib/phrases"
import { radiusTownName } from "../../src/lib/service-radius"
import { countySlug } from "../../src/lib/slug"
import {
  distance,
  growBox,
  round1,
  roundPoint,
  shapeContains,
  svgPath,
  toView,
  type Point,
  type View,
} from "./geometry"
import {
  LabelSpace,
  nearPoint,
  ownFirst,
  pointBox,
  textBox,
  textWidth,
  type PlacedLabel,
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
  type CountyInView,
  type Label,
  type ScaleBar,
} from "./layers"
import type { PlacedTown, ProjectedCounty, ServiceArea } from "./service-area"
import { DOT_RADIUS as DOT, TEXT, shopBox } from "../../src/lib/map-style"
import { LABEL_GAP, SHOP_LABEL_GAP } from "./labels"
import { overviewView } from "./views"

/**
 * The maps drawn as files (an SVG document each): the overview of the service
 * area on the home page and /service-area/ (every town a dot linking to its
 * page; above the town-list limit, every county linking to its page instead),
 * and, above the limit, each county page's map of its towns.
 */

/** When a mark's name shows: on every map, on wide maps only, or only while it has focus or the pointer. */
export type Shown = "always" | "wide" | "focus"

export interface LinkedMark {
  name: string
  href: string
  x: number
  y: number
  label: Label
  shown: Shown
  /** A county's outline, when the link is the county itself. */
  d?: string
  /** True when the mark is the shop's (the link is its own town's): drawn as the shop's mark at (x, y), not a dot. */
  shop?: boolean
}

/** The legend under the map: what the shop's mark, a dot (or a county) and the dashed circle are. */
export interface Legend {
  /** Top of the legend's band; the map above it is `top` units high. */
  top: number
  shop: Label
  /** What a linked mark is: a town's dot (shown beside it) or a county. */
  links: Label & { dot: boolean }
  /** The dashed circle, when the map shows it. */
  circle: Label | null
}

/** Height of the legend's band under a map drawn as a file. */
export const LEGEND_HEIGHT = 48

export interface TownsDrawing {
  width: number
  /** The map's height plus the legend's. */
  height: number
  title: string
  description: string
  land: Array<{ name: string; d: string }>
  /** The outline of the county a county page's map is about. */
  highlight: string
  stateLines: string
  /** The service circle, when the view shows some of it. */
  circle: { x: number; y: number; r: number } | null
  shop: { x: number; y: number }
  legend: Legend
  /** Names of the counties that are no link. */
  countyNames: Label[]
  /** The name of the water in view, line by line (none, one or two lines). */
  water: Label[]
  scale: ScaleBar
  links: LinkedMark[]
}

/** A county of the town index, as a map links it. */
export interface CountyLink {
  name: string
  slug: string
  /** Its towns (slugs). */
  towns: readonly string[]
}

/** "east", "north-west"…: where a point lies seen from another, in eight directions (y grows southward). */
export function compassDirection(from: Point, to: Point): string {
  const names = ["east", "south-east", "south", "south-west", "west", "north-west", "north", "north-east"]
  const angle = Math.atan2(to[1] - from[1], to[0] - from[0])
  return names[(Math.round(angle / (Math.PI / 4)) + 8) % 8]
}

/** The atlas county a county of the content names: same slug, the one holding most of its towns. */
export function countyShapeFor(
  shown: readonly CountyInView[],
  name: string,
  towns: readonly PlacedTown[],
): ProjectedCounty | null {
  const candidates = shown.map((s) => s.county).filter((county) => countySlug(county.name) === countySlug(name))
  const holding = (county: ProjectedCounty) => towns.filter((town) => shapeContains(county.shape, town.at)).length
  return candidates.sort((a, b) => holding(b) - holding(a) || a.id.localeCompare(b.id))[0] ?? null
}

interface Mark {
  name: string
  href: string
  at: Point
  /** True for the shop's own town: the shop's mark stands for its dot (at the shop) and carries its link. */
  shop?: boolean
}

/** Marks labelled in two passes: at the narrow size where room allows, then more at the wide size. */
function labelMarks(
  view: View,
  marks: readonly Mark[],
  narrow: LabelSpace,
  wide: LabelSpace,
  style: { narrow: TextStyle; wide: TextStyle },
  first: string,
  extra: readonly Point[] = [],
): LinkedMark[] {
  // The town the circle is drawn around first (the legend names it), then the least crowded.
  const crowding = (mark: Mark) =>
    mark.name === first ? -1 : marks.filter((other) => distance(other.at, mark.at) < 30 / view.scale).length
  const byCrowding = [...marks].sort((a, b) => crowding(a) - crowding(b) || a.name.localeCompare(b.name))
  const placed = new Map<Mark, { label: PlacedLabel; shown: Shown }>()
  const gap = (mark: Mark) => (mark.shop ? SHOP_LABEL_GAP : LABEL_GAP)
  const points = new Map(marks.map((mark) => [mark, toView(view, mark.at)]))
  // The places around the mark (farther at the small size, where there is more room), those where its name
  // reads as its own first.
  const places = (mark: Mark, size: TextStyle) => {
    const at = toView(view, mark.at)
    const others = [...points].flatMap(([other, point]) => (other === mark ? [] : [point]))
    const near = nearPoint(at, gap(mark), mark.name, size, size === style.narrow ? [4] : [4, 8])
    return ownFirst(near, mark.name, size, at, [...others, ...extra])
  }
  // Then, at each size, the names with the fewest free places before those with many (a name with many
  // places left can still go elsewhere once a scarce one has taken its own): more names find room.
  const scarceFirst = (space: LabelSpace, size: TextStyle) => {
    const free = new Map(
      byCrowding.map((mark) => [
        mark,
        places(mark, size).filter(({ x, y, anchor }) => space.fits(textBox(mark.name, size, x, y, anchor))).length,
      ]),
    )
    const count = (mark: Mark) => (mark.name === first ? -1 : (free.get(mark) ?? 0))
    return [...byCrowding].sort((a, b) => count(a) - count(b))
  }
  for (const mark of scarceFirst(narrow, style.narrow)) {
    const label = narrow.place(mark.name, style.narrow, places(mark, style.narrow))
    if (label) {
      placed.set(mark, { label, shown: "always" })
      wide.block(textBox(label.text, style.wide, label.x, label.y, label.anchor))
    }
  }
  for (const mark of scarceFirst(wide, style.wide)) {
    if (placed.has(mark)) continue
    const label = wide.place(mark.name, style.wide, places(mark, style.wide))
    if (label) placed.set(mark, { label, shown: "wide" })
  }
  return marks.map((mark) => {
    const [x, y] = roundPoint(toView(view, mark.at))
    const found = placed.get(mark)
    const label = found
      ? toLabel(found.label)
      : { text: mark.name, x: round1(x + gap(mark)), y, anchor: "start" as const }
    const shop = mark.shop ? { shop: true } : {}
    return { name: mark.name, href: mark.href, x, y, label, shown: found?.shown ?? "focus", ...shop }
  })
}

interface DrawingOptions {
  view: View
  title: string
  /** The description, told which water the map names and where (null when none). */
  description: (water: PlacedLabel | null) => string
  /** Towns drawn as links. */
  towns: readonly PlacedTown[]
  /** Counties drawn as links (the overview above the town-list limit). */
  counties?: readonly CountyLink[]
  /** The county the map is about (a county page's), outlined. */
  about?: string
}

/** Draws a map of towns (or counties) as links over the counties, the service circle, the shop and a scale. */
function drawTowns(
  area: ServiceArea,
  { view, title, description, towns, counties = [], about }: DrawingOptions,
): TownsDrawing {
  const shown = countiesInView(area, view)
  const narrow = spaceFor(view)
  const wide = spaceFor(view)
  const at = (point: Point) => toView(view, point)

  // Marks first: no label may cover a dot or the shop.
  const countyMarks: Array<Mark & { shape: ProjectedCounty | null }> = counties.map((county) => {
    const own = county.towns.flatMap((slug) => area.townsBySlug.get(slug) ?? [])
    const shape = countyShapeFor(shown, county.name, own)
    const middle: Point = own.length
      ? [own.reduce((s, t) => s + t.at[0], 0) / own.length, own.reduce((s, t) => s + t.at[1], 0) / own.length]
      : area.circle.at
    return { name: `${county.name} County`, href: countyPath(county.slug), at: middle, shape }
  })
  // The shop's own town, when we serve it and the map links it, has no dot of its own: the shop's mark, where
  // the shop is, stands for it (its centre lies closer to the shop than the mark is wide).
  const shopTown = towns.find((town) => town.slug === area.shop.served?.slug)
  const dots: Point[] = [
    ...towns.filter((town) => town !== shopTown).map((town) => town.at),
    ...countyMarks.filter((c) => !c.shape).map((c) => c.at),
  ]
  // A label keeps some room from every other dot too, so it cannot be read as theirs.
  for (const dot of dots) {
    narrow.block(pointBox(at(dot), DOT.narrow + 2))
    wide.block(pointBox(at(dot), DOT.wide + 2))
  }
  const shopAt = at(area.shop.at)
  narrow.block(growBox(shopBox(...shopAt), 2))
  wide.block(growBox(shopBox(...shopAt), 2))

  // No label crosses a line: the county outlines, the state lines, the service circle.
  const lines = drawnLines(area, view, shown)
  const circleAt = at(area.circle.at)
  const r = area.circle.radius * view.scale
  for (const space of [narrow, wide]) {
    space.blockLines(lines)
    space.blockRing(circleAt, r)
  }

  const scale = scaleBar(area, view, narrow, TEXT.scale.narrow)
  wide.block(textBox(scale.label.text, TEXT.scale.wide, scale.label.x, scale.label.y, "start"))
  wide.block({ x0: scale.x - 2, y0: scale.y - 6, x1: scale.x + scale.width + 2, y1: scale.y + 2 })

  // County names: linked counties' names are their links' labels.
  const named = countyLabels(view, shown, narrow, TEXT.county.narrow)
  for (const { label } of named) wide.block(textBox(label.text, TEXT.county.wide, label.x, label.y, "middle"))
  // The water's name on two lines if one finds no room between the shore, the lines and the circle.
  const water = waterLabel(area, view, shown, narrow, TEXT.water.narrow, true)
  for (const line of water?.lines ?? []) wide.block(textBox(line.text, TEXT.water.wide, line.x, line.y, "middle"))

  const linkedShapes = new Set(countyMarks.flatMap((c) => (c.shape ? [c.shape.id] : [])))
  const countyLinks: LinkedMark[] = countyMarks.flatMap((mark) => {
    if (!mark.shape) return []
    const found = named.find((n) => n.county.id === mark.shape?.id)
    const [x, y] = found ? roundPoint([found.label.x, found.label.y]) : roundPoint(at(mark.at))
    const label = { text: mark.shape.name, x, y, anchor: "middle" as const }
    return [
      {
        name: mark.name,
        href: mark.href,
        x,
        y,
        label,
        shown: found ? "always" : "focus",
        d: svgPath(view, mark.shape.shape),
      },
    ]
  })
  const pointLinks = labelMarks(
    view,
    [
      ...towns.map((town) =>
        town === shopTown
          ? { name: town.name, href: cityPath(town.slug), at: area.shop.at, shop: true }
          : { name: town.name, href: cityPath(town.slug), at: town.at },
      ),
      ...countyMarks.filter((mark) => !mark.shape),
    ],
    narrow,
    wide,
    TEXT.town,
    radiusTownName(area.circle.centre),
    // The shop's mark, when it is no link's: no name may read as its.
    shopTown ? [] : [shopAt],
  )

  const circleShows = ringCrosses(circleAt, r, view)
  const { miles, centre } = area.circle
  const top = view.canvas.height
  const row = (n: number) => top + 14 + n * 21
  return {
    width: view.canvas.width,
    height: top + LEGEND_HEIGHT,
    title,
    description: description(water),
    land: shown.map(({ county, d }) => ({ name: county.name, d })),
    highlight: (() => {
      const shape = about ? countyShapeFor(shown, about, towns) : null
      return shape ? svgPath(view, shape.shape) : ""
    })(),
    stateLines: svgPath(view, area.stateLines),
    circle: circleShows ? { x: round1(circleAt[0]), y: round1(circleAt[1]), r: round1(r) } : null,
    shop: { x: round1(shopAt[0]), y: round1(shopAt[1]) },
    legend: {
      top,
      shop: { text: "Our shop", x: 26, y: row(0), anchor: "start" },
      links: {
        text: counties.length ? "Select a county to see its towns" : "A town we serve",
        dot: counties.length === 0,
        x: round1(26 + textWidth("Our shop", TEXT.scale.narrow) + (counties.length ? 12 : 32)),
        y: row(0),
        anchor: "start",
      },
      circle: circleShows ? { text: `${milesPhrase(miles)} from ${centre}`, x: 40, y: row(1), anchor: "start" } : null,
    },
    countyNames: named.filter(({ county }) => !linkedShapes.has(county.id)).map(({ label }) => toLabel(label)),
    water: (water?.lines ?? []).map(toLabel),
    scale,
    links: [...countyLinks, ...pointLinks],
  }
}

/** Whether any of a circle's ring lies on a view's canvas. */
function ringCrosses([cx, cy]: Point, r: number, view: View): boolean {
  const { width, height } = view.canvas
  const nearest = Math.hypot(Math.max(0, -cx, cx - width), Math.max(0, -cy, cy - height))
  const farthest = Math.max(...[0, width].flatMap((x) => [0, height].map((y) => Math.hypot(x - cx, y - cy))))
  return nearest <= r && r <= farthest
}

/** The counties the towns lie in, as the content names them, by name. */
const countiesOf = (towns: readonly PlacedTown[]): string[] =>
  Array.from(new Set(towns.flatMap((town) => countyNames(town.county)))).sort((a, b) => a.localeCompare(b))

/**
 * The overview of the service area. `counties`, when given (above the town-list
 * limit), are linked instead of the towns.
 */
export function overviewDrawing(area: ServiceArea, counties: readonly CountyLink[] | null): TownsDrawing {
  const { miles, centre } = area.circle
  const view = overviewView(area)
  const towns = [...area.towns].sort((a, b) => a.name.localeCompare(b.name) || a.slug.localeCompare(b.slug))
  const served = counties ? countPhrase(counties.length, "county", "counties") : countiesPhrase(countiesOf(towns))
  const waterIn = (water: PlacedLabel | null) =>
    water ? `, with ${water.text} to the ${compassDirection(area.circle.at, [water.x, water.y])}` : ""
  return drawTowns(area, {
    view,
    towns: counties ? [] : towns,
    counties: counties ?? [],
    title: counties
      ? `Map of the ${served} we serve within ${milesPhrase(miles)} of ${centre}`
      : `Map of the ${countPhrase(towns.length, "town", "towns")} we serve within ${milesPhrase(miles)} of ${centre}`,
    description: (water) =>
      `A circle of ${milesPhrase(miles)} around ${centre} over ${served}${waterIn(water)}. ` +
      `Our shop is in ${area.shop.town}. ` +
      (counties
        ? "Each county we serve links to its page, which lists its towns."
        : "Each town we serve is a dot that links to its page."),
  })
}

/** A county page's map: its towns, each a dot linking to its page. */
export function countyDrawing(area: ServiceArea, county: CountyLink & { view: View }): TownsDrawing {
  const towns = county.towns
    .flatMap((slug) => area.townsBySlug.get(slug) ?? [])
    .sort((a, b) => a.name.localeCompare(b.name) || a.slug.localeCompare(b.slug))
  const names = towns.slice(0, 3).map((town) => town.name)
  return drawTowns(area, {
    view: county.view,
    towns,
    about: county.name,
    title: `Map of the ${countPhrase(towns.length, "town", "towns")} we serve in ${county.name} County`,
    description: () =>
      `The towns we serve in ${county.name} County, including ${listPhrase(names)}, each a dot that links to its page. ` +
      `Our shop is in ${area.shop.town}.`,
  })
}
