/**
 * Who can sign in, for a signed-in editor: GET /api/auth/editors → every editor
 * with their passkeys (id, when registered, on what device); DELETE
 * /api/auth/editors/:editor/passkeys/:passkey removes one, which ends every
 * session it started (the gateway and the report check the passkey on each
 * request). A lost phone: remove its passkey, then invite the person again.
 */
import type { Config } from "@netlify/functions"
import { listEditors, maskEmail, removePasskey } from "../../internal/auth/editors.ts"
import { authStore, fromSite, json, refuse, settingsOrRefusal, signedInEditor } from "../../internal/auth/http.ts"

const PASSKEY_PATH = /^\/api\/auth\/editors\/([\w-]{1,64})\/passkeys\/([\w-]{1,1366})$/

export default async (request: Request): Promise<Response> => {
  const settings = settingsOrRefusal()
  if (settings instanceof Response) return settings
  const store = authStore()
  const editor = await signedInEditor(request, settings, store)
  if (editor instanceof Response) return editor

  if (request.method === "GET") {
    const editors = await listEditors(store)
    return json(
      200,
      editors.map(({ id, email, name, passkeys }) => ({
        id,
        email,
        name,
        passkeys: passkeys.map(({ id: passkey, created, device }) => ({ id: passkey, created, device })),
      })),
    )
  }
  if (request.method !== "DELETE")
    return refuse(405, `method ${request.method} is not GET or DELETE`, { Allow: "GET, DELETE" })
  if (!fromSite(request, settings)) return refuse(403, "this request did not come from the site's own pages")
  const match = PASSKEY_PATH.exec(new URL(request.url).pathname)
  if (!match) return refuse(404, "no such passkey")
  if (!(await removePasskey(store, match[1], match[2]))) return refuse(404, "no such passkey")
  console.log(`auth-editors: ${maskEmail(editor.email)} removed a passkey`)
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } })
}

export const config: Config = {
  path: ["/api/auth/editors", "/api/auth/editors/:editor/passkeys/:passkey"],
  method: ["GET", "DELETE"],
}
