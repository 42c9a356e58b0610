/**
 * @jest-environment node
 */
/**
 * The owner's sign-in, function by function (netlify/functions/auth-*, oauth-*,
 * git-gateway, call-report), on @netlify/blobs' local server and a stand-in for
 * GitHub that records what reached it: the owner's whole path, then every
 * refusal, each proving that nothing was relayed or stored.
 */
import { generateKeyPairSync } from "crypto"
import { decodeProtectedHeader, importSPKI, jwtVerify } from "jose"
import { readMail, startSmtpStandIn } from "../smtp-stand-in"
import authEditors from "../../netlify/functions/auth-editors.mts"
import authInvitations, { config as invitationsConfig } from "../../netlify/functions/auth-invitations.mts"
import authPasskeys, { config as passkeysConfig } from "../../netlify/functions/auth-passkeys.mts"
import authSignOut, { config as signOutConfig } from "../../netlify/functions/auth-sign-out.mts"
import buildFailure from "../../netlify/functions/build-failure.mts"
import callReport from "../../netlify/functions/call-report.mts"
import gitGateway from "../../netlify/functions/git-gateway.mts"
import oauthAuthorize, { config as authorizeConfig } from "../../netlify/functions/oauth-authorize.mts"
import oauthToken, { config as tokenConfig } from "../../netlify/functions/oauth-token.mts"
import { AUTH_STORE } from "../../internal/auth/editors"
import { createInvitation } from "../../internal/auth/invitations"
import { CLIENT_ID, s256 } from "../../internal/auth/oauth"
import { authSettings, type AuthSettings } from "../../internal/auth/settings"
import { signToken } from "../../internal/auth/tokens"
import { keysOf, localBlobs } from "../blobs-server"
import { expectEvery, expectNone } from "../offenders"
import {
  commandBearer,
  decapQuery,
  exchangeFields,
  expectRefusedAndUnchanged,
  forgedInvitation,
} from "../sign-in-cases"
import { softwarePasskey, type SoftwarePasskey } from "../software-passkey"
import { quietConsole, standInServer } from "../stand-in-server"

const SITE = "https://northshore.example"
const SECRET = "a-test-secret-of-at-least-32-characters"
const REPO = "northshore/site"
const GITHUB_TOKEN = "github-token-of-the-site"
const INSTALLATION = "678"
const INSTALLATION_TOKEN = "installation-token-of-the-app"

const blobs = localBlobs()
const { spies } = quietConsole()
const store = () => blobs.store(AUTH_STORE)

/** What reached "GitHub": every request, in order. */
const relayed: { method: string; url: string; authorization?: string; body: string }[] = []
const github = standInServer((request, response) => {
  let body = ""
  request.on("data", (chunk: Buffer) => (body += chunk.toString()))
  request.on("end", () => {
    relayed.push({ method: request.method!, url: request.url!, authorization: request.headers.authorization, body })
    if (request.url === `/app/installations/${INSTALLATION}/access_tokens`) {
      response.writeHead(201, { "Content-Type": "application/json; charset=utf-8" })
      response.end(
        JSON.stringify({ token: INSTALLATION_TOKEN, expires_at: new Date(Date.now() + 3600_000).toISOString() }),
      )
      return
    }
    response.writeHead(request.method === "POST" ? 201 : 200, {
      "Content-Type": "application/json; charset=utf-8",
      Link: '<https://api.github.com/repositories/1/pulls?page=2>; rel="next"',
    })
    response.end(JSON.stringify({ sha: "0".repeat(40), name: "main" }))
  })
})

const ENV = { AUTH_SECRET: SECRET, URL: SITE, CMS_GITHUB_REPO: REPO, GITHUB_TOKEN }
let settings: AuthSettings
beforeEach(async () => {
  Object.assign(process.env, ENV, { GITHUB_API_URL: github.origin() })
  settings = authSettings((name) => process.env[name]) as AuthSettings
  relayed.length = 0
  await blobs.empty(AUTH_STORE)
})
afterEach(() => {
  for (const name of [...Object.keys(ENV), "GITHUB_API_URL"]) delete process.env[name]
})

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  new Request(`${SITE}${path}`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json", Origin: SITE, ...headers },
  })

const bodyOf = async (response: Response) => (await response.json()) as Record<string, unknown>

/** Registers a passkey for an invitation; the registration's response. */
async function register(passkey: SoftwarePasskey, invitation: string, origin = SITE): Promise<Response> {
  const started = await authPasskeys(post("/api/auth/passkeys/registration-options", { invitation }))
  expect(started.status).toBe(200)
  const { options, challenge } = (await started.json()) as { options: never; challenge: string }
  const response = await passkey.register(options, origin)
  return authPasskeys(post("/api/auth/passkeys/registration", { invitation, challenge, response }))
}

/** An owner's invitation as `npm run invite` makes it: POST /api/auth/invitations with a command token. */
async function invitationToken(email = "owner@example.com", name = "Pat Owner"): Promise<string> {
  const made = await authInvitations(
    post("/api/auth/invitations", { email, name, role: "owner" }, await commandBearer(settings)),
  )
  expect(made.status).toBe(201)
  return ((await made.json()) as { link: string }).link.split("#")[1]
}

/** Signs in with a registered passkey through the authorize endpoint's POST. */
async function authorize(passkey: SoftwarePasskey, query: string, origin = SITE): Promise<Response> {
  const started = await authPasskeys(post("/api/auth/passkeys/sign-in-options", {}))
  const { options, challenge } = (await started.json()) as { options: never; challenge: string }
  const response = await passkey.signIn(options, origin)
  return oauthAuthorize(post("/api/oauth/authorize", { query, challenge, response }))
}

const tokenRequest = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  new Request(`${SITE}/api/oauth/token`, {
    method: "POST",
    body: new URLSearchParams(fields).toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded; charset=utf-8", Origin: SITE, ...headers },
  })

/** The owner's whole path to an access token: invitation, passkey, sign-in, code, token. */
const signedInOwner = async (): Promise<{ passkey: SoftwarePasskey; token: string }> =>
  signedInWith(await invitationToken())

/** An invitation's whole path to an access token: passkey, sign-in, code, token. */
async function signedInWith(invitation: string): Promise<{ passkey: SoftwarePasskey; token: string }> {
  const passkey = await softwarePasskey()
  expect((await register(passkey, invitation)).status).toBe(201)
  return { passkey, token: await tokenFor(passkey) }
}

