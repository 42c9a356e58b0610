/**
 * How the maps look: their marks, label sizes and one stylesheet, shared by the
 * maps drawn as files at build time (internal/maps/, colours read from
 * src/styles/tokens.css) and the town pages' inline map
 * (src/components/maps/locator-map.tsx, colours as the tokens' custom properties).
 *
 * Each drawing carries its own stylesheet. For the files that is a must (an SVG
 * document cannot see the page's styles). For the inline map it keeps its rules
 * on the town pages: a CSS Module would join the one stylesheet Gatsby inlines
 * into every page, the home page included, whose HTML must fit a new
 * connection's first round trip (measured: +0.5 KB gzip there).
 */

export interface TextStyle {
  /** Font size in map units. */
  size: number
  bold?: boolean
  /** Letter spacing in ems. */
  spacing?: number
  /** Shown in capitals. */
  capitals?: boolean
}

/**
 * Label sizes in map units. A map scales with the width it is given: on a phone
 * a unit is 0.7 to 1 CSS px (15 units read as 11 to 15 px); from WIDE_FROM_PX of
 * map width on it is 1.2 px and more, and labels take their smaller wide size.
 * Labels are placed (internal/maps/labels.ts) at their narrow size, so at the
 * wide size they never collide.
 */
export const TEXT = {
  town: { narrow: { size: 15 }, wide: { size: 9 } },
  place: { narrow: { size: 15, bold: true }, wide: { size: 12, bold: true } },
  county: {
    narrow: { size: 12, capitals: true, spacing: 0.08 },
    wide: { size: 10, capitals: true, spacing: 0.08 },
  },
  water: { narrow: { size: 13 }, wide: { size: 11 } },
  scale: { narrow: { size: 13 }, wide: { size: 10 } },
} as const satisfies Record<string, { narrow: TextStyle; wide: TextStyle }>

/** From this width of a map (CSS px) on, its labels and dots take their wide sizes. */
export const WIDE_FROM_PX = 480

/** Radius of a town's dot, in map units: on narrow maps and on wide ones. */
export const DOT_RADIUS = { narrow: 5, wide: 3.5 } as const

/** Radius of the town a locator map is about. */
export const TOWN_DOT_RADIUS = 7

/** Radius of the invisible disc around a linked dot that takes the pointer, for a larger target. */
export const TARGET_RADIUS = 12

/** The shop's mark, a house centred on (x, y): SVG path data. */
export const shopPath = (x: number, y: number): string =>
  `M${Math.round((x - 6) * 10) / 10},${Math.round((y + 5) * 10) / 10}h12v-7l-6,-5l-6,5z`

/** The width of the outline drawn around the shop's mark and the dots (the stylesheet's stroke-width of .sh and dots). */
export const MARK_STROKE = 1.5

/** The box the shop's mark (shopPath) covers around (x, y), its outline included. */
export const shopBox = (x: number, y: number): { x0: number; y0: number; x1: number; y1: number } => ({
  x0: x - 6 - MARK_STROKE / 2,
  y0: y - 7 - MARK_STROKE / 2,
  x1: x + 6 + MARK_STROKE / 2,
  y1: y + 5 + MARK_STROKE / 2,
})

/** The colours and the font of the maps: each one a design token (src/styles/tokens.css). */
export interface MapColors {
  text: string
  muted: string
  brand: string
  brandDark: string
  accent: string
  accentDark: string
  surface: string
  water: string
  focus: string
  border: string
  font: string
}

/** Which token each colour is. */
export const MAP_TOKENS: Record<keyof MapColors, string> = {
  text: "color-text",
  muted: "color-text-muted",
  brand: "color-brand",
  brandDark: "color-brand-dark",
  accent: "color-accent",
  accentDark: "color-accent-dark",
  surface: "color-surface",
  water: "color-map-water",
  focus: "color-focus",
  border: "color-border",
  font: "font-body",
}

/** The colours as a page's inline map takes them: the tokens' custom properties. */
export const TOKEN_COLORS = Object.fromEntries(
  Object.entries(MAP_TOKENS).map(([name, token]) => [name, `var(--${token})`]),
) as unknown as MapColors

export interface StylesheetOptions {
  /** Selector of the drawing's root: "svg" in a file, "svg.x" for an inline map (its rules then reach only it). */
  root: string
  /** The condition under which the wide sizes apply, e.g. "@media (min-width:480px)". */
  wide: string
  /** Extra declarations of the root (an inline map's size and frame). */
  rootExtra?: string
}

/**
 * The maps' stylesheet. Class names (short: a town page's map carries them):
 * l land, sl state line, a service circle, sh shop, sb scale bar, c county name,
 * lb the legend's band and ld its dot, hl the outline of a county page's county,
 * w water name, p shop's name, k scale's label, t the town and tn its name,
 * r the route to it and m its miles; in links: dots (circle), names (text),
 * g a dot's larger target, n a county link's name, v a name shown on wide maps
 * only, f a name shown only while its link has focus or the pointer.
 */
