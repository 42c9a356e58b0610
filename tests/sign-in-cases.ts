import type { Store } from "@netlify/blobs"
import { SignJWT } from "jose"
import type { Role } from "../internal/auth/editors"
import { CLIENT_ID, s256 } from "../internal/auth/oauth"
import type { AuthSettings } from "../internal/auth/settings"
import { signToken } from "../internal/auth/tokens"
import { expectEvery } from "./offenders"
import { softwarePasskey, type SoftwarePasskey } from "./software-passkey"

/**
 * What Decap and an attacker send the sign-in's endpoints, for `site` (the origin the
 * functions run at): shared by the handlers' tests and the emulation's.
 */

/** Decap's authorization request: its query, with a PKCE verifier of its own, and `overrides`. */
export async function decapQuery(site: string, overrides: Record<string, string> = {}) {
  const verifier =
    "v".repeat(64) +
    Math.random()
      .toString(36)
      .slice(2)
      .replace(/[^a-z0-9]/g, "")
  const query = new URLSearchParams({
    client_id: CLIENT_ID,
    redirect_uri: `${site}/admin/`,
    response_type: "code",
    scope: "openid email",
    state: JSON.stringify({ auth_type: "pkce", nonce: "a-nonce" }),
    code_challenge: await s256(verifier),
    code_challenge_method: "S256",
    ...overrides,
  })
  return { query: query.toString(), verifier }
}

/** Decap's token request for a code: the form fields it posts, with `overrides`. */
export const exchangeFields = (
  site: string,
  code: string,
  verifier: string,
  overrides: Record<string, string> = {},
): Record<string, string> => ({
  client_id: CLIENT_ID,
  code,
  grant_type: "authorization_code",
  redirect_uri: `${site}/admin/`,
  code_verifier: verifier,
  ...overrides,
})

/** An invitation for `site` in every field, signed with a key that is not the site's. */
export const forgedInvitation = (site: string): Promise<string> =>
  new SignJWT({ use: "invitation", email: "x@example.com", name: "", by: "command" })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuer(site)
    .setAudience(site)
    .setExpirationTime("1h")
    .setJti("forged")
    .sign(new TextEncoder().encode("another-secret-of-at-least-32-characters"))

