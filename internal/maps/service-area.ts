import { geoBounds, geoCircle, geoConicConformal, type GeoProjection } from "d3-geo"
import type { MultiLineString, MultiPolygon, Polygon } from "geojson"
import { EARTH_RADIUS_MILES, type LatLng } from "../geo/distance"
import { loadAtlas, type Atlas } from "./atlas"
import { boundsOf, boxesOverlap, mapPositions, shapeBounds, type Box, type Canvas, type Point } from "./geometry"

/**
 * The service area projected once per build: one conformal conic projection
 * fitted to the service circle (and every town and the shop, should one lie
 * outside it), the counties around it, the towns and the shop. Every map of the
 * site draws from this one projected plane, moved and scaled for its own view;
 * its units are those of the overview map's canvas.
 */

/** The fields of a town (a City node) the maps use. */
export interface MapTown extends LatLng {
  id: string
  name: string
  slug: string
  county: string
}

/** The business facts the maps use (data/business.json). */
export interface MapBusiness {
  geo: LatLng
  serviceRadius: { miles: number; center: string }
  address: { city: string }
}

export interface ProjectedCounty {
  id: string
  name: string
  state: string
  shape: Polygon | MultiPolygon
  bounds: Box
}

export interface PlacedTown extends MapTown {
  at: Point
}

export interface ServiceArea {
  /** The overview's canvas: the projected plane's units and extent. */
  canvas: Canvas
  /** Canvas units per mile (a conformal projection: the same in every direction, here practically constant). */
  unitsPerMile: number
  project: (point: LatLng) => Point
  invert: (point: Point) => LatLng
  /** The service circle: the centre town's position and the radius in canvas units. */
  circle: { at: Point; radius: number; miles: number; centre: string }
  counties: ProjectedCounty[]
  stateLines: MultiLineString
  towns: PlacedTown[]
  townsBySlug: Map<string, PlacedTown>
  /**
   * The shop: where it is, the town of its address, and that town among the
   * towns we serve when it is one (its mark then stands for the town's dot).
   */
  shop: { at: Point; town: string; served: PlacedTown | null }
}

/** The overview map's canvas, in its own units. */
export const OVERVIEW_CANVAS: Canvas = { width: 360, height: 360 }
/** Room between the service circle and the overview's edge. */
const OVERVIEW_MARGIN = 12
/**
 * Counties are kept up to this share of the overview's size beyond its edges:
 * a town page's map, centred elsewhere, can reach past the overview's frame.
 */
const SURROUNDINGS = 0.5

const degrees = (radians: number): number => (radians * 180) / Math.PI

/** The service circle as a GeoJSON polygon: its radius in degrees of arc on the same sphere as distanceMiles. */
export const serviceCircle = (centre: LatLng, miles: number) =>
  geoCircle()
    .center([centre.lng, centre.lat])
    .radius(degrees(miles / EARTH_RADIUS_MILES))()

/**
 * A conformal conic projection touching the globe at the centre's latitude, so
 * scale hardly varies across a few dozen miles: a straight line on the map
 * measures, to a fraction of a percent, the great-circle distance.
 */
export function fittedProjection(centre: LatLng, miles: number, extra: readonly LatLng[], canvas: Canvas) {
  const projection: GeoProjection = geoConicConformal()
    .parallels([centre.lat, centre.lat])
    .rotate([-centre.lng, 0])
    .fitExtent(
      [
        [OVERVIEW_MARGIN, OVERVIEW_MARGIN],
        [canvas.width - OVERVIEW_MARGIN, canvas.height - OVERVIEW_MARGIN],
      ],
      {
        type: "GeometryCollection",
        geometries: [
          serviceCircle(centre, miles),
          { type: "MultiPoint", coordinates: extra.map((point) => [point.lng, point.lat]) },
        ],
      },
    )
  const project = (point: LatLng): Point => {
    const xy = projection([point.lng, point.lat])
    if (!xy) throw new Error(`The map projection cannot place ${point.lat}, ${point.lng}`)
    return [xy[0], xy[1]]
  }
  const invert = (point: Point): LatLng => {
    const lngLat = projection.invert?.([point[0], point[1]])
    if (!lngLat) throw new Error(`The map projection cannot invert ${point[0]}, ${point[1]}`)
    return { lng: lngLat[0], lat: lngLat[1] }
  }
  // Measured along the meridian through the centre, a radius north and south.
  const arc = degrees(miles / EARTH_RADIUS_MILES)
  const north = project({ lat: centre.lat + arc, lng: centre.lng })
  const south = project({ lat: centre.lat - arc, lng: centre.lng })
  const unitsPerMile = (south[1] - north[1]) / (2 * miles)
  return { project, invert, unitsPerMile }
}

