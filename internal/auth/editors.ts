/**
 * Who may sign in: the editors and their passkeys, in Netlify Blobs (one store,
 * strongly consistent). No password and no secret of a passkey is kept: only
 * its public key. Keys of the store:
 *   editors/<id>       an Editor (id: a hash of the lower-cased email)
 *   passkeys/<id>      the editor a passkey belongs to (the editor's record decides)
 *   invitations/<jti>  an invitation not yet used, revoked or voided (invitations.ts)
 *   used/<jti>         an invitation, challenge or code already used: each is single-use
 *   revoked/<jti>      an access token its editor signed out of (http.ts)
 * An editor is an owner or a helper: an owner also decides who may sign in (invites,
 * revokes an invitation, removes another editor's passkey, changes a role), and there
 * is always at least one owner.
 * Writes that read first are conditional (onlyIfNew / onlyIfMatch) and retried,
 * so two requests at once never overwrite each other.
 */
import type { Store } from "@netlify/blobs"

export const AUTH_STORE = "editors"

export interface Passkey {
  /** The credential's id, base64url. */
  id: string
  /** Its COSE public key, base64url. */
  publicKey: string
  counter: number
  transports?: string[]
  /** When it was registered (ISO). */
  created: string
  /** What it was registered on, in words ("iPhone", "Android phone", …). */
  device: string
}

const ROLES = ["owner", "helper"] as const
export type Role = (typeof ROLES)[number]

export const isRole = (role: unknown): role is Role => ROLES.includes(role as Role)

export interface Editor {
  id: string
  email: string
  name: string
  /** Who invited them: an editor's id, or "command". */
  invitedBy: string
  /** Absent on records stored before roles existed: see roleOf. */
  role?: Role
  created: string
  passkeys: Passkey[]
}

/**
 * An editor's role. Records stored before roles existed have none: the editor the
 * command invited (the site's first, set up by whoever deployed it) is an owner,
 * everyone an editor invited is a helper until an owner says otherwise.
 */
export const roleOf = (editor: Pick<Editor, "role" | "invitedBy">): Role =>
  editor.role ?? (editor.invitedBy === "command" ? "owner" : "helper")

/** Why a change of the editors was refused: a sentence an editor can act on, and its status. */
export class EditorsRefusal extends Error {
  // A field of its own, not a parameter property: `npm run invite` runs this file with Node's type stripping.
  readonly status: number
  constructor(status: number, message: string) {
    super(message)
    this.status = status
  }
}

const LAST_OWNER = "the site must keep an owner: make another editor an owner first, then remove or demote this one"

const EMAIL = /^[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[^\s@<>()[\],;:"]+$/

/** The email as stored (trimmed, lower case), or undefined when it is not one. */
export function normalEmail(email: unknown): string | undefined {
  if (typeof email !== "string") return undefined
  const normal = email.trim().toLowerCase()
  return normal.length <= 254 && EMAIL.test(normal) ? normal : undefined
}

/** An email as a log may show it: its first letter and its domain. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@")
  return at < 1 ? "…" : `${email[0]}…${email.slice(at)}`
}

const base64url = (bytes: ArrayBuffer | Uint8Array): string => Buffer.from(new Uint8Array(bytes)).toString("base64url")

/** An editor's id: 16 bytes of SHA-256 of their email, base64url (also their WebAuthn user handle). */
export async function editorId(email: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(email))
  return base64url(digest.slice(0, 16))
}

/** Records a token's id as used; false when it already was (the token is then refused). */
export async function spendOnce(store: Store, jti: string, exp: number): Promise<boolean> {
  const { modified } = await store.setJSON(`used/${jti}`, { exp }, { onlyIfNew: true })
  return modified
}

/** Ends a session: its access token (by id) is refused from now on, until it would have expired anyway. */
export async function revokeToken(store: Store, jti: string, exp: number): Promise<void> {
  await store.setJSON(`revoked/${jti}`, { exp })
}

export async function isRevoked(store: Store, jti: string): Promise<boolean> {
  return (await store.getMetadata(`revoked/${jti}`)) !== null
}

/** An editor's record and its version (for a conditional write), or undefined when there is none. */
async function readEditor(store: Store, id: string): Promise<{ editor: Editor; etag: string } | undefined> {
  const found = await store.getWithMetadata(`editors/${id}`, { type: "json" })
  return found ? { editor: found.data as Editor, etag: found.etag ?? "" } : undefined
}

/** The editor of this id, or undefined when there is none. */
export const findEditor = async (store: Store, id: string): Promise<Editor | undefined> =>
  (await readEditor(store, id))?.editor

const ATTEMPTS = 8

/**
 * Changes an editor's record with `change` (given undefined when there is none; it returns the new
 * record, or null to delete it), retrying when another request changed it meanwhile.
 */
async function updateEditor(
  store: Store,
  id: string,
  change: (editor: Editor | undefined) => Editor | null,
): Promise<Editor | null> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const current = await readEditor(store, id)
    const next = change(current?.editor)
    if (next === null) {
      if (current) await store.delete(`editors/${id}`)
      return null
    }
    const { modified } = current
      ? await store.setJSON(`editors/${id}`, next, { onlyIfMatch: current.etag })
      : await store.setJSON(`editors/${id}`, next, { onlyIfNew: true })
    if (modified) return next
  }
  throw new Error("the editor's record kept changing: try again")
}

/**
 * A new editor of `email` with their first passkey; undefined when the email already has an
 * editor (an invitation never adds a passkey to an existing editor, nor renames one).
 */
