/**
 * An invitation: a signed token naming the email (and name) that may register
 * a passkey, valid 72 hours and used once (the registration records its id). It
 * travels in the link's fragment (`/admin/invitation/#…`), which a browser never
 * sends to a server, so no log holds it. Made by `npm run invite` with the site's
 * secret, or by a signed-in editor from /admin/editors/.
 */
import type { AuthSettings } from "./settings.ts"
import { signToken } from "./tokens.ts"

export const INVITATION_PAGE = "/admin/invitation/"

export async function createInvitation(
  settings: AuthSettings,
  who: { email: string; name: string; by: string },
): Promise<{ link: string; expires: string }> {
  const { token, exp } = await signToken("invitation", who, settings)
  return { link: `${settings.origin}${INVITATION_PAGE}#${token}`, expires: new Date(exp * 1000).toISOString() }
}
