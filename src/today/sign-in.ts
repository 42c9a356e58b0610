import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser"
import { API, ApiError, NetworkError, requestJson } from "../components/admin/admin-api"
import { DECAP_USER_KEY } from "../components/admin/editor-session"
import { NETWORK_PROBLEM, SERVER_PROBLEM, UNAVAILABLE_PROBLEM, sentence } from "../components/admin/plain-errors"

/**
 * The page for today signs in where it stands: the same passkey sign-in and OAuth (PKCE) endpoints
 * Decap's login goes through (netlify/functions/oauth-authorize.mts, oauth-token.mts), called from
 * the page itself instead of through Decap's redirects, so the owner never leaves /admin/today/.
 * The page makes the authorization request Decap would make (decap-cms-lib-auth's
 * PkceAuthenticator), lets the phone sign the site's challenge with its passkey, posts both to the
 * authorization endpoint as the sign-in page does (src/components/admin/sign-in-screen.tsx) and
 * exchanges the code for the access token. It keeps the editor as Decap keeps them after its own
 * login, so the editor and the other admin pages see the owner signed in too.
 */

/** Decap's `app_id` (internal/auth/oauth.ts CLIENT_ID, which the endpoints require). */
export const CLIENT_ID = "decap-cms"
export const TOKEN_ENDPOINT = "/api/oauth/token"
/** Where Decap keeps the signed-in editor (decap-cms-core's LocalStorageAuthStore): the admin pages' own key. */
export const USER_KEY = DECAP_USER_KEY

/** The authorization request (its query, as the endpoint reads it) and the PKCE verifier that proves it. */
export interface PkceRequest {
  query: string
  verifier: string
  state: string
}

/** The editor as Decap keeps them under "decap-cms-user" after its PKCE login (decap-cms-backend-git-gateway). */
export interface DecapUser {
  backendName: "git-gateway"
  token: string
  name: string
  login: string
  email: string
  user_metadata: { full_name?: string }
}

/** What the page needs from the browser: the passkey dialog and random bytes. */
export interface SignInDeps {
  /** The page's origin, e.g. https://northshore.example: the redirect_uri is its /admin/. */
  origin: string
  /** The phone's passkey dialog (@simplewebauthn/browser's startAuthentication). */
  authenticate: (options: PublicKeyCredentialRequestOptionsJSON) => Promise<AuthenticationResponseJSON>
  crypto?: Crypto
}

/** Where a sign-in stopped: asking for the challenge, the phone, the site checking it, or the code's exchange. */
export type SignInStep = "options" | "phone" | "authorize" | "token"

export class SignInError extends Error {
  constructor(
    readonly step: SignInStep,
    readonly reason: unknown,
  ) {
    super(`${step}: ${reason instanceof Error ? reason.message : String(reason)}`)
    this.name = "SignInError"
  }
}

const base64url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "")

/** A random string of `bytes` bytes, base64url: within RFC 7636's verifier alphabet. */
const randomText = (crypto: Crypto, bytes: number): string => base64url(crypto.getRandomValues(new Uint8Array(bytes)))

/**
 * The authorization request Decap's PKCE login makes, for the page at `origin`: a fresh verifier
 * (64 characters), its S256 challenge, and a state of Decap's form with a fresh nonce.
 */
export async function pkceRequest(origin: string, crypto: Crypto = globalThis.crypto): Promise<PkceRequest> {
  const verifier = randomText(crypto, 48)
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier))
  const state = JSON.stringify({ auth_type: "pkce", nonce: randomText(crypto, 16) })
  const query = new URLSearchParams({
    client_id: CLIENT_ID,
    redirect_uri: `${origin}/admin/`,
    response_type: "code",
    scope: "openid email",
    state,
    code_challenge: base64url(new Uint8Array(digest)),
    code_challenge_method: "S256",
  })
  return { query: query.toString(), verifier, state }
}

/** The token endpoint's answer (OAuth's error fields when refused). */
interface TokenAnswer {
  access_token?: unknown
  email?: unknown
  name?: unknown
  error_description?: unknown
}

