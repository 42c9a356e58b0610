/**
 * Passkeys: an invited person registers one; a signed-in editor adds one of their
 * own (another phone); anyone asks for a sign-in challenge (the sign-in itself is
 * /api/oauth/authorize's POST, which gives Decap its code). Every answer is JSON,
 * never cached.
 *
 *   POST /api/auth/passkeys/registration-options {invitation}  → {options, challenge}
 *   POST /api/auth/passkeys/registration {invitation, challenge, response} → 201 {email, name}
 *   POST /api/auth/passkeys/own-registration-options {} + Bearer → {options, challenge}
 *   POST /api/auth/passkeys/own-registration {challenge, response} + Bearer → 201 {email, name}
 *   POST /api/auth/passkeys/sign-in-options {}                → {options, challenge}
 *
 * Refused: a request not from the site's own pages (Origin), an invitation that
 * is forged, for another site, expired, used, taken back, made by someone no
 * longer an owner, or for an email that already has an editor (409: an
 * invitation never adds a passkey to an existing editor, nor renames one); a
 * challenge that is forged, expired, used, or made for another invitation or
 * editor; an answer WebAuthn's checks reject (origin, relying party, user
 * verification). Nothing is stored then.
 */
import type { Config } from "@netlify/functions"
import type { Store } from "@netlify/blobs"
import {
  addOwnPasskey,
  createEditor,
  deviceName,
  editorId,
  findEditor,
  maskEmail,
  passkeyOwner,
  spendOnce,
  type Passkey,
} from "../../internal/auth/editors.ts"
import {
  authStore,
  fromSite,
  json,
  readJson,
  refuse,
  settingsOrRefusal,
  signedInEditor,
} from "../../internal/auth/http.ts"
import {
  deleteInvitation,
  findInvitation,
  invitationProblem,
  type StoredInvitation,
} from "../../internal/auth/invitations.ts"
import { checkRegistration, registrationOptions, signInOptions } from "../../internal/auth/passkeys.ts"
import type { AuthSettings } from "../../internal/auth/settings.ts"
import { TokenRefused, signToken, verifyToken, type Verified } from "../../internal/auth/tokens.ts"

const PREFIX = "/api/auth/passkeys/"

/**
 * The invitation of a request's body: its token checked (this site's, unexpired) and its stored
 * record, which decides (kept until used, revoked or voided; its inviter still an owner; its
 * email no editor's yet). Or the refusal.
 */
async function invitationOf(
  body: Record<string, unknown>,
  settings: AuthSettings,
  store: Store,
): Promise<{ token: Verified<"invitation">; stored: StoredInvitation } | Response> {
  if (typeof body.invitation !== "string") return refuse(400, "the invitation is missing: open the whole link")
  const token = await verifyToken("invitation", body.invitation, settings)
  if (token instanceof TokenRefused) return refuse(403, `${token.message}: ask for a new invitation`)
  const stored = await findInvitation(store, token.jti)
  const problem = await invitationProblem(store, stored)
  if (problem) return refuse(problem.status, problem.message)
  return { token, stored: stored! }
}

/** The registration's options for a person (an invitation's, or a signed-in editor's) and its challenge token. */
async function optionsFor(
  settings: AuthSettings,
  user: { id: string; email: string; name: string },
  existing: Passkey[],
  bound: { invitation: string } | { editor: string },
): Promise<Response> {
  const options = await registrationOptions(settings, user, existing)
  const { token } = await signToken(
    "challenge",
    { kind: "registration", challenge: options.challenge, ...bound },
    settings,
  )
  return json(200, { options, challenge: token })
}

async function registrationOptionsFor(body: Record<string, unknown>, settings: AuthSettings): Promise<Response> {
  const invitation = await invitationOf(body, settings, authStore())
  if (invitation instanceof Response) return invitation
  const { email, name, id } = invitation.stored
  return optionsFor(settings, { id: await editorId(email), email, name }, [], { invitation: id })
}

