/**
 * Invites an owner: prints a one-time link (valid 24 hours) that lets the person
 * save a passkey and then sign in to /admin/ with it. Run with the site's secret
 * and address, as Netlify has them, while the site runs there:
 *
 *   AUTH_SECRET=… URL=https://example.com npm run invite -- owner@example.com [--name "Pat Owner"]
 *
 * The invitation is made by the site itself (POST /api/auth/invitations), which
 * keeps it where an owner can see and take it back: this command cannot reach the
 * site's Blobs, so it proves it holds the secret with a command token (5 minutes,
 * used once) instead of an owner's sign-in. Locally, `npm run serve` runs the
 * functions at http://localhost:9000. With SMTP_URL and MAIL_FROM set for the
 * functions, the site also emails the link. This is how the first owner is
 * invited; after that, owners invite others at /admin/editors/.
 */
import { parseArgs } from "node:util"
import { normalEmail } from "../internal/auth/editors.ts"
import { authSettings } from "../internal/auth/settings.ts"
import { signToken } from "../internal/auth/tokens.ts"

const env = (name: string): string | undefined => process.env[name]
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { name: { type: "string", default: "" } },
})
const email = normalEmail(positionals[0])
if (positionals.length !== 1 || !email) {
  console.error('usage: npm run invite -- owner@example.com [--name "Pat Owner"]')
  process.exit(2)
}
const settings = authSettings(env)
if (settings instanceof Error) {
  console.error(`${settings.message} (set it as on Netlify: Site configuration > Environment variables)`)
  process.exit(2)
}
const { token } = await signToken("command", { action: "invite" }, settings)
const endpoint = `${settings.origin}/api/auth/invitations`
let response: Response
try {
  response = await fetch(endpoint, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, Origin: settings.origin, "Content-Type": "application/json" },
    body: JSON.stringify({ email, name: values.name.trim(), role: "owner" }),
  })
} catch (error) {
  console.error(
    `The site at ${settings.origin} could not be reached (${error instanceof Error ? error.message : String(error)}): ` +
      "the invitation is made by the running site (locally: npm run serve, with the same AUTH_SECRET and URL).",
  )
  process.exit(1)
}
const answer = (await response.json().catch(() => ({}))) as {
  link?: string
  expires?: string
  emailed?: boolean
  message?: string
}
if (response.status !== 201 || !answer.link) {
  console.error(`The site refused the invitation (${response.status}): ${answer.message ?? "no reason given"}`)
  process.exit(1)
}
console.log(answer.link)
console.log(`Valid once, until ${answer.expires}. Open it on the phone that will sign in.`)
if (answer.emailed) console.log(`Emailed to ${email}.`)