/** Signs in with a registered passkey, then exchanges Decap's code: the access token. */
async function tokenFor(passkey: SoftwarePasskey): Promise<string> {
  const { query, verifier } = await decapQuery(SITE)
  const redirect = new URL(((await bodyOf(await authorize(passkey, query))) as { redirect: string }).redirect)
  const answer = await oauthToken(tokenRequest(exchangeFields(SITE, redirect.searchParams.get("code")!, verifier)))
  expect(answer.status).toBe(200)
  return ((await answer.json()) as { access_token: string }).access_token
}

/** An invitation an owner makes with their access token: the link's token. */
async function invitedBy(token: string, email: string, role = "helper", name = ""): Promise<string> {
  const made = await authInvitations(
    post("/api/auth/invitations", { email, name, role }, { Authorization: `Bearer ${token}` }),
  )
  expect(made.status).toBe(201)
  return ((await made.json()) as { link: string }).link.split("#")[1]
}

/** The editors' page's list as `token`'s editor sees it. */
async function listing(token: string): Promise<Listing> {
  const list = await authEditors(
    new Request(`${SITE}/api/auth/editors`, { headers: { Authorization: `Bearer ${token}` } }),
  )
  expect(list.status).toBe(200)
  return (await list.json()) as Listing
}

interface Listing {
  you: { id: string; role: string }
  editors: { id: string; email: string; name: string; role: string; passkeys: { id: string; device: string }[] }[]
  invitations: { id: string; email: string; role: string; by: string }[]
}

const gateway = (path: string, token?: string, init: RequestInit = {}) =>
  gitGateway(
    new Request(`${SITE}/api/git/github/${path}`, {
      ...init,
      headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(init.headers as object) },
    }),
  )

describe("the owner's path", () => {
  it("invitation → passkey → Decap's code → token → a commit through the gateway, authored by the owner", async () => {
    const passkey = await softwarePasskey()
    const registered = await register(passkey, await invitationToken())
    expect(registered.status).toBe(201)
    expect(await registered.json()).toEqual({ email: "owner@example.com", name: "Pat Owner" })

    const { query, verifier } = await decapQuery(SITE)
    const arrival = await oauthAuthorize(new Request(`${SITE}/api/oauth/authorize?${query}`))
    expect(arrival.status).toBe(303)
    expect(arrival.headers.get("Location")).toBe(`/admin/sign-in/?${query}`)

    const signedIn = await authorize(passkey, query)
    expect(signedIn.status).toBe(200)
    const redirect = new URL(((await signedIn.json()) as { redirect: string }).redirect)
    expect(`${redirect.origin}${redirect.pathname}`).toBe(`${SITE}/admin/`)
    // Decap compares the state it sent with the one that comes back, byte for byte.
    expect(redirect.searchParams.get("state")).toBe(new URLSearchParams(query).get("state"))

    const answer = await oauthToken(tokenRequest(exchangeFields(SITE, redirect.searchParams.get("code")!, verifier)))
    expect(answer.status).toBe(200)
    const token = (await answer.json()) as Record<string, unknown>
    expect(token).toEqual({
      access_token: expect.any(String),
      token_type: "Bearer",
      expires_in: 3600,
      email: "owner@example.com",
      name: "Pat Owner",
    })

    const commit = await gateway("git/commits", token.access_token as string, {
      method: "POST",
      body: JSON.stringify({
        message: "Update Wilmette",
        tree: "1".repeat(40),
        parents: [],
        author: { name: "x", email: "x@x" },
      }),
    })
    expect(commit.status).toBe(201)
    expect(relayed).toHaveLength(1)
    expect(relayed[0]).toMatchObject({
      method: "POST",
      url: `/repos/${REPO}/git/commits`,
      authorization: `Bearer ${GITHUB_TOKEN}`,
    })
    expect(JSON.parse(relayed[0].body).author).toMatchObject({ name: "Pat Owner", email: "owner@example.com" })
  })

  it("the gateway passes GitHub's status, JSON and Link header back unchanged, with the query", async () => {
    const { token } = await signedInOwner()
    const response = await gateway("pulls?state=open&per_page=100", token)
    expect(response.status).toBe(200)
    expect(response.headers.get("Content-Type")).toMatch(/application\/json/)
    expect(response.headers.get("Link")).toContain('rel="next"')
    expect(await response.json()).toEqual({ sha: "0".repeat(40), name: "main" })
    expect(relayed.map(({ url }) => url)).toEqual([`/repos/${REPO}/pulls?state=open&per_page=100`])
  })

  it("a second sign-in with the same passkey works, and the Calls report reads with the token", async () => {
    const { passkey, token } = await signedInOwner()
    const { query } = await decapQuery(SITE)
    expect((await authorize(passkey, query)).status).toBe(200)
    const report = await callReport(
      new Request(`${SITE}/api/call-report?days=7`, { headers: { Authorization: `Bearer ${token}` } }),
    )
    expect(report.status).toBe(200)
    expect(await report.json()).toMatchObject({ days: 7 })
    const refused = await callReport(new Request(`${SITE}/api/call-report?days=7`))
    expect(refused.status).toBe(401)
  })

  it("as a GitHub App: the gateway asks for an installation token with a JWT of the App's key, then relays with it", async () => {
    const { privateKey, publicKey } = generateKeyPairSync("rsa", {
      modulusLength: 2048,
      privateKeyEncoding: { type: "pkcs1", format: "pem" },
      publicKeyEncoding: { type: "spki", format: "pem" },
    })
    const { token } = await signedInOwner()
    delete process.env.GITHUB_TOKEN
    Object.assign(process.env, {
      GITHUB_APP_ID: "12345",
      GITHUB_APP_PRIVATE_KEY: privateKey,
      GITHUB_APP_INSTALLATION_ID: INSTALLATION,
    })
    try {
      expect((await gateway("branches/main", token)).status).toBe(200)
      expect((await gateway("pulls", token)).status).toBe(200)
    } finally {
      for (const name of ["GITHUB_APP_ID", "GITHUB_APP_PRIVATE_KEY", "GITHUB_APP_INSTALLATION_ID"])
        delete process.env[name]
    }
    // One installation token, kept for the second call; each call relayed with it.
    expect(relayed.map(({ method, url }) => `${method} ${url}`)).toEqual([
      `POST /app/installations/${INSTALLATION}/access_tokens`,
      `GET /repos/${REPO}/branches/main`,
      `GET /repos/${REPO}/pulls`,
    ])
    const jwt = relayed[0].authorization!.replace(/^Bearer /, "")
    expect(decodeProtectedHeader(jwt).alg).toBe("RS256")
    const { payload } = await jwtVerify(jwt, await importSPKI(publicKey, "RS256"))
    expect(payload.iss).toBe("12345")
    expect(payload.exp! - payload.iat!).toBeLessThanOrEqual(600)
    expect(relayed.slice(1).map(({ authorization }) => authorization)).toEqual([
      `Bearer ${INSTALLATION_TOKEN}`,
      `Bearer ${INSTALLATION_TOKEN}`,
    ])
  })
})