/** Exchanges the one-time code for the access token, form-encoded as Decap sends it. */
async function exchange(origin: string, code: string, verifier: string): Promise<TokenAnswer> {
  const form = new URLSearchParams({
    client_id: CLIENT_ID,
    code,
    grant_type: "authorization_code",
    redirect_uri: `${origin}/admin/`,
    code_verifier: verifier,
  })
  let response: Response
  try {
    response = await fetch(TOKEN_ENDPOINT, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded; charset=utf-8", accept: "application/json" },
      body: form.toString(),
      credentials: "same-origin",
      cache: "no-store",
    })
  } catch {
    throw new NetworkError()
  }
  const answer = (await response.json().catch(() => ({}))) as TokenAnswer
  if (!response.ok || typeof answer.access_token !== "string") {
    const said = typeof answer.error_description === "string" ? answer.error_description : ""
    throw new ApiError(response.ok ? 502 : response.status, said)
  }
  return answer
}

/** The editor as Decap keeps them: its name is the token's, else the address's first part (as Decap names them). */
export function decapUser(token: string, email: string, name: string): DecapUser {
  return {
    backendName: "git-gateway",
    token,
    name: name || email.split("@")[0],
    login: email,
    email,
    user_metadata: name ? { full_name: name } : {},
  }
}

/**
 * Signs in with the phone's passkey, every step through the site's own endpoints; resolves with
 * the editor as Decap keeps them, rejects with a SignInError naming the step.
 */
export async function passkeySignIn({ origin, authenticate, crypto }: SignInDeps): Promise<DecapUser> {
  let step: SignInStep = "options"
  try {
    const request = await pkceRequest(origin, crypto)
    const { options, challenge } = await requestJson<{
      options: PublicKeyCredentialRequestOptionsJSON
      challenge: string
    }>(API.signInOptions, { body: {} })
    step = "phone"
    const response = await authenticate(options)
    step = "authorize"
    const { redirect } = await requestJson<{ redirect: string }>(API.authorize, {
      body: { query: request.query, challenge, response },
    })
    const back = new URL(redirect, origin).searchParams
    // The code must answer this request: the same state it was sent with.
    if (back.get("state") !== request.state || !back.get("code")) throw new ApiError(502, "")
    step = "token"
    const answer = await exchange(origin, back.get("code") ?? "", request.verifier)
    const email = typeof answer.email === "string" ? answer.email : ""
    return decapUser(String(answer.access_token), email, typeof answer.name === "string" ? answer.name : "")
  } catch (error) {
    throw new SignInError(step, error)
  }
}

/** Keeps the signed-in editor where Decap keeps them: the editor at /admin/ then opens signed in too. */
export function keepUser(storage: Pick<Storage, "setItem">, user: DecapUser): void {
  storage.setItem(USER_KEY, JSON.stringify(user))
}

/** A browser that refused or gave up the passkey dialog (cancelled, timed out, or no passkey to offer). */
const isCancelled = (error: unknown) =>
  error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError")

export const SIGN_IN_CANCELLED =
  "No passkey was used: the request was cancelled or timed out, or this phone has no passkey for this site. Press “Sign in” to try again. No passkey on this phone yet? Ask an editor to invite you."

/** Why the sign-in failed, in the owner's words. */
export function signInProblem(error: unknown): string {
  const { step, reason: cause } =
    error instanceof SignInError ? error : { step: "options" as SignInStep, reason: error }
  if (cause instanceof NetworkError) return NETWORK_PROBLEM
  if (cause instanceof ApiError) {
    if (cause.status === 503) return UNAVAILABLE_PROBLEM
    if (cause.status >= 500) return SERVER_PROBLEM
    return sentence(cause.message) || "The website refused the sign-in. Press “Sign in” to try again."
  }
  if (step === "phone" && isCancelled(cause)) return SIGN_IN_CANCELLED
  const detail = cause instanceof Error && cause.message ? ` (the phone said: ${cause.message})` : ""
  return `The phone could not complete the passkey step${detail}. Press “Sign in” to try again.`
}
