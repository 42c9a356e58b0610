/**
 * What every sign-in endpoint does the same way: answers in JSON that is never
 * cached, refuses in words an editor can act on, reads a bounded JSON body,
 * checks a browser's request comes from the site itself, and finds the editor
 * behind a Bearer access token (whose passkey must still be registered: removing
 * a passkey ends its sessions at once).
 */
import { getStore, type Store } from "@netlify/blobs"
import { AUTH_STORE, passkeyOwner } from "./editors.ts"
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

/** The request's JSON object, or undefined when it is not one or is too large. */
export async function readJson(
  request: Request,
  maxBytes = MAX_BODY_BYTES,
): Promise<Record<string, unknown> | undefined> {
  const declared = Number(request.headers.get("Content-Length") ?? 0)
  if (declared > maxBytes) return undefined
  const text = await request.text()
  if (new TextEncoder().encode(text).length > maxBytes) return undefined
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

/** The editor a request's access token names, or the 401 to send. */
export async function signedInEditor(
  request: Request,
  settings: AuthSettings,
  store: Store,
): Promise<EditorClaims | Response> {
  const token = bearer(request)
  if (!token) return unauthorized("sign in to the editor first")
  const claims = await verifyToken("access", token, settings)
  if (claims instanceof TokenRefused) return unauthorized(`${claims.message}: sign in again`)
  const owner = await passkeyOwner(store, claims.cid)
  if (!owner || owner.editor.id !== claims.sub) return unauthorized("this passkey was removed: sign in again")
  return { sub: claims.sub, cid: claims.cid, email: owner.editor.email, name: owner.editor.name }
}