/** The challenge of a registration's body, checked for what it was bound to and used up; or the refusal. */
async function spentChallenge(
  body: Record<string, unknown>,
  settings: AuthSettings,
  store: Store,
  bound: { invitation: string } | { editor: string },
): Promise<Verified<"challenge"> | Response> {
  const challenge =
    typeof body.challenge === "string" ? await verifyToken("challenge", body.challenge, settings) : undefined
  if (!challenge || challenge instanceof TokenRefused) return refuse(403, "the passkey request expired: try again")
  const matches = "invitation" in bound ? challenge.invitation === bound.invitation : challenge.editor === bound.editor
  if (challenge.kind !== "registration" || !matches) {
    return refuse(
      403,
      `the passkey request was made for another ${"invitation" in bound ? "invitation" : "editor"}: try again`,
    )
  }
  if (!(await spendOnce(store, challenge.jti, challenge.exp)))
    return refuse(403, "the passkey request was already used: try again")
  return challenge
}

/** The new passkey of a registration's answer, checked and not yet anyone's; or the refusal. */
async function newPasskey(
  request: Request,
  body: Record<string, unknown>,
  settings: AuthSettings,
  store: Store,
  challenge: Verified<"challenge">,
): Promise<Passkey | Response> {
  const passkey = await checkRegistration(settings, challenge.challenge, body.response)
  if (!passkey) return refuse(403, "the phone's answer could not be verified: try again")
  if (await passkeyOwner(store, passkey.id)) return refuse(409, "this passkey is already registered")
  return { ...passkey, created: new Date().toISOString(), device: deviceName(request.headers.get("User-Agent")) }
}

async function register(request: Request, body: Record<string, unknown>, settings: AuthSettings): Promise<Response> {
  const store = authStore()
  const invitation = await invitationOf(body, settings, store)
  if (invitation instanceof Response) return invitation
  const { token, stored } = invitation
  const challenge = await spentChallenge(body, settings, store, { invitation: stored.id })
  if (challenge instanceof Response) return challenge
  const passkey = await newPasskey(request, body, settings, store, challenge)
  if (passkey instanceof Response) return passkey
  // The invitation is used up now, by this registration only (two at once: the second is refused).
  if (!(await spendOnce(store, token.jti, token.exp))) {
    return refuse(403, "the invitation was already used: ask for a new invitation")
  }
  await deleteInvitation(store, stored.id)
  const editor = await createEditor(
    store,
    { email: stored.email, name: stored.name, invitedBy: stored.by, role: stored.role },
    passkey,
  )
  // Made meanwhile by another invitation: this one adds nothing to that editor.
  if (!editor) return refuse(409, "this email address can already sign in: ask them to add this phone from Editors")
  console.log(`auth-passkeys: ${maskEmail(editor.email)} registered a passkey`)
  return json(201, { email: editor.email, name: editor.name })
}

/** A signed-in editor's registration options for another passkey of their own. */
async function ownRegistrationOptions(request: Request, settings: AuthSettings): Promise<Response> {
  const store = authStore()
  const you = await signedInEditor(request, settings, store)
  if (you instanceof Response) return you
  const editor = await findEditor(store, you.sub)
  if (!editor) return refuse(401, "this editor was removed: sign in again")
  return optionsFor(settings, { id: editor.id, email: editor.email, name: editor.name }, editor.passkeys, {
    editor: editor.id,
  })
}

/** A signed-in editor registers another passkey of their own: it is added to them, whatever the body says. */
async function ownRegistration(
  request: Request,
  body: Record<string, unknown>,
  settings: AuthSettings,
): Promise<Response> {
  const store = authStore()
  const you = await signedInEditor(request, settings, store)
  if (you instanceof Response) return you
  const challenge = await spentChallenge(body, settings, store, { editor: you.sub })
  if (challenge instanceof Response) return challenge
  const passkey = await newPasskey(request, body, settings, store, challenge)
  if (passkey instanceof Response) return passkey
  const editor = await addOwnPasskey(store, you.sub, passkey)
  if (!editor) return refuse(401, "this editor was removed: sign in again")
  console.log(`auth-passkeys: ${maskEmail(editor.email)} added a passkey of their own`)
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
    case "own-registration-options":
      return ownRegistrationOptions(request, settings)
    case "own-registration":
      return ownRegistration(request, body, settings)
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
    "/api/auth/passkeys/own-registration-options",
    "/api/auth/passkeys/own-registration",
    "/api/auth/passkeys/sign-in-options",
  ],
  method: "POST",
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ["ip", "domain"] },
}
