/**
 * Tells the owners of a new request at once, by email, with the SMTP settings
 * the invitations use (internal/auth/mail.ts): SMTP_URL and MAIL_FROM, to every
 * editor whose role is owner. The message is plain text only (no HTML is built
 * from a request), and its headers hold nothing the homeowner typed: the
 * subject names the appliance and the town, both from the site's own closed
 * lists, and every value is one line but the note, which stays in the body.
 * nodemailer writes the body as text; a line break in a value cannot reach a
 * header.
 */
import nodemailer from "nodemailer"
import type { Env } from "../function-env"
import { mailConfigured } from "../auth/mail"
import { plainName } from "../auth/plain-name"
import { formatUsPhone } from "../../src/lib/call-back-request"
import type { StoredRequest } from "./store"

/** The request as the owner reads it, with the way to the page for today. */
export function requestText(request: StoredRequest, todayUrl: string, timeZone: string): string {
  const arrived = new Date(request.arrived).toLocaleString("en-US", {
    timeZone,
    weekday: "long",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  })
  return [
    `A call-back request came on ${arrived}.`,
    "",
    `Name: ${plainName(request.name)}`,
    `Phone: ${formatUsPhone(request.phone)}`,
    `Town: ${request.town}`,
    `Appliance: ${request.appliance}`,
    `Best time to call: ${request.bestTime}`,
    `Note: ${request.note ? `\n${request.note}` : "none"}`,
    "",
    `Call them back from the page for today, and mark the request called there: ${todayUrl}`,
  ].join("\n")
}

export const requestSubject = (request: StoredRequest): string =>
  `Call-back request: ${request.appliance}, ${request.town}`

/** Sends it to `owners`; false when the site has no mail settings or no owner. Throws when the mail server refuses. */
export async function mailRequest(
  env: Env,
  owners: readonly string[],
  request: StoredRequest,
  todayUrl: string,
  timeZone: string,
): Promise<boolean> {
  if (!mailConfigured(env) || owners.length === 0) return false
  const transport = nodemailer.createTransport(env("SMTP_URL")!.trim())
  await transport.sendMail({
    from: env("MAIL_FROM")!.trim(),
    to: [...owners],
    subject: requestSubject(request).replace(/[\r\n]/g, " "),
    text: requestText(request, todayUrl, timeZone),
  })
  return true
}
