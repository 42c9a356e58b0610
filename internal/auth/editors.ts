/**
 * Who may sign in: the editors and their passkeys, in Netlify Blobs (one store,
 * strongly consistent). No password and no secret of a passkey is kept: only
 * its public key. Keys of the store:
 *   editors/<id>     an Editor (id: a hash of the lower-cased email)
 *   passkeys/<id>    the editor a passkey belongs to (the editor's record decides)
 *   used/<jti>       an invitation, challenge or code already used: each is single-use
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

export interface Editor {
  id: string
  email: string
  name: string
  /** Who invited them: an editor's id, or "command". */
  invitedBy: string
  created: string
  passkeys: Passkey[]
}

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

export async function isUsed(store: Store, jti: string): Promise<boolean> {
  return (await store.getMetadata(`used/${jti}`)) !== null
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

/** Adds a passkey to the editor of `email` (creating the editor the first time). */
export async function addPasskey(
  store: Store,
  who: { email: string; name: string; invitedBy: string },
  passkey: Passkey,
  now = new Date(),
): Promise<Editor> {
  const id = await editorId(who.email)
  const editor = await updateEditor(store, id, (current) => ({
    ...(current ?? { id, email: who.email, invitedBy: who.invitedBy, created: now.toISOString(), passkeys: [] }),
    name: who.name || current?.name || "",
    passkeys: [...(current?.passkeys ?? []).filter(({ id: other }) => other !== passkey.id), passkey],
  }))
  await store.setJSON(`passkeys/${passkey.id}`, { editor: id })
  return editor!
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

/** Removes a passkey; an editor left with none is removed too. False when there was no such passkey. */
export async function removePasskey(store: Store, editor: string, passkeyId: string): Promise<boolean> {
  let found = false
  await updateEditor(store, editor, (current) => {
    if (!current) return null
    found = current.passkeys.some(({ id }) => id === passkeyId)
    const passkeys = current.passkeys.filter(({ id }) => id !== passkeyId)
    return passkeys.length ? { ...current, passkeys } : null
  })
  if (found) await store.delete(`passkeys/${passkeyId}`)
  return found
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
