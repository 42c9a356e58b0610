/**
 * @jest-environment node
 */
import deploySucceeded, {
  BATCH_LIMIT,
  ENDPOINT_ENV,
  INDEXNOW_ENDPOINT,
} from "../../netlify/functions/deploy-succeeded.mts"
import { CHANGED_URLS_PATH, INDEXNOW_KEY_ENV, type ChangedUrls } from "../../internal/indexnow"
import { quietConsole, standInServer } from "../stand-in-server"

/**
 * One local server stands in for both hosts the function talks to: the
 * deploy (which serves the build's list of changed URLs) and IndexNow's
 * endpoint (which records each POST and answers `status`).
 */
const KEY = "0123abcd-test-key"
const SITE_URL = "https://www.example.com"
const ENDPOINT_PATH = "/indexnow"
let status = 200
let changes: ChangedUrls | string = { siteUrl: SITE_URL, day: "2026-11-26", urls: [] }
let posts: Array<{ url?: string; contentType?: string; body: Record<string, unknown> }> = []
let listRequests = 0

const host = standInServer((req, res) => {
  const chunks: Buffer[] = []
  req.on("data", (chunk: Buffer) => chunks.push(chunk))
  req.on("end", () => {
    if (req.method === "GET" && req.url === CHANGED_URLS_PATH) {
      listRequests += 1
      res
        .writeHead(200, { "Content-Type": "application/json" })
        .end(typeof changes === "string" ? changes : JSON.stringify(changes))
    } else if (req.method === "POST" && req.url === ENDPOINT_PATH) {
      posts.push({
        url: req.url,
        contentType: req.headers["content-type"],
        body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>,
      })
      res.writeHead(status).end(status === 200 ? "" : "Key not valid")
    } else res.writeHead(404).end()
  })
})
const log = quietConsole()

beforeEach(() => {
  status = 200
  posts = []
  listRequests = 0
  changes = { siteUrl: SITE_URL, day: "2026-11-26", urls: [`${SITE_URL}/`, `${SITE_URL}/coupons/`] }
  process.env[INDEXNOW_KEY_ENV] = KEY
  process.env[ENDPOINT_ENV] = `${host.origin()}${ENDPOINT_PATH}`
})
afterEach(() => {
  delete process.env[INDEXNOW_KEY_ENV]
  delete process.env[ENDPOINT_ENV]
})

/** The event as Netlify sends it: the deploy in `payload`. */
const run = (context: string, deployUrl = host.origin()) =>
  deploySucceeded(
    new Request("http://localhost/.netlify/functions/deploy-succeeded", {
      method: "POST",
      body: JSON.stringify({
        payload: { context, deploy_ssl_url: deployUrl, ssl_url: SITE_URL, url: SITE_URL, branch: "main" },
        site: { name: "north-shore" },
      }),
    }),
  )
const loggedText = () =>
  log
    .spies()
    .flatMap((spy) => spy.mock.calls)
    .map((args) => args.join(" "))
    .join("\n")

