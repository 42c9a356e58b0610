/**
 * Passkeys: an invited person registers one; anyone asks for a sign-in
 * challenge (the sign-in itself is /api/oauth/authorize's POST, which gives
 * Decap its code). Every answer is JSON, never cached.
 *
 *   POST /api/auth/passkeys/registration-options {invitation}  → {options, challenge}
 *   POST /api/auth/passkeys/registration {invitation, challenge, response} → 201 {email, name}
 *   POST /api/auth/passkeys/sign-in-options {}                → {options, challenge}
 *
 * Refused: a request not from the site's own pages (Origin), an invitation that
 * is forged, for another site, expired or used; a challenge that is forged,
 * expired, used, or made for another invitation; an answer WebAuthn's checks
 * reject (origin, relying party, user verification). Nothing is stored then.
 */
import type { Config } from "@netlify/functions"
import {
  addPasskey,
  deviceName,
  editorId,
  findEditor,
  isUsed,
  maskEmail,
  passkeyOwner,
  spendOnce,
} from "../../internal/auth/editors.ts"
import { authStore, fromSite, json, readJson, refuse, settingsOrRefusal } from "../../internal/auth/http.ts"
import { checkRegistration, registrationOptions, signInOptions } from "../../internal/auth/passkeys.ts"
import type { AuthSettings } from "../../internal/auth/settings.ts"
import { TokenRefused, signToken, verifyToken, type Verified } from "../../internal/auth/tokens.ts"

const PREFIX = "/api/auth/passkeys/"

/** The invitation of a request's body, checked and not yet used, or the refusal. */
async function invitationOf(
  body: Record<string, unknown>,
  settings: AuthSettings,
): Promise<Verified<"invitation"> | Response> {
  if (typeof body.invitation !== "string") return refuse(400, "the invitation is missing: open the whole link")
  const invitation = await verifyToken("invitation", body.invitation, settings)
  if (invitation instanceof TokenRefused) return refuse(403, `${invitation.message}: ask for a new invitation`)
  if (await isUsed(authStore(), invitation.jti)) {
    return refuse(403, "the invitation was already used: ask for a new invitation")
  }
  return invitation
}

async function registrationOptionsFor(body: Record<string, unknown>, settings: AuthSettings): Promise<Response> {
  const invitation = await invitationOf(body, settings)
  if (invitation instanceof Response) return invitation
  const id = await editorId(invitation.email)
  const existing = await findEditor(authStore(), id)
  const options = await registrationOptions(settings, { id, ...invitation }, existing?.passkeys ?? [])
  const { token } = await signToken(
    "challenge",
    { kind: "registration", challenge: options.challenge, invitation: invitation.jti },
    settings,
  )
  return json(200, { options, challenge: token })
}

async function register(request: Request, body: Record<string, unknown>, settings: AuthSettings): Promise<Response> {
  const invitation = await invitationOf(body, settings)
  if (invitation instanceof Response) return invitation
  const challenge =
    typeof body.challenge === "string" ? await verifyToken("challenge", body.challenge, settings) : undefined
  if (!challenge || challenge instanceof TokenRefused) return refuse(403, "the passkey request expired: try again")
  if (challenge.kind !== "registration" || challenge.invitation !== invitation.jti) {
    return refuse(403, "the passkey request was made for another invitation: try again")
  }
  const store = authStore()
  if (!(await spendOnce(store, challenge.jti, challenge.exp)))
    return refuse(403, "the passkey request was already used: try again")
  const passkey = await checkRegistration(settings, challenge.challenge, body.response)
  if (!passkey) return refuse(403, "the phone's answer could not be verified: try again")
  if (await passkeyOwner(store, passkey.id)) return refuse(409, "this passkey is already registered")
  // The invitation is used up now, by this registration only (two at once: the second is refused).
  if (!(await spendOnce(store, invitation.jti, invitation.exp))) {
    return refuse(403, "the invitation was already used: ask for a new invitation")
  }
  const editor = await addPasskey(
    store,
    { email: invitation.email, name: invitation.name, invitedBy: invitation.by },
    { ...passkey, created: new Date().toISOString(), device: deviceName(request.headers.get("User-Agent")) },
  )
  console.log(`auth-passkeys: ${maskEmail(editor.email)} registered a passkey`)
  return json(201, { email: editor.email, name: editor.name })
}

async function signInOptionsFor(settings: AuthSettings): Promise<Response> {
  const options = await signInOptions(settings)
  const { token } = await signToken("challenge", { kind: "sign-in", challenge: options.challenge }, settings)
  return json(200, { options, challenge: token })
}

export default async (request: Request): Promise<Response> => {
  if (request.method !== "POST") return refuse(405, `method ${request.method} is not POST`, { Allow: "POST" })
  const settings = settingsOrRefusal()
  if (settings instanceof Response) return settings
  if (!fromSite(request, settings)) return refuse(403, "this request did not come from the site's own pages")
  const body = await readJson(request)
  if (!body) return refuse(400, "the request's body is not a JSON object of a few KB")
  switch (new URL(request.url).pathname.slice(PREFIX.length)) {
    case "registration-options":
      return registrationOptionsFor(body, settings)
    case "registration":
      return register(request, body, settings)
    case "sign-in-options":
      return signInOptionsFor(settings)
    default:
      return refuse(404, "no such passkey endpoint")
  }
}

// Read from the source without running it: every value written out (see call-report.mts).
export const config: Config = {
  path: [
    "/api/auth/passkeys/registration-options",
    "/api/auth/passkeys/registration",
    "/api/auth/passkeys/sign-in-options",
  ],
  method: "POST",
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ["ip", "domain"] },
}
