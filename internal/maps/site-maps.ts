import { radiusTownName } from "../../src/lib/service-radius"
import { locatorDrawing, type LocatorDrawing } from "./locator-map"
import { projectServiceArea, type MapBusiness, type MapTown, type ServiceArea } from "./service-area"
import { MAPS_FOLDER, mapFileName, svgDocument } from "./svg-file"
import type { MapColors } from "../../src/lib/map-style"
import { countyDrawing, overviewDrawing, type CountyLink, type TownsDrawing } from "./towns-map"
import { fitView } from "./views"

/**
 * Every map of one build, from the towns and the business: the service area is
 * projected once, each map drawn on first use.
 */

/** A map written as a file, as a page embeds it. */
export interface MapFile {
  /** Its address on the site: /maps/service-area.<hash>.svg. */
  src: string
  fileName: string
  width: number
  height: number
  title: string
  svg: string
}

/** Room around a county map's towns, and the fewest miles it shows across. */
const COUNTY_PAD = { x: 48, y: 24 }
const COUNTY_MIN_MILES = 4

function mapFile(base: string, drawing: TownsDrawing, colors: MapColors): MapFile {
  const svg = svgDocument(drawing, colors)
  const fileName = mapFileName(base, svg)
  return {
    src: `/${MAPS_FOLDER}/${fileName}`,
    fileName,
    width: drawing.width,
    height: drawing.height,
    title: drawing.title,
    svg,
  }
}

export interface SiteMapsInput {
  towns: readonly MapTown[]
  business: MapBusiness
  /** The counties the home page and the hub link instead of towns (above the town-list limit), else null. */
  countyLinks: readonly CountyLink[] | null
  colors: MapColors
}

export function siteMaps({ towns, business, countyLinks, colors }: SiteMapsInput) {
  const centreName = radiusTownName(business.serviceRadius.center)
  const centre = towns.find((town) => town.name === centreName)
  if (!centre) {
    throw new Error(`data/business.json: serviceRadius.center "${centreName}" has no record in data/cities/`)
  }
  const area: ServiceArea = projectServiceArea(towns, business, centre)
  let overview: MapFile | undefined
  const counties = new Map<string, MapFile>()

  const linkBySlug = new Map((countyLinks ?? []).map((link) => [link.slug, link]))
  const county = (slug: string): MapFile => {
    let file = counties.get(slug)
    const link = linkBySlug.get(slug)
    if (!link) throw new Error(`No county "${slug}" has a page to draw a map for`)
    if (!file) {
      const points = link.towns.flatMap((slug) => {
        const town = area.townsBySlug.get(slug)
        return town ? [town.at] : []
      })
      const view = fitView(area, points.length ? points : [area.circle.at], area.canvas, COUNTY_PAD, COUNTY_MIN_MILES)
      file = mapFile(`county-${link.slug}`, countyDrawing(area, { ...link, view }), colors)
      counties.set(link.slug, file)
    }
    return file
  }

  return {
    area,
    /** The overview of the home page and /service-area/. */
    overview: (): MapFile => (overview ??= mapFile("service-area", overviewDrawing(area, countyLinks), colors)),
    /** A county page's map, by the county's slug (county pages exist above the town-list limit only). */
    county,
    /** Every map file: the overview, and each linked county's map. */
    files: (): MapFile[] => [
      (overview ??= mapFile("service-area", overviewDrawing(area, countyLinks), colors)),
      ...(countyLinks ?? []).map((link) => county(link.slug)),
    ],
    /** A town page's locator: `miles` as the page states it, `nearby` the slugs of the towns it lists. */
    locator: (slug: string, miles: number, nearby: readonly string[]): LocatorDrawing => {
      const town = area.townsBySlug.get(slug)
      if (!town) throw new Error(`No town "${slug}" to draw a map of`)
      const neighbours = nearby.flatMap((neighbour) => area.townsBySlug.get(neighbour) ?? [])
      return locatorDrawing(area, town, neighbours, miles)
    },
  }
}
