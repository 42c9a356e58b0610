import jsQR from "jsqr"
import sharp from "sharp"

/**
 * What a QR code in a screenshot says, as a phone's camera reads it: the PNG's pixels (sharp)
 * handed to a QR decoder (jsQR), which finds the code anywhere in the picture. Null: no code read.
 */
export async function decodeQr(png: Buffer): Promise<string | null> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null
}
