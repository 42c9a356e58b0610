import fs from "fs"
import path from "path"
import { HeadersHandler } from "@netlify/headers"
import { PUBLIC_DIR } from "./built-site"
import { expectEvery, expectNone } from "../offenders"
import {
  NETLIFY_DEFAULT_CACHE_CONTROL,
  READINGS,
  conflictingHeaders,
  headersForPath,
  loadHeaderRules,
  type HeaderRule,
} from "../../scripts/netlify-headers.mjs"
import { editorBackend } from "../../internal/cms/backend"

/**
 * The HTTP headers as Netlify serves the build: the rules the build wrote into
 * public/_headers (internal/headers.ts) and any of netlify.toml, read by
 * Netlify's own parser, for every file of public/ and every page's address.
 */
const ROOT = path.resolve(PUBLIC_DIR, "..")

/** Every address the build serves: each file of public/, and each page's folder address ("/brands/"). */
function builtPaths(): string[] {
  const paths: string[] = []
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) {
        walk(full)
        continue
      }
      const address = `/${path.relative(PUBLIC_DIR, full).split(path.sep).join("/")}`
      paths.push(address)
      if (entry.name === "index.html") paths.push(address.slice(0, -"index.html".length))
    }
  }
  walk(PUBLIC_DIR)
  return paths.sort()
}

/** Every folder of public/ ("/", "/maps/", "/static/…/"), where a missing file may be asked for. */
const builtFolders = (paths: readonly string[]) => [...new Set(paths.map((one) => one.replace(/[^/]*$/, "")))].sort()

const YEAR = 31536000
const maxAge = (cacheControl: string | undefined) => Number(/max-age=(\d+)/.exec(cacheControl ?? "")?.[1] ?? 0)
/** A file named after a hash of its content, as webpack names Gatsby's bundles (app-0a1b…e9.js). */
const HASHED_BUNDLE = /^\/[\w~-]+[-.][0-9a-f]{20}\.(js|css)(\.map|\.LICENSE\.txt)?$/
/** The bundles of this build (public/ may keep an earlier build's, which no page loads). */
function bundlesOfThisBuild(): Set<string> {
  const stats = JSON.parse(fs.readFileSync(path.join(PUBLIC_DIR, "webpack.stats.json"), "utf8")) as {
    assetsByChunkName: Record<string, string[]>
  }
  return new Set(Object.values(stats.assetsByChunkName).flatMap((names) => names.map((name) => `/${name}`)))
}
const MAP_FILE = /^\/maps\/[\w.-]+\.svg$/

let rules: HeaderRule[]
let paths: string[]

beforeAll(async () => {
  rules = await loadHeaderRules(ROOT)
  paths = builtPaths()
})

const eachReading = <T>(read: (headers: Record<string, string>) => T, urlPath: string) =>
  READINGS.map((reading) => ({ reading, value: read(headersForPath(rules, urlPath, reading)) }))

