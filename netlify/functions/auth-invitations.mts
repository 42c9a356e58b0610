/**
 * A signed-in editor invites someone: POST /api/auth/invitations {email, name}
 * with their Bearer access token → 201 {link, expires, emailed}. The link is
 * emailed too when the site has mail settings (internal/auth/mail.ts). The
 * first editor is invited with `npm run invite` instead (scripts/invite.mts).
 */
import type { Config } from "@netlify/functions"
import { maskEmail, normalEmail } from "../../internal/auth/editors.ts"
import {
  authStore,
  fromSite,
  json,
  readJson,
  refuse,
  settingsOrRefusal,
  signedInEditor,
} from "../../internal/auth/http.ts"
import { createInvitation } from "../../internal/auth/invitations.ts"
import { mailInvitation } from "../../internal/auth/mail.ts"
import { functionEnv } from "../../internal/function-env.ts"

export default async (request: Request): Promise<Response> => {
  if (request.method !== "POST") return refuse(405, `method ${request.method} is not POST`, { Allow: "POST" })
  const settings = settingsOrRefusal()
  if (settings instanceof Response) return settings
  if (!fromSite(request, settings)) return refuse(403, "this request did not come from the site's own pages")
  const editor = await signedInEditor(request, settings, authStore())
  if (editor instanceof Response) return editor
  const body = await readJson(request)
  const email = normalEmail(body?.email)
  if (!email) return refuse(400, "the email address is not one")
  const name = typeof body?.name === "string" ? body.name.trim().slice(0, 100) : ""

  const invitation = await createInvitation(settings, { email, name, by: editor.sub })
  let emailed = false
  try {
    emailed = await mailInvitation(functionEnv, { to: email, name, site: settings.rpID, ...invitation })
  } catch (error) {
    console.error(
      `auth-invitations: the mail to ${maskEmail(email)} failed (${error instanceof Error ? error.name : "error"})`,
    )
  }
  console.log(`auth-invitations: ${maskEmail(editor.email)} invited ${maskEmail(email)}${emailed ? " (emailed)" : ""}`)
  return json(201, { ...invitation, emailed })
}

export const config: Config = {
  path: "/api/auth/invitations",
  method: "POST",
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ["ip", "domain"] },
}
