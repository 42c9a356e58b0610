/**
 * The call-back requests, in the Netlify Blobs store CALL_BACKS_STORE (strongly
 * consistent: the owner marks one called and reads the list again at once).
 * One blob a request, `requests/<id>`, holding what the homeowner typed and
 * when it came, nothing else (no address, no user agent, no cookie: see
 * docs/architecture.md#privacy), and when it was marked called. Kept until the
 * sweep (netlify/functions/call-back-sweep.mts) finds it due: KEEP_CALLED_DAYS
 * after it was marked called, KEEP_UNMARKED_DAYS after it came if never marked.
 */
import { getStore, type Store } from "@netlify/blobs"
import { BEST_TIMES, type CallBackRequest } from "../../src/lib/call-back-request"

export const CALL_BACKS_STORE = "call-backs"
export const REQUEST_PREFIX = "requests/"

export const KEEP_CALLED_DAYS = 30
export const KEEP_UNMARKED_DAYS = 60
const DAY_MS = 24 * 3600 * 1000

export interface StoredRequest extends CallBackRequest {
  id: string
  /** When it came (ISO). */
  arrived: string
  /** When an editor marked it called (ISO), or null. */
  called: string | null
}

export const callBacksStore = (): Store => getStore({ name: CALL_BACKS_STORE, consistency: "strong" })

/** An id a path may carry: a UUID. */
export const isRequestId = (id: string): boolean =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id)

export const requestKey = (id: string): string => `${REQUEST_PREFIX}${id}`

const isIso = (value: unknown): value is string => typeof value === "string" && !Number.isNaN(Date.parse(value))

/** A blob's JSON as a stored request, or undefined when it is not one. */
export function asStoredRequest(data: unknown): StoredRequest | undefined {
  if (!data || typeof data !== "object") return undefined
  const record = data as Record<string, unknown>
  const strings = ["id", "name", "phone", "town", "appliance", "note"].every((key) => typeof record[key] === "string")
  if (!strings || !isIso(record.arrived) || !(record.called === null || isIso(record.called))) return undefined
  if (!(BEST_TIMES as readonly unknown[]).includes(record.bestTime)) return undefined
  return record as unknown as StoredRequest
}

/**
 * Whether a request is due for deletion at `now` (ms): KEEP_CALLED_DAYS after it was marked called,
 * KEEP_UNMARKED_DAYS after it came if it never was. A blob that is not a request is due too: the store
 * holds requests only, and nothing unreadable is kept.
 */
export function isDue(data: unknown, now: number): boolean {
  const request = asStoredRequest(data)
  if (!request) return true
  if (request.called) return now - Date.parse(request.called) >= KEEP_CALLED_DAYS * DAY_MS
  return now - Date.parse(request.arrived) >= KEEP_UNMARKED_DAYS * DAY_MS
}

/** Every stored request, newest first. */
export async function listRequests(store: Store): Promise<StoredRequest[]> {
  const requests: StoredRequest[] = []
  for await (const page of store.list({ prefix: REQUEST_PREFIX, paginate: true })) {
    for (const { key } of page.blobs) {
      const request = asStoredRequest(await store.get(key, { type: "json" }))
      if (request) requests.push(request)
    }
  }
  return requests.sort((a, b) => b.arrived.localeCompare(a.arrived))
}

/** Deletes every blob due at `now`; answers how many were deleted and how many kept. */
export async function sweepRequests(store: Store, now: number): Promise<{ deleted: number; kept: number }> {
  let deleted = 0
  let kept = 0
  for await (const page of store.list({ prefix: "", paginate: true })) {
    for (const { key } of page.blobs) {
      if (isDue(await store.get(key, { type: "json" }), now)) {
        await store.delete(key)
        deleted++
      } else kept++
    }
  }
  return { deleted, kept }
}
