/**
 * What the sign-in needs from the environment, read once per request: the key
 * that signs every token (AUTH_SECRET) and the site's own address (URL, which
 * Netlify gives a function at run time; `npm run serve` sets it to localhost).
 * Tokens are bound to that address, passkeys to its host name, and Decap's
 * redirect to its /admin/.
 */
import type { Env } from "../function-env.ts"

/** The shortest key accepted: HS256 wants at least 256 bits. */
export const MIN_SECRET_LENGTH = 32

export interface AuthSettings {
  /** The HS256 key. */
  key: Uint8Array
  /** The site's origin, e.g. https://northshore.example (no trailing slash). */
  origin: string
  /** The WebAuthn relying party: the origin's host name. */
  rpID: string
  /** The one redirect_uri Decap may use: the editor's page. */
  adminUrl: string
}

/** The settings, or an Error naming what is missing (the endpoints then answer 503). */
export function authSettings(env: Env): AuthSettings | Error {
  const secret = env("AUTH_SECRET")?.trim() ?? ""
  if (secret.length < MIN_SECRET_LENGTH) {
    return new Error(`sign-in is not set up: AUTH_SECRET must be at least ${MIN_SECRET_LENGTH} characters`)
  }
  let url: URL
  try {
    url = new URL(env("URL")?.trim() ?? "")
  } catch {
    return new Error("sign-in is not set up: URL (the site's address) is missing")
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && url.hostname === "localhost")) {
    return new Error("sign-in is not set up: URL must be https (or http://localhost)")
  }
  return {
    key: new TextEncoder().encode(secret),
    origin: url.origin,
    rpID: url.hostname,
    adminUrl: `${url.origin}/admin/`,
  }
}
