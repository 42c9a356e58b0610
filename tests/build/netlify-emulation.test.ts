import fs from "fs"
import path from "path"
import ts from "typescript"
import { HeadersHandler } from "@netlify/headers"
import { CALL_REPORT_ENDPOINT, CALL_TAP_ENDPOINT } from "../../src/lib/call-tap"
import { CALL_TAPS_SITE_FILE, CALL_TAPS_STORE, parseTapKey } from "../../internal/call-taps"
import { GOOD_TAP, NOT_POST, badTapBodies, foreignOrigins } from "../call-tap-cases"
import { netlifyDev, startNetlifyDev } from "../netlify-dev"
import { expectEvery } from "../offenders"
import { PUBLIC_DIR } from "./built-site"

/**
 * The build and its functions served as Netlify serves them, through Netlify's
 * own local emulation (scripts/netlify-serve.mjs, @netlify/dev): each function
 * at the paths its `config` names, public/_headers on the pages, a tap counted
 * in Netlify Blobs.
 */
const ROOT = path.resolve(PUBLIC_DIR, "..")
const FUNCTIONS_DIR = path.join(ROOT, "netlify/functions")

const site = netlifyDev()

/** A tap as a page's beacon sends it (POST, text/plain), from `origin`: the site's own unless given. */
const sendTap = (body: BodyInit | null, origin = site.origin()) =>
  fetch(`${site.origin()}${CALL_TAP_ENDPOINT}`, {
    method: "POST",
    headers: { "Content-Type": "text/plain;charset=UTF-8", Origin: origin },
    body,
  })

interface FunctionRoute {
  name: string
  paths: string[]
  methods: string[]
}

/** A string or a list of strings written out in an object literal (as Netlify's parser reads `config`). */
const strings = (node: ts.Expression | undefined): string[] => {
  if (!node) return []
  if (ts.isStringLiteralLike(node)) return [node.text]
  if (ts.isArrayLiteralExpression(node)) return node.elements.flatMap((element) => strings(element))
  throw new Error(`not written out: ${node.getText()}`)
}

/** Each function's `config.path` and `config.method`, read from its source as Netlify reads it, without running it. */
function functionRoutes(): FunctionRoute[] {
  return fs
    .readdirSync(FUNCTIONS_DIR)
    .filter((file) => /\.m?[jt]s$/.test(file))
    .sort()
    .map((file) => {
      const source = ts.createSourceFile(
        file,
        fs.readFileSync(path.join(FUNCTIONS_DIR, file), "utf8"),
        ts.ScriptTarget.Latest,
        true,
      )
      let config: ts.ObjectLiteralExpression | undefined
      source.forEachChild((node) => {
        if (!ts.isVariableStatement(node)) return
        for (const declaration of node.declarationList.declarations) {
          if (declaration.name.getText() === "config" && declaration.initializer) {
            if (ts.isObjectLiteralExpression(declaration.initializer)) config = declaration.initializer
          }
        }
      })
      const property = (key: string) =>
        config?.properties.find(
          (one): one is ts.PropertyAssignment => ts.isPropertyAssignment(one) && one.name.getText() === key,
        )?.initializer
      return {
        name: file.replace(/\.m?[jt]s$/, ""),
        paths: strings(property("path")),
        methods: strings(property("method")),
      }
    })
}

/** An address the path pattern matches: each `:name` and `*` filled in. */
const addressOf = (pattern: string) => pattern.replace(/:\w+/g, "sample").replace(/\*/g, "sample")

const notFoundPage = () => fs.readFileSync(path.join(PUBLIC_DIR, "404.html"), "utf8")

