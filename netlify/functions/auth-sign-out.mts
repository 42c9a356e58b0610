/**
 * Log Out: POST /api/auth/sign-out with the Bearer access token the editor held → 204.
 * The token is refused everywhere from then on (the gateway, the report, the editors' page,
 * the page for today: internal/auth/http.ts's signedInEditor reads the `revoked/<jti>` marker),
 * not only forgotten by the browser. static/admin/editor.js sends it when Decap logs out.
 * A token already refused (expired, signed out, its passkey removed) gets that 401.
 */
import type { Config } from "@netlify/functions"
import { maskEmail, revokeToken } from "../../internal/auth/editors.ts"
import { authStore, fromSite, refuse, settingsOrRefusal, signedInEditor } from "../../internal/auth/http.ts"

export default async (request: Request): Promise<Response> => {
  if (request.method !== "POST") return refuse(405, `method ${request.method} is not POST`, { Allow: "POST" })
  const settings = settingsOrRefusal()
  if (settings instanceof Response) return settings
  if (!fromSite(request, settings)) return refuse(403, "this request did not come from the site's own pages")
  const store = authStore()
  const editor = await signedInEditor(request, settings, store)
  if (editor instanceof Response) return editor
  await revokeToken(store, editor.jti, editor.exp)
  console.log(`auth-sign-out: ${maskEmail(editor.email)} signed out`)
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } })
}

export const config: Config = {
  path: "/api/auth/sign-out",
  method: "POST",
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ["ip", "domain"] },
}
