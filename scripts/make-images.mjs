#!/usr/bin/env node
/**
 * Makes the site's generated images from data/ and commits-ready PNGs:
 *  - src/images/brands/{slug}.png: a typographic wordmark for every featured
 *    brand (real logos can't be shipped; the owner replaces a file with the
 *    real logo under the same name);
 *  - src/images/icon.png: the source of the favicon and app icons;
 *  - static/og-image.png: the 1200x630 social sharing image.
 * The PNGs are committed so that no build depends on this machine's fonts.
 * Run: node scripts/make-images.mjs
 */
import fs from "node:fs"
import path from "node:path"
import sharp from "sharp"

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..")
const readJson = (file) => JSON.parse(fs.readFileSync(path.join(root, "data", file), "utf8"))
const escapeXml = (text) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;")

const BRAND_COLOR = "#0b4f8a"
const ACCENT_COLOR = "#b93c0b"
const FONT = "DejaVu Sans, Liberation Sans, Arial, sans-serif"

async function writePng(svg, file) {
  const out = path.join(root, file)
  fs.mkdirSync(path.dirname(out), { recursive: true })
  await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toFile(out)
  return out
}

/** The wordmarks' canvas, and the room the name leaves clear on every side of it. */
const WORDMARK = { width: 320, height: 128, margin: 20 }

/** A wordmark: the brand name in bold, centred on a white field. */
function wordmarkSvg(name, fontSize, width = WORDMARK.width, height = WORDMARK.height) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="100%" height="100%" fill="#ffffff"/>
  <text x="50%" y="50%" dominant-baseline="central" text-anchor="middle" font-family="${FONT}"
    font-weight="bold" font-size="${fontSize}" fill="#1b2430" letter-spacing="1">${escapeXml(name)}</text>
</svg>`
}

/**
 * Where the name's ink falls, measured, not estimated: it is drawn centred on a
 * canvas three times the wordmark's size (so nothing is cut), and the box of its
 * non-white pixels is returned relative to the centre.
 */
async function inkAroundCentre(name, fontSize) {
  const width = WORDMARK.width * 3
  const height = WORDMARK.height * 3
  const { data, info } = await sharp(Buffer.from(wordmarkSvg(name, fontSize, width, height)))
    .raw()
    .toBuffer({ resolveWithObject: true })
  let left = Infinity
  let right = -Infinity
  let top = Infinity
  let bottom = -Infinity
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const i = (y * info.width + x) * info.channels
      if (data[i] === 255 && data[i + 1] === 255 && data[i + 2] === 255) continue
      left = Math.min(left, x)
      right = Math.max(right, x + 1)
      top = Math.min(top, y)
      bottom = Math.max(bottom, y + 1)
    }
  }
  if (left === Infinity) throw new Error(`The wordmark of "${name}" draws nothing: is a font installed?`)
  return { left: left - width / 2, right: right - width / 2, top: top - height / 2, bottom: bottom - height / 2 }
}

/**
 * The font size for a name: the size its length suggests, made smaller until
 * the rendered name keeps the margin on every side. A long name gets a smaller
 * size, never a crop; a name that fits already keeps its size (and its file).
 */
async function wordmarkFontSize(name) {
  const { width, height, margin } = WORDMARK
  const fits = ({ left, right, top, bottom }) =>
    left >= margin - width / 2 &&
    right <= width / 2 - margin &&
    top >= margin - height / 2 &&
    bottom <= height / 2 - margin
  let fontSize = Math.min(52, Math.floor((width - 2 * margin) / (name.length * 0.62)))
  while (!fits(await inkAroundCentre(name, fontSize))) {
    if (fontSize <= 8) throw new Error(`The wordmark of "${name}" does not fit ${width}x${height}: shorten the name.`)
    fontSize -= 1
  }
  return fontSize
}

function iconSvg() {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <rect width="512" height="512" rx="96" fill="${BRAND_COLOR}"/>
  <rect x="156" y="96" width="200" height="320" rx="24" fill="none" stroke="#ffffff" stroke-width="28"/>
  <line x1="156" y1="220" x2="356" y2="220" stroke="#ffffff" stroke-width="24"/>
  <line x1="196" y1="140" x2="196" y2="190" stroke="#ffffff" stroke-width="24" stroke-linecap="round"/>
  <line x1="196" y1="260" x2="196" y2="330" stroke="#ffffff" stroke-width="24" stroke-linecap="round"/>
</svg>`
}

function ogSvg(business) {
  const place = `${business.address.city}, ${business.address.region}`
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="${BRAND_COLOR}"/>
  <rect x="0" y="560" width="1200" height="70" fill="${ACCENT_COLOR}"/>
  <text x="80" y="170" font-family="${FONT}" font-weight="bold" font-size="80" fill="#ffffff">${escapeXml(business.brand)}</text>
  <text x="80" y="260" font-family="${FONT}" font-weight="bold" font-size="80" fill="#ffffff">Appliance Repair</text>
  <text x="80" y="370" font-family="${FONT}" font-size="38" fill="#ffffff">Refrigerators · Ovens · Dishwashers · Washers · Dryers</text>
  <text x="80" y="440" font-family="${FONT}" font-size="38" fill="#ffffff">Same-day service · Family owned since ${business.foundingYear}</text>
  <text x="80" y="607" font-family="${FONT}" font-weight="bold" font-size="34" fill="#ffffff">${escapeXml(place)} · ${escapeXml(business.phone.display)}</text>
</svg>`
}

const business = readJson("business.json")
const brands = readJson("brands.json").filter((brand) => brand.featured)
for (const brand of brands) {
  await writePng(wordmarkSvg(brand.name, await wordmarkFontSize(brand.name)), `src/images/brands/${brand.slug}.png`)
}
await writePng(iconSvg(), "src/images/icon.png")
await writePng(ogSvg(business), "static/og-image.png")
console.log(`wrote ${brands.length} brand wordmarks, src/images/icon.png and static/og-image.png`)