/** The longitude and latitude range a box of the plane covers (sampled along its edges). */
function geographicBounds(box: Box, invert: (point: Point) => LatLng) {
  const samples: LatLng[] = []
  for (let i = 0; i <= 8; i += 1) {
    const x = box.x0 + ((box.x1 - box.x0) * i) / 8
    const y = box.y0 + ((box.y1 - box.y0) * i) / 8
    samples.push(invert([x, box.y0]), invert([x, box.y1]), invert([box.x0, y]), invert([box.x1, y]))
  }
  const lngs = samples.map((point) => point.lng)
  const lats = samples.map((point) => point.lat)
  return { west: Math.min(...lngs), east: Math.max(...lngs), south: Math.min(...lats), north: Math.max(...lats) }
}

/**
 * The parts of a line whose segments cross a box (each run keeps the points
 * just outside, so a clipped drawing still reaches the box's edge).
 */
export function runsWithin(line: readonly Point[], box: Box): Point[][] {
  const runs: Point[][] = []
  let run: Point[] = []
  for (let i = 1; i < line.length; i += 1) {
    if (boxesOverlap(boundsOf([line[i - 1], line[i]]), box)) {
      if (run.length === 0) run.push(line[i - 1])
      run.push(line[i])
    } else if (run.length) {
      runs.push(run)
      run = []
    }
  }
  if (run.length) runs.push(run)
  return runs
}

/**
 * Projects the service area. `centre` is the town the radius is measured from
 * (business.serviceRadius.center), with its coordinates.
 */
export function projectServiceArea(
  towns: readonly MapTown[],
  business: MapBusiness,
  centre: LatLng & { name: string },
  atlas: Atlas = loadAtlas(),
  canvas: Canvas = OVERVIEW_CANVAS,
): ServiceArea {
  const { miles } = business.serviceRadius
  const { project, invert, unitsPerMile } = fittedProjection(centre, miles, [...towns, business.geo], canvas)

  const grow = { x: canvas.width * SURROUNDINGS, y: canvas.height * SURROUNDINGS }
  const around = geographicBounds(
    { x0: -grow.x, y0: -grow.y, x1: canvas.width + grow.x, y1: canvas.height + grow.y },
    invert,
  )
  const counties = atlas.counties
    .filter((county) => {
      const [[west, south], [east, north]] = geoBounds(county.feature)
      return west <= around.east && east >= around.west && south <= around.north && north >= around.south
    })
    .map((county) => {
      const shape = mapPositions(county.feature.geometry, ([lng, lat]) => [...project({ lng, lat })])
      return { id: county.id, name: county.name, state: county.state, shape, bounds: shapeBounds(shape) }
    })
    .sort((a, b) => a.id.localeCompare(b.id))

  const plane = { x0: -grow.x, y0: -grow.y, x1: canvas.width + grow.x, y1: canvas.height + grow.y }
  const stateLines: MultiLineString = {
    type: "MultiLineString",
    coordinates: atlas.stateLines.coordinates.flatMap((line) =>
      runsWithin(
        line.map(([lng, lat]) => project({ lng, lat })),
        plane,
      ).map((run) => run.map(([x, y]) => [x, y])),
    ),
  }

  const placed = towns.map((town) => ({ ...town, at: project(town) }))
  const shopAt = project(business.geo)
  return {
    canvas,
    unitsPerMile,
    project,
    invert,
    circle: { at: project(centre), radius: miles * unitsPerMile, miles, centre: business.serviceRadius.center },
    counties,
    stateLines,
    towns: placed,
    townsBySlug: new Map(placed.map((town) => [town.slug, town])),
    shop: { at: shopAt, town: business.address.city, served: shopTown(placed, business.address.city, shopAt) },
  }
}

/**
 * The town we serve that the shop's address names (data/business.json's
 * address.city), the nearest to the shop should two share the name; null when
 * we serve no town of that name.
 */
export function shopTown(towns: readonly PlacedTown[], city: string, shop: Point): PlacedTown | null {
  const named = towns.filter((town) => town.name.localeCompare(city, "en", { sensitivity: "base" }) === 0)
  const away = (town: PlacedTown) => Math.hypot(town.at[0] - shop[0], town.at[1] - shop[1])
  return [...named].sort((a, b) => away(a) - away(b))[0] ?? null
}