describe("headers as Netlify serves them", () => {
  it("come from rules Netlify's parser accepts, the build's public/_headers among them", () => {
    expect(fs.readFileSync(path.join(PUBLIC_DIR, "_headers"), "utf8")).toContain("# gatsby-adapter-netlify start")
    expect(rules.length).toBeGreaterThan(2)
  })

  it("give no path one header from two rules with two values, so joined and last-wins serve the same", () => {
    expectEvery(
      paths,
      "paths that get a header from two rules with different values (Netlify may send either, or both)",
      (urlPath) =>
        conflictingHeaders(rules, urlPath).map(
          ({ name, given }) => `${name} from ${given.map((one) => `"${one.for}" (${one.value})`).join(" and ")}`,
        ),
    )
  })

  it("are, in the test server's last-wins reading, what Netlify's own headers engine sends", async () => {
    const engine = new HeadersHandler({
      configPath: path.join(ROOT, "netlify.toml"),
      projectDir: ROOT,
      publishDir: "public",
      logger: { error: (message: string) => console.error(message) } as never,
    })
    const served = new Map<string, Record<string, string>>()
    for (const urlPath of paths) {
      const response = new Response()
      await engine.apply(new Request(`https://example.test${urlPath}`), response)
      served.set(urlPath, Object.fromEntries(response.headers))
    }
    expectEvery(paths, "paths whose headers differ from Netlify's engine", (urlPath) => {
      const ours = { ...headersForPath(rules, urlPath, "last") }
      if (ours["cache-control"] === NETLIFY_DEFAULT_CACHE_CONTROL && !served.get(urlPath)?.["cache-control"]) {
        delete ours["cache-control"] // Netlify's default, which its CDN adds, not its engine
      }
      expect(ours).toEqual(served.get(urlPath))
    })
  })

  it("never cache a missing file for a year: a 404 matches no long-lived rule", () => {
    const missing = builtFolders(paths).map((folder) => `${folder}no-such-file-8c1f.svg`)
    expectEvery(missing, "missing files that would be cached", (urlPath) =>
      eachReading((headers) => headers["cache-control"], urlPath)
        .filter(({ value }) => maxAge(value) > 0)
        .map(({ reading, value }) => `${reading}: cache-control ${value}`),
    )
    expectNone(
      rules
        .filter((rule) => rule.for.includes("*") && maxAge(rule.values["Cache-Control"]) > 0)
        .map((rule) => rule.for),
      "rules with a wildcard path cache what they match, missing files included",
    )
  })

  it("cache hashed bundles, Gatsby's /static/ files and our map files for a year, and nothing else", () => {
    const bundles = bundlesOfThisBuild()
    const isBundle = (urlPath: string) => bundles.has(urlPath.replace(/(\.map|\.LICENSE\.txt)$/, ""))
    const current = paths.filter((urlPath) => !HASHED_BUNDLE.test(urlPath) || isBundle(urlPath))
    expectEvery(current, "files cached for the wrong time", (urlPath) => {
      const longLived = urlPath.startsWith("/static/") || isBundle(urlPath) || MAP_FILE.test(urlPath)
      return eachReading((headers) => headers["cache-control"], urlPath)
        .filter(({ value }) => (longLived ? maxAge(value) !== YEAR || !/immutable/.test(value) : maxAge(value) !== 0))
        .map(
          ({ reading, value }) => `${reading}: ${value} (${longLived ? "a year, immutable" : "revalidated"} expected)`,
        )
    })
  })

  it("let other sites frame nothing; our pages may frame our map files; nobody frames the editor", () => {
    const documents = paths.filter((one) => one.endsWith("/") || one.endsWith(".html") || MAP_FILE.test(one))
    expectEvery(documents, "documents framed against the rule", (urlPath) =>
      eachReading((headers) => {
        const frameAncestors = /frame-ancestors ([^;,]+)/.exec(headers["content-security-policy"] ?? "")?.[1]?.trim()
        const frameOptions = headers["x-frame-options"]
        if (urlPath.startsWith("/admin/"))
          return frameAncestors === "'none'" ? null : `frame-ancestors ${frameAncestors}`
        if (MAP_FILE.test(urlPath)) {
          return frameAncestors === "'self'" && frameOptions !== "DENY"
            ? null
            : `frame-ancestors ${frameAncestors}, x-frame-options ${frameOptions}`
        }
        return frameOptions === "SAMEORIGIN" || frameOptions === "DENY" ? null : `x-frame-options ${frameOptions}`
      }, urlPath)
        .filter(({ value }) => value)
        .map(({ reading, value }) => `${reading}: ${value}`),
    )
  })

  it("give the editor's documents a policy that names GitHub's and Netlify's API only for GitHub's sign-in (CMS_BACKEND=github)", () => {
    const { signIn } = editorBackend(process.env, "")
    const documents = paths.filter((one) => /^\/admin\/(index\.html|calls\/(index\.html)?)?$/.test(one))
    expect(documents).toContain("/admin/")
    const outside = ["https://api.github.com", "https://api.netlify.com", "https://avatars.githubusercontent.com"]
    expectEvery(documents, `editor documents whose policy is wrong for the ${signIn} sign-in`, (urlPath) =>
      eachReading((headers) => headers["content-security-policy"] ?? "", urlPath).flatMap(({ reading, value }) => {
        const connect = /connect-src ([^;,]+)/.exec(value)?.[1]?.trim().split(/\s+/) ?? []
        const named = outside.filter((origin) => value.includes(origin))
        if (!connect.includes("'self'")) return [`${reading}: connect-src ${connect.join(" ")}`]
        if (signIn === "github")
          return named.length === outside.length ? [] : [`${reading}: names only ${named.join(", ") || "none"}`]
        return named.length ? [`${reading}: names ${named.join(", ")}`] : []
      }),
    )
  })
})
