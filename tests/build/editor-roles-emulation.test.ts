import { spawnSync } from "child_process"
import path from "path"
import { AUTH_STORE } from "../../internal/auth/editors"
import { authSettings, type AuthSettings } from "../../internal/auth/settings"
import { signToken } from "../../internal/auth/tokens"
import { CALL_REPORT_ENDPOINT } from "../../src/lib/call-tap"
import { startGitHubStandIn, type GitHubStandIn } from "../github-stand-in"
import { startNetlifyDev, type NetlifyDevServer } from "../netlify-dev"
import { expectNone } from "../offenders"
import {
  changedRecords,
  expectRefusedAndUnchanged,
  passkeySignIn,
  registerAndSignIn,
  signInWith,
  whoMaySignIn,
  type Refusal,
} from "../sign-in-cases"
import { softwarePasskey, type SoftwarePasskey } from "../software-passkey"

/**
 * Who may decide who signs in, tried as an attacker would through Netlify's emulation of the
 * functions (tests/netlify-dev.ts) with the GitHub stand-in behind the gateway: the owner signs in
 * with a passkey from `npm run invite`'s invitation, invites a helper through the API, and the
 * helper signs in with a software passkey of their own. Each attempt below is refused with a
 * sentence, and the auth store's editors, passkeys and invitations are as they were before it
 * (tests/sign-in-cases.ts's whoMaySignIn), with nothing relayed to GitHub. The owner's own paths
 * still pass. Every case on the handlers is in tests/unit/sign-in-functions.test.ts.
 */
const REPO = "northshore/site"
const GITHUB_TOKEN = "the-sites-own-github-token"
const SECRET = "an-emulation-secret-of-at-least-32-characters"

let github: GitHubStandIn
let server: NetlifyDevServer
let settings: AuthSettings
const owner = { token: "", passkey: undefined as unknown as SoftwarePasskey, id: "" }
const helper = { token: "", passkey: undefined as unknown as SoftwarePasskey, id: "" }

interface Answer {
  status: number
  message: string
  body: Record<string, unknown>
}

