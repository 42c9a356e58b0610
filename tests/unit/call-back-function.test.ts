/**
 * @jest-environment node
 */
import fs from "fs"
import os from "os"
import path from "path"
import callBack, { config, MAX_BODY_BYTES } from "../../netlify/functions/call-back.mts"
import callBackRequests, { config as requestsConfig } from "../../netlify/functions/call-back-requests.mts"
import callBackSweep, { config as sweepConfig } from "../../netlify/functions/call-back-sweep.mts"
import { AUTH_STORE, createEditor, type Role } from "../../internal/auth/editors"
import { authSettings, type AuthSettings } from "../../internal/auth/settings"
import { signToken } from "../../internal/auth/tokens"
import { signFormToken } from "../../internal/call-backs/form-token"
import { CALL_BACKS_SITE_ENV, type CallBacksSite } from "../../internal/call-backs/site-file"
import {
  CALL_BACKS_STORE,
  KEEP_CALLED_DAYS,
  KEEP_UNMARKED_DAYS,
  requestKey,
  type StoredRequest,
} from "../../internal/call-backs/store"
import { CALL_BACK_ENDPOINT, TOKEN_FIELD } from "../../src/lib/call-back-request"
import { CALL_BACKS_PATH, callBackPath } from "../../src/lib/call-back-list"
import { siteNameOf } from "../../src/lib/site-name"
import { keysOf, localBlobs } from "../blobs-server"
import { readBusiness, readCities, readServices } from "../fixtures/content"
import { expectEvery, expectNone } from "../offenders"
import { quietConsole } from "../stand-in-server"
import { readMail, startSmtpStandIn, type SmtpStandIn } from "../smtp-stand-in"

const blobs = localBlobs()
const { spies } = quietConsole()
const SITE = "https://northshore.example"
const SECRET = "a-call-back-test-secret-of-32-characters-or-more"
const OWNER = "owner@example.com"
const requests = () => blobs.store(CALL_BACKS_STORE)
const DAY = 24 * 3600 * 1000

/** The build's file, written from data/ as the build writes it. */
const business = readBusiness()
const site: CallBacksSite = {
  towns: readCities().map(({ name }) => name),
  appliances: readServices().map(({ name }) => name),
  siteName: siteNameOf(business.brand),
  phone: business.phone,
  schedule: { timeZone: business.timeZone, hours: business.hours, specialHours: [] },
}
const siteDir = fs.mkdtempSync(path.join(os.tmpdir(), "call-backs-site-"))
const siteFile = path.join(siteDir, "site.json")
fs.writeFileSync(siteFile, JSON.stringify(site))

const settings = authSettings((name) => ({ AUTH_SECRET: SECRET, URL: SITE })[name]) as AuthSettings
let smtp: SmtpStandIn
const tokens: Record<Role, string> = { owner: "", helper: "" }

beforeAll(async () => {
  smtp = await startSmtpStandIn()
  Object.assign(process.env, {
    AUTH_SECRET: SECRET,
    URL: SITE,
    SMTP_URL: smtp.url,
    MAIL_FROM: "site@northshore.example",
    [CALL_BACKS_SITE_ENV]: siteFile,
  })
  const auth = blobs.store(AUTH_STORE)
  for (const [role, email] of [
    ["owner", OWNER],
    ["helper", "helper@example.com"],
  ] as const) {
    const passkey = { id: `${role}-passkey`, publicKey: "x", counter: 0, created: "2026-01-01", device: "iPhone" }
    const editor = await createEditor(auth, { email, name: role, invitedBy: "command", role }, passkey)
    tokens[role] = (await signToken("access", { sub: editor!.id, cid: passkey.id, email, name: role }, settings)).token
  }
})
afterAll(async () => {
  await smtp.stop()
  for (const name of ["AUTH_SECRET", "URL", "SMTP_URL", "MAIL_FROM", CALL_BACKS_SITE_ENV, "CALL_BACKS"]) {
    delete process.env[name]
  }
  fs.rmSync(siteDir, { recursive: true, force: true })
})
beforeEach(async () => {
  await blobs.empty(CALL_BACKS_STORE)
  smtp.received.length = 0
})
afterEach(() => jest.restoreAllMocks())

const GOOD = {
  name: "Pat Homeowner",
  phone: "847 555 0123",
  town: site.towns[0],
  appliance: site.appliances[0],
  note: "The refrigerator stopped cooling tonight.",
  bestTime: "afternoon",
}