describe("the functions, through Netlify's emulation", () => {
  it("each answers at every path its config names, for the first method it names", async () => {
    const routes = functionRoutes().flatMap(({ name, paths, methods }) =>
      paths.map((pattern) => ({ name, pattern, method: methods[0] ?? "GET" })),
    )
    // All at once: each function's first call waits for its build, made as the server starts.
    const answers = await Promise.all(
      routes.map(async (route) => {
        const response = await fetch(`${site.origin()}${addressOf(route.pattern)}`, {
          method: route.method,
          headers: route.method === "GET" ? {} : { "Content-Type": "application/json" },
          body: route.method === "GET" || route.method === "DELETE" ? undefined : "{}",
        })
        return { ...route, status: response.status, body: await response.text() }
      }),
    )
    expectEvery(
      answers,
      "function paths answered by the site's 404 page, not the function",
      ({ status, body }) => (body === notFoundPage() ? `answered ${status} with public/404.html` : undefined),
      ({ name, method, pattern }) => `${name}: ${method} ${pattern}`,
    )
  }, 120_000)

  it("include every function that is called over HTTP (not on a schedule or an event)", () => {
    const withoutPath = functionRoutes()
      .filter(({ paths }) => paths.length === 0)
      .map(({ name }) => name)
    expect(withoutPath.sort()).toEqual(["auth-sweep", "call-back-sweep", "daily-rebuild", "deploy-succeeded"])
  })

  it("count a tap POSTed as a page's beacon sends it: 204, then one blob naming its page and placement", async () => {
    expect(fs.existsSync(path.join(ROOT, CALL_TAPS_SITE_FILE))).toBe(true)
    const taps = site.store(CALL_TAPS_STORE)
    const before = (await taps.list()).blobs.length
    const response = await sendTap(JSON.stringify({ path: "/", placement: "header" }))
    expect(response.status).toBe(204)
    const { blobs } = await taps.list()
    expect(blobs).toHaveLength(before + 1)
    expect(blobs.map(({ key }) => parseTapKey(key))).toContainEqual({
      day: expect.any(String),
      placement: "header",
      path: "/",
    })
  })

  it("count every one of 20 taps sent at once: 20 answers 204, 20 blobs more", async () => {
    const taps = site.store(CALL_TAPS_STORE)
    const before = (await taps.list()).blobs.length
    const statuses = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const response = await sendTap(JSON.stringify({ path: "/coupons/", placement: "footer" }))
        await response.arrayBuffer()
        return response.status
      }),
    )
    expect(statuses).toEqual(Array.from({ length: 20 }, () => 204))
    expect((await taps.list()).blobs).toHaveLength(before + 20)
  })

  it("keep answering while a second server of the same project starts beside it (test stages run side by side)", async () => {
    // Each server builds its functions into a folder of its own: a second server's builds, made
    // as it starts, once overwrote the ones this server's calls were running (answers of 500).
    const statuses: number[] = []
    let starting = true
    const second = startNetlifyDev().finally(() => {
      starting = false
    })
    while (starting || statuses.length < 20) {
      const response = await sendTap(GOOD_TAP)
      await response.arrayBuffer()
      statuses.push(response.status)
    }
    await (await second).stop()
    console.log(`${statuses.length} taps sent while a second server started`)
    expect(statuses.filter((status) => status !== 204)).toEqual([])
  }, 120_000)

  it("refuse each bad tap a client can send with a 400, storing nothing", async () => {
    const taps = site.store(CALL_TAPS_STORE)
    const before = (await taps.list()).blobs.length
    const cases: Array<[string, () => Promise<Response>]> = [
      ...badTapBodies(site.origin()).map(([name, body]): [string, () => Promise<Response>] => [
        name,
        () => sendTap(body),
      ]),
      ...foreignOrigins(site.origin()).map(([name, origin]): [string, () => Promise<Response>] => [
        name,
        () => sendTap(GOOD_TAP, origin),
      ]),
    ]
    const answers = await Promise.all(
      cases.map(async ([name, send]) => {
        const response = await send()
        await response.arrayBuffer()
        return { name, status: response.status }
      }),
    )
    expectEvery(
      answers,
      "bad taps answered other than 400",
      ({ status }) => (status === 400 ? undefined : `answered ${status}`),
      ({ name }) => name,
    )
    expect((await taps.list()).blobs).toHaveLength(before)
  })

  it("route only POST to the tap's function: every other method gets the site's 404, storing nothing", async () => {
    const taps = site.store(CALL_TAPS_STORE)
    const before = (await taps.list()).blobs.length
    const answers = await Promise.all(
      NOT_POST.map(async (method) => {
        const response = await fetch(`${site.origin()}${CALL_TAP_ENDPOINT}`, {
          method,
          headers: { Origin: site.origin() },
          body: method === "GET" || method === "HEAD" ? null : GOOD_TAP,
        })
        const body = await response.text()
        return { method, status: response.status, page: method === "HEAD" || body === notFoundPage() }
      }),
    )
    expectEvery(
      answers,
      "methods other than POST answered by something other than the site's 404 page",
      ({ status, page }) =>
        status === 404 && page ? undefined : `answered ${status}${page ? "" : ", not the 404 page"}`,
      ({ method }) => method,
    )
    expect((await taps.list()).blobs).toHaveLength(before)
  })

  it("refuse the call report without a token: 401", async () => {
    const response = await fetch(`${site.origin()}${CALL_REPORT_ENDPOINT}?days=7`)
    expect(response.status).toBe(401)
  })
})

describe("the pages, through Netlify's emulation", () => {
  /** The headers Netlify's own engine gives a path from public/_headers and netlify.toml (tests/build/headers.test.ts). */
  const ruled = async (urlPath: string) => {
    const engine = new HeadersHandler({
      configPath: path.join(ROOT, "netlify.toml"),
      projectDir: ROOT,
      publishDir: "public",
      logger: { error: (message: string) => console.error(message) } as never,
    })
    return engine.apply(new Request(`https://example.test${urlPath}`))
  }

  it("carry the headers public/_headers gives them: /, the editor, a sign-in page", async () => {
    const paths = ["/", "/admin/", "/admin/sign-in/"]
    const served = []
    for (const urlPath of paths) {
      const response = await fetch(`${site.origin()}${urlPath}`)
      await response.arrayBuffer()
      served.push({ urlPath, status: response.status, headers: response.headers, rules: await ruled(urlPath) })
    }
    expectEvery(
      served,
      "pages served without the headers their rules give",
      ({ status, headers, rules }) => [
        ...(status === 200 ? [] : [`answered ${status}`]),
        ...Object.entries(rules)
          .filter(([name, value]) => headers.get(name) !== value)
          .map(([name, value]) => `${name}: ${headers.get(name)} instead of ${value}`),
      ],
      ({ urlPath }) => urlPath,
    )
    const home = served[0]
    expect(home.headers.get("x-frame-options")).toBe("SAMEORIGIN")
    expect(home.headers.get("strict-transport-security")).toMatch(/max-age=\d+/)
    // The home page's policy is a <meta> of the page (internal/csp.ts), not a header; the editor's is a header.
    expect(served[1].headers.get("content-security-policy")).toContain("frame-ancestors 'none'")
  })

  it("answer a missing page 404 with public/404.html", async () => {
    const response = await fetch(`${site.origin()}/no-such-page-8c1f/`)
    expect(response.status).toBe(404)
    expect(await response.text()).toBe(notFoundPage())
  })
})
