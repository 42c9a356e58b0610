import { createHash } from "crypto"
import { DOT_RADIUS, WIDE_FROM_PX, mapStylesheet, shopPath, type MapColors } from "../../src/lib/map-style"
import type { Label } from "./layers"
import type { LinkedMark, TownsDrawing } from "./towns-map"

/**
 * A map drawn as a file: a standalone SVG document, embedded in pages by an
 * <iframe>. Its links open their page in the whole window (target="_top").
 * No script, no external resource: only the drawing and its stylesheet.
 */

/** Where the map files are served from, under public/. */
export const MAPS_FOLDER = "maps"

const escapeXml = (text: string): string =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;")

const ANCHOR_ATTRIBUTE = { start: "", middle: ' text-anchor="middle"', end: ' text-anchor="end"' } as const

const text = (label: Label, className: string): string =>
  `<text class="${className}" x="${label.x}" y="${label.y}"${ANCHOR_ATTRIBUTE[label.anchor]}>${escapeXml(label.text)}</text>`

const SHOWN_CLASS = { always: "", wide: ' class="v"', focus: ' class="f"' } as const

function link(mark: LinkedMark): string {
  const label = mark.d
    ? text(mark.label, mark.shown === "always" ? "n" : "n f")
    : `<text${SHOWN_CLASS[mark.shown]} x="${mark.label.x}" y="${mark.label.y}"${ANCHOR_ATTRIBUTE[mark.label.anchor]}>${escapeXml(mark.label.text)}</text>`
  // The shop's own town: the shop's mark is its link's mark (no dot of its own under it).
  const shape = mark.d
    ? `<path d="${mark.d}"/>`
    : mark.shop
      ? `<path class="sh" d="${shopPath(mark.x, mark.y)}"/>`
      : `<circle cx="${mark.x}" cy="${mark.y}" r="${DOT_RADIUS.narrow}"/>`
  // A county's label is its short name: its link is named in full.
  const name = mark.d ? ` aria-label="${escapeXml(mark.name)}"` : ""
  return `<a href="${escapeXml(mark.href)}" target="_top"${name}>${shape}${label}</a>`
}

/** The legend's band under the map: the shop's mark, a dot (or a county), the dashed circle. */
function legend({ legend: { top, shop, links, circle }, width, height }: TownsDrawing): string {
  const dot = links.dot ? `<circle class="ld" cx="${links.x - 10}" cy="${links.y}" r="${DOT_RADIUS.narrow}"/>` : ""
  return [
    `<path class="lb" d="M0,${top}h${width}v${height - top}h${-width}z"/>`,
    `<path class="sh" d="${shopPath(14, shop.y)}"/>`,
    text(shop, "k"),
    dot,
    text(links, "k"),
    circle ? `<path class="a" d="M8,${circle.y}h26"/>${text(circle, "k")}` : "",
  ].join("")
}

/** The SVG document of a drawing. */
export function svgDocument(drawing: TownsDrawing, colors: MapColors): string {
  const { width, height } = drawing
  const parts = [
    // A group: the drawing (one image) and the links beside it.
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" lang="en" role="group" aria-labelledby="t">`,
    `<title id="t">${escapeXml(drawing.title)}</title>`,
    `<desc id="d">${escapeXml(drawing.description)}</desc>`,
    `<style>${mapStylesheet(colors, { root: "svg", wide: `@media (min-width:${WIDE_FROM_PX}px)` })}</style>`,
    `<g role="img" aria-labelledby="t" aria-describedby="d">`,
    ...drawing.land.map((county) => `<path class="l" d="${county.d}"/>`),
    drawing.highlight ? `<path class="hl" d="${drawing.highlight}"/>` : "",
    drawing.stateLines ? `<path class="sl" d="${drawing.stateLines}"/>` : "",
    drawing.circle
      ? `<circle class="a" cx="${drawing.circle.x}" cy="${drawing.circle.y}" r="${drawing.circle.r}"/>`
      : "",
    ...drawing.countyNames.map((label) => text(label, "c")),
    ...drawing.water.map((line) => text(line, "w")),
    `<path class="sb" d="M${drawing.scale.x},${drawing.scale.y - 5}v5h${drawing.scale.width}v-5"/>`,
    text(drawing.scale.label, "k"),
    legend(drawing),
    `</g>`,
    `<g>`,
    ...drawing.links.map(link),
    `</g>`,
    // The shop's mark over the dots, unless it is a link's (its town's): the pointer goes through it.
    drawing.links.some((mark) => mark.shop) ? "" : `<path class="sh" d="${shopPath(drawing.shop.x, drawing.shop.y)}"/>`,
    `</svg>`,
  ]
  return `${parts.filter(Boolean).join("\n")}\n`
}

/** A map file's name: what it shows and the start of its content's SHA-256, so a new drawing gets a new name. */
export function mapFileName(base: string, svg: string): string {
  return `${base}.${createHash("sha256").update(svg).digest("hex").slice(0, 12)}.svg`
}
