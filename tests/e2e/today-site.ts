import fs from "fs"
import http from "http"
import https from "https"
import type { AddressInfo } from "net"
import os from "os"
import path from "path"
import { authSettings, type AuthSettings } from "../../internal/auth/settings"
import { BUILD_FAILURES_STORE, LAST_FAILURE_KEY } from "../../internal/today/build-failures"
import { liveFacts } from "../../internal/today/live-facts"
import { LIVE_FACTS_PATH, type LiveFacts } from "../../src/lib/live-facts"
import { shopToday } from "../../src/lib/today-actions"
import { TODAY_FILES } from "../../src/lib/today-edits"
import { reviewChoices, reviewQrSvg } from "../../internal/today/review-tools"
import { REVIEW_CHOICES_PATH, REVIEW_QR_PATH, type ReviewChoices } from "../../src/lib/today-reviews"
import { startGitHubStandIn, type GitHubStandIn } from "../github-stand-in"
import { startNetlifyDev, type NetlifyDevServer } from "../netlify-dev"
import { passkeySignIn } from "../sign-in-cases"
import { testCertificate } from "../../scripts/test-certificate.mjs"

/**
 * The site as the owner's page for today meets it, for the browser tests of that page: the build
 * in public/ and its functions as Netlify runs them (scripts/netlify-serve.mjs), its gateway
 * relaying to a GitHub stand-in (tests/github-stand-in.ts) that starts with the day's files of
 * `source`, and the owner signed in with a passkey through those functions. The live site's
 * /admin/today/live.json is the stand-in's content as the next build publishes it: `publish()`
 * writes it with the build's own function (internal/today/live-facts.ts); until then it is the
 * build's own file. A small proxy in front serves it, so every engine reads it as a visitor does,
 * over HTTPS as deployed (the page's policy upgrades every request to TLS; the test browsers
 * accept the proxy's certificate, scripts/test-certificate.mjs).
 */

export const REPO = "northshore/site"
export const OWNER = { email: "owner@example.com", name: "Pat Owner" }
const GITHUB_TOKEN = "the-sites-own-github-token"
const SECRET = "an-end-to-end-secret-of-at-least-32-characters"

export interface TodaySite {
  /** The proxy's address, https://127.0.0.1:PORT: open /admin/today/ here. */
  origin: string
  github: GitHubStandIn
  /** The owner's access token, as Decap keeps it after the passkey sign-in. */
  token: string
  /** What Decap keeps in localStorage under "decap-cms-user" for the owner signed in with `token`. */
  user: (token?: string) => { backendName: string; token: string; email: string }
  /** The file's JSON on the stand-in's main. */
  onMain: (file: string) => any // eslint-disable-line @typescript-eslint/no-explicit-any -- each test reads its own fields
  /** Today in the shop's time zone. */
  today: () => string
  /**
   * The stand-in's main as the next build publishes it: the live site shows it from now on. With
   * `reviewLink`, as if the owner had also set the review link in the editor: the build's review
   * tools (internal/today/review-tools.ts) then give the QR code of /review/.
   */
  publish: (options?: { reviewLink?: string }) => void
  /** A production build fails (as netlify/plugins/build-failures/ keeps it), refusing `problems`; none: it succeeds again. */
  failBuild: (problems: string[] | null) => Promise<void>
  /** The files a commit changed, from its parent's tree to its own. */
  changedFiles: (commit: { sha: string; parents: string[] }) => Promise<string[]>
  stop: () => Promise<void>
}

/** A file the next build publishes: its media type and its text. */
type Published = Map<string, { type: string; body: string }>

/**
 * Answers what the next build published (/admin/today/live.json, the review tools) when it has
 * been published; sends everything else on to `target` (read at each request, so the proxy may
 * listen before its target starts), over HTTPS as deployed.
 */
export async function liveFactsProxy(target: string | (() => string), files: () => Published): Promise<https.Server> {
  return https.createServer(
    await testCertificate(),
    async (request: http.IncomingMessage, response: http.ServerResponse) => {
      const url = request.url ?? "/"
      const published = files().get(url.split("?")[0])
      if (published) {
        response.writeHead(200, { "Content-Type": published.type, "Cache-Control": "no-store" })
        response.end(published.body)
        return
      }
      const chunks: Buffer[] = []
      for await (const chunk of request) chunks.push(chunk as Buffer)
      const headers = new Headers()
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === "string" && !["host", "connection", "accept-encoding"].includes(name))
          headers.set(name, value)
      }
      try {
        const answer = await fetch((typeof target === "string" ? target : target()) + url, {
          method: request.method,
          headers,
          body: chunks.length ? Buffer.concat(chunks) : undefined,
          redirect: "manual",
        })
        const kept: Record<string, string> = {}
        // fetch has decoded the body: its length and encoding are no longer the answer's.
        answer.headers.forEach((value, name) => {
          if (!["content-encoding", "content-length", "transfer-encoding", "connection"].includes(name))
            kept[name] = value
        })
        response.writeHead(answer.status, kept)
        response.end(Buffer.from(await answer.arrayBuffer()))
      } catch (error) {
        response.writeHead(502).end(String(error))
      }
    },
  )
}

