import type { AddressInfo } from "net"
import { SMTPServer } from "smtp-server"

/** One message as the stand-in received it: the envelope, and the message's text as sent (headers and body). */
export interface ReceivedMail {
  from: string
  to: string[]
  raw: string
}

export interface SmtpStandIn {
  /** smtp://127.0.0.1:PORT, for SMTP_URL. */
  url: string
  received: ReceivedMail[]
  stop: () => Promise<void>
}

/**
 * A mail server on a free loopback port that records every message it is
 * given (smtp-server, from nodemailer's authors): no TLS, no sign-in, nothing
 * relayed anywhere.
 */
export async function startSmtpStandIn(): Promise<SmtpStandIn> {
  const received: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, done) {
      let raw = ""
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString()))
      stream.on("end", () => {
        const { mailFrom, rcptTo } = session.envelope
        received.push({ from: mailFrom ? mailFrom.address : "", to: rcptTo.map(({ address }) => address), raw })
        done()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** A message's headers, unfolded, and its body with quoted-printable's soft breaks and escapes undone. */
export function readMail(raw: string): { headers: string[]; body: string } {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/)
  const headers = head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)
  const latin1 = rest
    .join("\n\n")
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
  return { headers, body: Buffer.from(latin1, "latin1").toString("utf8") }
}
