/**
 * /favicon.ico: the address browsers and crawlers ask for when a page names no icon they can use
 * (Firefox now and then asks for it even beside the pages' <link rel="icon">), as an ICO file
 * holding the site's PNG icon as it is. Every browser in use reads a PNG inside an ICO.
 */
export const FAVICON_ICO = "favicon.ico"
/** The icon gatsby-plugin-manifest writes and every page links. */
export const FAVICON_PNG = "favicon-32x32.png"

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const HEADER_BYTES = 6
const ENTRY_BYTES = 16

/** An ICO file of one image, the PNG `png` (at most 256 px a side), stored whole. */
export function icoOfPng(png: Buffer): Buffer {
  if (png.length < 24 || !png.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error("the icon is not a PNG file")
  const width = png.readUInt32BE(16)
  const height = png.readUInt32BE(20)
  if (width < 1 || width > 256 || height < 1 || height > 256) {
    throw new Error(`an ICO holds images of at most 256 px a side, not ${width}×${height}`)
  }
  const head = Buffer.alloc(HEADER_BYTES + ENTRY_BYTES)
  head.writeUInt16LE(0, 0) // reserved
  head.writeUInt16LE(1, 2) // an icon
  head.writeUInt16LE(1, 4) // one image
  head.writeUInt8(width % 256, 6) // 0 means 256
  head.writeUInt8(height % 256, 7)
  head.writeUInt8(0, 8) // no palette
  head.writeUInt8(0, 9) // reserved
  head.writeUInt16LE(1, 10) // colour planes
  head.writeUInt16LE(32, 12) // bits per pixel
  head.writeUInt32LE(png.length, 14)
  head.writeUInt32LE(HEADER_BYTES + ENTRY_BYTES, 18)
  return Buffer.concat([head, png])
}
