import type { JsonLd } from "./structured-data"

const METERS_PER_MILE = 1609.344

/** The town the service radius is measured from: "Buffalo Grove, IL" -> "Buffalo Grove". */
export const radiusTownName = (center: string): string => center.split(",")[0].trim()

/** schema.org GeoCircle of the service radius around its centre town. */
export function serviceAreaCircle(center: { lat: number; lng: number }, miles: number): JsonLd {
  return {
    "@type": "GeoCircle",
    geoMidpoint: { "@type": "GeoCoordinates", latitude: center.lat, longitude: center.lng },
    geoRadius: Math.round(miles * METERS_PER_MILE),
  }
}
