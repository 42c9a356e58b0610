/**
 * An invitation: a signed token naming the email (and name) that may register
 * a passkey, and a record of it in the auth store (`invitations/<jti>`: who made
 * it, for whom, the role it gives, when it was made and when it expires). The
 * record decides, not the signature alone: an owner revokes an invitation by
 * deleting it, removing its inviter voids it, and registering uses it up. It
 * lives 24 hours. The token travels in the link's fragment
 * (`/admin/invitation/#…`), which a browser never sends to a server, so no log
 * holds it. Made by an owner at /admin/editors/, or by `npm run invite` through
 * the same endpoint (with a command token: netlify/functions/auth-invitations.mts).
 */
import type { Store } from "@netlify/blobs"
import { editorId, findEditor, roleOf, type Role } from "./editors.ts"
import type { AuthSettings } from "./settings.ts"
import { signToken } from "./tokens.ts"

export const INVITATION_PAGE = "/admin/invitation/"

const PREFIX = "invitations/"

export interface StoredInvitation {
  /** The token's id (its jti). */
  id: string
  email: string
  name: string
  role: Role
  /** Who made it: an editor's id, or "command" for `npm run invite`. */
  by: string
  /** When it was made and when it stops working (ISO). */
  created: string
  expires: string
  /** When it stops working, in seconds since the epoch, as the sweep reads every record it deletes (internal/auth/sweep.ts). */
  exp: number
}

/** Signs an invitation and keeps its record; the link to send and when it stops working. */
export async function createInvitation(
  settings: AuthSettings,
  store: Store,
  who: { email: string; name: string; role: Role; by: string },
  now = Date.now(),
): Promise<{ id: string; link: string; expires: string }> {
  const { token, jti, exp } = await signToken(
    "invitation",
    { email: who.email, name: who.name, by: who.by },
    settings,
    now,
  )
  const expires = new Date(exp * 1000).toISOString()
  const record: StoredInvitation = { id: jti, ...who, created: new Date(now).toISOString(), expires, exp }
  await store.setJSON(`${PREFIX}${jti}`, record, { onlyIfNew: true })
  return { id: jti, link: `${settings.origin}${INVITATION_PAGE}#${token}`, expires }
}

/** The stored invitation of this id, or undefined when it was used, revoked or voided. */
export async function findInvitation(store: Store, id: string): Promise<StoredInvitation | undefined> {
  if (!/^[\w-]{1,64}$/.test(id)) return undefined
  return ((await store.get(`${PREFIX}${id}`, { type: "json" })) as StoredInvitation | null) ?? undefined
}

/** Every invitation still stored, expired ones included (for the caller to tell apart), oldest first. */
async function storedInvitations(store: Store): Promise<StoredInvitation[]> {
  const found: StoredInvitation[] = []
  for await (const page of store.list({ prefix: PREFIX, paginate: true })) {
    for (const { key } of page.blobs) {
      const invitation = (await store.get(key, { type: "json" })) as StoredInvitation | null
      if (invitation) found.push(invitation)
    }
  }
  return found.sort((a, b) => a.created.localeCompare(b.created))
}

/** The invitations that can still be used, oldest first. */
export async function pendingInvitations(store: Store, now = Date.now()): Promise<StoredInvitation[]> {
  return (await storedInvitations(store)).filter(({ expires }) => Date.parse(expires) > now)
}

/** Deletes an invitation (revoked, or used); false when there was none. */
export async function deleteInvitation(store: Store, id: string): Promise<boolean> {
  if (!(await findInvitation(store, id))) return false
  await store.delete(`${PREFIX}${id}`)
  return true
}

/** Voids every invitation `by` made (an editor removed, or no longer an owner). */
export async function voidInvitationsBy(store: Store, by: string): Promise<void> {
  for (const invitation of await storedInvitations(store)) {
    if (invitation.by === by) await store.delete(`${PREFIX}${invitation.id}`)
  }
}

/**
 * Why a stored invitation cannot be used now, in words for the person invited (or undefined
 * when it can): gone (used, revoked, voided), expired, its inviter no longer an owner, or its
 * email already an editor's: an invitation never adds a passkey to an existing editor.
 */
export async function invitationProblem(
  store: Store,
  invitation: StoredInvitation | undefined,
  now = Date.now(),
): Promise<{ status: number; message: string } | undefined> {
  if (!invitation) return { status: 403, message: "the invitation was used or taken back: ask for a new invitation" }
  if (Date.parse(invitation.expires) <= now)
    return { status: 403, message: "the invitation has expired: ask for a new invitation" }
  if (invitation.by !== "command") {
    const inviter = await findEditor(store, invitation.by)
    if (!inviter || roleOf(inviter) !== "owner") {
      return {
        status: 403,
        message: "the person who invited you can no longer invite: ask an owner for a new invitation",
      }
    }
  }
  if (await findEditor(store, await editorId(invitation.email))) {
    return {
      status: 409,
      message:
        "this email address can already sign in: to use another phone, sign in on your first one and add this phone from Editors",
    }
  }
  return undefined
}
