import { MAP_ORIGIN } from "./content-rules"

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