describe("deploy-succeeded: IndexNow after a production deploy", () => {
  it("posts the deploy's changed URLs once, with the site's host, the key and its location, and logs what it sent and the answer", async () => {
    const response = await run("production")
    expect(response.ok).toBe(true)
    expect(listRequests).toBe(1)
    expect(posts).toEqual([
      {
        url: ENDPOINT_PATH,
        contentType: "application/json; charset=utf-8",
        body: {
          host: "www.example.com",
          key: KEY,
          keyLocation: `${SITE_URL}/${KEY}.txt`,
          urlList: [`${SITE_URL}/`, `${SITE_URL}/coupons/`],
        },
      },
    ])
    expect(loggedText()).toContain(
      `sending 2 URLs changed on 2026-11-26 to ${host.origin()}${ENDPOINT_PATH}: ${SITE_URL}/ ${SITE_URL}/coupons/`,
    )
    expect(loggedText()).toContain("IndexNow answered 200")
  })

  it("also reads the deploy under payload.deploy, its fields camel-cased", async () => {
    const response = await deploySucceeded(
      new Request("http://localhost/", {
        method: "POST",
        body: JSON.stringify({
          payload: { deploy: { context: "production", permalinkUrl: host.origin(), sslUrl: SITE_URL } },
        }),
      }),
    )
    expect(response.ok).toBe(true)
    expect(posts).toHaveLength(1)
  })

  it.each(["deploy-preview", "branch-deploy"])("sends nothing after a %s, and says so", async (context) => {
    const response = await run(context)
    expect(response.ok).toBe(true)
    expect(listRequests).toBe(0)
    expect(posts).toHaveLength(0)
    expect(loggedText()).toContain(`a ${context}, not production: nothing sent`)
  })

  it("sends more than 10,000 URLs in batches of at most 10,000", async () => {
    const urls = Array.from({ length: 2 * BATCH_LIMIT + 1 }, (_, index) => `${SITE_URL}/service-area/town-${index}/`)
    changes = { siteUrl: SITE_URL, day: "2026-11-26", urls }
    const response = await run("production")
    expect(response.ok).toBe(true)
    expect(posts.map(({ body }) => (body.urlList as string[]).length)).toEqual([BATCH_LIMIT, BATCH_LIMIT, 1])
    expect(posts.flatMap(({ body }) => body.urlList as string[])).toEqual(urls)
  })

  it("without the key, sends nothing and says why", async () => {
    delete process.env[INDEXNOW_KEY_ENV]
    const response = await run("production")
    expect(posts).toHaveLength(0)
    expect(await response.text()).toContain(`${INDEXNOW_KEY_ENV} is not set`)
    expect(loggedText()).toContain(`${INDEXNOW_KEY_ENV} is not set: nothing sent`)
  })

  it("refuses a key IndexNow would refuse, sending nothing", async () => {
    process.env[INDEXNOW_KEY_ENV] = "short"
    const response = await run("production")
    expect(response.ok).toBe(false)
    expect(posts).toHaveLength(0)
    expect(loggedText()).toContain("8 to 128")
  })

  it("reads the key from Netlify.env when the Netlify global exists", async () => {
    delete process.env[INDEXNOW_KEY_ENV]
    const get = jest.fn((name: string) => (name === INDEXNOW_KEY_ENV ? KEY : process.env[name]))
    Object.assign(globalThis, { Netlify: { env: { get } } })
    try {
      expect((await run("production")).ok).toBe(true)
    } finally {
      delete (globalThis as { Netlify?: unknown }).Netlify
    }
    expect(get).toHaveBeenCalledWith(INDEXNOW_KEY_ENV)
    expect(posts).toHaveLength(1)
  })

  it("sends nothing when no page changed", async () => {
    changes = { siteUrl: SITE_URL, day: "2026-11-26", urls: [] }
    expect((await run("production")).ok).toBe(true)
    expect(posts).toHaveLength(0)
    expect(loggedText()).toContain("no page changed on 2026-11-26")
  })

  it("reports an answer IndexNow gives to a refused request", async () => {
    status = 403
    const response = await run("production")
    expect(response.ok).toBe(false)
    expect(loggedText()).toContain("IndexNow answered 403 Key not valid")
  })

  it("reports a list it cannot read, sending nothing", async () => {
    changes = "<html>not the list</html>"
    expect((await run("production")).ok).toBe(false)
    expect(posts).toHaveLength(0)
  })

  it("sends nothing when the list is another site's than the function's own", async () => {
    process.env.SITE_URL = "https://www.other.example"
    try {
      expect((await run("production")).ok).toBe(false)
    } finally {
      delete process.env.SITE_URL
    }
    expect(posts).toHaveLength(0)
    expect(loggedText()).toContain("not of https://www.other.example: nothing sent")
  })

  it("sends the list of its own site when it knows it", async () => {
    process.env.SITE_URL = `${SITE_URL}/`
    try {
      expect((await run("production")).ok).toBe(true)
    } finally {
      delete process.env.SITE_URL
    }
    expect(posts).toHaveLength(1)
  })

  it("sends nothing when the list holds a URL off its site", async () => {
    changes = { siteUrl: SITE_URL, day: "2026-11-26", urls: [`${SITE_URL}/`, "https://elsewhere.example/"] }
    expect((await run("production")).ok).toBe(false)
    expect(posts).toHaveLength(0)
  })

  it("posts to IndexNow's shared endpoint unless told otherwise", () => {
    expect(INDEXNOW_ENDPOINT).toBe("https://api.indexnow.org/indexnow")
  })
})
