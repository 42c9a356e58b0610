/** @jest-environment node */
import { createHash, webcrypto } from "crypto"
import { CLIENT_ID as SITE_CLIENT_ID, isVerifier, parseAuthorize, isAuthorizeError } from "../../internal/auth/oauth"
import type { AuthSettings } from "../../internal/auth/settings"
import { NETWORK_PROBLEM, SERVER_PROBLEM, UNAVAILABLE_PROBLEM } from "../../src/components/admin/plain-errors"
import {
  CLIENT_ID,
  SIGN_IN_CANCELLED,
  USER_KEY,
  keepUser,
  passkeySignIn,
  pkceRequest,
  signInProblem,
  type PkceRequest,
} from "../../src/today/sign-in"
import { answerFetch, webAuthnError, type Answer } from "../admin-screens"
import { expectEvery } from "../offenders"

/**
 * The page for today's own sign-in (src/today/sign-in.ts): the requests it sends the site's
 * endpoints, in order, and what it keeps, from a stubbed fetch and passkey dialog.
 */

const ORIGIN = "https://northshore.example"
const OPTIONS = { challenge: "c2lnbg", allowCredentials: [], userVerification: "required" }
const RESPONSE = {
  id: "cred",
  rawId: "cred",
  type: "public-key" as const,
  response: { clientDataJSON: "", authenticatorData: "", signature: "" },
  clientExtensionResults: {},
}
/** An access token of the site's form (its claims are not read here). */
const ACCESS = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJlZGl0b3IifQ.c2ln"

/** The browser's Web Crypto, as Node has it (this file runs in Node: jsdom has no SubtleCrypto). */
const CRYPTO = webcrypto as unknown as Crypto

/** PKCE's S256, as the token endpoint computes it (internal/auth/oauth.ts s256). */
const s256 = (verifier: string) => createHash("sha256").update(verifier).digest("base64url")

/** The browser's random bytes, made predictable: each call fills with `seed`, `seed + 1`… */
function fixedCrypto(seed: number): Crypto {
  return {
    subtle: CRYPTO.subtle,
    getRandomValues: <T extends ArrayBufferView | null>(array: T) => {
      if (array instanceof Uint8Array) array.forEach((_, index) => (array[index] = (seed + index) % 256))
      return array
    },
  } as Crypto
}

/** The answers of a sign-in that succeeds, for the request `request` (the code comes back with its state). */
const answers = (request: PkceRequest): Answer[] => [
  { status: 200, body: { options: OPTIONS, challenge: "signed-challenge" } },
  {
    status: 200,
    body: { redirect: `${ORIGIN}/admin/?${new URLSearchParams({ code: "c0de", state: request.state })}` },
  },
  { status: 200, body: { access_token: ACCESS, token_type: "Bearer", email: "owner@example.com", name: "Pat Owner" } },
]

