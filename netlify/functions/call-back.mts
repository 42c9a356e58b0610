/**
 * Takes a call-back request (the one form of the public pages, `/call-back/`).
 *
 * GET: `{ "token": … }`, the form's render time signed by the server, which a
 * page with script asks for when a field is first focused (internal/call-backs/form-token.ts).
 *
 * POST, application/x-www-form-urlencoded, from the site's own pages: checked
 * with the one declaration of the request (src/lib/call-back-request.ts), kept
 * in the Blobs store `call-backs` (internal/call-backs/store.ts) and mailed to
 * the owners (internal/call-backs/mail.ts). A page with script sends
 * `Accept: application/json` and reads JSON; a form sent without script gets
 * HTML (internal/call-backs/answer-page.ts):
 *   - no token, or one past its 2 hours: nothing kept; the form again, filled,
 *     with a fresh token, to check and send (or mend, with each problem at its field);
 *   - a problem in a field: nothing kept; the form again with the problem said at its field;
 *   - the honeypot filled, or a token younger than a person types: nothing kept,
 *     and the same thanks as a request kept (a bot learns nothing);
 *   - in time and right: kept, mailed, and the thanks, saying when we will call.
 * Refused whole with nothing kept: another origin (403), a body over
 * MAX_BODY_BYTES or not UTF-8 (413), a field the form has not, or one sent twice (400).
 * Netlify's rateLimit refuses a burst from one address (429).
 *
 * No cookie is set, nothing of the sender (address, user agent) is kept, and no
 * log line holds a name, a number or a note: only what happened.
 * CALL_BACKS=off: 404 to everything, nothing kept.
 */
import type { Config } from "@netlify/functions"
import { readCappedText } from "../../internal/capped-body"
import { isOwnOrigin } from "../../internal/call-taps"
import { functionEnv as env } from "../../internal/function-env"
import { authSettings } from "../../internal/auth/settings"
import { authStore } from "../../internal/auth/http"
import { listEditors, roleOf } from "../../internal/auth/editors"
import { callBacksOn } from "../../internal/call-backs/setting"
import { readCallBacksSite, type CallBacksSite } from "../../internal/call-backs/site-file"
import { formTiming, signFormToken } from "../../internal/call-backs/form-token"
import { callBacksStore, requestKey, type StoredRequest } from "../../internal/call-backs/store"
import { mailRequest } from "../../internal/call-backs/mail"
import { ANSWER_HEADERS, formPage, refusedPage, thanksPage } from "../../internal/call-backs/answer-page"
import {
  BEST_TIMES,
  checkCallBack,
  formatUsPhone,
  HONEYPOT_FIELD,
  TOKEN_FIELD,
  unknownFields,
  usPhoneDigits,
} from "../../src/lib/call-back-request"
import { callBackWhen } from "../../src/lib/call-back-time"

/** The largest body read: a note of 500 characters, each up to 4 bytes sent as %XX, and the rest. */
export const MAX_BODY_BYTES = 16 * 1024

/** The site's own addresses besides the request's (as the tap count reads them). */
const SITE_ADDRESS_ENVS = ["URL", "SITE_URL", "DEPLOY_PRIME_URL", "DEPLOY_URL"] as const

const NO_STORE = { "Cache-Control": "no-store" }

const log = (message: string) => console.log(`call-back: ${message}`)

const wantsJson = (request: Request): boolean => (request.headers.get("Accept") ?? "").includes("application/json")

const html = (status: number, body: string): Response => new Response(body, { status, headers: ANSWER_HEADERS })

const jsonAnswer = (status: number, body: unknown): Response => Response.json(body, { status, headers: NO_STORE })

function refuse(request: Request, site: CallBacksSite, status: number, reason: string): Response {
  log(`refused (${status}): ${reason}; nothing kept`)
  return wantsJson(request) ? jsonAnswer(status, { message: reason }) : html(status, refusedPage(site))
}

/** The owners' addresses, for the mail. */
async function owners(): Promise<string[]> {
  const editors = await listEditors(authStore())
  return editors.filter((editor) => roleOf(editor) === "owner").map((editor) => editor.email)
}