/** A form's POST as a browser sends it: urlencoded, the page's own Origin; JSON when `json`. */
function post(
  values: Record<string, string>,
  { json = true, origin = SITE, body }: { json?: boolean; origin?: string | null; body?: string } = {},
): Request {
  return new Request(`${SITE}${CALL_BACK_ENDPOINT}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      ...(origin ? { Origin: origin } : {}),
      ...(json ? { Accept: "application/json" } : { Accept: "text/html" }),
    },
    body: body ?? new URLSearchParams(values).toString(),
  })
}

/** A token for a form shown `ago` ms before now. */
const renderedAgo = (ago: number) => signFormToken(settings, Date.now() - ago)

const stored = async (): Promise<StoredRequest[]> =>
  Promise.all(
    (await keysOf(requests())).map(async (key) => (await requests().get(key, { type: "json" })) as StoredRequest),
  )

describe("a call-back request sent with script", () => {
  it("is kept with what was typed and when it came, nothing else, mailed to the owner in plain text, and answered with when we will call", async () => {
    const response = await callBack(post({ ...GOOD, [TOKEN_FIELD]: await renderedAgo(20_000) }))
    expect(response.status).toBe(200)
    expect(response.headers.get("Set-Cookie")).toBeNull()
    expect(await response.json()).toEqual({ sent: true, when: expect.stringMatching(/^We /), phone: "(847) 555-0123" })
    const [request, ...more] = await stored()
    expect(more).toEqual([])
    expect(request).toEqual({
      ...GOOD,
      phone: "8475550123",
      id: expect.any(String),
      arrived: expect.any(String),
      called: null,
    })
    expect(smtp.received).toHaveLength(1)
    const [mail] = smtp.received
    expect(mail).toMatchObject({ from: "site@northshore.example", to: [OWNER] })
    const { headers, body } = readMail(mail.raw)
    expect(headers).toContain(`Subject: Call-back request: ${GOOD.appliance}, ${GOOD.town}`)
    expect(headers.find((line) => /^Content-Type:/i.test(line))).toMatch(/text\/plain/)
    expect(mail.raw).not.toMatch(/text\/html/i)
    for (const part of ["Name: Pat Homeowner", "Phone: (847) 555-0123", GOOD.note, `${SITE}/admin/today/`]) {
      expect(body).toContain(part)
    }
  })

  it("gives the form its render time signed by the server, on GET", async () => {
    const response = await callBack(new Request(`${SITE}${CALL_BACK_ENDPOINT}`))
    expect(response.status).toBe(200)
    expect(response.headers.get("Cache-Control")).toBe("no-store")
    expect(await response.json()).toEqual({ token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/) })
  })
})

describe("a call-back request sent without script", () => {
  it("is answered with the form again, filled and with a signed time, then kept when sent from that page", async () => {
    const first = await callBack(post(GOOD, { json: false }))
    expect(first.status).toBe(200)
    const page = await first.text()
    expect(page).toContain("Check your call-back request")
    expect(page).toContain('value="(847) 555-0123"')
    expect(await keysOf(requests())).toEqual([])
    const token = /name="started" value="([^"]+)"/.exec(page)?.[1]
    expect(token).toBeTruthy()
    // The person reads the page and sends it: some seconds later.
    const later = Date.now() + 10_000
    jest.spyOn(Date, "now").mockReturnValue(later)
    const second = await callBack(post({ ...GOOD, phone: "(847) 555-0123", [TOKEN_FIELD]: token! }, { json: false }))
    expect(second.status).toBe(200)
    const thanks = await second.text()
    expect(thanks).toContain("Thank you: we will call you back")
    expect(thanks).toMatch(/We (open|are open)/)
    expect(await stored()).toHaveLength(1)
  })

  it("answers with its own headers: its own policy posting only to the site, never cached, indexed or framed", async () => {
    const response = await callBack(post(GOOD, { json: false }))
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "x-robots-tag": "noindex",
      "x-frame-options": "DENY",
      "x-content-type-options": "nosniff",
    })
    const policy = response.headers.get("Content-Security-Policy") ?? ""
    expect(policy).toMatch(/default-src 'none'/)
    expect(policy).toMatch(/form-action 'self'/)
    expect(policy).toMatch(/frame-ancestors 'none'/)
    expect(policy).not.toMatch(/script-src|unsafe/)
  })

  it("says each problem at its field, escaped, and keeps nothing", async () => {
    const response = await callBack(
      post(
        { ...GOOD, name: "<script>alert(1)</script>", phone: "555", [TOKEN_FIELD]: await renderedAgo(20_000) },
        { json: false },
      ),
    )
    const page = await response.text()
    expect(page).toContain('id="phone-error">Enter a US phone number of 10 digits')
    expect(page).toContain('aria-describedby="phone-hint phone-error" aria-invalid="true"')
    expect(page).not.toContain("<script>")
    expect(page).toContain("&lt;script&gt;")
    expect(await keysOf(requests())).toEqual([])
  })
})

describe("refused, with nothing kept", () => {
  it("an oversized body, an unknown field, a field sent twice, a phone that is not a phone, another origin or none", async () => {
    const token = await renderedAgo(20_000)
    const cases: [string, Request, number][] = [
      ["an oversized body", post({}, { body: `name=${"x".repeat(MAX_BODY_BYTES)}` }), 413],
      ["an unknown field", post({ ...GOOD, [TOKEN_FIELD]: token, email: "x@example.com" }), 400],
      [
        "a field sent twice",
        post({}, { body: `${new URLSearchParams({ ...GOOD, [TOKEN_FIELD]: token })}&name=Two` }),
        400,
      ],
      ["a phone that is not a phone", post({ ...GOOD, phone: "12345", [TOKEN_FIELD]: token }), 422],
      ["another origin", post({ ...GOOD, [TOKEN_FIELD]: token }, { origin: "https://elsewhere.example" }), 403],
      ["no origin", post({ ...GOOD, [TOKEN_FIELD]: token }, { origin: null }), 403],
    ]
    const answers = []
    for (const [label, request, status] of cases) {
      const response = await callBack(request)
      answers.push({ label, status: response.status, expected: status })
    }
    expectEvery(
      answers,
      "requests answered otherwise",
      ({ status, expected }) => (status === expected ? undefined : `${status}, not ${expected}`),
      ({ label }) => label,
    )
    expect(await keysOf(requests())).toEqual([])
    expect(smtp.received).toEqual([])
  })

  it("everything while CALL_BACKS=off: 404", async () => {
    process.env.CALL_BACKS = "off"
    try {
      expect((await callBack(post({ ...GOOD, [TOKEN_FIELD]: await renderedAgo(20_000) }))).status).toBe(404)
      expect((await callBack(new Request(`${SITE}${CALL_BACK_ENDPOINT}`))).status).toBe(404)
    } finally {
      delete process.env.CALL_BACKS
    }
    expect(await keysOf(requests())).toEqual([])
  })
})

describe("spam, without a third party", () => {
  it("the honeypot filled, or a form sent faster than a person types: the same answer as a request kept, nothing kept", async () => {
    const kept = await (
      await callBack(post({ ...GOOD, [TOKEN_FIELD]: await renderedAgo(20_000) }, { json: false }))
    ).text()
    await blobs.empty(CALL_BACKS_STORE)
    smtp.received.length = 0
    const honeypot = await callBack(
      post({ ...GOOD, [TOKEN_FIELD]: await renderedAgo(20_000), website: "https://spam.example" }, { json: false }),
    )
    const tooFast = await callBack(post({ ...GOOD, [TOKEN_FIELD]: await renderedAgo(500) }, { json: false }))
    expect([honeypot.status, tooFast.status]).toEqual([200, 200])
    expect(await honeypot.text()).toBe(kept)
    expect(await tooFast.text()).toBe(kept)
    expect(await keysOf(requests())).toEqual([])
    expect(smtp.received).toEqual([])
  })

  it("a form sent hours after it was shown, or with a token not the site's: nothing kept, the form again to check", async () => {
    const hoursLater = await callBack(post({ ...GOOD, [TOKEN_FIELD]: await renderedAgo(3 * 3600 * 1000) }))
    expect(hoursLater.status).toBe(422)
    expect(await hoursLater.json()).toEqual({ problems: {}, token: expect.any(String), timing: "too-old" })
    const otherSite = authSettings(
      (name) => ({ AUTH_SECRET: "another-secret-of-32-characters-at-least", URL: SITE })[name],
    )
    const forged = await signFormToken(otherSite as AuthSettings, Date.now() - 20_000)
    expect((await callBack(post({ ...GOOD, [TOKEN_FIELD]: forged }))).status).toBe(422)
    expect(await keysOf(requests())).toEqual([])
  })

  it("has a rate limit per address: Netlify answers 429 beyond it", () => {
    expect(config.rateLimit).toEqual({ windowLimit: expect.any(Number), windowSize: 60, aggregateBy: ["ip", "domain"] })
    expect(config.rateLimit?.windowLimit).toBeLessThanOrEqual(20)
  })
})

describe("the mail", () => {
  it("cannot be given a header through any field: a line break in a name stays in the body, on one line", async () => {
    const hostile = {
      ...GOOD,
      name: "Pat\r\nBcc: mallory@evil.example\r\nSubject: Win",
      note: "Hi\r\n\r\nContent-Type: text/html\r\n\r\n<b>x</b>",
      [TOKEN_FIELD]: await renderedAgo(20_000),
    }
    expect((await callBack(post(hostile))).status).toBe(200)
    const [mail] = smtp.received
    expect(mail.to).toEqual([OWNER])
    const { headers, body } = readMail(mail.raw)
    expectNone(
      headers.filter((line) => /^(Bcc|Cc|Subject: Win)/i.test(line) || /evil\.example/.test(line)),
      "headers made from a field",
    )
    expect(headers.filter((line) => /^Content-Type:/i.test(line))).toEqual([
      expect.stringMatching(/^Content-Type: text\/plain/i),
    ])
    expect(body).toMatch(/^Name: Pat Bcc: Subject: Win$/m)
  })
})

describe("the logs", () => {
  it("never hold the name, the phone or the note", async () => {
    await callBack(post({ ...GOOD, [TOKEN_FIELD]: await renderedAgo(20_000) }))
    await callBack(post({ ...GOOD, phone: "12", [TOKEN_FIELD]: await renderedAgo(20_000) }))
    await callBack(post({ ...GOOD, [TOKEN_FIELD]: await renderedAgo(20_000), website: "x" }))
    const logged = spies().flatMap((spy) => spy.mock.calls.map((call) => call.map(String).join(" ")))
    expect(logged.length).toBeGreaterThan(0)
    const secrets = [GOOD.name, "555", GOOD.note, "0123"]
    expectNone(
      logged.filter((line) => secrets.some((secret) => line.includes(secret))),
      "log lines holding what the homeowner typed",
    )
  })
})

describe("the requests, for editors only", () => {
  const asEditor = (method: string, url: string, token?: string, body?: unknown) =>
    callBackRequests(
      new Request(`${SITE}${url}`, {
        method,
        headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    )

  it("are read, marked called and deleted only with an editor's token, owner or helper", async () => {
    await callBack(post({ ...GOOD, [TOKEN_FIELD]: await renderedAgo(20_000) }))
    const [{ id }] = await stored()
    expect((await asEditor("GET", CALL_BACKS_PATH)).status).toBe(401)
    expect((await asEditor("GET", CALL_BACKS_PATH, "not-a-token")).status).toBe(401)
    expect((await asEditor("PATCH", callBackPath(id), undefined, { called: true })).status).toBe(401)
    expect((await asEditor("DELETE", callBackPath(id))).status).toBe(401)
    expect(await stored()).toEqual([expect.objectContaining({ id, called: null })])

    const listed = await asEditor("GET", CALL_BACKS_PATH, tokens.helper)
    expect(listed.status).toBe(200)
    expect(await listed.json()).toEqual({
      requests: [expect.objectContaining({ id, name: GOOD.name, phone: "8475550123" })],
    })
    const marked = await asEditor("PATCH", callBackPath(id), tokens.owner, { called: true })
    expect(marked.status).toBe(200)
    expect(await stored()).toEqual([expect.objectContaining({ id, called: expect.any(String) })])
    expect((await asEditor("DELETE", callBackPath(id), tokens.helper)).status).toBe(204)
    expect(await stored()).toEqual([])
    expect((await asEditor("DELETE", callBackPath(id), tokens.owner)).status).toBe(404)
  })

  it("have a rate limit, and the store is read from the paths the config names", () => {
    expect(requestsConfig.path).toEqual([CALL_BACKS_PATH, `${CALL_BACKS_PATH}/:id`])
    expect(requestsConfig.rateLimit?.windowLimit).toBeGreaterThan(0)
  })
})

describe("the sweep", () => {
  it(`deletes a request ${KEEP_CALLED_DAYS} days after it was marked called and ${KEEP_UNMARKED_DAYS} days after it came if never marked`, async () => {
    const now = Date.parse("2027-03-01T12:00:00Z")
    const at = (days: number) => new Date(now - days * DAY).toISOString()
    const records: Record<string, Pick<StoredRequest, "arrived" | "called">> = {
      "called 31 days ago": { arrived: at(40), called: at(KEEP_CALLED_DAYS + 1) },
      "called 29 days ago": { arrived: at(40), called: at(KEEP_CALLED_DAYS - 1) },
      "came 61 days ago, never called": { arrived: at(KEEP_UNMARKED_DAYS + 1), called: null },
      "came 59 days ago, never called": { arrived: at(KEEP_UNMARKED_DAYS - 1), called: null },
    }
    const ids = Object.keys(records).map((_, index) => `00000000-0000-4000-8000-00000000000${index}`)
    await Promise.all(
      Object.values(records).map((dates, index) =>
        requests().setJSON(requestKey(ids[index]), { ...GOOD, phone: "8475550123", id: ids[index], ...dates }),
      ),
    )
    jest.spyOn(Date, "now").mockReturnValue(now)
    const response = await callBackSweep(new Request(`${SITE}/.netlify/functions/call-back-sweep`))
    expect(await response.text()).toBe("2 deleted, 2 kept")
    const left = (await stored()).map(({ id }) => Object.keys(records)[ids.indexOf(id)]).sort()
    expect(left).toEqual(["called 29 days ago", "came 59 days ago, never called"])
    expect(sweepConfig.schedule).toMatch(/^\d+ \d+ \* \* \*$/)
  })
})