/** One request to the emulation as the site's own page sends it (Origin), with `token` as its Bearer. */
async function call(method: string, path: string, token?: string, body?: unknown): Promise<Answer> {
  const response = await fetch(server.origin + path, {
    method,
    headers: {
      Origin: server.origin,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  const parsed = (text ? JSON.parse(text) : {}) as Record<string, unknown>
  return { status: response.status, message: String(parsed.message ?? ""), body: parsed }
}

/** An invitation made with `token` (an owner's): its id and the link's token; throws when refused. */
async function invite(token: string, email: string, role = "helper", name = "") {
  const made = await call("POST", "/api/auth/invitations", token, { email, name, role })
  if (made.status !== 201) throw new Error(`the invitation for ${email}: ${made.status} ${made.message}`)
  return { id: String(made.body.id), token: String(made.body.link).split("#")[1] }
}

interface Listed {
  id: string
  email: string
  role: string
  passkeys: { id: string }[]
}

const editorsSeenBy = async (token: string) =>
  (await call("GET", "/api/auth/editors", token)).body as {
    you: { id: string; role: string }
    editors: Listed[]
    invitations: { id: string; email: string; role: string; by: string }[]
  }

const editorOf = async (email: string): Promise<Listed> =>
  (await editorsSeenBy(owner.token)).editors.find((editor) => editor.email === email)!

/** The attempts, each refused with nothing changed in the auth store, and nothing reaching GitHub. */
async function expectRefused(refusals: Refusal[], offence: string): Promise<void> {
  const relayedBefore = github.requests.length
  await expectRefusedAndUnchanged(server.store(AUTH_STORE), refusals, offence)
  expectNone(
    github.requests.slice(relayedBefore).map(({ method, path }) => `relayed ${method} ${path}`),
    `${offence}: GitHub was reached`,
  )
}

/** A passkey's registration with an invitation whose options were asked for earlier: the attempt. */
async function registrationWith(invitation: string, started: Record<string, unknown>) {
  const passkey = await softwarePasskey()
  return call("POST", "/api/auth/passkeys/registration", undefined, {
    invitation,
    challenge: started.challenge,
    response: await passkey.register(started.options as never, server.origin),
  })
}

const optionsOf = async (invitation: string) => {
  const started = await call("POST", "/api/auth/passkeys/registration-options", undefined, { invitation })
  if (started.status !== 200) throw new Error(`the options: ${started.status} ${started.message}`)
  return started.body
}

beforeAll(async () => {
  github = await startGitHubStandIn({ repo: REPO, files: { "data/business.json": "{}\n" }, token: GITHUB_TOKEN })
  server = await startNetlifyDev({
    env: { AUTH_SECRET: SECRET, CMS_GITHUB_REPO: REPO, GITHUB_TOKEN, GITHUB_API_URL: github.url },
  })
  settings = authSettings((name) => ({ AUTH_SECRET: SECRET, URL: server.origin })[name]) as AuthSettings
  // The owner: `npm run invite`'s path (a command token), a passkey, Decap's sign-in.
  owner.passkey = await softwarePasskey()
  owner.token = await passkeySignIn(server.origin, settings, undefined, owner.passkey)
  // The helper: the owner's invitation through the API, a passkey of their own.
  helper.passkey = await softwarePasskey()
  const invitation = await invite(owner.token, "sam@example.com", "helper", "Sam Helper")
  helper.token = await registerAndSignIn(server.origin, invitation.token, helper.passkey)
  owner.id = (await editorOf("owner@example.com")).id
  helper.id = (await editorOf("sam@example.com")).id
}, 120_000)

afterAll(async () => {
  await server?.stop()
  await github?.stop()
})

describe("owners and helpers through Netlify's emulation", () => {
  it("npm run invite asks the running site for an owner's invitation, which an owner sees and can take back; without the secret, nothing", async () => {
    const invited = spawnSync(
      process.execPath,
      ["--disable-warning=MODULE_TYPELESS_PACKAGE_JSON", "scripts/invite.mts", "pat@example.com", "--name", "Pat Two"],
      {
        cwd: path.resolve(__dirname, "../.."),
        env: { ...process.env, AUTH_SECRET: SECRET, URL: server.origin },
        encoding: "utf8",
      },
    )
    expect([invited.status, invited.stderr]).toEqual([0, ""])
    const link = invited.stdout.split("\n")[0]
    expect(link).toMatch(new RegExp(`^${server.origin}/admin/invitation/#`))
    const pending = (await editorsSeenBy(owner.token)).invitations
    expect(pending).toEqual([
      expect.objectContaining({ email: "pat@example.com", role: "owner", by: "the set-up command" }),
    ])
    expect((await call("DELETE", `/api/auth/invitations/${pending[0].id}`, owner.token)).status).toBe(204)
    // Without the site's secret the site makes nothing.
    const forged = spawnSync(
      process.execPath,
      ["--disable-warning=MODULE_TYPELESS_PACKAGE_JSON", "scripts/invite.mts", "mallory@example.com"],
      {
        cwd: path.resolve(__dirname, "../.."),
        env: { ...process.env, AUTH_SECRET: "another-secret-of-at-least-32-characters!", URL: server.origin },
        encoding: "utf8",
      },
    )
    expect([forged.status, forged.stderr]).toEqual([
      1,
      expect.stringMatching(/^The site refused the invitation \(401\)/),
    ])
    expect((await editorsSeenBy(owner.token)).invitations).toEqual([])
  })

  it("the editors' list names each role, and the signed-in editor", async () => {
    const seen = await editorsSeenBy(helper.token)
    expect(seen.you).toEqual({ id: helper.id, role: "helper" })
    expect(seen.editors.map(({ email, role }) => `${email} ${role}`)).toEqual([
      "owner@example.com owner",
      "sam@example.com helper",
    ])
  })

  it("a helper removing the owner's passkey, inviting, changing a role or taking back an invitation is refused, nothing changed", async () => {
    const pending = await invite(owner.token, "lee@example.com")
    const ownerPasskey = (await editorOf("owner@example.com")).passkeys[0].id
    await expectRefused(
      [
        {
          label: "a helper removing the owner's passkey",
          status: 403,
          attempt: () => call("DELETE", `/api/auth/editors/${owner.id}/passkeys/${ownerPasskey}`, helper.token),
        },
        {
          label: "a helper inviting someone",
          status: 403,
          attempt: () => call("POST", "/api/auth/invitations", helper.token, { email: "x@example.com" }),
        },
        {
          label: "a helper inviting an owner",
          status: 403,
          attempt: () =>
            call("POST", "/api/auth/invitations", helper.token, { email: "sam.too@example.com", role: "owner" }),
        },
        {
          label: "a helper making themselves an owner",
          status: 403,
          attempt: () => call("PATCH", `/api/auth/editors/${helper.id}`, helper.token, { role: "owner" }),
        },
        {
          label: "a helper demoting the owner",
          status: 403,
          attempt: () => call("PATCH", `/api/auth/editors/${owner.id}`, helper.token, { role: "helper" }),
        },
        {
          label: "a helper taking back the owner's invitation",
          status: 403,
          attempt: () => call("DELETE", `/api/auth/invitations/${pending.id}`, helper.token),
        },
      ],
      "a helper decided who may sign in",
    )
    expect((await call("DELETE", `/api/auth/invitations/${pending.id}`, owner.token)).status).toBe(204)
  })

  it("an invitation for an existing email is refused when made, and an older one at registration once the email has an editor", async () => {
    const older = await invite(owner.token, "kim@example.com", "helper", "Kim")
    const olderStarted = await optionsOf(older.token)
    const newer = await invite(owner.token, "kim@example.com", "helper", "Kim")
    await registerAndSignIn(server.origin, newer.token, await softwarePasskey())
    await expectRefused(
      [
        {
          label: "the owner inviting the owner's own email (taking over the owner)",
          status: 409,
          attempt: () => call("POST", "/api/auth/invitations", owner.token, { email: "Owner@Example.com", name: "X" }),
        },
        {
          label: "the owner inviting the helper's email",
          status: 409,
          attempt: () => call("POST", "/api/auth/invitations", owner.token, { email: "sam@example.com" }),
        },
        {
          label: "an older invitation's options, its email now an editor's",
          status: 409,
          attempt: () =>
            call("POST", "/api/auth/passkeys/registration-options", undefined, { invitation: older.token }),
        },
        {
          label: "an older invitation's registration, its email now an editor's",
          status: 409,
          attempt: () => registrationWith(older.token, olderStarted),
        },
      ],
      "an invitation reached an existing editor",
    )
  })

  it("an invitation taken back, one whose inviter was removed, one used, and one expired register nothing", async () => {
    const second = await invite(owner.token, "lee@example.com", "owner", "Lee")
    const lee = { passkey: await softwarePasskey(), token: "" }
    lee.token = await registerAndSignIn(server.origin, second.token, lee.passkey)
    const revoked = await invite(owner.token, "taken@example.com")
    const byRemoved = await invite(lee.token, "orphan@example.com")
    const used = await invite(owner.token, "used@example.com")
    // Each asked for its passkey's options while it was good.
    const started = {
      revoked: await optionsOf(revoked.token),
      byRemoved: await optionsOf(byRemoved.token),
      used: await optionsOf(used.token),
    }
    await registerAndSignIn(server.origin, used.token, await softwarePasskey())
    expect((await call("DELETE", `/api/auth/invitations/${revoked.id}`, owner.token)).status).toBe(204)
    const leeRecord = await editorOf("lee@example.com")
    const removal = await call(
      "DELETE",
      `/api/auth/editors/${leeRecord.id}/passkeys/${leeRecord.passkeys[0].id}`,
      owner.token,
    )
    expect(removal.status).toBe(204)
    const expired = (
      await signToken(
        "invitation",
        { email: "late@example.com", name: "", by: "command" },
        settings,
        Date.now() - 25 * 3600_000,
      )
    ).token
    await expectRefused(
      [
        { label: "a revoked invitation", status: 403, attempt: () => registrationWith(revoked.token, started.revoked) },
        {
          label: "an invitation whose inviter was removed",
          status: 403,
          attempt: () => registrationWith(byRemoved.token, started.byRemoved),
        },
        { label: "an invitation used again", status: 403, attempt: () => registrationWith(used.token, started.used) },
        {
          label: "an invitation past its 24 hours",
          status: 403,
          attempt: () => call("POST", "/api/auth/passkeys/registration-options", undefined, { invitation: expired }),
        },
      ],
      "an invitation that is no longer good registered a passkey",
    )
  })

  it("the site keeps an owner: removing the last owner's only passkey, or demoting them, is refused", async () => {
    const ownerPasskey = (await editorOf("owner@example.com")).passkeys[0].id
    await expectRefused(
      [
        {
          label: "the last owner removing their only passkey",
          status: 409,
          attempt: () => call("DELETE", `/api/auth/editors/${owner.id}/passkeys/${ownerPasskey}`, owner.token),
        },
        {
          label: "the last owner demoting themselves",
          status: 409,
          attempt: () => call("PATCH", `/api/auth/editors/${owner.id}`, owner.token, { role: "helper" }),
        },
      ],
      "the site was left without an owner",
    )
  })

  it("a token used after its editor logged out is refused by the gateway, the editors' list and the Calls report", async () => {
    const session = await signInWith(server.origin, helper.passkey)
    expect((await call("GET", "/api/git/github/branches/main", session)).status).toBe(200)
    const signedOut = await call("POST", "/api/auth/sign-out", session)
    expect(signedOut.status).toBe(204)
    const relayedBefore = github.requests.length
    const before = await whoMaySignIn(server.store(AUTH_STORE))
    const answers = await Promise.all(
      ["/api/git/github/branches/main", "/api/auth/editors", `${CALL_REPORT_ENDPOINT}?days=7`].map(async (path) => ({
        path,
        status: (await call("GET", path, session)).status,
      })),
    )
    expectNone(
      answers.filter(({ status }) => status !== 401).map(({ path, status }) => `${path}: ${status}`),
      "the signed-out token was accepted",
    )
    expectNone(
      [
        ...github.requests.slice(relayedBefore).map(({ method, path }) => `relayed ${method} ${path}`),
        ...changedRecords(before, await whoMaySignIn(server.store(AUTH_STORE))),
      ],
      "the signed-out token changed something",
    )
    // The helper's other session goes on.
    expect((await call("GET", "/api/auth/editors", helper.token)).status).toBe(200)
  })

  it("the owner's own paths pass: invite, take back, change a role; a helper adds a phone of their own; sign out", async () => {
    const made = await invite(owner.token, "new@example.com", "owner", "New")
    expect((await editorsSeenBy(owner.token)).invitations.map(({ email }) => email)).toContain("new@example.com")
    expect((await call("DELETE", `/api/auth/invitations/${made.id}`, owner.token)).status).toBe(204)
    expect((await editorsSeenBy(owner.token)).invitations.map(({ email }) => email)).not.toContain("new@example.com")

    const promoted = await call("PATCH", `/api/auth/editors/${helper.id}`, owner.token, { role: "owner" })
    expect([promoted.status, promoted.body.role]).toEqual([200, "owner"])
    const demoted = await call("PATCH", `/api/auth/editors/${helper.id}`, owner.token, { role: "helper" })
    expect([demoted.status, demoted.body.role]).toEqual([200, "helper"])

    const phone = await softwarePasskey()
    const started = await call("POST", "/api/auth/passkeys/own-registration-options", helper.token, {})
    expect(started.status).toBe(200)
    const added = await call("POST", "/api/auth/passkeys/own-registration", helper.token, {
      challenge: started.body.challenge,
      response: await phone.register(started.body.options as never, server.origin),
    })
    expect(added.status).toBe(201)
    const fromPhone = await signInWith(server.origin, phone)
    expect((await editorsSeenBy(fromPhone)).you).toEqual({ id: helper.id, role: "helper" })
    expect((await editorOf("sam@example.com")).passkeys.map(({ id }) => id)).toEqual([helper.passkey.id, phone.id])

    const session = await signInWith(server.origin, owner.passkey)
    expect((await call("POST", "/api/auth/sign-out", session)).status).toBe(204)
    expect((await call("GET", "/api/auth/editors", session)).status).toBe(401)
    expect((await call("GET", "/api/auth/editors", owner.token)).status).toBe(200)
  })
})
