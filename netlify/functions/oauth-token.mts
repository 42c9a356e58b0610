/**
 * OAuth 2 token endpoint for Decap's PKCE login: POST, form-encoded
 * (client_id, code, grant_type=authorization_code, redirect_uri, code_verifier).
 *
 * The code must be this site's, unexpired (60 s) and unused; client_id and
 * redirect_uri must be those it was issued for; SHA-256 of the verifier must be
 * its code_challenge; its passkey must still be registered. Then the code is
 * used up and an access token (1 h) naming the editor is returned, with their
 * email and name (Decap puts them on each commit). Errors are OAuth's
 * {error, error_description}, which Decap shows.
 */
import type { Config } from "@netlify/functions"
import { readCappedText } from "../../internal/capped-body.ts"
import { authStore, fromSite, json, settingsOrRefusal } from "../../internal/auth/http.ts"
import { passkeyOwner, spendOnce } from "../../internal/auth/editors.ts"
import { isVerifier, s256 } from "../../internal/auth/oauth.ts"
import { LIFETIMES, TokenRefused, signToken, verifyToken } from "../../internal/auth/tokens.ts"

/** The largest form read: a code, a verifier and two short fields are well under 2 KB. */
const MAX_FORM_BYTES = 8192

const failure = (status: number, error: string, description: string): Response =>
  json(status, { error, error_description: description })

export default async (request: Request): Promise<Response> => {
  if (request.method !== "POST") return failure(405, "invalid_request", "use POST")
  const settings = settingsOrRefusal()
  if (settings instanceof Response) return settings
  if (!fromSite(request, settings))
    return failure(403, "invalid_request", "this request did not come from the site's own pages")
  if (!/^application\/x-www-form-urlencoded\b/.test(request.headers.get("Content-Type") ?? "")) {
    return failure(400, "invalid_request", "the body must be form-encoded")
  }
  const text = await readCappedText(request, MAX_FORM_BYTES)
  if (text === undefined) return failure(400, "invalid_request", "the request is too large")
  const form = new URLSearchParams(text)
  if (form.get("grant_type") !== "authorization_code") {
    return failure(400, "unsupported_grant_type", "grant_type must be authorization_code")
  }
  const code = await verifyToken("code", form.get("code") ?? "", settings)
  if (code instanceof TokenRefused) return failure(400, "invalid_grant", `${code.message}: sign in again`)
  if (form.get("client_id") !== code.client_id || form.get("redirect_uri") !== code.redirect_uri) {
    return failure(400, "invalid_grant", "the code was issued for another client or redirect_uri")
  }
  const verifier = form.get("code_verifier")
  if (!isVerifier(verifier) || (await s256(verifier)) !== code.code_challenge) {
    return failure(400, "invalid_grant", "the code_verifier does not match: sign in again")
  }
  const store = authStore()
  const owner = await passkeyOwner(store, code.cid)
  if (!owner || owner.editor.id !== code.sub) return failure(400, "invalid_grant", "this passkey was removed")
  if (!(await spendOnce(store, code.jti, code.exp)))
    return failure(400, "invalid_grant", "the code was already used: sign in again")

  const editor = { sub: code.sub, cid: code.cid, email: owner.editor.email, name: owner.editor.name }
  const { token } = await signToken("access", editor, settings)
  return json(200, {
    access_token: token,
    token_type: "Bearer",
    expires_in: LIFETIMES.access,
    email: editor.email,
    name: editor.name,
  })
}

export const config: Config = {
  path: "/api/oauth/token",
  method: "POST",
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ["ip", "domain"] },
}
