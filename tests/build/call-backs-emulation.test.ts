import fs from "fs"
import path from "path"
import { authSettings, type AuthSettings } from "../../internal/auth/settings"
import { signFormToken } from "../../internal/call-backs/form-token"
import { CALL_BACKS_SITE_FILE } from "../../internal/call-backs/site-file"
import { CALL_BACKS_STORE, type StoredRequest } from "../../internal/call-backs/store"
import { CALL_BACK_ENDPOINT, TOKEN_FIELD } from "../../src/lib/call-back-request"
import { CALL_BACKS_PATH, callBackPath } from "../../src/lib/call-back-list"
import { startNetlifyDev, type NetlifyDevServer } from "../netlify-dev"
import { expectEvery } from "../offenders"
import { passkeySignIn } from "../sign-in-cases"
import { readMail, startSmtpStandIn, type SmtpStandIn } from "../smtp-stand-in"
import { PUBLIC_DIR } from "./built-site"

/**
 * The call-back request as Netlify runs it, through its own local emulation
 * (tests/netlify-dev.ts): the built function with the build's
 * .call-backs/site.json, Blobs, the owner's sign-in, and a local SMTP stand-in
 * that records what it got. Every case on the handlers is in
 * tests/unit/call-back-function.test.ts.
 */
const SECRET = "an-emulation-secret-of-at-least-32-characters"
const ROOT = path.resolve(PUBLIC_DIR, "..")

let server: NetlifyDevServer
let smtp: SmtpStandIn
let settings: AuthSettings
let ownerToken = ""
const site = JSON.parse(fs.readFileSync(path.join(ROOT, CALL_BACKS_SITE_FILE), "utf8")) as {
  towns: string[]
  appliances: string[]
}

const GOOD = {
  name: "Pat Homeowner",
  phone: "847-555-0123",
  town: site.towns[0],
  appliance: site.appliances[site.appliances.length - 1],
  note: "The dryer stopped mid-cycle.",
  bestTime: "afternoon",
}

beforeAll(async () => {
  smtp = await startSmtpStandIn()
  server = await startNetlifyDev({
    env: { AUTH_SECRET: SECRET, SMTP_URL: smtp.url, MAIL_FROM: "site@northshore.example" },
  })
  settings = authSettings((name) => ({ AUTH_SECRET: SECRET, URL: server.origin })[name]) as AuthSettings
  ownerToken = await passkeySignIn(server.origin, settings)
}, 120_000)

afterAll(async () => {
  await server?.stop()
  await smtp?.stop()
})

const store = () => server.store(CALL_BACKS_STORE)
const keys = async () => (await store().list()).blobs.map(({ key }) => key)
const empty = async () => {
  await Promise.all((await keys()).map((key) => store().delete(key)))
  smtp.received.length = 0
}
beforeEach(empty)

