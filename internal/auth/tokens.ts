/**
 * Every token the sign-in issues is a JWT signed with the site's key (HS256),
 * issued by and for the site's own origin, with a purpose of its own (`use`),
 * an id (`jti`) and a short life. A token of one purpose is never accepted for
 * another, nor one signed for another site, nor one past its time.
 *
 *   invitation  24 h   an email may register a passkey (single use, and only while its record is kept)
 *   command     5 min  `npm run invite` makes one invitation, as an owner would (single use)
 *   challenge   5 min  the WebAuthn challenge the browser must sign (single use)
 *   code        60 s   Decap's OAuth authorization code (single use, PKCE)
 *   access      1 h    the Bearer token Decap and /admin/ send with each request
 *   form        2 h    the call-back form's render time (internal/call-backs/form-token.ts)
 */
import { SignJWT, errors, jwtVerify } from "jose"
import type { AuthSettings } from "./settings.ts"

export const LIFETIMES = {
  invitation: 24 * 3600,
  command: 5 * 60,
  challenge: 5 * 60,
  code: 60,
  access: 3600,
  form: 2 * 3600,
} as const

export type TokenUse = keyof typeof LIFETIMES

/** The editor a code or an access token names: their id, the passkey they used, and who they are. */
export interface EditorClaims {
  sub: string
  cid: string
  email: string
  name: string
}

export interface InvitationClaims {
  email: string
  name: string
  /** Who invited: an editor's id, or "command" for `npm run invite`. */
  by: string
}

/** What `npm run invite` may do with the site's secret: make one invitation, as an owner. */
export interface CommandClaims {
  action: "invite"
}

export interface ChallengeClaims {
  kind: "registration" | "sign-in"
  challenge: string
  /** For a registration: the invitation's id, so a challenge serves only the invitation it was made for. */
  invitation?: string
  /** For a signed-in editor adding a passkey of their own: their id, so it serves only them. */
  editor?: string
}

export interface CodeClaims extends EditorClaims {
  /** PKCE: base64url(SHA-256(code_verifier)). */
  code_challenge: string
  redirect_uri: string
  client_id: string
}

/** When the call-back form was given to the visitor (ms since the epoch). */
export interface FormClaims {
  rendered: number
}

interface ClaimsOf {
  form: FormClaims
  invitation: InvitationClaims
  command: CommandClaims
  challenge: ChallengeClaims
  code: CodeClaims
  access: EditorClaims
}

export type Verified<U extends TokenUse> = ClaimsOf[U] & { jti: string; exp: number }

/** Signs a token of one purpose, living LIFETIMES[use] seconds from `now` (ms). */
export async function signToken<U extends TokenUse>(
  use: U,
  claims: ClaimsOf[U],
  settings: AuthSettings,
  now = Date.now(),
): Promise<{ token: string; jti: string; exp: number }> {
  const jti = crypto.randomUUID()
  const iat = Math.floor(now / 1000)
  const exp = iat + LIFETIMES[use]
  const token = await new SignJWT({ ...claims, use })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(settings.origin)
    .setAudience(settings.origin)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .setJti(jti)
    .sign(settings.key)
  return { token, jti, exp }
}

/** Why a token was refused, in words an editor can act on. */
export class TokenRefused extends Error {}

/** The token's claims when it is this site's, of this purpose, and in its time; else TokenRefused. */
export async function verifyToken<U extends TokenUse>(
  use: U,
  token: string,
  settings: AuthSettings,
  now = Date.now(),
): Promise<Verified<U> | TokenRefused> {
  try {
    const { payload } = await jwtVerify(token, settings.key, {
      algorithms: ["HS256"],
      issuer: settings.origin,
      audience: settings.origin,
      currentDate: new Date(now),
      requiredClaims: ["exp", "jti"],
    })
    if (payload.use !== use) return new TokenRefused(`this is not a ${use} token`)
    return payload as unknown as Verified<U>
  } catch (error) {
    if (error instanceof errors.JWTExpired) return new TokenRefused(`the ${use} has expired`)
    if (error instanceof errors.JWTClaimValidationFailed) return new TokenRefused(`the ${use} is not for this site`)
    return new TokenRefused(`the ${use} is not valid`)
  }
}
