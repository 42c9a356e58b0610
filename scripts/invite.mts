/**
 * Invites an editor: prints a one-time link (valid 72 hours) that lets the
 * person save a passkey and then sign in to /admin/ with it. Run with the site's
 * secret and address, as Netlify has them:
 *
 *   AUTH_SECRET=… URL=https://example.com npm run invite -- owner@example.com [--name "Pat Owner"]
 *
 * With SMTP_URL and MAIL_FROM set as well, the link is also emailed. This is how
 * the first editor is invited; after that, editors invite others at /admin/editors/.
 */
import { parseArgs } from "node:util"
import { normalEmail } from "../internal/auth/editors.ts"
import { createInvitation } from "../internal/auth/invitations.ts"
import { mailInvitation } from "../internal/auth/mail.ts"
import { authSettings } from "../internal/auth/settings.ts"

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
const name = values.name.trim()
const invitation = await createInvitation(settings, { email, name, by: "command" })
console.log(invitation.link)
console.log(`Valid once, until ${invitation.expires}. Open it on the phone that will sign in.`)
try {
  if (await mailInvitation(env, { to: email, name, site: settings.rpID, ...invitation }))
    console.log(`Emailed to ${email}.`)
} catch (error) {
  console.error(`The email was not sent: ${error instanceof Error ? error.message : String(error)}`)
  process.exitCode = 1
}
