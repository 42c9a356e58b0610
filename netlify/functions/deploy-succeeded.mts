/**
 * Tells search engines which pages changed, through IndexNow, after each
 * production deploy. Netlify calls a function of this name on the
 * `deploy-succeeded` event, with the deploy in the body (`payload`; its
 * `context`, `deploy_ssl_url`, …). Deploy previews and branch deploys send
 * nothing: their pages are not the site's.
 *
 * The URLs are those whose sitemap lastmod the deploy's build set, which the
 * build publishes at /lastmod-changes.json (internal/gatsby/lastmod-files.ts):
 * the function reads that file from the deploy's own address, so it always
 * sends the list of the deploy that succeeded (a file bundled with the
 * function would need the build to finish before the function is bundled, and
 * a path inside Netlify's function bundle). The key is INDEXNOW_KEY (set in
 * Netlify's environment variables for builds and functions; never committed),
 * whose file the build publishes at /{key}.txt.
 */
import { CHANGED_URLS_PATH, indexNowKey, INDEXNOW_KEY_ENV, isChangedUrls, keyFilePath } from "../../internal/indexnow"
import { functionEnv as env } from "../../internal/function-env"

export const INDEXNOW_ENDPOINT = "https://api.indexnow.org/indexnow"
/** Overrides the endpoint (the tests point it at a local server). */
export const ENDPOINT_ENV = "INDEXNOW_ENDPOINT"
/** IndexNow takes at most 10,000 URLs a request. */
export const BATCH_LIMIT = 10_000

// Netlify runs a synchronous function for 30 s at most: give up on each request well before.
const REQUEST_TIMEOUT_MS = 8_000

const log = (message: string): void => console.log(`deploy-succeeded: ${message}`)
const done = (message: string): Response => {
  log(message)
  return new Response(message)
}
const fail = (message: string, status = 502): Response => {
  console.error(`deploy-succeeded: ${message}`)
  return new Response(message, { status })
}

/** The deploy's fields the function reads, as the event's body names them (and, camel-cased, as @netlify/types does). */
interface Deploy {
  context?: string
  deploy_ssl_url?: string
  deploy_url?: string
  permalinkUrl?: string
  ssl_url?: string
  sslUrl?: string
  url?: string
}

/** The deploy of the event's body: `payload` is the deploy (some documentation shows it under `payload.deploy`). */
function deployOf(body: unknown): Deploy | undefined {
  const payload = (body as { payload?: Deploy & { deploy?: Deploy } } | null)?.payload
  if (typeof payload !== "object" || payload === null) return undefined
  return typeof payload.deploy === "object" && payload.deploy !== null ? payload.deploy : payload
}

/** The URLs in batches IndexNow accepts. */
export function batches<T>(items: readonly T[], size = BATCH_LIMIT): T[][] {
  const result: T[][] = []
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size))
  return result
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error))

export default async (req: Request): Promise<Response> => {
  let deploy: Deploy | undefined
  try {
    deploy = deployOf(await req.json())
  } catch (error) {
    return fail(`the event's body is not JSON (${reason(error)}): nothing sent`, 400)
  }
  if (!deploy) return fail("the event's body has no deploy: nothing sent", 400)
  if (deploy.context !== "production") {
    return done(`a ${deploy.context ?? "deploy of no context"}, not production: nothing sent to IndexNow`)
  }

  const key = indexNowKey(env(INDEXNOW_KEY_ENV))
  if (key === undefined)
    return done(`${INDEXNOW_KEY_ENV} is not set: nothing sent to IndexNow (see docs/deploy.md#indexnow)`)
  if (key instanceof Error) return fail(`${key.message}: nothing sent to IndexNow`, 500)

  // The deploy's own address first: the list read is then this deploy's, whatever was published since.
  const origin =
    deploy.deploy_ssl_url || deploy.permalinkUrl || deploy.deploy_url || deploy.ssl_url || deploy.sslUrl || deploy.url
  if (!origin) return fail("the deploy has no address to read the changed URLs from: nothing sent", 400)
  const listUrl = new URL(CHANGED_URLS_PATH, origin).href
  let changes: unknown
  try {
    const answer = await fetch(listUrl, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) })
    if (!answer.ok) {
      await answer.body?.cancel()
      return fail(`${listUrl} answered ${answer.status}: nothing sent`)
    }
    changes = await answer.json()
  } catch (error) {
    return fail(`${listUrl} could not be read (${reason(error)}): nothing sent`)
  }
  if (!isChangedUrls(changes)) return fail(`${listUrl} is not a list of changed URLs: nothing sent`)
  // The site's own origin, where Netlify's functions see it (SITE_URL when scoped to functions, else Netlify's
  // URL): a list of another site's pages is never sent with this site's key, whoever called the function.
  const ownSite = (env("SITE_URL") || env("URL"))?.trim().replace(/\/+$/, "")
  if (ownSite && changes.siteUrl !== ownSite) {
    return fail(`${listUrl} lists the pages of ${changes.siteUrl}, not of ${ownSite}: nothing sent`)
  }
  const offSite = changes.urls.filter((url) => !url.startsWith(`${changes.siteUrl}/`))
  if (offSite.length > 0) return fail(`${listUrl} lists URLs off ${changes.siteUrl} (${offSite[0]}): nothing sent`)
  if (changes.urls.length === 0) return done(`no page changed on ${changes.day}: nothing sent to IndexNow`)

  const site = new URL(changes.siteUrl)
  const endpoint = env(ENDPOINT_ENV)?.trim() || INDEXNOW_ENDPOINT
  const answers: string[] = []
  for (const urlList of batches(changes.urls)) {
    const body = { host: site.host, key, keyLocation: new URL(keyFilePath(key), site).href, urlList }
    log(`sending ${urlList.length} URLs changed on ${changes.day} to ${endpoint}: ${urlList.join(" ")}`)
    let answer: Response
    try {
      answer = await fetch(endpoint, {
        method: "POST",
        headers: { "Content-Type": "application/json; charset=utf-8" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      })
    } catch (error) {
      return fail(`IndexNow could not be reached (${reason(error)}); ${answers.length} of the batches were sent`)
    }
    const text = (await answer.text()).trim()
    answers.push(`${answer.status}${text ? ` ${text.slice(0, 200)}` : ""}`)
    // 200: received; 202: received, the key not yet checked. Anything else is refused.
    if (answer.status !== 200 && answer.status !== 202) {
      return fail(`IndexNow answered ${answers.at(-1)} to ${urlList.length} URLs`)
    }
    log(`IndexNow answered ${answers.at(-1)}`)
  }
  return done(
    `${changes.urls.length} URLs sent to IndexNow in ${answers.length} requests; answers: ${answers.join(", ")}`,
  )
}
