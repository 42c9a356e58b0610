/**
 * Who can sign in, for a signed-in editor:
 *
 *   GET /api/auth/editors → {you: {id, role}, editors, invitations}: every editor with their
 *     role and passkeys (id, when registered, on what device); for an owner, the invitations
 *     not yet used (for a helper, none).
 *   DELETE /api/auth/editors/:editor/passkeys/:passkey → 204: removes one, which ends every
 *     session it started (the gateway and the report check the passkey on each request). A
 *     helper removes only their own; an owner anyone's. An editor left without a passkey is
 *     removed, and the invitations they made are void.
 *   PATCH /api/auth/editors/:editor {role} → 200 the editor: an owner makes an editor an
 *     owner or a helper.
 *
 * The site always keeps an owner: removing the last owner's last passkey, or demoting the
 * last owner, is refused (409). A lost phone: remove its passkey; the editor adds a new
 * phone from a signed-in session, or an owner invites them again once they are removed.
 */
import type { Config } from "@netlify/functions"
import type { Store } from "@netlify/blobs"
import {
  EditorsRefusal,
  isRole,
  listEditors,
  maskEmail,
  removePasskey,
  roleOf,
  setRole,
  type Editor,
} from "../../internal/auth/editors.ts"
import {
  authStore,
  fromSite,
  json,
  readJson,
  refuse,
  settingsOrRefusal,
  signedInEditor,
  type SignedIn,
} from "../../internal/auth/http.ts"
import { pendingInvitations, voidInvitationsBy } from "../../internal/auth/invitations.ts"

const PASSKEY_PATH = /^\/api\/auth\/editors\/([\w-]{1,64})\/passkeys\/([\w-]{1,1366})$/
const EDITOR_PATH = /^\/api\/auth\/editors\/([\w-]{1,64})$/

const NO_CONTENT = () => new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } })

const editorView = ({ id, email, name, passkeys, ...rest }: Editor) => ({
  id,
  email,
  name,
  role: roleOf(rest),
  passkeys: passkeys.map(({ id: passkey, created, device }) => ({ id: passkey, created, device })),
})

async function list(store: Store, you: SignedIn): Promise<Response> {
  const editors = await listEditors(store)
  const names = new Map(editors.map(({ id, name, email }) => [id, name || email]))
  const invitations =
    you.role === "owner"
      ? (await pendingInvitations(store)).map(({ id, email, name, role, by, created, expires }) => ({
          id,
          email,
          name,
          role,
          by: by === "command" ? "the set-up command" : (names.get(by) ?? "an editor since removed"),
          created,
          expires,
        }))
      : []
  return json(200, { you: { id: you.sub, role: you.role }, editors: editors.map(editorView), invitations })
}

async function remove(store: Store, you: SignedIn, editor: string, passkey: string): Promise<Response> {
  if (editor !== you.sub && you.role !== "owner") {
    return refuse(403, "only an owner removes another editor's passkey")
  }
  const removed = await removePasskey(store, editor, passkey)
  if (removed instanceof EditorsRefusal) return refuse(removed.status, removed.message)
  if (!removed) return refuse(404, "no such passkey")
  // An editor who is gone no longer vouches for the people they invited.
  if (removed.removed) await voidInvitationsBy(store, editor)
  console.log(`auth-editors: ${maskEmail(you.email)} removed a passkey${removed.removed ? " and its editor" : ""}`)
  return NO_CONTENT()
}

async function changeRole(request: Request, store: Store, you: SignedIn, editor: string): Promise<Response> {
  if (you.role !== "owner") return refuse(403, "only an owner changes an editor's role")
  const role = (await readJson(request))?.role
  if (!isRole(role)) return refuse(400, "the role must be owner or helper")
  const changed = await setRole(store, editor, role)
  if (changed instanceof EditorsRefusal) return refuse(changed.status, changed.message)
  // A helper invites nobody: the invitations they made as an owner are void.
  if (role === "helper") await voidInvitationsBy(store, editor)
  console.log(
    `auth-editors: ${maskEmail(you.email)} made ${maskEmail(changed.email)} ${role === "owner" ? "an owner" : "a helper"}`,
  )
  return json(200, editorView(changed))
}

export default async (request: Request): Promise<Response> => {
  const settings = settingsOrRefusal()
  if (settings instanceof Response) return settings
  const store = authStore()
  const you = await signedInEditor(request, settings, store)
  if (you instanceof Response) return you

  if (request.method === "GET") return list(store, you)
  if (request.method !== "DELETE" && request.method !== "PATCH") {
    return refuse(405, `method ${request.method} is not GET, DELETE or PATCH`, { Allow: "GET, DELETE, PATCH" })
  }
  if (!fromSite(request, settings)) return refuse(403, "this request did not come from the site's own pages")
  const pathname = new URL(request.url).pathname
  if (request.method === "PATCH") {
    const match = EDITOR_PATH.exec(pathname)
    return match ? changeRole(request, store, you, match[1]) : refuse(404, "no such editor")
  }
  const match = PASSKEY_PATH.exec(pathname)
  return match ? remove(store, you, match[1], match[2]) : refuse(404, "no such passkey")
}

export const config: Config = {
  path: ["/api/auth/editors", "/api/auth/editors/:editor", "/api/auth/editors/:editor/passkeys/:passkey"],
  method: ["GET", "DELETE", "PATCH"],
}
