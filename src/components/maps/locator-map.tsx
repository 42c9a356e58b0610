import * as React from "react"
import { graphql } from "gatsby"
import { DOT_RADIUS, TARGET_RADIUS, TOKEN_COLORS, TOWN_DOT_RADIUS, mapStylesheet, shopPath } from "../../lib/map-style"
import { cityPath } from "../../lib/routes"
import { MapLabel, type MapLabelData } from "./map-label"

/** A town page's map, as City.locatorMap gives it (internal/maps/locator-map.ts draws it at build time). */
export interface LocatorMapData {
  readonly width: number
  readonly height: number
  readonly title: string
  readonly description: string
  readonly land: ReadonlyArray<{ readonly name: string; readonly d: string }>
  readonly stateLines: string
  readonly countyNames: readonly MapLabelData[]
  readonly water: MapLabelData | null
  readonly scale: { readonly x: number; readonly y: number; readonly width: number; readonly label: MapLabelData }
  readonly shop: { readonly x: number; readonly y: number; readonly label: MapLabelData | null }
  readonly town: { readonly x: number; readonly y: number; readonly label: MapLabelData | null }
  /** True on the shop's own town's map: the shop's mark stands for the town, which has no dot of its own. */
  readonly shopTown: boolean
  readonly route: {
    readonly x1: number
    readonly y1: number
    readonly x2: number
    readonly y2: number
    readonly label: MapLabelData
  }
  readonly neighbours: ReadonlyArray<{
    readonly name: string
    readonly slug: string
    readonly x: number
    readonly y: number
    readonly label: MapLabelData
    readonly labelShown: boolean
    /** True for the shop's own town: the shop's mark stands for its dot and carries its link. */
    readonly shop: boolean
  }>
}

/** The class of the map's root: the map's stylesheet reaches nothing else on the page. */
const ROOT = "lm"

/**
 * The maps' stylesheet (src/lib/map-style.ts), with the design tokens' custom
 * properties for colours. The map shows at most 30rem wide: its labels take
 * their wide sizes from a viewport of 32rem, where it has reached that width.
 */
const STYLESHEET = mapStylesheet(TOKEN_COLORS, {
  root: `svg.${ROOT}`,
  wide: "@media (min-width:32rem)",
  rootExtra: `;display:block;width:100%;max-width:30rem;height:auto;margin:0 0 var(--space-5);border:1px solid ${TOKEN_COLORS.border};border-radius:var(--radius)`,
})

/**
 * The town, the nearby towns the page lists (links to their pages), the shop
 * and the straight line from it, labelled with the page's miles. Inline SVG,
 * drawn at build time: no script, no request. The drawing is one image with a
 * title and a description; the nearby towns' links stay links beside it. Its
 * width and height attributes give it its aspect ratio before any style applies.
 */
export function LocatorMap({ map }: { map: LocatorMapData }) {
  const id = React.useId()
  const { scale, route, town, shop } = map
  // The shop's mark is drawn once: as its own town's link when that town is a nearby town the map links.
  const shopLinked = map.neighbours.some((neighbour) => neighbour.shop)
  return (
    <svg
      viewBox={`0 0 ${map.width} ${map.height}`}
      width={map.width}
      height={map.height}
      className={ROOT}
      role="group"
      aria-labelledby={`${id}t`}
    >
      <style>{STYLESHEET}</style>
      <g role="img" aria-labelledby={`${id}t`} aria-describedby={`${id}d`}>
        <title id={`${id}t`}>{map.title}</title>
        <desc id={`${id}d`}>{map.description}</desc>
        {map.land.map((county) => (
          <path key={county.name} d={county.d} className="l" />
        ))}
        {map.stateLines ? <path d={map.stateLines} className="sl" /> : null}
        {map.countyNames.map((label) => (
          <MapLabel key={label.text} label={label} className="c" />
        ))}
        {map.water ? <MapLabel label={map.water} className="w" /> : null}
        <path d={`M${scale.x},${scale.y - 5}v5h${scale.width}v-5`} className="sb" />
        <MapLabel label={scale.label} className="k" />
        <line x1={route.x1} y1={route.y1} x2={route.x2} y2={route.y2} className="r" />
        <MapLabel label={route.label} className="m" />
        {shopLinked ? null : <path d={shopPath(shop.x, shop.y)} className="sh" />}
        {shop.label ? <MapLabel label={shop.label} className="p" /> : null}
        {map.shopTown ? null : <circle cx={town.x} cy={town.y} r={TOWN_DOT_RADIUS} className="t" />}
        {town.label ? <MapLabel label={town.label} className="tn" /> : null}
      </g>
      {map.neighbours.map((neighbour) => (
        <a key={neighbour.slug} href={cityPath(neighbour.slug)}>
          <circle cx={neighbour.x} cy={neighbour.y} r={TARGET_RADIUS} className="g" />
          {neighbour.shop ? (
            <path d={shopPath(neighbour.x, neighbour.y)} className="sh" />
          ) : (
            <circle cx={neighbour.x} cy={neighbour.y} r={DOT_RADIUS.narrow} />
          )}
          <MapLabel label={neighbour.label} className={neighbour.labelShown ? undefined : "f"} />
        </a>
      ))}
    </svg>
  )
}

/** A fragment for the page queries: Gatsby reads it from this export. @public */
export const query = graphql`
  fragment MapLabelFields on MapLabel {
    text
    x
    y
    anchor
  }
  fragment LocatorMapFields on LocatorMap {
    shopTown
    width
    height
    title
    description
    land {
      name
      d
    }
    stateLines
    countyNames {
      ...MapLabelFields
    }
    water {
      ...MapLabelFields
    }
    scale {
      x
      y
      width
      label {
        ...MapLabelFields
      }
    }
    shop {
      x
      y
      label {
        ...MapLabelFields
      }
    }
    town {
      x
      y
      label {
        ...MapLabelFields
      }
    }
    route {
      x1
      y1
      x2
      y2
      label {
        ...MapLabelFields
      }
    }
    neighbours {
      name
      slug
      x
      y
      labelShown
      shop
      label {
        ...MapLabelFields
      }
    }
  }
`
