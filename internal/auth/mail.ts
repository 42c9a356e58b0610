/**
 * Sends an invitation by email when the site has mail settings: SMTP_URL
 * (smtp://user:password@host:587, or smtps://… for port 465) and MAIL_FROM.
 * Without them nothing is sent and the link is only shown to whoever invited.
 */
import nodemailer from "nodemailer"
import type { Env } from "../function-env.ts"
import { plainName } from "./plain-name.ts"

export interface Invitation {
  to: string
  name: string
  link: string
  expires: string
  site: string
}

export const mailConfigured = (env: Env): boolean => Boolean(env("SMTP_URL")?.trim() && env("MAIL_FROM")?.trim())

/**
 * The invitation's text: who it is for, what to do, and until when. The name is made plain here too, whoever
 * gave it (internal/auth/plain-name.ts): no line of the message and no link in it comes from the name.
 */
export function invitationText({ name, link, expires, site }: Invitation): string {
  const until = new Date(expires).toUTCString()
  const greeted = plainName(name)
  return [
    `Hello${greeted ? ` ${greeted}` : ""},`,
    "",
    `You are invited to edit ${site}. Open this link on your phone and save a passkey:`,
    "you will sign in with Face ID, a fingerprint or the screen lock. No password.",
    "",
    link,
    "",
    `The link works once, until ${until}.`,
  ].join("\n")
}

/** Sends it; false when the site has no mail settings. Throws when the mail server refuses. */
export async function mailInvitation(env: Env, invitation: Invitation): Promise<boolean> {
  if (!mailConfigured(env)) return false
  const transport = nodemailer.createTransport(env("SMTP_URL")!.trim())
  await transport.sendMail({
    from: env("MAIL_FROM")!.trim(),
    to: invitation.to,
    subject: `Your invitation to edit ${invitation.site}`,
    text: invitationText(invitation),
  })
  return true
}
