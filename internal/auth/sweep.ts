/**
 * What the sign-in store keeps only for a while: a marker per spent token
 * (`used/<jti>`: an invitation, challenge or code already used) and per revoked
 * one (`revoked/<jti>`), each written as `{ exp }`, the token's own expiry in
 * seconds since the epoch, and every invitation not used (`invitations/<jti>`,
 * internal/auth/invitations.ts, which carries its token's `exp` too). Once that moment has passed the token is refused for
 * its age alone, so its marker can go; until then it must stay, or the token
 * would be accepted again. A marker without a numeric exp is kept: the sweep
 * never guesses.
 */

/** The prefixes of the markers a sweep may delete. */
export const SWEPT_PREFIXES = ["used/", "revoked/", "invitations/"] as const

export interface Marker {
  key: string
  /** The blob's JSON, as stored. */
  data: unknown
}

/** The exp of a marker's data, or undefined when it has none. */
const expOf = (data: unknown): number | undefined => {
  const exp = data && typeof data === "object" ? (data as { exp?: unknown }).exp : undefined
  return typeof exp === "number" && Number.isFinite(exp) ? exp : undefined
}

/** The keys of the markers under SWEPT_PREFIXES whose exp is at or before `nowSeconds`. */
export function pastMarkers(markers: readonly Marker[], nowSeconds: number): string[] {
  return markers
    .filter(({ key }) => SWEPT_PREFIXES.some((prefix) => key.startsWith(prefix)))
    .filter(({ data }) => {
      const exp = expOf(data)
      return exp !== undefined && exp <= nowSeconds
    })
    .map(({ key }) => key)
}
