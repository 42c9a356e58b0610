/**
 * The editors' side of the call-back requests, shared by the function that
 * serves them (netlify/functions/call-back-requests.mts) and the page for
 * today (src/today/call-back-requests.tsx): where they are, and what a request
 * looks like on the way.
 */
import type { CallBackRequest } from "./call-back-request"

/** GET: the requests; PATCH {id} with `{ "called": true }` marks one called; DELETE {id} deletes one. */
export const CALL_BACKS_PATH = "/api/call-backs"

export const callBackPath = (id: string): string => `${CALL_BACKS_PATH}/${encodeURIComponent(id)}`

export interface ListedRequest extends CallBackRequest {
  id: string
  /** When it came (ISO). */
  arrived: string
  /** When it was marked called (ISO), or null. */
  called: string | null
}

/** The requests not marked called yet: the count the page for today and the editor's link bar show. */
export const newRequests = (requests: readonly Pick<ListedRequest, "called">[]): number =>
  requests.filter((request) => !request.called).length
