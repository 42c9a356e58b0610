import { NEARBY } from "../content/computed"

export interface LatLng {
  lat: number
  lng: number
}

/** The mean radius of the Earth, as distanceMiles and the maps (internal/maps/) measure it. */
export const EARTH_RADIUS_MILES = 3958.8
const toRadians = (degrees: number): number => (degrees * Math.PI) / 180

/** Great-circle (haversine) distance between two points, in statute miles. */
export function distanceMiles(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.lat - a.lat)
  const dLng = toRadians(b.lng - a.lng)
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)))
}

/** A distance rounded for display: one decimal under 10 miles, whole miles above. */
export function roundMiles(miles: number): number {
  return miles < 10 ? Math.round(miles * 10) / 10 : Math.round(miles)
}

export interface NearbyOptions {
  min: number
  max: number
  withinMiles: number
}

/**
 * The places nearest to `from` (itself excluded): every place within
 * `withinMiles`, but never fewer than `min` nor more than `max`, nearest first.
 * Ties are broken by slug so the result never depends on input order.
 */
export function nearestPlaces<T extends LatLng & { slug: string }>(
  from: T,
  places: readonly T[],
  { min, max, withinMiles }: NearbyOptions = NEARBY,
): Array<T & { miles: number }> {
  const ranked = places
    .filter((place) => place.slug !== from.slug)
    .map((place) => ({ ...place, miles: distanceMiles(from, place) }))
    .sort((a, b) => a.miles - b.miles || a.slug.localeCompare(b.slug))
  const within = ranked.filter((place) => place.miles <= withinMiles).length
  return ranked.slice(0, Math.min(max, Math.max(min, within)))
}
