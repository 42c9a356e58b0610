/**
 * @jest-environment node
 */
import fs from "fs"
import path from "path"
import sharp from "sharp"

/**
 * Every logo of src/images/brands/, the generated wordmarks and any file the
 * owner uploads, must show its mark whole: a mark that runs to the edge of its
 * image is cut off (or drawn as if it were) on the page.
 */
const BRANDS_DIR = path.resolve(__dirname, "../../src/images/brands")
const IMAGE_FILE = /\.(png|jpe?g|webp|avif|gif|tiff?)$/i
/** The margin a mark keeps from each edge, as a share of the image's width or height. */
const MARGIN = 0.025
/** Anti-aliasing and compression leave pixels this close to the background: background still. */
const TOLERANCE = 32

type Edge = "top" | "right" | "bottom" | "left"

interface Mark {
  file: string
  width: number
  height: number
  /** The mark's bounding box, or null when the image shows nothing but its background. */
  box: { left: number; top: number; right: number; bottom: number } | null
}

/** Finds the mark: the pixels that differ from the background (the corners' colour; transparency is background). */
async function findMark(file: string): Promise<Mark> {
  const { data, info } = await sharp(path.join(BRANDS_DIR, file))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  const { width, height, channels } = info
  const pixel = (x: number, y: number) => data.subarray((y * width + x) * channels, (y * width + x + 1) * channels)
  const corners = [pixel(0, 0), pixel(width - 1, 0), pixel(0, height - 1), pixel(width - 1, height - 1)]
  // The colour most corners share; a mark can reach one corner, not most of them.
  const background = corners
    .map((colour) => ({ colour, votes: corners.filter((other) => isBackground(other, colour)).length }))
    .sort((a, b) => b.votes - a.votes)[0].colour
  let box: Mark["box"] = null
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (isBackground(pixel(x, y), background)) continue
      if (!box) box = { left: x, top: y, right: x, bottom: y }
      box.left = Math.min(box.left, x)
      box.right = Math.max(box.right, x)
      box.bottom = y
    }
  }
  return { file, width, height, box }
}

/** An RGBA pixel is background when it is (nearly) transparent, or (nearly) the background's colour. */
function isBackground(pixel: Uint8Array, background: Uint8Array): boolean {
  if (pixel[3] < TOLERANCE) return true
  if (background[3] < TOLERANCE) return false
  return [0, 1, 2].every((channel) => Math.abs(pixel[channel] - background[channel]) <= TOLERANCE)
}

const files = fs.readdirSync(BRANDS_DIR).filter((file) => IMAGE_FILE.test(file))
let marks: Mark[]

beforeAll(async () => {
  marks = await Promise.all(files.map(findMark))
}, 60_000)

describe("brand logos (src/images/brands/)", () => {
  it("are there to check", () => {
    expect(files.length).toBeGreaterThan(0)
  })

  it("each show a mark", () => {
    const blank = marks.filter((mark) => !mark.box).map((mark) => mark.file)
    expect(blank).toEqual([])
  })

  it(`each keep their mark ${MARGIN * 100} % of the image away from every edge`, () => {
    const offenders = marks.flatMap(({ file, width, height, box }) => {
      if (!box) return []
      const gaps: Record<Edge, { gap: number; margin: number }> = {
        top: { gap: box.top, margin: height * MARGIN },
        right: { gap: width - 1 - box.right, margin: width * MARGIN },
        bottom: { gap: height - 1 - box.bottom, margin: height * MARGIN },
        left: { gap: box.left, margin: width * MARGIN },
      }
      const near = Object.entries(gaps)
        .filter(([, { gap, margin }]) => gap < margin)
        .map(([edge, { gap, margin }]) => `${gap} px from the ${edge} edge (needs ${+margin.toFixed(1)})`)
      return near.length ? [`${file} (${width}×${height}): ${near.join(", ")}`] : []
    })
    expect(offenders).toEqual([])
  })
})