describe("the page for today's passkey sign-in", () => {
  it("asks for the authorization Decap asks for: the site's client, /admin/, S256 of a fresh verifier, a state", async () => {
    const [first, second] = [await pkceRequest(ORIGIN, CRYPTO), await pkceRequest(ORIGIN, CRYPTO)]
    expect(CLIENT_ID).toBe(SITE_CLIENT_ID)
    const query = new URLSearchParams(first.query)
    expect(Object.fromEntries(query)).toEqual({
      client_id: SITE_CLIENT_ID,
      redirect_uri: `${ORIGIN}/admin/`,
      response_type: "code",
      scope: "openid email",
      state: first.state,
      code_challenge: s256(first.verifier),
      code_challenge_method: "S256",
    })
    expect(isVerifier(first.verifier)).toBe(true)
    // The endpoint's own check accepts it for the site at ORIGIN.
    const parsed = parseAuthorize(query, { adminUrl: `${ORIGIN}/admin/` } as AuthSettings)
    expect(isAuthorizeError(parsed) ? parsed.description : "accepted").toBe("accepted")
    expect([second.verifier, second.state]).not.toContain(first.verifier)
    expect(second.state).not.toBe(first.state)
  })

  it("signs in with the passkey, sends the code back with its verifier, and keeps the editor as Decap does", async () => {
    const request = await pkceRequest(ORIGIN, fixedCrypto(7))
    const sent = answerFetch(...answers(request))
    const authenticate = jest.fn().mockResolvedValue(RESPONSE)

    const user = await passkeySignIn({ origin: ORIGIN, authenticate, crypto: fixedCrypto(7) })

    expect(authenticate).toHaveBeenCalledWith(OPTIONS)
    expect(sent.map(({ method, url, body }) => [method, url, body])).toEqual([
      ["POST", "/api/auth/passkeys/sign-in-options", {}],
      ["POST", "/api/oauth/authorize", { query: request.query, challenge: "signed-challenge", response: RESPONSE }],
      [
        "POST",
        "/api/oauth/token",
        new URLSearchParams({
          client_id: SITE_CLIENT_ID,
          code: "c0de",
          grant_type: "authorization_code",
          redirect_uri: `${ORIGIN}/admin/`,
          code_verifier: request.verifier,
        }).toString(),
      ],
    ])
    expect(sent[2].headers["Content-Type"]).toMatch(/^application\/x-www-form-urlencoded\b/)
    // What decap-cms-backend-git-gateway returns after its PKCE login, and decap-cms-core keeps with its backend.
    expect(user).toEqual({
      backendName: "git-gateway",
      token: ACCESS,
      name: "Pat Owner",
      login: "owner@example.com",
      email: "owner@example.com",
      user_metadata: { full_name: "Pat Owner" },
    })
    const kept = new Map<string, string>()
    keepUser({ setItem: (key, value) => kept.set(key, value) }, user)
    expect(JSON.parse(kept.get(USER_KEY) ?? "null")).toEqual(user)
  })

  it("says why a sign-in failed, at each step, in the owner's words, and asks for no token after a refusal", async () => {
    const request = await pkceRequest(ORIGIN, fixedCrypto(3))
    const [options, authorized] = answers(request)
    const cases: { name: string; answers: Array<Answer | Error>; phone?: Error; says: string; requests: number }[] = [
      {
        name: "the site is unreachable",
        answers: [new TypeError("Failed to fetch")],
        says: NETWORK_PROBLEM,
        requests: 1,
      },
      {
        name: "the sign-in is not set up",
        answers: [{ status: 503, body: { message: "AUTH_SECRET is not set" } }],
        says: UNAVAILABLE_PROBLEM,
        requests: 1,
      },
      {
        name: "the passkey dialog is cancelled",
        answers: [options],
        phone: webAuthnError("NotAllowedError"),
        says: SIGN_IN_CANCELLED,
        requests: 1,
      },
      {
        name: "the passkey is not registered",
        answers: [
          options,
          {
            status: 403,
            body: { message: "this passkey is not registered for this site: ask an editor for an invitation" },
          },
        ],
        says: "This passkey is not registered for this site: ask an editor for an invitation.",
        requests: 2,
      },
      {
        name: "the code comes back for another request",
        answers: [options, { status: 200, body: { redirect: `${ORIGIN}/admin/?code=c0de&state=another` } }],
        says: SERVER_PROBLEM,
        requests: 2,
      },
      {
        name: "the code is refused",
        answers: [
          options,
          authorized,
          {
            status: 400,
            body: { error: "invalid_grant", error_description: "the code was already used: sign in again" },
          },
        ],
        says: "The code was already used: sign in again.",
        requests: 3,
      },
    ]
    const results = []
    for (const item of cases) {
      const sent = answerFetch(...item.answers)
      const authenticate = item.phone ? jest.fn().mockRejectedValue(item.phone) : jest.fn().mockResolvedValue(RESPONSE)
      const said = await passkeySignIn({ origin: ORIGIN, authenticate, crypto: fixedCrypto(3) }).then(
        () => "signed in",
        signInProblem,
      )
      results.push({ ...item, said, sent: sent.length })
    }
    expectEvery(
      results,
      "sign-in failures said wrongly, or with requests after the refusal",
      ({ says, said, requests, sent }) => [
        ...(said === says ? [] : [`says “${said}”, not “${says}”`]),
        ...(sent === requests ? [] : [`sent ${sent} requests, not ${requests}`]),
      ],
      ({ name }) => name,
    )
  })
})
