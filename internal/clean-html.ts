/**
 * React 18's streaming server renderer, which Gatsby uses to write every page,
 * can put NUL bytes into the HTML when a multi-byte character falls on the
 * edge of its 2 KB write buffer (react#31134): it sends the whole buffer,
 * unused zero bytes included, and carries the character over into the next
 * one. So the stray bytes are pure insertions, and removing every NUL restores
 * exactly the HTML React meant to write (HTML never contains a real NUL).
 * A U+FFFD replacement character, by contrast, means text was lost, and no
 * step can restore it: the build stops instead.
 */

const NUL = 0x00
/** U+FFFD in UTF-8. */
const REPLACEMENT = Buffer.from("\uFFFD", "utf8")

/** The HTML without the NUL bytes the renderer slipped in. */
export function withoutNulBytes(html: Buffer): Buffer {
  return html.includes(NUL) ? Buffer.from(html.filter((byte) => byte !== NUL)) : html
}

/** Whether the HTML holds a U+FFFD replacement character (text lost in encoding). */
export const hasReplacementCharacter = (html: Buffer): boolean => html.includes(REPLACEMENT)
