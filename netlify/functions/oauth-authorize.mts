/**
 * OAuth 2 authorization endpoint (with PKCE, S256) for Decap's `git-gateway`
 * backend (`auth_type: pkce`).
 *
 * GET: Decap's login sends the browser here; a request that passes the checks
 * of internal/auth/oauth.ts goes on to the sign-in page with the same query
 * (303 /admin/sign-in/?…). A redirect_uri other than the site's own /admin/ is
 * refused here (400), never followed; other errors go back to /admin/ with
 * error, error_description and the state unchanged, as Decap expects.
 *
 * POST {query, challenge, response}: the sign-in page sends the same query, the
 * sign-in challenge and the passkey's answer. Checked: the request comes from
 * the site, the challenge is this site's, unexpired and unused (it is used up
 * now), the passkey is registered and WebAuthn accepts the answer. Then: a
 * one-time code for 60 s, bound to the code_challenge, and {redirect} back to
 * /admin/?code=…&state=….
 */
import type { Config } from "@netlify/functions"
import { authStore, fromSite, json, readJson, refuse, settingsOrRefusal } from "../../internal/auth/http.ts"
import { maskEmail, passkeyOwner, recordCounter, spendOnce } from "../../internal/auth/editors.ts"
import { errorRedirect, isAuthorizeError, parseAuthorize } from "../../internal/auth/oauth.ts"
import { answeredPasskey, checkSignIn } from "../../internal/auth/passkeys.ts"
import { TokenRefused, signToken, verifyToken } from "../../internal/auth/tokens.ts"

export const SIGN_IN_PAGE = "/admin/sign-in/"

export default async (request: Request): Promise<Response> => {
  const settings = settingsOrRefusal()
  if (settings instanceof Response) return settings
  const url = new URL(request.url)

  if (request.method === "GET") {
    const parsed = parseAuthorize(url.searchParams, settings)
    if (isAuthorizeError(parsed)) {
      if (!parsed.redirect) return refuse(400, parsed.description)
      return new Response(null, {
        status: 303,
        headers: { Location: errorRedirect(settings, parsed), "Cache-Control": "no-store" },
      })
    }
    return new Response(null, {
      status: 303,
      headers: { Location: `${SIGN_IN_PAGE}${url.search}`, "Cache-Control": "no-store" },
    })
  }
  if (request.method !== "POST")
    return refuse(405, `method ${request.method} is not GET or POST`, { Allow: "GET, POST" })

  if (!fromSite(request, settings)) return refuse(403, "this request did not come from the site's own pages")
  const body = await readJson(request)
  if (!body || typeof body.query !== "string")
    return refuse(400, "the sign-in request is incomplete: open /admin/ again")
  const parsed = parseAuthorize(new URLSearchParams(body.query), settings)
  if (isAuthorizeError(parsed)) return refuse(400, `${parsed.description}: open /admin/ again`)

  const challenge =
    typeof body.challenge === "string" ? await verifyToken("challenge", body.challenge, settings) : undefined
  if (!challenge || challenge instanceof TokenRefused || challenge.kind !== "sign-in") {
    return refuse(403, "the sign-in request expired: try again")
  }
  const store = authStore()
  if (!(await spendOnce(store, challenge.jti, challenge.exp)))
    return refuse(403, "the sign-in request was already used: try again")
  const passkeyId = answeredPasskey(body.response)
  const owner = passkeyId ? await passkeyOwner(store, passkeyId) : undefined
  if (!owner) return refuse(403, "this passkey is not registered for this site: ask an editor for an invitation")
  const counter = await checkSignIn(settings, challenge.challenge, body.response, owner.passkey)
  if (counter === undefined) return refuse(403, "the phone's answer could not be verified: try again")
  await recordCounter(store, owner.editor.id, owner.passkey.id, counter)

  const { token: code } = await signToken(
    "code",
    {
      sub: owner.editor.id,
      cid: owner.passkey.id,
      email: owner.editor.email,
      name: owner.editor.name,
      code_challenge: parsed.code_challenge,
      redirect_uri: parsed.redirect_uri,
      client_id: parsed.client_id,
    },
    settings,
  )
  console.log(`oauth-authorize: ${maskEmail(owner.editor.email)} signed in`)
  const back = new URLSearchParams({ code, state: parsed.state })
  return json(200, { redirect: `${parsed.redirect_uri}?${back}` })
}

export const config: Config = {
  path: "/api/oauth/authorize",
  method: ["GET", "POST"],
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ["ip", "domain"] },
}
