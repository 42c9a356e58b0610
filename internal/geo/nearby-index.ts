import KDBush from "kdbush"
import { around } from "geokdbush"
import { NEARBY } from "../content/computed"
import { distanceMiles, type LatLng, type NearbyOptions } from "./distance"

export interface Place extends LatLng {
  slug: string
}

export interface Neighbour<T extends Place> {
  place: T
  /** Great-circle distance in miles, unrounded (as distanceMiles gives it). */
  miles: number
}

/** Distances that differ by less than this are the same distance measured two ways. */
const SAME_DISTANCE_MILES = 1e-9

const byDistanceThenSlug = <T extends Place>(a: Neighbour<T>, b: Neighbour<T>): number =>
  a.miles - b.miles || a.place.slug.localeCompare(b.place.slug)

/**
 * Every place's nearest neighbours, computed once for all places with a k-d tree
 * (kdbush, searched on the sphere by geokdbush): O(n log n) instead of sorting
 * every place for every place.
 *
 * The rule is nearestPlaces' (internal/geo/distance.ts): every place within `withinMiles`,
 * never fewer than `min` nor more than `max`, nearest first, ties broken by slug,
 * distances by distanceMiles. The tree is asked for a few more candidates than
 * needed, and for more again until the farthest candidate is strictly farther
 * than the last one kept, so a tie at the edge can't depend on the tree's order.
 */
export function nearbyPlaces<T extends Place>(
  places: readonly T[],
  { min, max, withinMiles }: NearbyOptions = NEARBY,
): Map<string, Array<Neighbour<T>>> {
  const neighbours = new Map<string, Array<Neighbour<T>>>()
  if (places.length === 0) return neighbours
  const index = new KDBush(places.length)
  for (const place of places) index.add(place.lng, place.lat)
  index.finish()

  const nearestTo = (from: T): Array<Neighbour<T>> => {
    // One more than needed for the place itself, one more to see past the last kept.
    for (let wanted = max + 2; ; wanted *= 2) {
      const ids = around(index, from.lng, from.lat, wanted)
      const ranked = ids
        .map((id) => places[id])
        .filter((place) => place.slug !== from.slug)
        .map((place) => ({ place, miles: distanceMiles(from, place) }))
        .sort(byDistanceThenSlug)
      const within = ranked.filter((neighbour) => neighbour.miles <= withinMiles).length
      const kept = ranked.slice(0, Math.min(max, Math.max(min, within)))
      const everyPlaceSeen = ids.length < wanted
      const lastKept = kept.at(-1)?.miles ?? 0
      const farthestSeen = ranked.at(-1)?.miles ?? 0
      if (everyPlaceSeen || farthestSeen > lastKept + SAME_DISTANCE_MILES) return kept
    }
  }

  for (const place of places) neighbours.set(place.slug, nearestTo(place))
  return neighbours
}