export default async (request: Request): Promise<Response> => {
  if (!callBacksOn(env)) return new Response("Not found", { status: 404, headers: NO_STORE })
  const settings = authSettings(env)
  const site = readCallBacksSite(process.env)
  if (settings instanceof Error || site instanceof Error) {
    console.error(`call-back: ${(settings instanceof Error ? settings : (site as Error)).message}; nothing kept`)
    return new Response("The call-back request is not set up.", { status: 503, headers: NO_STORE })
  }
  const now = Date.now()
  if (request.method === "GET") return jsonAnswer(200, { token: await signFormToken(settings, now) })
  if (request.method !== "POST") {
    return new Response("GET or POST", { status: 405, headers: { ...NO_STORE, Allow: "GET, POST" } })
  }

  const origin = request.headers.get("Origin")
  if (!isOwnOrigin(origin, request.url, SITE_ADDRESS_ENVS.map(env))) {
    return refuse(request, site, 403, `origin ${JSON.stringify(origin)} is not the site's`)
  }
  const body = await readCappedText(request, MAX_BODY_BYTES)
  if (body === undefined) return refuse(request, site, 413, `the body is over ${MAX_BODY_BYTES} bytes or not UTF-8`)
  const form = new URLSearchParams(body)
  const names = [...form.keys()]
  const unknown = unknownFields(names)
  if (unknown.length) return refuse(request, site, 400, `fields the form has not: ${unknown.length}`)
  if (new Set(names).size !== names.length) return refuse(request, site, 400, "a field sent twice")
  const values = Object.fromEntries(form)

  const checked = checkCallBack(values, site)
  const phoneDigits = usPhoneDigits(values.phone ?? "")
  const shown = { ...values, phone: phoneDigits ? formatUsPhone(phoneDigits) : values.phone }
  const thanks = (phone: string, bestTime?: StoredRequest["bestTime"]) => {
    const when = callBackWhen(now, site.schedule, bestTime)
    return wantsJson(request) ? jsonAnswer(200, { sent: true, when, phone }) : html(200, thanksPage(site, when, phone))
  }

  // A bot fills every field it finds: the same thanks as a request kept, nothing kept.
  if (values[HONEYPOT_FIELD]) {
    log("dropped: the hidden field was filled")
    const asked = BEST_TIMES.find((time) => time === values.bestTime)
    return thanks(shown.phone ?? "", asked)
  }

  const timing = await formTiming(values[TOKEN_FIELD], settings, now)
  if ("problems" in checked || timing === "missing" || timing === "too-old") {
    const problems = "problems" in checked ? checked.problems : {}
    const token = await signFormToken(settings, now)
    log(`not kept: ${"problems" in checked ? `problems in ${Object.keys(problems).join(", ")}` : `token ${timing}`}`)
    if (wantsJson(request)) return jsonAnswer(422, { problems, token, timing })
    const intro =
      "problems" in checked
        ? "Nothing was sent yet. Mend what is marked below, then send your request."
        : timing === "too-old"
          ? "This form was open for a long time, so nothing was sent yet. Check your request, then send it."
          : "Nothing was sent yet. Check your request below, then send it."
    return html(200, formPage(site, shown, problems, token, intro))
  }
  if (timing === "too-fast") {
    log("dropped: sent faster than a person types")
    return thanks(formatUsPhone(checked.request.phone), checked.request.bestTime)
  }

  const stored: StoredRequest = {
    ...checked.request,
    id: crypto.randomUUID(),
    arrived: new Date(now).toISOString(),
    called: null,
  }
  try {
    await callBacksStore().setJSON(requestKey(stored.id), stored)
  } catch (error) {
    console.error(`call-back: the store refused a request: ${error instanceof Error ? error.message : String(error)}`)
    return new Response("Not kept: call us instead.", { status: 500, headers: NO_STORE })
  }
  log(`kept ${stored.id}`)
  try {
    const mailed = await mailRequest(
      env,
      await owners(),
      stored,
      `${settings.origin}/admin/today/`,
      site.schedule.timeZone,
    )
    log(mailed ? `mailed ${stored.id} to the owners` : `not mailed ${stored.id}: no mail settings or no owner`)
  } catch (error) {
    // Kept all the same: the page for today lists it.
    console.error(
      `call-back: the mail for ${stored.id} was refused: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  return thanks(formatUsPhone(stored.phone), stored.bestTime)
}

// Netlify reads this object from the source without running it: each value written out.
export const config: Config = {
  path: "/api/call-back",
  method: ["GET", "POST"],
  // A person loads the form and sends it once or twice; a burst beyond this from one address is not a person.
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ["ip", "domain"] },
}
