/**
 * The call-back form's render time, signed by the server: a token of the
 * sign-in's kind (internal/auth/tokens.ts, use "form", signed with AUTH_SECRET)
 * carrying the instant the form was given to the visitor. `/call-back/` is a
 * static page, so the time cannot be in its HTML: a page with script asks the
 * function for a token when a field is first focused (GET /api/call-back); a page without
 * script posts without one, and the function answers with its own page of the
 * form, filled as sent and carrying a token, to check and send again
 * (docs/architecture.md#the-call-back-request says why).
 *
 * A request is taken only when its token is this site's, of this use, and at
 * least MIN_FILL_MS and at most the token's life (2 hours) old: a bot posts
 * faster than a person types, and a form left open for hours is sent again.
 */
import type { AuthSettings } from "../auth/settings"
import { signToken, TokenRefused, verifyToken } from "../auth/tokens"

import { MIN_FILL_MS } from "../../src/lib/call-back-request"

export const signFormToken = async (settings: AuthSettings, now = Date.now()): Promise<string> =>
  (await signToken("form", { rendered: now }, settings, now)).token

/** What a request's token says: none or not ours, too fast, too old, or in time. */
export type FormTiming = "missing" | "too-fast" | "too-old" | "in-time"

export async function formTiming(
  token: string | undefined,
  settings: AuthSettings,
  now = Date.now(),
): Promise<FormTiming> {
  if (!token) return "missing"
  const claims = await verifyToken("form", token, settings, now)
  if (claims instanceof TokenRefused) return claims.message.includes("expired") ? "too-old" : "missing"
  if (typeof claims.rendered !== "number" || now - claims.rendered < MIN_FILL_MS) return "too-fast"
  return "in-time"
}
