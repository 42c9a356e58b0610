/**
 * Invitations, made and taken back by an owner:
 *
 *   POST /api/auth/invitations {email, name, role} with an owner's Bearer access token
 *     → 201 {id, link, expires, emailed}. The role is "owner" or "helper" (a helper by
 *     default). The link is emailed too when the site has mail settings
 *     (internal/auth/mail.ts). Refused: a helper (403), an email that already has an
 *     editor (409: they add a phone from their own session instead).
 *   DELETE /api/auth/invitations/:id with an owner's token → 204: the invitation is revoked.
 *
 * `npm run invite` (scripts/invite.mts) makes the first owner's invitation through the same
 * POST: it cannot reach the site's Blobs, so it sends a command token instead of an access
 * token (signed with the site's secret, 5 minutes, used once), which counts as an owner's
 * authority, recorded as made by "command".
 */
import type { Config } from "@netlify/functions"
import type { Store } from "@netlify/blobs"
import { decodeJwt } from "jose"
import { editorId, findEditor, isRole, maskEmail, normalEmail, spendOnce } from "../../internal/auth/editors.ts"
import {
  authStore,
  bearer,
  fromSite,
  json,
  readJson,
  refuse,
  settingsOrRefusal,
  signedInEditor,
  unauthorized,
} from "../../internal/auth/http.ts"
import { createInvitation, deleteInvitation } from "../../internal/auth/invitations.ts"
import { mailInvitation } from "../../internal/auth/mail.ts"
import { plainName } from "../../internal/auth/plain-name.ts"
import type { AuthSettings } from "../../internal/auth/settings.ts"
import { TokenRefused, verifyToken } from "../../internal/auth/tokens.ts"
import { functionEnv } from "../../internal/function-env.ts"

const INVITATION_PATH = /^\/api\/auth\/invitations\/([\w-]{1,64})$/

/** Who asks: an owner's id and masked email (for the log), or "command" for `npm run invite`. */
interface Inviter {
  by: string
  email: string
}

/** The `use` a Bearer token claims, unchecked: it only chooses which check the token then gets. */
function claimedUse(token: string): unknown {
  try {
    return decodeJwt(token).use
  } catch {
    return undefined
  }
}

/** The owner (or the command) behind a request's Bearer token, or the refusal to send. */
async function inviter(request: Request, settings: AuthSettings, store: Store): Promise<Inviter | Response> {
  const token = bearer(request)
  if (token && claimedUse(token) === "command") {
    const command = await verifyToken("command", token, settings)
    if (command instanceof TokenRefused || command.action !== "invite") {
      return unauthorized(
        `${command instanceof TokenRefused ? command.message : "the command is not an invitation"}: run the command again`,
      )
    }
    if (!(await spendOnce(store, command.jti, command.exp)))
      return unauthorized("the command's token was already used: run the command again")
    return { by: "command", email: "the command" }
  }
  const editor = await signedInEditor(request, settings, store)
  if (editor instanceof Response) return editor
  if (editor.role !== "owner") return refuse(403, "only an owner invites, or takes an invitation back: ask an owner")
  return { by: editor.sub, email: maskEmail(editor.email) }
}

async function invite(request: Request, settings: AuthSettings, store: Store, who: Inviter): Promise<Response> {
  const body = await readJson(request)
  const email = normalEmail(body?.email)
  if (!email) return refuse(400, "the email address is not one")
  // Plain words on one line: the name goes into the site's own mail, the editor's record and their commits.
  const name = typeof body?.name === "string" ? plainName(body.name) : ""
  const role = body?.role ?? "helper"
  if (!isRole(role)) return refuse(400, "the role must be owner or helper")
  if (await findEditor(store, await editorId(email))) {
    return refuse(409, `${email} can already sign in: they add a phone from their own session, at Editors`)
  }

  const invitation = await createInvitation(settings, store, { email, name, role, by: who.by })
  let emailed = false
  try {
    emailed = await mailInvitation(functionEnv, { to: email, name, site: settings.rpID, ...invitation })
  } catch (error) {
    console.error(
      `auth-invitations: the mail to ${maskEmail(email)} failed (${error instanceof Error ? error.name : "error"})`,
    )
  }
  console.log(`auth-invitations: ${who.email} invited ${maskEmail(email)} as ${role}${emailed ? " (emailed)" : ""}`)
  return json(201, { ...invitation, emailed })
}

async function revoke(store: Store, who: Inviter, id: string): Promise<Response> {
  if (!(await deleteInvitation(store, id)))
    return refuse(404, "no such invitation: it was used, taken back or has expired")
  console.log(`auth-invitations: ${who.email} took back an invitation`)
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } })
}

export default async (request: Request): Promise<Response> => {
  if (request.method !== "POST" && request.method !== "DELETE") {
    return refuse(405, `method ${request.method} is not POST or DELETE`, { Allow: "POST, DELETE" })
  }
  const settings = settingsOrRefusal()
  if (settings instanceof Response) return settings
  if (!fromSite(request, settings)) return refuse(403, "this request did not come from the site's own pages")
  const store = authStore()
  const pathname = new URL(request.url).pathname
  const who = await inviter(request, settings, store)
  if (who instanceof Response) return who
  if (request.method === "POST") {
    return pathname === "/api/auth/invitations"
      ? invite(request, settings, store, who)
      : refuse(404, "no such endpoint")
  }
  // The command's token makes an invitation and nothing else.
  if (who.by === "command") return refuse(403, "the command only invites: take an invitation back at Editors")
  const match = INVITATION_PATH.exec(pathname)
  return match ? revoke(store, who, match[1]) : refuse(404, "no such invitation")
}

export const config: Config = {
  path: ["/api/auth/invitations", "/api/auth/invitations/:id"],
  method: ["POST", "DELETE"],
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ["ip", "domain"] },
}
