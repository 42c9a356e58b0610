/**
 * A person's name as the site repeats it in its own mail and pages: plain words
 * on one line. Whoever invites types the name, and the site's invitation then
 * carries it to someone else's inbox from the site's own address; a newline
 * there could forge lines of the message, and a link would borrow the site's
 * good name. So the name loses its control and formatting characters (line
 * breaks and bidirectional overrides among them) and every word a mail client
 * would turn into a link: an address with a scheme (https://…, mailto:…),
 * anything starting www., a bare domain (evil.example, evil.example/x), an email
 * address. A dot followed by a space ("Pat O. Smith") is no link and stays.
 */

/** The longest name kept, in characters. */
export const MAX_NAME_LENGTH = 100

/** Control, format, line and paragraph separator characters. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu

/** A word a mail client would make a link of. */
const LINKISH = [
  /(?:^|[^\p{L}\p{N}])[a-z][a-z\d+.-]*:\S/iu, // a scheme: https://…, (mailto:…, javascript:…, tel:…
  /(?:^|[^\p{L}\p{N}])www\./iu,
  /@/, // an email address, or user@host
  /[\p{L}\p{N}-]\.\p{L}{2,}(?![\p{L}\p{N}])/u, // a domain: evil.example, evil.example/x, a.b.example
  /\d\.\d+\.\d+\.\d/, // an IPv4 address
]

const isLinkish = (word: string): boolean => LINKISH.some((pattern) => pattern.test(word))

/** The name as plain words: no control character, no link, single spaces, at most MAX_NAME_LENGTH characters. */
export function plainName(text: string): string {
  const words = text
    // Fullwidth letters and dots (ｅｖｉｌ．ｅｘａｍｐｌｅ) are read as ASCII by the clients that link them.
    .normalize("NFKC")
    .replace(/[\u3002\uff61]/g, ".")
    .replace(INVISIBLE, " ")
    .split(/\s+/)
    .filter((word) => word && !isLinkish(word))
  return Array.from(words.join(" ")).slice(0, MAX_NAME_LENGTH).join("").trim()
}