export async function startTodaySite(source: string): Promise<TodaySite> {
  const files = Object.fromEntries(
    Object.values(TODAY_FILES).map((file) => [file, fs.readFileSync(path.join(source, file), "utf8")]),
  )
  const github = await startGitHubStandIn({ repo: REPO, files, token: GITHUB_TOKEN })
  let server: NetlifyDevServer | undefined
  let proxy: https.Server | undefined
  const stop = async () => {
    proxy?.closeAllConnections()
    await new Promise((resolve) => (proxy ? proxy.close(resolve) : resolve(undefined)))
    await server?.stop()
    await github.stop()
  }
  try {
    server = await startNetlifyDev({
      env: { AUTH_SECRET: SECRET, CMS_GITHUB_REPO: REPO, GITHUB_TOKEN, GITHUB_API_URL: github.url },
    })
    const site = server.origin
    const settings = authSettings((name) => ({ AUTH_SECRET: SECRET, URL: site })[name]) as AuthSettings
    const token = await passkeySignIn(site, settings, OWNER)
    const published: Published = new Map()
    proxy = await liveFactsProxy(site, () => published)
    // The site's own address, as the build gives it to the review tools (https://<site>/review/).
    const built = JSON.parse(
      fs.readFileSync(path.resolve(__dirname, "../../public", `.${REVIEW_CHOICES_PATH}`), "utf8"),
    ) as ReviewChoices
    const siteUrl = new URL("/", built.askUrl).href.replace(/\/$/, "")
    await new Promise<void>((resolve) => proxy?.listen(0, "127.0.0.1", resolve))
    const onMain = (file: string) => JSON.parse(github.file("main", file) ?? "null")
    const tree = async (sha: string) => {
      const answer = await fetch(`${github.url}/repos/${REPO}/git/trees/${sha}?recursive=1`, {
        headers: { Authorization: `Bearer ${GITHUB_TOKEN}` },
      })
      const body = (await answer.json()) as { tree: { path: string; sha: string; type: string }[] }
      return new Map(body.tree.filter((entry) => entry.type === "blob").map((entry) => [entry.path, entry.sha]))
    }
    return {
      origin: `https://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
      github,
      token,
      user: (as = token) => ({ backendName: "git-gateway", token: as, email: OWNER.email }),
      onMain,
      today: () => shopToday(Date.now(), onMain(TODAY_FILES.business).timeZone),
      publish(options = {}) {
        const folder = fs.mkdtempSync(path.join(os.tmpdir(), "today-live-"))
        try {
          for (const file of Object.values(TODAY_FILES)) {
            fs.mkdirSync(path.join(folder, path.dirname(file)), { recursive: true })
            fs.writeFileSync(path.join(folder, file), github.file("main", file) ?? "")
          }
          const facts: LiveFacts = liveFacts(folder, new Date(), github.commits("main")[0].sha, "main")
          published.set(LIVE_FACTS_PATH, { type: "application/json", body: JSON.stringify(facts) })
          if (options.reviewLink) {
            const business = path.join(folder, TODAY_FILES.business)
            const data = JSON.parse(fs.readFileSync(business, "utf8")) as Record<string, unknown>
            fs.writeFileSync(business, JSON.stringify({ ...data, reviewLink: options.reviewLink }))
            for (const records of ["data/cities", "data/services"]) {
              fs.cpSync(path.join(source, records), path.join(folder, records), { recursive: true })
            }
            const choices = reviewChoices(folder, siteUrl)
            published.set(REVIEW_CHOICES_PATH, { type: "application/json", body: JSON.stringify(choices) })
            published.set(REVIEW_QR_PATH, { type: "image/svg+xml", body: reviewQrSvg(choices.askUrl) })
          }
        } finally {
          fs.rmSync(folder, { recursive: true, force: true })
        }
      },
      async failBuild(problems) {
        const store = server!.store(BUILD_FAILURES_STORE)
        if (problems) await store.setJSON(LAST_FAILURE_KEY, { at: new Date().toISOString(), commit: null, problems })
        else await store.delete(LAST_FAILURE_KEY)
      },
      async changedFiles(commit) {
        const [before, after] = await Promise.all([tree(commit.parents[0]), tree(commit.sha)])
        return [...after].filter(([file, sha]) => before.get(file) !== sha).map(([file]) => file)
      },
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}
