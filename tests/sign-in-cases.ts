import { SignJWT } from "jose"
import { createInvitation } from "../internal/auth/invitations"
import { CLIENT_ID, s256 } from "../internal/auth/oauth"
import type { AuthSettings } from "../internal/auth/settings"
import { softwarePasskey } from "./software-passkey"

/**
 * What Decap and an attacker send the sign-in's endpoints, for `site` (the origin the
 * functions run at): shared by the handlers' tests and the emulation's.
 */

/** Decap's authorization request: its query, with a PKCE verifier of its own, and `overrides`. */
export async function decapQuery(site: string, overrides: Record<string, string> = {}) {
  const verifier =
    "v".repeat(64) +
    Math.random()
      .toString(36)
      .slice(2)
      .replace(/[^a-z0-9]/g, "")
  const query = new URLSearchParams({
    client_id: CLIENT_ID,
    redirect_uri: `${site}/admin/`,
    response_type: "code",
    scope: "openid email",
    state: JSON.stringify({ auth_type: "pkce", nonce: "a-nonce" }),
    code_challenge: await s256(verifier),
    code_challenge_method: "S256",
    ...overrides,
  })
  return { query: query.toString(), verifier }
}

/** Decap's token request for a code: the form fields it posts, with `overrides`. */
export const exchangeFields = (
  site: string,
  code: string,
  verifier: string,
  overrides: Record<string, string> = {},
): Record<string, string> => ({
  client_id: CLIENT_ID,
  code,
  grant_type: "authorization_code",
  redirect_uri: `${site}/admin/`,
  code_verifier: verifier,
  ...overrides,
})

/** An invitation for `site` in every field, signed with a key that is not the site's. */
export const forgedInvitation = (site: string): Promise<string> =>
  new SignJWT({ use: "invitation", email: "x@example.com", name: "", by: "command" })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuer(site)
    .setAudience(site)
    .setExpirationTime("1h")
    .setJti("forged")
    .sign(new TextEncoder().encode("another-secret-of-at-least-32-characters"))

/** POSTs `body` to the site at `origin` as its own page would; the answer's JSON, or an error naming the step. */
async function postTo(origin: string, path: string, body: BodyInit, type = "application/json") {
  const response = await fetch(origin + path, {
    method: "POST",
    headers: { "Content-Type": type, Origin: origin },
    body,
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`${path}: ${response.status} ${text}`)
  return JSON.parse(text) as Record<string, unknown>
}

/**
 * An editor's access token from the site at `origin`, every step through its functions: an
 * invitation signed with `settings`, a passkey saved (a software authenticator), Decap's
 * authorization by that passkey, and the code exchanged for the token.
 */
export async function passkeySignIn(
  origin: string,
  settings: AuthSettings,
  who = { email: "owner@example.com", name: "Pat Owner" },
): Promise<string> {
  const post = (path: string, body: unknown) => postTo(origin, path, JSON.stringify(body))
  const passkey = await softwarePasskey()
  const invitation = (await createInvitation(settings, { ...who, by: "command" })).link.split("#")[1]
  const registering = await post("/api/auth/passkeys/registration-options", { invitation })
  await post("/api/auth/passkeys/registration", {
    invitation,
    challenge: registering.challenge,
    response: await passkey.register(registering.options as never, origin),
  })
  const { query, verifier } = await decapQuery(origin)
  const signingIn = await post("/api/auth/passkeys/sign-in-options", {})
  const authorized = await post("/api/oauth/authorize", {
    query,
    challenge: signingIn.challenge,
    response: await passkey.signIn(signingIn.options as never, origin),
  })
  const code = new URL(String(authorized.redirect)).searchParams.get("code") ?? ""
  const form = new URLSearchParams(exchangeFields(origin, code, verifier)).toString()
  const answer = await postTo(origin, "/api/oauth/token", form, "application/x-www-form-urlencoded")
  return String(answer.access_token)
}