export async function createEditor(
  store: Store,
  who: { email: string; name: string; invitedBy: string; role: Role },
  passkey: Passkey,
  now = new Date(),
): Promise<Editor | undefined> {
  const id = await editorId(who.email)
  const editor: Editor = {
    id,
    email: who.email,
    name: who.name,
    invitedBy: who.invitedBy,
    role: who.role,
    created: now.toISOString(),
    passkeys: [passkey],
  }
  const { modified } = await store.setJSON(`editors/${id}`, editor, { onlyIfNew: true })
  if (!modified) return undefined
  await store.setJSON(`passkeys/${passkey.id}`, { editor: id })
  return editor
}

/** Adds a passkey to an existing editor (their own, from their session); undefined when they are gone. */
export async function addOwnPasskey(store: Store, id: string, passkey: Passkey): Promise<Editor | undefined> {
  const editor = await updateEditor(store, id, (current) =>
    current
      ? { ...current, passkeys: [...current.passkeys.filter(({ id: other }) => other !== passkey.id), passkey] }
      : null,
  )
  if (!editor) return undefined
  await store.setJSON(`passkeys/${passkey.id}`, { editor: id })
  return editor
}

/** The editor a passkey belongs to and the passkey, or undefined when it is unknown or was removed. */
export async function passkeyOwner(
  store: Store,
  passkeyId: string,
): Promise<{ editor: Editor; passkey: Passkey } | undefined> {
  if (!/^[\w-]{1,1366}$/.test(passkeyId)) return undefined
  const link = (await store.get(`passkeys/${passkeyId}`, { type: "json" })) as { editor?: string } | null
  if (!link?.editor) return undefined
  const editor = await findEditor(store, link.editor)
  const passkey = editor?.passkeys.find(({ id }) => id === passkeyId)
  return editor && passkey ? { editor, passkey } : undefined
}

/** Keeps a passkey's new signature counter (WebAuthn's clone detection). */
export async function recordCounter(store: Store, editor: string, passkeyId: string, counter: number): Promise<void> {
  await updateEditor(store, editor, (current) =>
    current
      ? { ...current, passkeys: current.passkeys.map((key) => (key.id === passkeyId ? { ...key, counter } : key)) }
      : null,
  )
}

/**
 * Whether the site would still have an owner if `id` were no longer one. Read across every
 * editor, which Blobs cannot change in one write: two owners demoting each other at the same
 * instant could both pass (an engineer then runs `npm run invite` again).
 */
async function anotherOwner(store: Store, id: string): Promise<boolean> {
  return (await listEditors(store)).some((editor) => editor.id !== id && roleOf(editor) === "owner")
}

/**
 * Removes a passkey; an editor left with none is removed too (`removed` true). Refused
 * (EditorsRefusal 409) when that would remove the last owner; undefined when there was no such passkey.
 */
export async function removePasskey(
  store: Store,
  editor: string,
  passkeyId: string,
): Promise<{ removed: boolean } | undefined | EditorsRefusal> {
  const current = await findEditor(store, editor)
  if (!current?.passkeys.some(({ id }) => id === passkeyId)) return undefined
  const last = current.passkeys.length === 1
  if (last && roleOf(current) === "owner" && !(await anotherOwner(store, editor))) {
    return new EditorsRefusal(409, `this is the only passkey of the site's last owner: ${LAST_OWNER}`)
  }
  let found = false
  let removed = false
  await updateEditor(store, editor, (record) => {
    if (!record) return null
    found = record.passkeys.some(({ id }) => id === passkeyId)
    const passkeys = record.passkeys.filter(({ id }) => id !== passkeyId)
    removed = passkeys.length === 0
    return passkeys.length ? { ...record, passkeys } : null
  })
  if (!found) return undefined
  await store.delete(`passkeys/${passkeyId}`)
  return { removed }
}

/** Gives an editor a role. Refused (EditorsRefusal) for an unknown editor, or a demotion of the last owner. */
export async function setRole(store: Store, id: string, role: Role): Promise<Editor | EditorsRefusal> {
  const current = await findEditor(store, id)
  if (!current) return new EditorsRefusal(404, "no such editor")
  if (role !== "owner" && roleOf(current) === "owner" && !(await anotherOwner(store, id))) {
    return new EditorsRefusal(409, `${current.name || current.email} is the site's last owner: ${LAST_OWNER}`)
  }
  const editor = await updateEditor(store, id, (record) => (record ? { ...record, role } : null))
  return editor ?? new EditorsRefusal(404, "no such editor")
}

/** Every editor, by email. */
export async function listEditors(store: Store): Promise<Editor[]> {
  const editors: Editor[] = []
  for await (const page of store.list({ prefix: "editors/", paginate: true })) {
    for (const { key } of page.blobs) {
      const editor = (await store.get(key, { type: "json" })) as Editor | null
      if (editor) editors.push(editor)
    }
  }
  return editors.sort((a, b) => a.email.localeCompare(b.email))
}

/** A device named from a User-Agent, in words an owner recognises; never the whole string. */
export function deviceName(userAgent: string | null): string {
  const ua = userAgent ?? ""
  if (/iPhone/.test(ua)) return "iPhone"
  if (/iPad/.test(ua)) return "iPad"
  if (/Android/.test(ua)) return /Mobile/.test(ua) ? "Android phone" : "Android tablet"
  if (/Macintosh/.test(ua)) return "Mac"
  if (/Windows/.test(ua)) return "Windows computer"
  if (/CrOS/.test(ua)) return "Chromebook"
  if (/Linux/.test(ua)) return "Linux computer"
  return "a device"
}
