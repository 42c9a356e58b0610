import http from "http"
import { CALL_REPORT_ENDPOINT } from "../../src/lib/call-tap"
import { BUILD_FAILURE_PATH } from "../../src/lib/today-actions"
import { AUTH_STORE } from "../../internal/auth/editors"
import { CLIENT_ID } from "../../internal/auth/oauth"
import { authSettings, type AuthSettings } from "../../internal/auth/settings"
import { signToken } from "../../internal/auth/tokens"
import { keysOf } from "../blobs-server"
import { startGitHubStandIn, type GitHubStandIn } from "../github-stand-in"
import { startNetlifyDev, type NetlifyDevServer } from "../netlify-dev"
import { expectEvery, expectNone } from "../offenders"
import { commandInvitation, exchangeFields, forgedInvitation, passkeySignIn } from "../sign-in-cases"

/**
 * The sign-in's refusals as Netlify serves the functions (@netlify/dev's routing of each
 * `config.path`, its Blobs), each sent as raw HTTP so that no client tidies a path first:
 * nothing reaches the GitHub stand-in and nothing is stored. Every case of every refusal is
 * in tests/unit/sign-in-functions.test.ts, on the handlers; here, each kind once through the
 * routing, and the gateway's every path (what a router might resolve before the function sees it).
 */
const REPO = "northshore/site"
const GITHUB_TOKEN = "the-sites-own-github-token"
const SECRET = "an-emulation-secret-of-at-least-32-characters"
const ELSEWHERE = "https://elsewhere.example"

let github: GitHubStandIn
let server: NetlifyDevServer
let settings: AuthSettings
/** The owner's access token, signed in through the emulation with a passkey. */
let token = ""

interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
}

/** One request as written, its path untouched (fetch and URL would resolve `..` before sending). */
function send(method: string, rawPath: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  const { hostname, port } = new URL(server.origin)
  return new Promise((resolve, reject) => {
    const request = http.request({ hostname, port, method, path: rawPath, headers }, (response) => {
      let text = ""
      response.setEncoding("utf8").on("data", (chunk: string) => (text += chunk))
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }))
    })
    request.on("error", reject)
    request.end(body)
  })
}

const postJson = (path: string, body: unknown, origin = server.origin, headers: Record<string, string> = {}) =>
  send("POST", path, { "Content-Type": "application/json", Origin: origin, ...headers }, JSON.stringify(body))

/** What the attempts changed: the editors' store's new keys and the requests that reached GitHub. */
async function sideEffects(attempts: () => Promise<unknown>): Promise<string[]> {
  const store = server.store(AUTH_STORE)
  const before = new Set(await keysOf(store))
  const relayedBefore = github.requests.length
  await attempts()
  const added = (await keysOf(store)).filter((key) => !before.has(key))
  return [
    ...added.map((key) => `stored ${key}`),
    ...github.requests.slice(relayedBefore).map(({ method, path }) => `relayed ${method} ${path}`),
  ]
}

beforeAll(async () => {
  github = await startGitHubStandIn({ repo: REPO, files: { "data/business.json": "{}\n" }, token: GITHUB_TOKEN })
  server = await startNetlifyDev({
    env: { AUTH_SECRET: SECRET, CMS_GITHUB_REPO: REPO, GITHUB_TOKEN, GITHUB_API_URL: github.url },
  })
  settings = authSettings((name) => ({ AUTH_SECRET: SECRET, URL: server.origin })[name]) as AuthSettings
  // Invitation → passkey → sign-in → code → token, every step through the emulation.
  token = await passkeySignIn(server.origin, settings)
}, 120_000)

afterAll(async () => {
  await server?.stop()
  await github?.stop()
})