export function mapStylesheet(colors: MapColors, { root, wide, rootExtra = "" }: StylesheetOptions): string {
  const $ = (selectors: string) =>
    selectors
      .split(",")
      .map((selector) => `${root} ${selector.trim()}`)
      .join(",")
  const px = (size: number) => `${size}px`
  const focusDot = DOT_RADIUS.narrow + 2
  return [
    `${root}{font-family:${colors.font};background:${colors.water}${rootExtra}}`,
    `${$(".l")}{fill:${colors.surface};stroke:${colors.muted};stroke-width:.8;stroke-linejoin:round}`,
    `${$(".sl")}{fill:none;stroke:${colors.text};stroke-width:1.5;stroke-dasharray:5 3}`,
    `${$(".hl")}{fill:none;stroke:${colors.brandDark};stroke-width:3;stroke-linejoin:round}`,
    `${$(".a")}{fill:none;stroke:${colors.accent};stroke-width:2;stroke-dasharray:7 5}`,
    `${$(".sh")}{fill:${colors.accent};stroke:${colors.surface};stroke-width:${MARK_STROKE};pointer-events:none}`,
    `${$(".lb")}{fill:${colors.surface};stroke:${colors.muted};stroke-width:1}`,
    `${$(".ld")}{fill:${colors.brand};stroke:${colors.surface};stroke-width:${MARK_STROKE}}`,
    `${$(".sb")}{fill:none;stroke:${colors.text};stroke-width:2}`,
    `${$(".r")}{stroke:${colors.accent};stroke-width:2.5;stroke-linecap:round}`,
    `${$(".t")}{fill:${colors.brandDark};stroke:${colors.surface};stroke-width:2.5}`,
    `${$("text")}{dominant-baseline:central;paint-order:stroke;stroke:${colors.surface};stroke-width:3px;stroke-linejoin:round;fill:${colors.text};font-size:${px(TEXT.town.narrow.size)}}`,
    `${$(".c")}{font-size:${px(TEXT.county.narrow.size)};letter-spacing:.08em;text-transform:uppercase;fill:${colors.muted}}`,
    `${$(".w")}{font-size:${px(TEXT.water.narrow.size)};font-style:italic;fill:${colors.brandDark};stroke:${colors.water}}`,
    `${$(".p,.m,.tn")}{font-weight:700;fill:${colors.accentDark}}`,
    `${$(".tn")}{fill:${colors.brandDark}}`,
    `${$(".k")}{font-size:${px(TEXT.scale.narrow.size)}}`,
    `${$("a")}{cursor:pointer}`,
    `${$("a:focus")}{outline:none}`,
    `${$("a circle")}{fill:${colors.brand};stroke:${colors.surface};stroke-width:${MARK_STROKE}}`,
    `${$("a .g,a:hover .g")}{fill:transparent;stroke:none}`,
    `${$("a text")}{fill:${colors.brandDark};text-decoration:underline}`,
    `${$("a .n")}{font-size:${px(TEXT.county.narrow.size)};font-weight:700;letter-spacing:.08em;text-transform:uppercase}`,
    `${$("a path")}{fill:transparent}`,
    `${$("a:hover circle")}{fill:${colors.brandDark}}`,
    `${$("a:hover path")}{fill:${colors.brand};fill-opacity:.12}`,
    `${$("a:focus-visible circle")}{fill:${colors.focus};stroke:${colors.text};stroke-width:2.5;r:${focusDot}}`,
    `${$("a:focus-visible .g")}{fill:none;stroke:${colors.text};stroke-width:2;r:${TARGET_RADIUS}}`,
    `${$("a:focus-visible path")}{fill:${colors.focus};fill-opacity:.3;stroke:${colors.text};stroke-width:3}`,
    // The shop's mark as its own town's link (that town's dot): it takes the pointer, darkens, shows focus.
    `${$("a .sh")}{fill:${colors.accent};pointer-events:auto}`,
    `${$("a:hover .sh")}{fill:${colors.accentDark};fill-opacity:1}`,
    `${$("a:focus-visible .sh")}{fill:${colors.focus};fill-opacity:1;stroke:${colors.text};stroke-width:2.5}`,
    `${$(".v,.f")}{opacity:0;pointer-events:none}`,
    `${$("a:hover .v,a:hover .f,a:focus .v,a:focus .f")}{opacity:1}`,
    `${wide}{` +
      `${$("text")}{font-size:${px(TEXT.town.wide.size)}}` +
      `${$(".p,.m,.tn")}{font-size:${px(TEXT.place.wide.size)}}` +
      `${$(".c,a .n")}{font-size:${px(TEXT.county.wide.size)}}` +
      `${$(".w")}{font-size:${px(TEXT.water.wide.size)}}` +
      `${$(".k")}{font-size:${px(TEXT.scale.wide.size)}}` +
      `${$("a circle")}{r:${DOT_RADIUS.wide}}` +
      `${$("a .g")}{r:${TARGET_RADIUS}}` +
      `${$(".v")}{opacity:1;pointer-events:auto}` +
      `}`,
  ].join("")
}
