/**
 * The OAuth 2 authorization request Decap's `git-gateway` backend sends with
 * `auth_type: pkce` (decap-cms-lib-auth's PkceAuthenticator): checked the same
 * way when the browser arrives at /api/oauth/authorize and when the sign-in page
 * posts it back with the passkey's answer.
 */
import type { AuthSettings } from "./settings.ts"

/** The editor's `app_id` (Decap's `client_id`): internal/cms/editor-config.ts writes it into config.yml. */
export const CLIENT_ID = "decap-cms"

export interface AuthorizeRequest {
  client_id: string
  redirect_uri: string
  state: string
  code_challenge: string
}

/** Why an authorization request is refused: `redirect` false when the error must not go to its redirect_uri. */
export interface AuthorizeError {
  error: string
  description: string
  redirect: boolean
  state?: string
}

const CHALLENGE = /^[A-Za-z0-9_-]{43}$/

/** Checks the query of an authorization request. */
export function parseAuthorize(query: URLSearchParams, settings: AuthSettings): AuthorizeRequest | AuthorizeError {
  const state = query.get("state") ?? undefined
  const redirectUri = query.get("redirect_uri")
  if (redirectUri !== settings.adminUrl) {
    return { error: "invalid_request", description: `redirect_uri must be ${settings.adminUrl}`, redirect: false }
  }
  const fail = (error: string, description: string): AuthorizeError => ({ error, description, redirect: true, state })
  if (query.get("client_id") !== CLIENT_ID) return fail("unauthorized_client", `client_id must be ${CLIENT_ID}`)
  if (query.get("response_type") !== "code") return fail("unsupported_response_type", "response_type must be code")
  if (!state || state.length > 1024) return fail("invalid_request", "state is missing or too long")
  if (query.get("code_challenge_method") !== "S256")
    return fail("invalid_request", "code_challenge_method must be S256")
  const codeChallenge = query.get("code_challenge") ?? ""
  if (!CHALLENGE.test(codeChallenge)) return fail("invalid_request", "code_challenge must be a base64url SHA-256")
  return { client_id: CLIENT_ID, redirect_uri: redirectUri, state, code_challenge: codeChallenge }
}

export const isAuthorizeError = (parsed: AuthorizeRequest | AuthorizeError): parsed is AuthorizeError =>
  "error" in parsed

/** Where an error goes back to Decap: the editor's page with error, error_description and the state unchanged. */
export function errorRedirect(settings: AuthSettings, failure: AuthorizeError): string {
  const query = new URLSearchParams({ error: failure.error, error_description: failure.description })
  if (failure.state !== undefined) query.set("state", failure.state)
  return `${settings.adminUrl}?${query}`
}

/** PKCE S256: base64url(SHA-256(verifier)), without padding. */
export async function s256(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier))
  return Buffer.from(digest).toString("base64url")
}

/** RFC 7636: a verifier is 43 to 128 characters of [A-Za-z0-9-._~]. */
export const isVerifier = (verifier: unknown): verifier is string =>
  typeof verifier === "string" && /^[A-Za-z0-9._~-]{43,128}$/.test(verifier)