/** The form as a browser posts it from the site's page: urlencoded, the page's Origin; HTML unless `json`. */
const send = (values: Record<string, string>, { json = false, origin = server.origin, body = "" } = {}) =>
  fetch(`${server.origin}${CALL_BACK_ENDPOINT}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: origin,
      Accept: json ? "application/json" : "text/html",
    },
    body: body || new URLSearchParams(values).toString(),
  })

const renderedAgo = (ms: number) => signFormToken(settings, Date.now() - ms)

describe("the call-back request through Netlify's emulation", () => {
  it("a form with script: a signed time on GET, the request kept, mailed to the owner, read by the owner", async () => {
    const given = (await (await fetch(`${server.origin}${CALL_BACK_ENDPOINT}`)).json()) as { token: string }
    expect(given.token).toMatch(/\./)
    const response = await send({ ...GOOD, [TOKEN_FIELD]: await renderedAgo(15_000) }, { json: true })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ sent: true, when: expect.stringMatching(/^We /), phone: "(847) 555-0123" })
    expect(await keys()).toHaveLength(1)
    expect(smtp.received).toHaveLength(1)
    expect(smtp.received[0].to).toEqual(["owner@example.com"])
    expect(readMail(smtp.received[0].raw).body).toContain(`${server.origin}/admin/today/`)
    const listed = await fetch(`${server.origin}${CALL_BACKS_PATH}`, {
      headers: { Authorization: `Bearer ${ownerToken}` },
    })
    expect(((await listed.json()) as { requests: StoredRequest[] }).requests).toEqual([
      expect.objectContaining({ name: GOOD.name, phone: "8475550123", town: GOOD.town, called: null }),
    ])
  })

  it("a form without script: the function's page of the form, then the request kept when sent from it", async () => {
    const first = await send(GOOD)
    expect(first.headers.get("Content-Security-Policy")).toMatch(/form-action 'self'/)
    const page = await first.text()
    const token = /name="started" value="([^"]+)"/.exec(page)?.[1] ?? ""
    expect(token).not.toBe("")
    expect(await keys()).toEqual([])
    // A person reads the page and presses Send: a few seconds.
    await new Promise((resolve) => setTimeout(resolve, 3500))
    const second = await send({ ...GOOD, [TOKEN_FIELD]: token })
    expect(await second.text()).toContain("Thank you: we will call you back")
    expect(await keys()).toHaveLength(1)
    expect(smtp.received).toHaveLength(1)
  })

  it("refuses, with nothing kept or mailed: a body too large, an unknown field, a phone that is not one, another origin", async () => {
    const token = await renderedAgo(15_000)
    const cases: [string, Promise<Response>, number][] = [
      ["a body too large", send({}, { body: `note=${"x".repeat(20_000)}` }), 413],
      ["an unknown field", send({ ...GOOD, [TOKEN_FIELD]: token, email: "x@example.com" }), 400],
      ["a phone that is not a phone", send({ ...GOOD, phone: "555-01", [TOKEN_FIELD]: token }, { json: true }), 422],
      ["another origin", send({ ...GOOD, [TOKEN_FIELD]: token }, { origin: "https://elsewhere.example" }), 403],
    ]
    const answers = await Promise.all(
      cases.map(async ([label, answer, status]) => ({ label, status, got: (await answer).status })),
    )
    expectEvery(
      answers,
      "requests answered otherwise",
      ({ status, got }) => (got === status ? undefined : `${got}, not ${status}`),
      ({ label }) => label,
    )
    expect(await keys()).toEqual([])
    expect(smtp.received).toEqual([])
  })

  it("drops spam with the same answer as a request kept: the honeypot filled, a form sent too fast", async () => {
    const kept = await (await send({ ...GOOD, [TOKEN_FIELD]: await renderedAgo(15_000) })).text()
    await empty()
    const honeypot = await (await send({ ...GOOD, [TOKEN_FIELD]: await renderedAgo(15_000), website: "x" })).text()
    const tooFast = await (await send({ ...GOOD, [TOKEN_FIELD]: await renderedAgo(0) })).text()
    expect([honeypot, tooFast]).toEqual([kept, kept])
    expect(await keys()).toEqual([])
    expect(smtp.received).toEqual([])
  })

  it("lets only an editor's token read, mark or delete a request", async () => {
    await send({ ...GOOD, [TOKEN_FIELD]: await renderedAgo(15_000) }, { json: true })
    const [key] = await keys()
    const id = key.split("/")[1]
    const as = (method: string, url: string, token?: string, body?: unknown) =>
      fetch(`${server.origin}${url}`, {
        method,
        headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
    const refused = await Promise.all([
      as("GET", CALL_BACKS_PATH),
      as("PATCH", callBackPath(id), undefined, { called: true }),
      as("DELETE", callBackPath(id), "forged.token.value"),
    ])
    expect(refused.map(({ status }) => status)).toEqual([401, 401, 401])
    expect(((await store().get(key, { type: "json" })) as StoredRequest).called).toBeNull()
    expect((await as("PATCH", callBackPath(id), ownerToken, { called: true })).status).toBe(200)
    expect(((await store().get(key, { type: "json" })) as StoredRequest).called).toEqual(expect.any(String))
    expect((await as("DELETE", callBackPath(id), ownerToken)).status).toBe(204)
    expect(await keys()).toEqual([])
  })
})
