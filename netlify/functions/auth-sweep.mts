/**
 * Forgets the sign-in's markers that can no longer matter: every `used/…` and
 * `revoked/…` entry of the Blobs store `editors` whose token has expired
 * (internal/auth/sweep.ts says which). Anyone may spend a challenge, so the
 * markers would otherwise pile up for good. A Netlify scheduled function:
 * Netlify calls it on `config.schedule` (on published deploys only; never
 * reachable by URL). It answers how many it deleted, and logs it.
 */
import type { Config } from "@netlify/functions"
import { authStore } from "../../internal/auth/http.ts"
import { pastMarkers, SWEPT_PREFIXES, type Marker } from "../../internal/auth/sweep.ts"

/**
 * A marker is kept this long past its exp: the function's clock and the clock that verified the token
 * are different machines', and a marker swept a little late costs nothing.
 */
const GRACE_SECONDS = 5 * 60

export default async (_req: Request): Promise<Response> => {
  const store = authStore()
  const markers: Marker[] = []
  try {
    for (const prefix of SWEPT_PREFIXES) {
      for await (const page of store.list({ prefix, paginate: true })) {
        for (const { key } of page.blobs) markers.push({ key, data: await store.get(key, { type: "json" }) })
      }
    }
    const past = pastMarkers(markers, Math.floor(Date.now() / 1000) - GRACE_SECONDS)
    for (const key of past) await store.delete(key)
    console.log(`auth-sweep: ${past.length} of ${markers.length} markers had expired and were deleted`)
    return new Response(`${past.length} deleted, ${markers.length - past.length} kept`)
  } catch (error) {
    const message = `the store could not be swept: ${error instanceof Error ? error.message : String(error)}`
    console.error(`auth-sweep: ${message}`)
    return new Response(message, { status: 500 })
  }
}

export const config: Config = {
  // Cron in UTC. Once a day is enough: the longest-lived marker is an invitation's, and a day's spent
  // challenges are a few blobs.
  schedule: "35 6 * * *",
}
