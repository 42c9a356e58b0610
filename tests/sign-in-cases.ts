import { SignJWT } from "jose"
import { CLIENT_ID, s256 } from "../internal/auth/oauth"

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
