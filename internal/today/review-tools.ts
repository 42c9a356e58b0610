import fs from "fs"
import path from "path"
import { generate } from "lean-qr"
import { toSvgSource } from "lean-qr/extras/svg"
import { REVIEW_LINK_PATH } from "../../src/lib/routes"
import { absoluteUrl } from "../../src/lib/site-url"
import { REVIEW_CHOICES_PATH, REVIEW_QR_PATH, type ReviewChoices } from "../../src/lib/today-reviews"

const readJson = <T>(file: string): T => JSON.parse(fs.readFileSync(file, "utf8")) as T

const recordsOf = <T>(folder: string): T[] =>
  fs
    .readdirSync(folder)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => readJson<T>(path.join(folder, name)))

/**
 * What the page for today's two review actions need from the build (src/lib/today-reviews.ts),
 * from the content under `root` (data/): the site's /review/ address and whether the business
 * details give the review link it sends to; the towns and services a review may name.
 */
export function reviewChoices(root: string, siteUrl: string): ReviewChoices {
  const data = path.join(root, "data")
  const business = readJson<{ reviewLink?: string }>(path.join(data, "business.json"))
  const towns = recordsOf<{ name: string }>(path.join(data, "cities")).map(({ name }) => name)
  const services = recordsOf<{ slug: string; name: string; order: number }>(path.join(data, "services"))
    .sort((a, b) => a.order - b.order)
    .map(({ slug, name }) => ({ slug, name }))
  return {
    askUrl: absoluteUrl(siteUrl, REVIEW_LINK_PATH),
    linkSet: Boolean(business.reviewLink),
    towns: [...towns].sort((a, b) => a.localeCompare(b)),
    services,
  }
}

/**
 * The QR code of `url` as an SVG document (lean-qr): black modules on white, with the quiet zone
 * of four modules the standard asks for, drawn crisp at any size.
 */
export function reviewQrSvg(url: string): string {
  return toSvgSource(generate(url), { on: "black", off: "white", pad: 4, xmlDeclaration: true })
}

/**
 * Writes the choices into the build (public/), and the QR code of the /review/ address when the
 * review link is set (with none, /review/ is not built and there is no code to show); returns
 * the files written.
 */
export function writeReviewTools(publicDir: string, choices: ReviewChoices): string[] {
  const file = path.join(publicDir, REVIEW_CHOICES_PATH)
  const qr = path.join(publicDir, REVIEW_QR_PATH)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, `${JSON.stringify(choices)}\n`)
  fs.rmSync(qr, { force: true })
  if (!choices.linkSet) return [file]
  fs.writeFileSync(qr, reviewQrSvg(choices.askUrl))
  return [file, qr]
}
