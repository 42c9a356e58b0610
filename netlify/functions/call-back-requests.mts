/**
 * The call-back requests, for a signed-in editor (owner or helper) only: the
 * Bearer access token checked as the gateway checks it (signedInEditor), else 401.
 *   GET    /api/call-backs            200 `{ "requests": [...] }`, newest first
 *   PATCH  /api/call-backs/:id        `{ "called": true }`: marked called now (kept 30 days more); 200 the request
 *   DELETE /api/call-backs/:id        "Not a real request": deleted at once; 204
 * An unknown id: 404. Never cached. No log line holds a name, number or note.
 */
import type { Config } from "@netlify/functions"
import { authStore, json, readJson, refuse, settingsOrRefusal, signedInEditor } from "../../internal/auth/http"
import { asStoredRequest, callBacksStore, isRequestId, listRequests, requestKey } from "../../internal/call-backs/store"
import { CALL_BACKS_PATH } from "../../src/lib/call-back-list"

const ONE_REQUEST = new RegExp(`^${CALL_BACKS_PATH}/([^/]+)$`)

export default async (request: Request): Promise<Response> => {
  const settings = settingsOrRefusal()
  if (settings instanceof Response) return settings
  const editor = await signedInEditor(request, settings, authStore())
  if (editor instanceof Response) return editor
  const store = callBacksStore()
  const pathname = new URL(request.url).pathname.replace(/\/$/, "")

  if (pathname === CALL_BACKS_PATH) {
    if (request.method !== "GET") return refuse(405, "GET the list", { Allow: "GET" })
    return json(200, { requests: await listRequests(store) })
  }
  const id = decodeURIComponent(ONE_REQUEST.exec(pathname)?.[1] ?? "")
  if (!isRequestId(id)) return refuse(404, "no such request")
  const stored = asStoredRequest(await store.get(requestKey(id), { type: "json" }))
  if (!stored) return refuse(404, "no such request: it may have been deleted already")

  if (request.method === "DELETE") {
    await store.delete(requestKey(id))
    console.log(`call-back-requests: ${id} deleted as not a real request`)
    return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } })
  }
  if (request.method === "PATCH") {
    const body = await readJson(request)
    if (body?.called !== true) return refuse(400, 'send { "called": true }')
    const marked = { ...stored, called: stored.called ?? new Date().toISOString() }
    await store.setJSON(requestKey(id), marked)
    console.log(`call-back-requests: ${id} marked called`)
    return json(200, marked)
  }
  return refuse(405, "PATCH or DELETE a request", { Allow: "PATCH, DELETE" })
}

export const config: Config = {
  path: ["/api/call-backs", "/api/call-backs/:id"],
  method: ["GET", "PATCH", "DELETE"],
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ["ip", "domain"] },
}