describe("refusals, each with nothing relayed or stored", () => {
  /** Runs `attempt` and returns what changed: the store's new keys and GitHub's requests. */
  async function sideEffects(attempt: () => Promise<unknown>): Promise<string[]> {
    const before = new Set(await keysOf(store()))
    const relayedBefore = relayed.length
    await attempt()
    const added = (await keysOf(store())).filter((key) => !before.has(key))
    return [...added.map((key) => `stored ${key}`), ...relayed.slice(relayedBefore).map(({ url }) => `relayed ${url}`)]
  }

  it("an invitation forged, for another site, expired or used registers nothing", async () => {
    const other = authSettings(
      (name) => ({ AUTH_SECRET: SECRET, URL: "https://elsewhere.example" })[name],
    ) as AuthSettings
    const forged = await forgedInvitation(SITE)
    const used = await invitationToken("used@example.com")
    expect((await register(await softwarePasskey(), used)).status).toBe(201)
    const cases: [string, string][] = [
      ["forged", forged],
      [
        "another site's",
        (await signToken("invitation", { email: "x@example.com", name: "", by: "command" }, other)).token,
      ],
      [
        "expired",
        (
          await signToken(
            "invitation",
            { email: "x@example.com", name: "", by: "command" },
            settings,
            Date.now() - 73 * 3600_000,
          )
        ).token,
      ],
      ["used", used],
    ]
    const results = await Promise.all(
      cases.map(async ([label, invitation]) => {
        const response = await authPasskeys(post("/api/auth/passkeys/registration-options", { invitation }))
        const body = await bodyOf(response)
        return { label, status: response.status, message: String(body.message) }
      }),
    )
    expectEvery(
      results,
      "invitations were not refused",
      ({ status, message }) => (status === 403 && /invitation/.test(message) ? undefined : `${status} ${message}`),
      ({ label }) => label,
    )
    // The used one again, all the way: nothing more is stored.
    const again = await softwarePasskey()
    expectNone(
      await sideEffects(() => register(again, used).catch(() => undefined)),
      "a used invitation changed the store",
    )
  })

  it("a registration whose challenge is forged, reused, for another invitation or another origin stores nothing", async () => {
    const invitation = await invitationToken()
    const other = await invitationToken("second@example.com")
    const passkey = await softwarePasskey()
    const optionsFor = async (token: string) =>
      (await (await authPasskeys(post("/api/auth/passkeys/registration-options", { invitation: token }))).json()) as {
        options: never
        challenge: string
      }
    const mine = await optionsFor(invitation)
    const theirs = await optionsFor(other)
    const signIn = (await (await authPasskeys(post("/api/auth/passkeys/sign-in-options", {}))).json()) as {
      challenge: string
    }
    const attempts: [string, () => Promise<Response>][] = [
      [
        "a challenge made for another invitation",
        async () =>
          authPasskeys(
            post("/api/auth/passkeys/registration", {
              invitation,
              challenge: theirs.challenge,
              response: await passkey.register(theirs.options, SITE),
            }),
          ),
      ],
      [
        "a sign-in challenge",
        async () =>
          authPasskeys(
            post("/api/auth/passkeys/registration", {
              invitation,
              challenge: signIn.challenge,
              response: await passkey.register(mine.options, SITE),
            }),
          ),
      ],
      [
        "an answer made on another origin",
        async () =>
          authPasskeys(
            post("/api/auth/passkeys/registration", {
              invitation,
              challenge: mine.challenge,
              response: await passkey.register(mine.options, "https://elsewhere.example"),
            }),
          ),
      ],
      [
        "the same challenge again",
        async () =>
          authPasskeys(
            post("/api/auth/passkeys/registration", {
              invitation,
              challenge: mine.challenge,
              response: await passkey.register(mine.options, SITE),
            }),
          ),
      ],
      [
        "a request from another origin",
        async () =>
          authPasskeys(
            post(
              "/api/auth/passkeys/registration",
              { invitation, challenge: (await optionsFor(invitation)).challenge, response: {} },
              { Origin: "https://elsewhere.example" },
            ),
          ),
      ],
    ]
    const offenders: string[] = []
    for (const [label, attempt] of attempts) {
      let status = 0
      const changes = await sideEffects(async () => (status = (await attempt()).status))
      // A refused answer uses its challenge up (the "used/…" key); no editor or passkey is stored.
      const stored = changes.filter((change) => !change.startsWith("stored used/"))
      if (status < 400 || stored.length) offenders.push(`${label}: ${status} ${stored.join(", ")}`)
    }
    expectNone(offenders, "registrations were not refused, or stored something")
    expect((await keysOf(store())).filter((key) => !/^(used|invitations)\//.test(key))).toEqual([])
  })

  it("Decap's authorization request with a foreign redirect_uri is answered 400 and never redirected there", async () => {
    const { query } = await decapQuery(SITE, { redirect_uri: "https://attacker.example/admin/" })
    const response = await oauthAuthorize(new Request(`${SITE}/api/oauth/authorize?${query}`))
    expect(response.status).toBe(400)
    expect(response.headers.get("Location")).toBeNull()
  })

  it("other faults of the authorization request go back to /admin/ with the error and the state unchanged", async () => {
    const faults: Record<string, string>[] = [
      { client_id: "another-app" },
      { response_type: "token" },
      { code_challenge_method: "plain" },
      { code_challenge: "short" },
    ]
    const results = await Promise.all(
      faults.map(async (fault) => {
        const { query } = await decapQuery(SITE, fault)
        const response = await oauthAuthorize(new Request(`${SITE}/api/oauth/authorize?${query}`))
        return { fault, response, query }
      }),
    )
    expectEvery(
      results,
      "faulty authorization requests were not sent back with an error",
      ({ response, query }) => {
        const location = new URL(response.headers.get("Location") ?? "", SITE)
        if (response.status !== 303 || location.pathname !== "/admin/" || !location.searchParams.get("error")) {
          return `${response.status} → ${location}`
        }
        return location.searchParams.get("state") === new URLSearchParams(query).get("state")
          ? undefined
          : "state changed"
      },
      ({ fault }) => JSON.stringify(fault),
    )
  })

  it("a sign-in with an unknown passkey, a reused challenge or an answer for another site gives no code", async () => {
    const { passkey } = await signedInOwner()
    const stranger = await softwarePasskey()
    await stranger.register({ rp: { id: "northshore.example" }, user: { id: "AAAA" }, challenge: "x" } as never, SITE)
    const { query } = await decapQuery(SITE)
    const options = (await (await authPasskeys(post("/api/auth/passkeys/sign-in-options", {}))).json()) as {
      options: never
      challenge: string
    }
    const first = await passkey.signIn(options.options, SITE)
    expect(
      (await oauthAuthorize(post("/api/oauth/authorize", { query, challenge: options.challenge, response: first })))
        .status,
    ).toBe(200)
    const attempts: [string, () => Promise<Response>][] = [
      ["an unregistered passkey", () => authorize(stranger, query)],
      [
        "the same challenge again",
        async () =>
          oauthAuthorize(
            post("/api/oauth/authorize", {
              query,
              challenge: options.challenge,
              response: await passkey.signIn(options.options, SITE),
            }),
          ),
      ],
      ["an answer made on another origin", () => authorize(passkey, query, "https://elsewhere.example")],
      [
        "a request from another origin",
        async () =>
          oauthAuthorize(
            post(
              "/api/oauth/authorize",
              { query, challenge: "x", response: first },
              { Origin: "https://elsewhere.example" },
            ),
          ),
      ],
    ]
    const results = await Promise.all(attempts.map(async ([label, attempt]) => ({ label, response: await attempt() })))
    expectEvery(
      results,
      "sign-ins were not refused",
      ({ response }) => (response.status === 403 ? undefined : `${response.status}`),
      ({ label }) => label,
    )
  })

  it("a code with another verifier, redirect_uri or client, used twice, expired or of another site gives no token", async () => {
    const { passkey } = await signedInOwner()
    const codeFor = async () => {
      const { query, verifier } = await decapQuery(SITE)
      const redirect = new URL(((await bodyOf(await authorize(passkey, query))) as { redirect: string }).redirect)
      return { code: redirect.searchParams.get("code")!, verifier }
    }
    const used = await codeFor()
    expect((await oauthToken(tokenRequest(exchangeFields(SITE, used.code, used.verifier)))).status).toBe(200)
    const other = authSettings(
      (name) => ({ AUTH_SECRET: SECRET, URL: "https://elsewhere.example" })[name],
    ) as AuthSettings
    const claims = {
      sub: "x",
      cid: passkey.id,
      email: "owner@example.com",
      name: "",
      code_challenge: "",
      redirect_uri: `${SITE}/admin/`,
      client_id: CLIENT_ID,
    }
    const cases: [string, () => Promise<Record<string, string>>][] = [
      ["another verifier", async () => exchangeFields(SITE, (await codeFor()).code, "w".repeat(64))],
      [
        "another redirect_uri",
        async () => {
          const c = await codeFor()
          return exchangeFields(SITE, c.code, c.verifier, { redirect_uri: "https://attacker.example/admin/" })
        },
      ],
      [
        "another client",
        async () => {
          const c = await codeFor()
          return exchangeFields(SITE, c.code, c.verifier, { client_id: "another-app" })
        },
      ],
      ["a used code", async () => exchangeFields(SITE, used.code, used.verifier)],
      [
        "an expired code",
        async () => {
          const c = await codeFor()
          return {
            ...exchangeFields(SITE, c.code, c.verifier),
            code: (
              await signToken(
                "code",
                { ...claims, code_challenge: await s256(c.verifier) },
                settings,
                Date.now() - 120_000,
              )
            ).token,
          }
        },
      ],
      [
        "another site's code",
        async () => {
          const c = await codeFor()
          return {
            ...exchangeFields(SITE, c.code, c.verifier),
            code: (await signToken("code", { ...claims, code_challenge: await s256(c.verifier) }, other)).token,
          }
        },
      ],
      [
        "an access token as a code",
        async () => {
          const c = await codeFor()
          return {
            ...exchangeFields(SITE, c.code, c.verifier),
            code: (await signToken("access", { sub: "x", cid: passkey.id, email: "", name: "" }, settings)).token,
          }
        },
      ],
    ]
    const results = await Promise.all(
      cases.map(async ([label, make]) => {
        const response = await oauthToken(tokenRequest(await make()))
        return { label, status: response.status, body: await bodyOf(response) }
      }),
    )
    expectEvery(
      results,
      "token requests were not refused",
      ({ status, body }) =>
        status === 400 && body.error === "invalid_grant" && !("access_token" in body)
          ? undefined
          : `${status} ${JSON.stringify(body)}`,
      ({ label }) => label,
    )
  })

  it("the gateway relays nothing for a request without a valid access token of a registered passkey", async () => {
    const { passkey, token } = await signedInOwner()
    const other = authSettings(
      (name) => ({ AUTH_SECRET: SECRET, URL: "https://elsewhere.example" })[name],
    ) as AuthSettings
    const owner = JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString()) as { sub: string; cid: string }
    const editor = { sub: owner.sub, cid: passkey.id, email: "owner@example.com", name: "Pat Owner" }
    const cases: [string, string | undefined][] = [
      ["no token", undefined],
      ["a token signed with another key", `${token.slice(0, token.lastIndexOf("."))}.${"A".repeat(43)}`],
      ["an expired token", (await signToken("access", editor, settings, Date.now() - 2 * 3600_000)).token],
      ["another site's token", (await signToken("access", editor, other)).token],
      ["an invitation", await invitationToken("another@example.com")],
      [
        "a sign-in code",
        (await signToken("code", { ...editor, code_challenge: "", redirect_uri: "", client_id: "" }, settings)).token,
      ],
      ["a GitHub token", "gho_notoursatall"],
    ]
    const results = await Promise.all(
      cases.map(async ([label, bearer]) => ({ label, status: (await gateway("branches/main", bearer)).status })),
    )
    expectEvery(
      results,
      "the gateway accepted a bad token",
      ({ status }) => (status === 401 ? undefined : `${status}`),
      ({ label }) => label,
    )
    expectNone(
      relayed.map(({ url }) => url),
      "requests reached GitHub",
    )
  })

  it("the gateway relays nothing outside its list of paths and methods, nor outside the one repository", async () => {
    const { token } = await signedInOwner()
    const paths: [string, string, number][] = [
      ["GET", "../../user", 404],
      ["GET", "..%2F..%2Fother%2Frepo%2Fcontents%2Fx", 404],
      ["GET", "contents/%2e%2e/%2e%2e/other/repo", 404],
      ["GET", "git/refs/heads/%252e%252e", 404],
      ["GET", "collaborators", 404],
      ["PUT", "collaborators/someone", 404],
      ["GET", "actions/secrets", 404],
      ["POST", "hooks", 404],
      ["POST", "keys", 404],
      ["GET", "", 404],
      ["PATCH", "settings", 404],
      ["DELETE", "pulls/1", 405],
      ["PUT", "git/blobs", 405],
      ["DELETE", "contents/data/business.json", 405],
      ["POST", "branches/main/protection", 405],
    ]
    const results = await Promise.all(
      paths.map(async ([method, path, expected]) => {
        const response = await gitGateway(
          new Request(`${SITE}/api/git/github/${path}`, {
            method,
            headers: { Authorization: `Bearer ${token}` },
            ...(method === "GET" || method === "DELETE" ? {} : { body: "{}" }),
          }),
        )
        return { method, path, expected, status: response.status }
      }),
    )
    expectEvery(
      results,
      "the gateway did not refuse",
      ({ status, expected }) => (status === expected ? undefined : `${status}, not ${expected}`),
      ({ method, path }) => `${method} ${path}`,
    )
    expectNone(
      relayed.map(({ method, url }) => `${method} ${url}`),
      "requests reached GitHub",
    )
  })

  it("the gateway refuses Decap's force merge of a draft over newer changes to its files, relaying nothing, and says so in Decap's words", async () => {
    const { token } = await signedInOwner()
    const forced = await gateway("git/commits", token, {
      method: "POST",
      body: JSON.stringify({
        message: 'Automatically generated. Merged on Decap CMS\n\nForce merge of:\n* "data/business.json"',
        tree: "1".repeat(40),
        parents: ["2".repeat(40)],
      }),
    })
    expect(forced.status).toBe(409)
    expect(await forced.json()).toEqual({
      message: expect.stringMatching(/^this draft would undo a newer change to the same file on the live site/),
    })
    expectNone(
      relayed.map(({ method, url }) => `${method} ${url}`),
      "requests reached GitHub",
    )
  })

  it("removing a passkey ends its sessions: the gateway, the report and the editors' list refuse its token", async () => {
    const owner = await signedInOwner()
    const { passkey, token } = await signedInWith(await invitedBy(owner.token, "sam@example.com"))
    const sam = (await listing(owner.token)).editors.find(({ email }) => email === "sam@example.com")
    expect(sam).toEqual(
      expect.objectContaining({ role: "helper", passkeys: [expect.objectContaining({ id: passkey.id })] }),
    )
    const removal = await authEditors(
      new Request(`${SITE}/api/auth/editors/${sam!.id}/passkeys/${passkey.id}`, {
        method: "DELETE",
        headers: { Authorization: `Bearer ${owner.token}`, Origin: SITE },
      }),
    )
    expect(removal.status).toBe(204)
    const auth = { headers: { Authorization: `Bearer ${token}` } }
    const after = {
      gateway: (await gateway("branches/main", token)).status,
      report: (await callReport(new Request(`${SITE}/api/call-report?days=7`, auth))).status,
      editors: (await authEditors(new Request(`${SITE}/api/auth/editors`, auth))).status,
    }
    expect(after).toEqual({ gateway: 401, report: 401, editors: 401 })
    expect(relayed).toEqual([])
    expect(await keysOf(store())).not.toContain(`passkeys/${passkey.id}`)
    expect((await listing(owner.token)).editors.map(({ email }) => email)).toEqual(["owner@example.com"])
  })

  it("an editor invites another: a link for the new email, refused without a token or from another origin", async () => {
    const { token } = await signedInOwner()
    const invite = (headers: Record<string, string>) =>
      authInvitations(post("/api/auth/invitations", { email: "Helper@Example.com ", name: "Sam" }, headers))
    const made = await invite({ Authorization: `Bearer ${token}` })
    expect(made.status).toBe(201)
    const { link, emailed } = (await made.json()) as { link: string; emailed: boolean }
    expect(link).toMatch(new RegExp(`^${SITE}/admin/invitation/#[\\w-]+\\.[\\w-]+\\.[\\w-]+$`))
    expect(emailed).toBe(false)
    expect((await register(await softwarePasskey(), link.split("#")[1])).status).toBe(201)
    expect((await invite({})).status).toBe(401)
    expect((await invite({ Authorization: `Bearer ${token}`, Origin: "https://elsewhere.example" })).status).toBe(403)
  })

  it("with mail settings, the invitation is emailed to the person invited, its link in the text", async () => {
    const smtp = await startSmtpStandIn()
    const { token } = await signedInOwner()
    Object.assign(process.env, {
      SMTP_URL: smtp.url,
      MAIL_FROM: "site@northshore.example",
    })
    try {
      const made = await authInvitations(
        post(
          "/api/auth/invitations",
          { email: "helper@example.com", name: "Sam" },
          { Authorization: `Bearer ${token}` },
        ),
      )
      expect(made.status).toBe(201)
      const { link, emailed } = (await made.json()) as { link: string; emailed: boolean }
      expect(emailed).toBe(true)
      expect(smtp.received).toHaveLength(1)
      expect(smtp.received[0]).toMatchObject({ from: "site@northshore.example", to: ["helper@example.com"] })
      // The message as sent, its quoted-printable folds of the long link undone.
      const { headers, body } = readMail(smtp.received[0].raw)
      expect(body).toContain(link)
      expect(headers).toContain("Subject: Your invitation to edit northshore.example")
    } finally {
      delete process.env.SMTP_URL
      delete process.env.MAIL_FROM
      await smtp.stop()
    }
  })

  it("without AUTH_SECRET every sign-in endpoint answers 503 and nothing is stored", async () => {
    delete process.env.AUTH_SECRET
    const statuses = {
      options: (await authPasskeys(post("/api/auth/passkeys/sign-in-options", {}))).status,
      authorize: (await oauthAuthorize(new Request(`${SITE}/api/oauth/authorize?${(await decapQuery(SITE)).query}`)))
        .status,
      token: (await oauthToken(tokenRequest({ grant_type: "authorization_code" }))).status,
      gateway: (await gateway("branches/main", "a.b.c")).status,
    }
    expect(statuses).toEqual({ options: 503, authorize: 503, token: 503, gateway: 503 })
    expect(await keysOf(store())).toEqual([])
  })
})

describe("owners and helpers, invitations kept and taken back, Log Out", () => {
  const authed = (token: string, init: RequestInit = {}) => ({
    ...init,
    headers: { Authorization: `Bearer ${token}`, Origin: SITE, ...(init.headers as object) },
  })
  /** A handler's answer as the refusals read it: the status and the plain sentence of `message`. */
  const answerOf = async (response: Response) => ({
    status: response.status,
    message: response.status === 204 ? "" : String((await bodyOf(response)).message ?? ""),
  })
  const editorsCall = (path: string, token: string, init: RequestInit = {}) =>
    authEditors(new Request(`${SITE}/api/auth/editors${path}`, authed(token, init)))
  const invitationsCall = (path: string, token: string, init: RequestInit = {}) =>
    authInvitations(new Request(`${SITE}/api/auth/invitations${path}`, authed(token, init)))
  const invite = (token: string, body: Record<string, string>) =>
    invitationsCall("", token, { method: "POST", body: JSON.stringify(body) })
  const idOf = async (token: string, email: string) =>
    (await listing(token)).editors.find((editor) => editor.email === email)!

  /** The owner (by the command) and a helper they invited, each signed in. */
  async function ownerAndHelper() {
    const owner = await signedInOwner()
    const helper = await signedInWith(await invitedBy(owner.token, "sam@example.com", "helper", "Sam"))
    return { owner, helper }
  }

  it("npm run invite's command token makes one owner's invitation; the list says each role, and only an owner sees the invitations", async () => {
    const bearer = await commandBearer(settings)
    const made = await authInvitations(
      post("/api/auth/invitations", { email: "pat@example.com", role: "owner" }, bearer),
    )
    expect(made.status).toBe(201)
    // Good for 24 hours from now.
    const { expires } = (await made.json()) as { expires: string }
    expect(Math.round((Date.parse(expires) - Date.now()) / 3600_000)).toBe(24)
    const expired = {
      Authorization: `Bearer ${(await signToken("command", { action: "invite" }, settings, Date.now() - 600_000)).token}`,
    }
    await expectRefusedAndUnchanged(
      store(),
      [
        {
          label: "the same command token again",
          status: 401,
          attempt: async () =>
            answerOf(await authInvitations(post("/api/auth/invitations", { email: "x@example.com" }, bearer))),
        },
        {
          label: "an expired command token",
          status: 401,
          attempt: async () =>
            answerOf(await authInvitations(post("/api/auth/invitations", { email: "x@example.com" }, expired))),
        },
        {
          label: "a command token taking an invitation back",
          status: 403,
          attempt: async () =>
            answerOf(
              await authInvitations(
                new Request(`${SITE}/api/auth/invitations/${"x".repeat(36)}`, {
                  method: "DELETE",
                  headers: { ...(await commandBearer(settings)), Origin: SITE },
                }),
              ),
            ),
        },
      ],
      "the command's token did more than one invitation",
    )
    const { owner, helper } = await ownerAndHelper()
    await invitedBy(owner.token, "lee@example.com", "owner", "Lee")
    const seenByOwner = await listing(owner.token)
    expect(seenByOwner.you).toEqual({ id: (await idOf(owner.token, "owner@example.com")).id, role: "owner" })
    expect(seenByOwner.editors.map(({ email, role }) => `${email} ${role}`)).toEqual([
      "owner@example.com owner",
      "sam@example.com helper",
    ])
    expect(seenByOwner.invitations.map(({ email, role, by }) => `${email} ${role} by ${by}`)).toEqual([
      "pat@example.com owner by the set-up command",
      "lee@example.com owner by Pat Owner",
    ])
    const seenByHelper = await listing(helper.token)
    expect(seenByHelper.you.role).toBe("helper")
    expect(seenByHelper.invitations).toEqual([])
  })

  it("a helper edits and decides nothing: inviting, removing another's passkey, changing a role and taking back an invitation are refused, nothing changed", async () => {
    const { owner, helper } = await ownerAndHelper()
    const pending = await invitedBy(owner.token, "lee@example.com")
    const pendingId = JSON.parse(Buffer.from(pending.split(".")[1], "base64url").toString()).jti as string
    const pat = await idOf(owner.token, "owner@example.com")
    const sam = await idOf(owner.token, "sam@example.com")
    await expectRefusedAndUnchanged(
      store(),
      [
        {
          label: "a helper inviting a helper",
          status: 403,
          attempt: async () => answerOf(await invite(helper.token, { email: "x@example.com" })),
        },
        {
          label: "a helper inviting an owner (themselves under another address)",
          status: 403,
          attempt: async () => answerOf(await invite(helper.token, { email: "sam2@example.com", role: "owner" })),
        },
        {
          label: "a helper removing the owner's passkey",
          status: 403,
          attempt: async () =>
            answerOf(
              await editorsCall(`/${pat.id}/passkeys/${pat.passkeys[0].id}`, helper.token, { method: "DELETE" }),
            ),
        },
        {
          label: "a helper making themselves an owner",
          status: 403,
          attempt: async () =>
            answerOf(
              await editorsCall(`/${sam.id}`, helper.token, {
                method: "PATCH",
                body: JSON.stringify({ role: "owner" }),
              }),
            ),
        },
        {
          label: "a helper demoting the owner",
          status: 403,
          attempt: async () =>
            answerOf(
              await editorsCall(`/${pat.id}`, helper.token, {
                method: "PATCH",
                body: JSON.stringify({ role: "helper" }),
              }),
            ),
        },
        {
          label: "a helper taking back an invitation",
          status: 403,
          attempt: async () => answerOf(await invitationsCall(`/${pendingId}`, helper.token, { method: "DELETE" })),
        },
      ],
      "a helper's attempts were not refused, or changed who may sign in",
    )
    // Their own passkey is theirs to remove: they are then gone, and so is their session.
    expect(
      (await editorsCall(`/${sam.id}/passkeys/${sam.passkeys[0].id}`, helper.token, { method: "DELETE" })).status,
    ).toBe(204)
    expect((await listing(owner.token)).editors.map(({ email }) => email)).toEqual(["owner@example.com"])
  })

  it("an invitation never reaches an existing editor: refused when made for their email, and at registration when the email got an editor meanwhile", async () => {
    const { owner } = await ownerAndHelper()
    const older = await invitedBy(owner.token, "lee@example.com", "helper", "Lee")
    // The older invitation's passkey options, asked for before the newer one was used.
    const early = (await bodyOf(
      await authPasskeys(post("/api/auth/passkeys/registration-options", { invitation: older })),
    )) as { options: never; challenge: string }
    const newer = await invitedBy(owner.token, "lee@example.com", "owner", "Lee Owner")
    await signedInWith(newer)
    const attacker = await softwarePasskey()
    await expectRefusedAndUnchanged(
      store(),
      [
        {
          label: "an owner inviting the owner's own email",
          status: 409,
          attempt: async () => answerOf(await invite(owner.token, { email: "Owner@Example.com", name: "Not Pat" })),
        },
        {
          label: "an owner inviting a helper's email",
          status: 409,
          attempt: async () => answerOf(await invite(owner.token, { email: "sam@example.com" })),
        },
        {
          label: "the older invitation's passkey options, the email now an editor's",
          status: 409,
          attempt: async () =>
            answerOf(await authPasskeys(post("/api/auth/passkeys/registration-options", { invitation: older }))),
        },
        {
          label: "the older invitation's registration",
          status: 409,
          attempt: async () =>
            answerOf(
              await authPasskeys(
                post("/api/auth/passkeys/registration", {
                  invitation: older,
                  challenge: early.challenge,
                  response: await attacker.register(early.options, SITE),
                }),
              ),
            ),
        },
      ],
      "invitations reached an existing editor",
    )
    const lee = await idOf(owner.token, "lee@example.com")
    expect(lee).toEqual(expect.objectContaining({ name: "Lee Owner", role: "owner", passkeys: [expect.anything()] }))
  })

  it("an invitation taken back, one whose inviter was removed or demoted, one used or expired registers nothing", async () => {
    const { owner } = await ownerAndHelper()
    const lee = await signedInWith(await invitedBy(owner.token, "lee@example.com", "owner", "Lee"))
    const kim = await signedInWith(await invitedBy(owner.token, "kim@example.com", "owner", "Kim"))
    const invitations = {
      revoked: await invitedBy(owner.token, "taken@example.com"),
      byDemoted: await invitedBy(lee.token, "demoted@example.com"),
      byRemoved: await invitedBy(kim.token, "orphan@example.com"),
      used: await invitedBy(owner.token, "used@example.com"),
    }
    // Each asked for its passkey's options while it was good: the registration comes after.
    const started = Object.fromEntries(
      await Promise.all(
        Object.entries(invitations).map(async ([name, invitation]) => {
          const response = await authPasskeys(post("/api/auth/passkeys/registration-options", { invitation }))
          expect(response.status).toBe(200)
          return [name, (await response.json()) as { options: never; challenge: string }] as const
        }),
      ),
    )
    await signedInWith(invitations.used)
    const jti = (token: string) => JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString()).jti as string
    expect((await invitationsCall(`/${jti(invitations.revoked)}`, owner.token, { method: "DELETE" })).status).toBe(204)
    // The records as kept before their inviters went: put back below, as if a removal had raced the registration.
    const kept = await Promise.all(
      [invitations.byDemoted, invitations.byRemoved].map(async (token) => {
        const key = `invitations/${jti(token)}`
        return [key, await store().get(key, { type: "json" })] as const
      }),
    )
    const leeId = (await idOf(owner.token, "lee@example.com")).id
    const demoted = await editorsCall(`/${leeId}`, owner.token, {
      method: "PATCH",
      body: JSON.stringify({ role: "helper" }),
    })
    expect(demoted.status).toBe(200)
    const kimRecord = await idOf(owner.token, "kim@example.com")
    const removed = await editorsCall(`/${kimRecord.id}/passkeys/${kimRecord.passkeys[0].id}`, owner.token, {
      method: "DELETE",
    })
    expect(removed.status).toBe(204)
    // Taken back, or void with their inviter: none is listed.
    expect((await listing(owner.token)).invitations).toEqual([])
    for (const [key, record] of kept) await store().setJSON(key, record)

    // An owner's invitation made 25 hours ago, kept as the site keeps it.
    const yesterday = await createInvitation(
      settings,
      store(),
      { email: "late@example.com", name: "", role: "helper", by: (await idOf(owner.token, "owner@example.com")).id },
      Date.now() - 25 * 3600_000,
    )
    const expired = yesterday.link.split("#")[1]
    const labels: Record<keyof typeof invitations, string> = {
      revoked: "an invitation taken back",
      byDemoted: "an invitation whose inviter is no longer an owner",
      byRemoved: "an invitation whose inviter was removed",
      used: "an invitation already used",
    }
    await expectRefusedAndUnchanged(
      store(),
      [
        ...Object.entries(invitations).flatMap(([name, invitation]) => [
          {
            label: `${labels[name as keyof typeof invitations]}: its passkey options`,
            status: 403,
            attempt: async () =>
              answerOf(await authPasskeys(post("/api/auth/passkeys/registration-options", { invitation }))),
          },
          {
            label: `${labels[name as keyof typeof invitations]}: its registration`,
            status: 403,
            attempt: async () => {
              const { options, challenge } = started[name]
              const response = await (await softwarePasskey()).register(options, SITE)
              return answerOf(
                await authPasskeys(post("/api/auth/passkeys/registration", { invitation, challenge, response })),
              )
            },
          },
        ]),
        {
          label: "an invitation past its 24 hours: its passkey options",
          status: 403,
          attempt: async () =>
            answerOf(await authPasskeys(post("/api/auth/passkeys/registration-options", { invitation: expired }))),
        },
      ],
      "invitations that are no longer valid were accepted",
    )
  })

  it("the site keeps an owner: the last owner's last passkey and their demotion are refused; with a second owner both are done", async () => {
    const { owner } = await ownerAndHelper()
    const pat = await idOf(owner.token, "owner@example.com")
    const demote = (id: string, token = owner.token) =>
      editorsCall(`/${id}`, token, { method: "PATCH", body: JSON.stringify({ role: "helper" }) })
    await expectRefusedAndUnchanged(
      store(),
      [
        {
          label: "the last owner removing their only passkey",
          status: 409,
          attempt: async () =>
            answerOf(await editorsCall(`/${pat.id}/passkeys/${pat.passkeys[0].id}`, owner.token, { method: "DELETE" })),
        },
        {
          label: "the last owner demoting themselves",
          status: 409,
          attempt: async () => answerOf(await demote(pat.id)),
        },
      ],
      "the site was left without an owner",
    )
    const second = await signedInWith(await invitedBy(owner.token, "lee@example.com", "helper", "Lee"))
    const lee = await idOf(owner.token, "lee@example.com")
    const promoted = await editorsCall(`/${lee.id}`, owner.token, {
      method: "PATCH",
      body: JSON.stringify({ role: "owner" }),
    })
    expect(await promoted.json()).toEqual(expect.objectContaining({ email: "lee@example.com", role: "owner" }))
    expect((await demote(pat.id, second.token)).status).toBe(200)
    expect((await listing(second.token)).editors.map(({ email, role }) => `${email} ${role}`)).toEqual([
      "lee@example.com owner",
      "owner@example.com helper",
      "sam@example.com helper",
    ])
    // Now a helper, Pat is refused what an owner does; Lee, the last owner, cannot leave.
    expect((await invite(owner.token, { email: "x@example.com" })).status).toBe(403)
    expect((await demote(lee.id, second.token)).status).toBe(409)
  })

  it("Log Out: after POST /api/auth/sign-out the token is refused everywhere; another session goes on", async () => {
    const { passkey, token } = await signedInOwner()
    const other = await tokenFor(passkey)
    const signOut = (bearer: string | undefined, origin = SITE) =>
      authSignOut(
        new Request(`${SITE}/api/auth/sign-out`, {
          method: "POST",
          headers: { ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}), Origin: origin },
        }),
      )
    expect((await signOut(undefined)).status).toBe(401)
    expect((await signOut(token, "https://elsewhere.example")).status).toBe(403)
    expect((await gateway("branches/main", token)).status).toBe(200)
    expect((await signOut(token)).status).toBe(204)
    const auth = { headers: { Authorization: `Bearer ${token}` } }
    const after = {
      gateway: (await gateway("branches/main", token)).status,
      report: (await callReport(new Request(`${SITE}/api/call-report?days=7`, auth))).status,
      editors: (await authEditors(new Request(`${SITE}/api/auth/editors`, auth))).status,
      buildFailure: (await buildFailure(new Request(`${SITE}/api/today/build-failure`, auth))).status,
      invitation: (await invite(token, { email: "x@example.com" })).status,
      signOutAgain: (await signOut(token)).status,
    }
    expect(after).toEqual({
      gateway: 401,
      report: 401,
      editors: 401,
      buildFailure: 401,
      invitation: 401,
      signOutAgain: 401,
    })
    expect(relayed.map(({ url }) => url)).toEqual([`/repos/${REPO}/branches/main`])
    expect((await gateway("branches/main", other)).status).toBe(200)
  })

  it("a signed-in editor adds a passkey of their own, which then signs them in; it is never added to anyone else", async () => {
    const { owner, helper } = await ownerAndHelper()
    const phone = await softwarePasskey()
    const ownOptions = async (token: string) =>
      (await bodyOf(
        await authPasskeys(
          post("/api/auth/passkeys/own-registration-options", {}, { Authorization: `Bearer ${token}` }),
        ),
      )) as { options: never; challenge: string }
    const mine = await ownOptions(helper.token)
    const added = await authPasskeys(
      post(
        "/api/auth/passkeys/own-registration",
        { challenge: mine.challenge, response: await phone.register(mine.options, SITE) },
        { Authorization: `Bearer ${helper.token}` },
      ),
    )
    expect(added.status).toBe(201)
    const sam = await idOf(owner.token, "sam@example.com")
    expect(sam.passkeys.map(({ id }) => id)).toEqual([helper.passkey.id, phone.id])
    const signedIn = JSON.parse(Buffer.from((await tokenFor(phone)).split(".")[1], "base64url").toString())
    expect(signedIn).toEqual(expect.objectContaining({ sub: sam.id, cid: phone.id, email: "sam@example.com" }))

    const theirs = await ownOptions(owner.token)
    const stranger = await softwarePasskey()
    await expectRefusedAndUnchanged(
      store(),
      [
        {
          label: "the owner's challenge answered in the helper's session",
          status: 403,
          attempt: async () =>
            answerOf(
              await authPasskeys(
                post(
                  "/api/auth/passkeys/own-registration",
                  { challenge: theirs.challenge, response: await stranger.register(theirs.options, SITE) },
                  { Authorization: `Bearer ${helper.token}` },
                ),
              ),
            ),
        },
        {
          label: "options asked without a session",
          status: 401,
          attempt: async () => answerOf(await authPasskeys(post("/api/auth/passkeys/own-registration-options", {}))),
        },
        {
          label: "a registration without a session",
          status: 401,
          attempt: async () =>
            answerOf(
              await authPasskeys(
                post("/api/auth/passkeys/own-registration", {
                  challenge: theirs.challenge,
                  response: await stranger.register(theirs.options, SITE),
                }),
              ),
            ),
        },
      ],
      "a passkey was added outside its editor's own session",
    )
  })

  it("editors stored before roles existed: the command's editor is an owner, the others helpers", async () => {
    const { owner, helper } = await ownerAndHelper()
    for (const email of ["owner@example.com", "sam@example.com"]) {
      const { id } = await idOf(owner.token, email)
      const record = (await store().get(`editors/${id}`, { type: "json" })) as Record<string, unknown>
      delete record.role
      await store().setJSON(`editors/${id}`, record)
    }
    expect((await listing(owner.token)).editors.map(({ email, role }) => `${email} ${role}`)).toEqual([
      "owner@example.com owner",
      "sam@example.com helper",
    ])
    expect((await invite(helper.token, { email: "x@example.com" })).status).toBe(403)
  })
})

describe("what the functions declare and log", () => {
  it("the invitation and sign-in endpoints have rate limits", () => {
    const configs = { invitationsConfig, passkeysConfig, authorizeConfig, tokenConfig, signOutConfig }
    expectEvery(
      Object.entries(configs),
      "endpoints lack a rate limit",
      ([, config]) => (config.rateLimit && config.rateLimit.windowLimit > 0 ? undefined : "none"),
      ([name]) => name,
    )
  })

  it("the logs hold no token, passkey id or full email address", async () => {
    const { passkey, token } = await signedInOwner()
    await gateway("branches/main", token)
    const logged = spies().flatMap((spy) => spy.mock.calls.map((call) => call.map(String).join(" ")))
    expect(logged.length).toBeGreaterThan(0)
    const secrets = [token, passkey.id, "owner@example.com", SECRET]
    expectNone(
      logged.filter((line) => secrets.some((secret) => line.includes(secret))),
      "log lines hold a secret or an email",
    )
  })
})
