/**
 * What every sign-in endpoint does the same way: answers in JSON that is never
 * cached, refuses in words an editor can act on, reads a bounded JSON body,
 * checks a browser's request comes from the site itself, and finds the editor
 * behind a Bearer access token (whose passkey must still be registered: removing
 * a passkey ends its sessions at once; and whose session was not signed out).
 */
import { getStore, type Store } from "@netlify/blobs"
import { AUTH_STORE, isRevoked, passkeyOwner, roleOf, type Role } from "./editors.ts"
import { readCappedText } from "../capped-body.ts"
import { functionEnv } from "../function-env.ts"
import { authSettings, type AuthSettings } from "./settings.ts"
import { TokenRefused, verifyToken, type EditorClaims } from "./tokens.ts"

const NO_STORE = { "Cache-Control": "no-store" }

export const json = (status: number, body: unknown, headers?: HeadersInit): Response =>
  Response.json(body, { status, headers: { ...NO_STORE, ...headers } })

/** A refusal: `{ "message": … }`, the form Decap reads (and GitHub's). */
export const refuse = (status: number, message: string, headers?: HeadersInit): Response =>
  json(status, { message }, headers)

export const unauthorized = (message: string): Response => refuse(401, message, { "WWW-Authenticate": "Bearer" })

/** The Bearer token of a request, if it has one. */
export function bearer(request: Request): string | undefined {
  return /^Bearer ([\w.~+/-]+=*)$/.exec(request.headers.get("Authorization")?.trim() ?? "")?.[1]
}

/** A browser's POST to a sign-in endpoint must come from the site's own pages. */
export function fromSite(request: Request, settings: AuthSettings): boolean {
  return request.headers.get("Origin") === settings.origin
}

/** The largest JSON body a sign-in endpoint reads (a WebAuthn response is a few KB). */
export const MAX_BODY_BYTES = 64 * 1024

/**
 * The request's JSON object, or undefined when it is not one or is too large: the body is read with a cap
 * (internal/capped-body.ts), so a body without a Content-Length, or with a false one, is never read whole.
 */
export async function readJson(
  request: Request,
  maxBytes = MAX_BODY_BYTES,
): Promise<Record<string, unknown> | undefined> {
  const text = await readCappedText(request, maxBytes)
  if (text === undefined) return undefined
  try {
    const body: unknown = JSON.parse(text)
    return body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}

export const authStore = (): Store => getStore({ name: AUTH_STORE, consistency: "strong" })

/** The settings, or the 503 to send when the site has none. */
export function settingsOrRefusal(): AuthSettings | Response {
  const settings = authSettings(functionEnv)
  if (settings instanceof Error) {
    console.error(settings.message)
    return refuse(503, settings.message)
  }
  return settings
}

/** A signed-in editor: who the access token names, their role now, and the token's id and end (for signing out). */
export interface SignedIn extends EditorClaims {
  role: Role
  jti: string
  exp: number
}

/** The editor a request's access token names, or the 401 to send. */
export async function signedInEditor(
  request: Request,
  settings: AuthSettings,
  store: Store,
): Promise<SignedIn | Response> {
  const token = bearer(request)
  if (!token) return unauthorized("sign in to the editor first")
  const claims = await verifyToken("access", token, settings)
  if (claims instanceof TokenRefused) return unauthorized(`${claims.message}: sign in again`)
  const [owner, revoked] = await Promise.all([passkeyOwner(store, claims.cid), isRevoked(store, claims.jti)])
  if (revoked) return unauthorized("you signed out of this session: sign in again")
  if (!owner || owner.editor.id !== claims.sub) return unauthorized("this passkey was removed: sign in again")
  const { editor } = owner
  return {
    sub: claims.sub,
    cid: claims.cid,
    email: editor.email,
    name: editor.name,
    role: roleOf(editor),
    jti: claims.jti,
    exp: claims.exp,
  }
}