/** POSTs `body` to the site at `origin` as its own page would; the answer's JSON, or an error naming the step. */
async function postTo(
  origin: string,
  path: string,
  body: BodyInit,
  type = "application/json",
  headers: Record<string, string> = {},
) {
  const response = await fetch(origin + path, {
    method: "POST",
    headers: { "Content-Type": type, Origin: origin, ...headers },
    body,
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`${path}: ${response.status} ${text}`)
  return JSON.parse(text) as Record<string, unknown>
}

/** The Bearer token `npm run invite` sends the site: a command token signed with `settings`. */
export const commandBearer = async (settings: AuthSettings): Promise<Record<string, string>> => ({
  Authorization: `Bearer ${(await signToken("command", { action: "invite" }, settings)).token}`,
})

/**
 * An invitation's token (the link's fragment) as `npm run invite` makes it, through the site at
 * `origin`: POST /api/auth/invitations with a command token signed with `settings`.
 */
export async function commandInvitation(
  origin: string,
  settings: AuthSettings,
  who: { email: string; name: string; role?: Role },
): Promise<string> {
  const body = JSON.stringify({ role: "owner", ...who })
  const made = await postTo(origin, "/api/auth/invitations", body, "application/json", await commandBearer(settings))
  return String(made.link).split("#")[1]
}

/**
 * An editor's access token from the site at `origin`, every step through its functions: an
 * invitation the site makes for `npm run invite`'s token (an owner's, unless `who` says), a
 * passkey saved (a software authenticator, or `passkey`), Decap's authorization by that
 * passkey, and the code exchanged for the token.
 */
export async function passkeySignIn(
  origin: string,
  settings: AuthSettings,
  who: { email: string; name: string; role?: Role } = { email: "owner@example.com", name: "Pat Owner" },
  passkey?: SoftwarePasskey,
): Promise<string> {
  const invitation = await commandInvitation(origin, settings, who)
  return registerAndSignIn(origin, invitation, passkey ?? (await softwarePasskey()))
}

/** Registers `passkey` with an invitation's token at the site at `origin`, then signs in with it: the access token. */
export async function registerAndSignIn(origin: string, invitation: string, passkey: SoftwarePasskey): Promise<string> {
  await registerPasskey(origin, invitation, passkey)
  return signInWith(origin, passkey)
}

/** Registers `passkey` with an invitation's token at the site at `origin` (throws, naming the step, when refused). */
async function registerPasskey(origin: string, invitation: string, passkey: SoftwarePasskey): Promise<void> {
  const post = (path: string, body: unknown) => postTo(origin, path, JSON.stringify(body))
  const registering = await post("/api/auth/passkeys/registration-options", { invitation })
  await post("/api/auth/passkeys/registration", {
    invitation,
    challenge: registering.challenge,
    response: await passkey.register(registering.options as never, origin),
  })
}

/** Signs in at the site at `origin` with a registered passkey, as Decap and the sign-in page do: the access token. */
export async function signInWith(origin: string, passkey: SoftwarePasskey): Promise<string> {
  const post = (path: string, body: unknown) => postTo(origin, path, JSON.stringify(body))
  const { query, verifier } = await decapQuery(origin)
  const signingIn = await post("/api/auth/passkeys/sign-in-options", {})
  const authorized = await post("/api/oauth/authorize", {
    query,
    challenge: signingIn.challenge,
    response: await passkey.signIn(signingIn.options as never, origin),
  })
  const code = new URL(String(authorized.redirect)).searchParams.get("code") ?? ""
  const form = new URLSearchParams(exchangeFields(origin, code, verifier)).toString()
  const answer = await postTo(origin, "/api/oauth/token", form, "application/x-www-form-urlencoded")
  return String(answer.access_token)
}

/**
 * Who may sign in, as the auth store holds it: every editor, passkey and invitation, each key with
 * its record (not the single-use markers a refused attempt may leave: a spent challenge is spent).
 */
export async function whoMaySignIn(store: Store): Promise<Map<string, string>> {
  const keys = (await store.list()).blobs
    .map(({ key }) => key)
    .filter((key) => /^(editors|passkeys|invitations)\//.test(key))
  return new Map(
    await Promise.all(keys.map(async (key) => [key, JSON.stringify(await store.get(key, { type: "json" }))] as const)),
  )
}

/** What changed between two readings of whoMaySignIn: "added …", "removed …", "changed …". */
export function changedRecords(before: Map<string, string>, after: Map<string, string>): string[] {
  return [
    ...[...after.keys()].filter((key) => !before.has(key)).map((key) => `added ${key}`),
    ...[...before.keys()].filter((key) => !after.has(key)).map((key) => `removed ${key}`),
    ...[...before.keys()]
      .filter((key) => after.has(key) && after.get(key) !== before.get(key))
      .map((key) => `changed ${key}`),
  ]
}

/** One attempt the sign-in must refuse: its name, the status it must get, and the request. */
export interface Refusal {
  label: string
  status: number
  attempt: () => Promise<{ status: number; message: string }>
}

/**
 * Runs each attempt in turn, reading who may sign in before and after each, and fails once naming
 * every attempt that got another status, no plain sentence, or changed an editor, passkey or invitation.
 */
export async function expectRefusedAndUnchanged(store: Store, refusals: Refusal[], offence: string): Promise<void> {
  const results: { label: string; problems: string[] }[] = []
  for (const { label, status, attempt } of refusals) {
    const before = await whoMaySignIn(store)
    const answer = await attempt()
    const problems = changedRecords(before, await whoMaySignIn(store))
    if (answer.status !== status) problems.unshift(`answered ${answer.status} (${answer.message}), not ${status}`)
    else if (!/^[a-z0-9].{8,}/i.test(answer.message)) problems.unshift(`no sentence said why: "${answer.message}"`)
    results.push({ label, problems })
  }
  expectEvery(
    results,
    offence,
    ({ problems }) => problems,
    ({ label }) => label,
  )
}