describe("the sign-in through Netlify's emulation", () => {
  it("signs the owner in with a passkey, relays one GitHub call with the site's token, and opens the Calls report", async () => {
    const relayed = await send("GET", "/api/git/github/branches/main", { Authorization: `Bearer ${token}` })
    expect(relayed.status).toBe(200)
    expect(github.requests.map(({ method, path, authorization }) => `${method} ${path} ${authorization}`)).toEqual([
      `GET /repos/${REPO}/branches/main Bearer ${GITHUB_TOKEN}`,
    ])
    const report = await send("GET", `${CALL_REPORT_ENDPOINT}?days=7`, { Authorization: `Bearer ${token}` })
    expect(report.status).toBe(200)
    expect(report.headers["cache-control"]).toMatch(/no-store/)
    const windows = await Promise.all(
      ["7", "30", "90", "1", "365", "abc", ""].map(async (days) => ({
        days,
        status: (await send("GET", `${CALL_REPORT_ENDPOINT}?days=${days}`, { Authorization: `Bearer ${token}` }))
          .status,
      })),
    )
    expectEvery(
      windows,
      "report windows answered wrongly (7, 30 and 90 days are read, any other is refused)",
      ({ days, status }) =>
        status === (["7", "30", "90"].includes(days) ? 200 : 400) ? undefined : `answered ${status}`,
      ({ days }) => `days=${days}`,
    )
  })

  it("the gateway relays nothing for a request without a valid access token: 401 each", async () => {
    const editor = JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString()) as Record<string, string>
    const other = authSettings((name) => ({ AUTH_SECRET: SECRET, URL: ELSEWHERE })[name]) as AuthSettings
    const claims = { sub: editor.sub, cid: editor.cid, email: editor.email, name: editor.name }
    const cases: [string, string | undefined][] = [
      ["no token", undefined],
      ["a token signed with another key", `${token.slice(0, token.lastIndexOf("."))}.${"A".repeat(43)}`],
      ["an expired token", (await signToken("access", claims, settings, Date.now() - 2 * 3600_000)).token],
      ["another site's token", (await signToken("access", claims, other)).token],
      ["a GitHub token", "gho_notoursatall"],
    ]
    let answers: { label: string; status: number }[] = []
    const changed = await sideEffects(async () => {
      answers = await Promise.all(
        cases.map(async ([label, bearer]) => ({
          label,
          status: (
            await send("GET", "/api/git/github/branches/main", bearer ? { Authorization: `Bearer ${bearer}` } : {})
          ).status,
        })),
      )
    })
    expectEvery(
      answers,
      "the gateway accepted a bad token",
      ({ status }) => (status === 401 ? undefined : `${status}`),
      ({ label }) => label,
    )
    expectNone(changed, "a refused token changed something")
  })

  it("the gateway relays nothing outside its paths, methods and repository, whatever the routing makes of the path", async () => {
    const attempts: [string, string][] = [
      ["GET", "/api/git/github/../../user"],
      ["GET", "/api/git/github/..%2F..%2Fother%2Frepo%2Fcontents%2Fx"],
      ["GET", "/api/git/github/contents/%2e%2e/%2e%2e/other/repo/contents/x"],
      ["GET", "/api/git/github/contents/../../../other/repo/contents/x"],
      ["GET", "/api/git/github/git/refs/heads/%252e%252e"],
      ["GET", "/api/git/github/collaborators"],
      ["GET", "/api/git/github/actions/secrets"],
      ["POST", "/api/git/github/hooks"],
      ["POST", "/api/git/github/keys"],
      ["PATCH", "/api/git/github/settings"],
      ["DELETE", "/api/git/github/pulls/1"],
      ["DELETE", "/api/git/github/contents/data/business.json"],
      ["POST", "/api/git/github/branches/main/protection"],
      ["GET", "/api/git/github//repos/other/repo/contents/x"],
      ["GET", "/api/git/github/contents\\..\\..\\user"],
    ]
    let answers: { attempt: string; status: number }[] = []
    const changed = await sideEffects(async () => {
      answers = await Promise.all(
        attempts.map(async ([method, rawPath]) => ({
          attempt: `${method} ${rawPath}`,
          status: (
            await send(
              method,
              rawPath,
              { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
              method === "GET" || method === "DELETE" ? undefined : "{}",
            )
          ).status,
        })),
      )
    })
    expectEvery(
      answers,
      "the gateway's refusals were not refusals",
      ({ status }) => ([400, 404, 405].includes(status) ? undefined : `answered ${status}`),
      ({ attempt }) => attempt,
    )
    expectNone(changed, "a path outside the gateway's list reached GitHub or the store")
  })

  it("the invitation, passkey, authorization and token endpoints refuse what is not theirs, storing nothing", async () => {
    const forged = await forgedInvitation(server.origin)
    const invitation = await commandInvitation(server.origin, settings, { email: "second@example.com", name: "" })
    const foreignRedirect = new URLSearchParams({
      client_id: CLIENT_ID,
      redirect_uri: `${ELSEWHERE}/admin/`,
      response_type: "code",
      state: "{}",
      code_challenge: "x".repeat(43),
      code_challenge_method: "S256",
    })
    const attempts: [string, () => Promise<Answer>, (answer: Answer) => string | undefined][] = [
      [
        "a forged invitation's passkey options: 403",
        () => postJson("/api/auth/passkeys/registration-options", { invitation: forged }),
        ({ status }) => (status === 403 ? undefined : `${status}`),
      ],
      [
        "a valid invitation's passkey options asked from another site: 403",
        () => postJson("/api/auth/passkeys/registration-options", { invitation }, ELSEWHERE),
        ({ status }) => (status === 403 ? undefined : `${status}`),
      ],
      [
        "a registration with a forged challenge: 403",
        () => postJson("/api/auth/passkeys/registration", { invitation, challenge: forged, response: {} }),
        ({ status }) => (status === 403 || status === 400 ? undefined : `${status}`),
      ],
      [
        "Decap's authorization with another site's redirect_uri: 400, sent nowhere",
        () => send("GET", `/api/oauth/authorize?${foreignRedirect}`),
        ({ status, headers }) => (status === 400 && !headers.location ? undefined : `${status} ${headers.location}`),
      ],
      [
        "a sign-in posted from another site: 403",
        () => postJson("/api/oauth/authorize", { query: "", challenge: "", response: {} }, ELSEWHERE),
        ({ status }) => (status === 403 ? undefined : `${status}`),
      ],
      [
        "a forged code for a token: 400 invalid_grant",
        () =>
          send(
            "POST",
            "/api/oauth/token",
            { "Content-Type": "application/x-www-form-urlencoded", Origin: server.origin },
            new URLSearchParams(exchangeFields(server.origin, forged, "v".repeat(64))).toString(),
          ),
        ({ status, body }) =>
          status === 400 && /invalid_grant/.test(body) && !/access_token/.test(body) ? undefined : `${status} ${body}`,
      ],
      [
        "an invitation asked for without a token: 401",
        () => postJson("/api/auth/invitations", { email: "third@example.com" }),
        ({ status }) => (status === 401 ? undefined : `${status}`),
      ],
      [
        "an invitation asked for from another site: 403",
        () =>
          postJson("/api/auth/invitations", { email: "third@example.com" }, ELSEWHERE, {
            Authorization: `Bearer ${token}`,
          }),
        ({ status }) => (status === 403 ? undefined : `${status}`),
      ],
      [
        "the editors' list without a token: 401",
        () => send("GET", "/api/auth/editors"),
        ({ status }) => (status === 401 ? undefined : `${status}`),
      ],
      [
        "the Calls report without a token: 401",
        () => send("GET", `${CALL_REPORT_ENDPOINT}?days=7`),
        ({ status }) => (status === 401 ? undefined : `${status}`),
      ],
      [
        "the last failed build without a token: 401",
        () => send("GET", BUILD_FAILURE_PATH),
        ({ status }) => (status === 401 ? undefined : `${status}`),
      ],
      [
        "the last failed build with a token signed with another key: 401",
        () =>
          send("GET", BUILD_FAILURE_PATH, {
            Authorization: `Bearer ${token.slice(0, token.lastIndexOf("."))}.${"A".repeat(43)}`,
          }),
        ({ status }) => (status === 401 ? undefined : `${status}`),
      ],
    ]
    let answers: { label: string; problem: string | undefined }[] = []
    const changed = await sideEffects(async () => {
      answers = await Promise.all(
        attempts.map(async ([label, attempt, check]) => ({ label, problem: check(await attempt()) })),
      )
    })
    expectEvery(
      answers,
      "requests that were not refused as they should be",
      ({ problem }) => problem,
      ({ label }) => label,
    )
    expectNone(changed, "a refused request changed something")
  })
})
