import { MAP_ORIGIN } from "../../src/lib/map-host"

/** The normal Google Maps page of a place, e.g. "Lincolnwood, IL": what a town's map address is by default. */
export const mapSearchUrl = (place: string): string => `${MAP_ORIGIN}/maps?q=${encodeURIComponent(place)}`

const EMBED = "output=embed"

/**
 * The frame's embed address of a map address: an embed address as it is; the
 * normal page of a place (https://www.google.com/maps?q=…) shown as a frame,
 * at the zoom of a town.
 */
export function mapEmbedUrl(mapUrl: string): string {
  const url = new URL(mapUrl)
  const params = url.search.replace(/^\?/, "").split("&").filter(Boolean)
  if (url.pathname !== "/maps" || params.includes(EMBED) || !params.some((param) => param.startsWith("q="))) {
    return mapUrl
  }
  const zoom = params.some((param) => param.startsWith("z=")) ? [] : ["z=13"]
  url.search = `?${[...params, ...zoom, EMBED].join("&")}`
  return url.toString()
}

/**
 * The map host's normal page of a place, from the address of its embedded map:
 * what the "Open the map in a new tab" link opens. An embed address of the form
 * https://www.google.com/maps?q=…&output=embed is the same address without
 * `output=embed` (its other parameters, and their encoding, kept). Any other
 * form (an /maps/embed?pb=… address holds no query to keep) becomes a search
 * for the place by name.
 */
export function mapPageUrl(embedUrl: string, place: string): string {
  const url = new URL(embedUrl)
  const params = url.search.replace(/^\?/, "").split("&").filter(Boolean)
  const hasQuery = params.some((param) => param.startsWith("q="))
  if (url.pathname === "/maps" && hasQuery) {
    const kept = params.filter((param) => param.split("=")[0] !== "output")
    url.search = kept.length ? `?${kept.join("&")}` : ""
    return url.toString()
  }
  return `${MAP_ORIGIN}/maps/search/?api=1&query=${encodeURIComponent(place)}`
}

/** The Google Maps frame of a map address and the normal page a plain link opens (MapFrame shows both). */
export const mapLinks = (mapUrl: string, place: string) => ({
  embed: mapEmbedUrl(mapUrl),
  page: mapPageUrl(mapUrl, place),
})
